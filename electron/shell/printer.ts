// The core's Printer in Electron: a hidden window (same secure preferences and preload as the main window, one of
// our own windows so its page may call the bridge) loads the renderer's print route, which renders the template and
// says when it is ready. Then: silent print to the configured printer with the page size in microns (thermal
// printers otherwise get A4), a preview with the system dialog when no printer is set, or a PDF saved where the
// user chooses. The window is closed afterwards, whatever happened.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { BrowserWindow, Dialog, PrintToPDFOptions, SaveDialogOptions, WebContentsPrintOptions } from 'electron';
import type { Logger } from '../core/dispatch';
import { CoreError } from '../core/services/errors';
import type { PrintJob, Printer } from '../core/services/printing';
import { APP_ENTRY_URL } from './app-protocol';
import { secureWebPreferences } from './security';
import type { BrowserWindowClass } from './windows';

export const MICRONS_PER_INCH = 25_400;
/** CSS pixels are 1/96 inch. */
export const MICRONS_PER_CSS_PX = MICRONS_PER_INCH / 96;
export const TICKET_WIDTH_MICRONS = { '80mm': 80_000, '58mm': 58_000 } as const;
/** Below the last line, so rounding never pushes a line onto a second page. */
const TICKET_SLACK_MICRONS = 3_000;
/** A4 margins of the PDF, like Chromium's default print margins (1 cm). */
const A4_PDF_MARGIN_INCHES = 10_000 / MICRONS_PER_INCH;

/** What the print page tells through <html data-*> (read by `READ_PAGE_STATE`). */
export interface PrintPageState {
  ready: boolean;
  error: string | null;
  /** RUC-TT-SERIE-NUMERO, the PDF's default name. */
  name: string | null;
  /** Height of the rendered document in CSS pixels. */
  heightPx: number;
}

export const READ_PAGE_STATE = `(() => {
  const d = document.documentElement.dataset;
  const root = document.querySelector('.print-root');
  return { ready: d.printReady === '1', error: d.printError || null, name: d.printName || null,
    heightPx: root ? Math.ceil(root.getBoundingClientRect().height) : 0 };
})()`;

/**
 * The print route's address for a job (the renderer reads it with parsePrintRoute). `cashReceived` travels when a
 * job carries it (the ticket then prints the cash and the change).
 */
export function printUrl(job: PrintJob): string {
  const view = { source: job.source, paper: job.paper, copy: job.copy, ...(job.cashReceived ? { cashReceived: job.cashReceived } : {}) };
  return `${APP_ENTRY_URL}#/print?job=${encodeURIComponent(JSON.stringify(view))}`;
}

/** Page size for webContents.print: microns; a ticket is as long as its content. */
export function printPageSize(paper: PrintJob['paper'], heightPx: number): WebContentsPrintOptions['pageSize'] {
  if (paper === 'A4') return 'A4';
  return { width: TICKET_WIDTH_MICRONS[paper], height: Math.max(20_000, Math.ceil(heightPx * MICRONS_PER_CSS_PX) + TICKET_SLACK_MICRONS) };
}

/** The same page for printToPDF, whose custom sizes are in inches. */
export function pdfOptions(paper: PrintJob['paper'], heightPx: number): PrintToPDFOptions {
  if (paper === 'A4') {
    const m = A4_PDF_MARGIN_INCHES;
    return { pageSize: 'A4', printBackground: true, margins: { top: m, bottom: m, left: m, right: m } };
  }
  const size = printPageSize(paper, heightPx) as { width: number; height: number };
  return {
    pageSize: { width: size.width / MICRONS_PER_INCH, height: size.height / MICRONS_PER_INCH },
    printBackground: true,
    margins: { top: 0, bottom: 0, left: 0, right: 0 },
  };
}

export interface WindowPrinterOptions {
  BrowserWindow: BrowserWindowClass;
  dialog: Pick<Dialog, 'showSaveDialog'>;
  preloadFile: string;
  /** Our windows: the print window is added so the sender check lets its page call the bridge. */
  windows: { add(win: BrowserWindow): BrowserWindow };
  /** The window the save dialog belongs to. */
  parent?: () => BrowserWindow | undefined;
  /** Folder the save dialog opens in. */
  pdfDir: () => string;
  writeFile?: (file: string, data: Uint8Array) => Promise<void>;
  devTools?: boolean;
  /** How long the page may take to be ready. Default 20 s. */
  readyTimeoutMs?: number;
  pollMs?: number;
  log?: Logger;
}

const PRINT_FAILURES: Record<string, string> = {
  'Invalid printer settings': 'la impresora configurada no existe o no acepta este papel. Revise la impresora en Ajustes.',
  'Invalid deviceName provided': 'la impresora configurada no existe en este equipo. Elija otra en Ajustes.',
  'Print job failed': 'la impresora rechazó el trabajo. Revise que esté encendida y con papel.',
};

/** Electron's reason ('Print job failed', or an error it threw such as 'webContents.print(): Invalid deviceName provided.'). */
function printFailure(reason: string): CoreError {
  const known = Object.keys(PRINT_FAILURES).find((k) => reason.includes(k));
  return new CoreError('print_failed', `No se pudo imprimir: ${known ? PRINT_FAILURES[known] : reason}`);
}

/**
 * The print page's state is read in an isolated world, never the page's main world. The page's CSP has no
 * 'unsafe-eval', and Electron has implemented main-world executeJavaScript with string evaluation that such a CSP
 * refuses (electron/electron#24188: "EvalError ... at WebFrame.executeJavaScript"). An isolated world shares the DOM
 * (the data-* attributes read here) but not the page's CSP: Electron's docs give isolated worlds their own policy
 * (https://www.electronjs.org/docs/latest/api/web-frame#webframesetisolatedworldinfoworldid-info, `csp`) and
 * webContents.executeJavaScriptInIsolatedWorld runs code there
 * (https://www.electronjs.org/docs/latest/api/web-contents#contentsexecutejavascriptinisolatedworldworldid-scripts-usergesture).
 * Id 999 is the world of contextIsolation's preload; any other positive id is free.
 */
export const PRINT_STATE_WORLD = 1001;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createWindowPrinter(options: WindowPrinterOptions): Printer {
  const writeFile = options.writeFile ?? ((file: string, data: Uint8Array) => fs.writeFile(file, data));
  const readyTimeoutMs = options.readyTimeoutMs ?? 20_000;
  const pollMs = options.pollMs ?? 50;

  async function waitUntilReady(win: BrowserWindow): Promise<PrintPageState> {
    const until = Date.now() + readyTimeoutMs;
    for (;;) {
      if (win.isDestroyed()) throw new CoreError('print_failed', 'La ventana de impresión se cerró antes de imprimir.');
      const state = (await win.webContents
        .executeJavaScriptInIsolatedWorld(PRINT_STATE_WORLD, [{ code: READ_PAGE_STATE }])
        .catch(() => null)) as PrintPageState | null;
      if (state?.error) throw new CoreError('print_failed', `No se pudo preparar la impresión: ${state.error}`);
      if (state?.ready) return state;
      if (Date.now() >= until) throw new CoreError('print_failed', 'La vista de impresión no respondió a tiempo. Intente de nuevo.');
      await sleep(pollMs);
    }
  }

  function print(win: BrowserWindow, settings: WebContentsPrintOptions): Promise<boolean> {
    return new Promise((resolve, reject) => {
      try {
        win.webContents.print(settings, (success, failureReason) => {
          if (success) resolve(true);
          else if (!failureReason || /cancel/i.test(failureReason)) resolve(false);
          else reject(printFailure(failureReason));
        });
      } catch (e) {
        reject(printFailure(e instanceof Error ? e.message : String(e)));
      }
    });
  }

  async function savePdf(win: BrowserWindow, job: PrintJob, state: PrintPageState): Promise<{ done: boolean; savedTo?: string }> {
    const pdf = await win.webContents.printToPDF(pdfOptions(job.paper, state.heightPx));
    const dialogOptions: SaveDialogOptions = {
      title: 'Guardar comprobante en PDF',
      defaultPath: path.join(options.pdfDir(), `${state.name ?? 'comprobante'}.pdf`),
      filters: [{ name: 'PDF', extensions: ['pdf'] }],
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    };
    const parent = options.parent?.();
    const answer = await (parent && !parent.isDestroyed() ? options.dialog.showSaveDialog(parent, dialogOptions) : options.dialog.showSaveDialog(dialogOptions));
    if (answer.canceled || !answer.filePath) return { done: false };
    const file = answer.filePath.toLowerCase().endsWith('.pdf') ? answer.filePath : `${answer.filePath}.pdf`;
    await writeFile(file, pdf);
    return { done: true, savedTo: file };
  }

  return {
    async print(job) {
      const ticket = job.paper !== 'A4';
      const win = new options.BrowserWindow({
        title: 'Caja — impresión',
        show: false,
        width: ticket ? 420 : 900,
        height: 760,
        backgroundColor: '#ffffff',
        webPreferences: { ...secureWebPreferences({ preload: options.preloadFile, devTools: options.devTools ?? false }), backgroundThrottling: false },
      });
      options.windows.add(win);
      try {
        win.setMenuBarVisibility(false);
        await win.loadURL(printUrl(job)).catch((e: unknown) => {
          throw new CoreError('print_failed', `No se pudo abrir la vista de impresión: ${e instanceof Error ? e.message : String(e)}`);
        });
        const state = await waitUntilReady(win);
        if (job.action === 'pdf') return await savePdf(win, job, state);
        const settings: WebContentsPrintOptions = {
          printBackground: true,
          margins: { marginType: ticket ? 'none' : 'default' },
          pageSize: printPageSize(job.paper, state.heightPx),
        };
        if (job.deviceName) return { done: await print(win, { ...settings, silent: true, deviceName: job.deviceName }) };
        // No printer chosen in Ajustes: show the document and the system's print dialog.
        win.show();
        return { done: await print(win, { ...settings, silent: false }) };
      } catch (e) {
        options.log?.warn('printing failed', { error: e instanceof Error ? e.message : String(e), paper: job.paper, action: job.action });
        throw e;
      } finally {
        if (!win.isDestroyed()) win.close();
      }
    },
  };
}
