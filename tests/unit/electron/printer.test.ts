// The Electron printer against stand-ins of BrowserWindow and dialog: the hidden window, the print route it loads,
// the page size it prints with, preview vs silent printing, PDF saved or cancelled, and the window always closed.
import { describe, expect, it, vi } from 'vitest';
import type { BrowserWindow, WebContentsPrintOptions } from 'electron';
import type { PrintJob } from '../../../electron/core/services/printing';
import { createWindowPrinter, READ_PAGE_STATE, PRINT_STATE_WORLD, type PrintPageState } from '../../../electron/shell/printer';
import type { BrowserWindowClass } from '../../../electron/shell/windows';
import { parsePrintRoute } from '../../../renderer/print/print-job';
import { FakeBrowserWindow } from './fake-electron';

type PrintCallback = (success: boolean, failureReason: string) => void;

interface Script {
  /** What the page reports on each poll; the last one repeats. */
  states: Partial<PrintPageState>[];
  printAnswer?: [boolean, string];
  /** Electron throws instead of answering through the callback. */
  printThrows?: string;
  pdf?: Buffer;
}

function rig(script: Script, extra: { savePath?: string | null; readyTimeoutMs?: number } = {}) {
  const windows: PrintWindow[] = [];
  class PrintWindow extends FakeBrowserWindow {
    polls = 0;
    readonly printCalls: WebContentsPrintOptions[] = [];
    readonly pdfCalls: unknown[] = [];
    constructor(options: Record<string, unknown>) {
      super(options);
      windows.push(this);
      Object.assign(this.webContents, {
        executeJavaScriptInIsolatedWorld: vi.fn(async (world: number, scripts: { code: string }[]) => {
          expect(world).toBe(PRINT_STATE_WORLD);
          expect(scripts).toEqual([{ code: READ_PAGE_STATE }]);
          const state = script.states[Math.min(this.polls++, script.states.length - 1)];
          return { ready: false, error: null, name: null, heightPx: 0, ...state };
        }),
        print: vi.fn((options: WebContentsPrintOptions, callback: PrintCallback) => {
          this.printCalls.push(options);
          if (script.printThrows) throw new Error(script.printThrows);
          const [ok, reason] = script.printAnswer ?? [true, ''];
          setTimeout(() => callback(ok, reason), 1);
        }),
        printToPDF: vi.fn(async (options: unknown) => {
          this.pdfCalls.push(options);
          return script.pdf ?? Buffer.from('%PDF-1.4 fake');
        }),
      });
    }
  }
  const owned: BrowserWindow[] = [];
  const mainWindow = new FakeBrowserWindow({}) as unknown as BrowserWindow;
  const saveDialog = vi.fn(async (..._args: unknown[]) =>
    extra.savePath === null || extra.savePath === undefined ? { canceled: true, filePath: '' } : { canceled: false, filePath: extra.savePath },
  );
  const writeFile = vi.fn(async (_file: string, _data: Uint8Array) => undefined);
  const printer = createWindowPrinter({
    BrowserWindow: PrintWindow as unknown as BrowserWindowClass,
    dialog: { showSaveDialog: saveDialog as never },
    preloadFile: '/app/out/preload/preload.js',
    windows: { add: (win) => (owned.push(win), win) },
    parent: () => mainWindow,
    pdfDir: () => '/home/caja/Documentos',
    writeFile,
    readyTimeoutMs: extra.readyTimeoutMs ?? 2_000,
    pollMs: 5,
  });
  return { printer, windows, owned, saveDialog, writeFile, mainWindow };
}

const job = (over: Partial<PrintJob> = {}): PrintJob => ({
  source: { kind: 'document', id: 7 }, paper: '80mm', deviceName: 'EPSON TM-T20', copy: false, action: 'print', ...over,
});
const READY = { ready: true, name: '20131312955-03-B001-7', heightPx: 960 };

describe('the Electron printer', () => {
  it('renders the print route in a hidden, secure, owned window and prints silently on 80 mm paper, sized in microns', async () => {
    const r = rig({ states: [{}, {}, READY] });
    expect(await r.printer.print(job({ copy: true }))).toEqual({ done: true });

    const win = r.windows[0]!;
    expect(r.owned).toEqual([win]);
    expect(win.options).toMatchObject({ show: false, webPreferences: { preload: '/app/out/preload/preload.js', contextIsolation: true, sandbox: true, nodeIntegration: false } });
    expect(win.visible).toBe(false);
    const url = win.loadURL.mock.calls[0]![0];
    expect(url.startsWith('app://caja/index.html#/print?job=')).toBe(true);
    expect(parsePrintRoute(url.slice(url.indexOf('#')))).toEqual({ ok: true, view: { source: { kind: 'document', id: 7 }, paper: '80mm', copy: true } });
    expect(win.polls).toBe(3); // it waited for the page
    // 960 CSS px = 254 mm = 254 000 microns, plus 3 mm of paper after the last line.
    expect(win.printCalls).toEqual([
      { silent: true, deviceName: 'EPSON TM-T20', printBackground: true, margins: { marginType: 'none' }, pageSize: { width: 80_000, height: 257_000 } },
    ]);
    expect(win.destroyed).toBe(true);
  });

  it('uses 58 mm paper and A4 when chosen', async () => {
    const r = rig({ states: [READY] });
    await r.printer.print(job({ paper: '58mm' }));
    expect(r.windows[0]!.printCalls[0]!.pageSize).toEqual({ width: 58_000, height: 257_000 });
    await r.printer.print(job({ paper: 'A4' }));
    expect(r.windows[1]!.printCalls[0]).toMatchObject({ silent: true, pageSize: 'A4', margins: { marginType: 'default' } });
    expect(r.windows.every((w) => w.destroyed)).toBe(true);
  });

  it('shows a preview with the system print dialog when no printer is configured; closing it is not done', async () => {
    const r = rig({ states: [READY], printAnswer: [false, 'Print job canceled'] });
    expect(await r.printer.print(job({ deviceName: '' }))).toEqual({ done: false });
    const win = r.windows[0]!;
    expect(win.show).toHaveBeenCalled();
    expect(win.printCalls[0]).toMatchObject({ silent: false, pageSize: { width: 80_000, height: 257_000 } });
    expect(win.printCalls[0]).not.toHaveProperty('deviceName');
    expect(win.destroyed).toBe(true);
  });

  it('reports a printer failure in Spanish and still closes the window', async () => {
    const r = rig({ states: [READY], printAnswer: [false, 'Invalid printer settings'] });
    await expect(r.printer.print(job())).rejects.toMatchObject({ code: 'print_failed', message: expect.stringContaining('la impresora configurada no existe') });
    expect(r.windows[0]!.destroyed).toBe(true);
  });

  it('turns a printer Electron refuses at once (a throw) into a Spanish error too', async () => {
    const r = rig({ states: [READY], printThrows: 'webContents.print(): Invalid deviceName provided.' });
    await expect(r.printer.print(job({ deviceName: 'NO-EXISTE' }))).rejects.toMatchObject({
      code: 'print_failed',
      message: 'No se pudo imprimir: la impresora configurada no existe en este equipo. Elija otra en Ajustes.',
    });
    expect(r.windows[0]!.destroyed).toBe(true);
  });

  it('saves a PDF (page size in inches for printToPDF) where the user chose, named RUC-TT-SERIE-NUMERO', async () => {
    const pdf = Buffer.from('%PDF-1.7 ticket');
    const r = rig({ states: [READY], pdf }, { savePath: '/home/caja/Documentos/boleta' });
    expect(await r.printer.print(job({ action: 'pdf' }))).toEqual({ done: true, savedTo: '/home/caja/Documentos/boleta.pdf' });
    const win = r.windows[0]!;
    expect(win.printCalls).toEqual([]);
    const options = win.pdfCalls[0] as { pageSize: { width: number; height: number }; margins: object; printBackground: boolean };
    expect(options.pageSize.width).toBeCloseTo(80 / 25.4, 6);
    expect(options.pageSize.height).toBeCloseTo(257 / 25.4, 6);
    expect(options).toMatchObject({ printBackground: true, margins: { top: 0, bottom: 0, left: 0, right: 0 } });
    expect(r.saveDialog.mock.calls[0]![0]).toBe(r.mainWindow);
    expect(r.saveDialog.mock.calls[0]![1]).toMatchObject({ defaultPath: '/home/caja/Documentos/20131312955-03-B001-7.pdf', filters: [{ name: 'PDF', extensions: ['pdf'] }] });
    expect(r.writeFile).toHaveBeenCalledWith('/home/caja/Documentos/boleta.pdf', pdf);
    expect(win.destroyed).toBe(true);
  });

  it('saves nothing when the save dialog is cancelled; an A4 PDF keeps page margins', async () => {
    const r = rig({ states: [READY] }, { savePath: null });
    expect(await r.printer.print(job({ action: 'pdf', paper: 'A4' }))).toEqual({ done: false });
    expect(r.windows[0]!.pdfCalls[0]).toMatchObject({ pageSize: 'A4', printBackground: true });
    expect((r.windows[0]!.pdfCalls[0] as { margins: { top: number } }).margins.top).toBeGreaterThan(0.3);
    expect(r.writeFile).not.toHaveBeenCalled();
    expect(r.windows[0]!.destroyed).toBe(true);
  });

  it('gives up when the page never gets ready, and says why when the page reports an error', async () => {
    const slow = rig({ states: [{}] }, { readyTimeoutMs: 80 });
    await expect(slow.printer.print(job())).rejects.toMatchObject({ code: 'print_failed', message: 'La vista de impresión no respondió a tiempo. Intente de nuevo.' });
    expect(slow.windows[0]!.printCalls).toEqual([]);
    expect(slow.windows[0]!.destroyed).toBe(true);

    const broken = rig({ states: [{}, { error: 'Documento no encontrado' }] });
    await expect(broken.printer.print(job())).rejects.toMatchObject({ message: 'No se pudo preparar la impresión: Documento no encontrado' });
    expect(broken.windows[0]!.destroyed).toBe(true);
  });
});
