// The transports other than TCP, on this Linux machine: a device file (/dev/usb/lp0 stands for any file),
// CUPS through a stand-in for `lpstat` and `lp`, and the Windows spooler's line protocol through a stand-in worker
// (the PowerShell script itself needs Windows).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cupsQueueProblem, cupsTransport } from '../../../electron/core/printing/transports/cups';
import { deviceTransport } from '../../../electron/core/printing/transports/device';
import { discoverPrinters } from '../../../electron/core/printing/transports/discover';
import type { RunCommand } from '../../../electron/core/printing/transports/run-command';
import { powershellWorker, windowsTransport, type SpoolerWorker } from '../../../electron/core/printing/transports/windows';
import { WINDOWS_SPOOLER_SCRIPT } from '../../../electron/core/printing/transports/windows-spooler-script';

const JOB = new Uint8Array([0x1b, 0x40, 0x48, 0x6f, 0x6c, 0x61, 0x0a, 0x1d, 0x56, 0x01]);
const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

describe('a Linux device file', () => {
  it('writes the job as is, and names the cause when the printer is not there', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-lp-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const device = path.join(dir, 'lp0');
    await deviceTransport({ device }).send(JOB);
    expect(new Uint8Array(fs.readFileSync(device))).toEqual(JOB);

    await expect(deviceTransport({ device: path.join(dir, 'missing', 'lp9') }).send(JOB)).rejects.toThrow(
      `No se encuentra la impresora en ${path.join(dir, 'missing', 'lp9')}. Revise que esté conectada por USB y encendida.`,
    );
  });
});

describe('a CUPS raw queue', () => {
  function fakeCups(lpstat: string, lpCode = 0) {
    const calls: { file: string; args: readonly string[]; input?: Uint8Array }[] = [];
    const run: RunCommand = async (file, args, options) => {
      calls.push({ file, args, ...(options?.input ? { input: options.input } : {}) });
      if (file === 'lpstat') return lpstat ? { code: 0, stdout: lpstat, stderr: '' } : { code: 1, stdout: '', stderr: 'lpstat: Invalid destination name' };
      return { code: lpCode, stdout: lpCode === 0 ? 'request id is TM-T20-12 (0 file(s))\n' : '', stderr: lpCode === 0 ? '' : 'lp: Forbidden' };
    };
    return { run, calls };
  }

  it('checks the queue first, then sends the bytes raw on lp\'s standard input', async () => {
    const cups = fakeCups('printer TM-T20 is idle.  enabled since Wed 25 Nov 2026 10:00:00\n');
    await cupsTransport({ queue: 'TM-T20', run: cups.run }).send(JOB);
    expect(cups.calls.map((c) => [c.file, ...c.args])).toEqual([
      ['lpstat', '-p', 'TM-T20'],
      ['lp', '-d', 'TM-T20', '-o', 'raw', '-t', 'Caja ticket'],
    ]);
    expect(cups.calls[1]?.input).toEqual(JOB);
  });

  it('refuses a stopped queue (an unplugged printer) and an unknown one, without queueing the ticket', async () => {
    const stopped = fakeCups('printer TM-T20 disabled since Wed 25 Nov 2026 10:00:00 -\n\tWaiting for printer to become available.\n');
    await expect(cupsTransport({ queue: 'TM-T20', run: stopped.run }).send(JOB)).rejects.toThrow(
      'La impresora «TM-T20» está detenida en CUPS (Waiting for printer to become available.). Revise que esté conectada y encendida, y reactívela (cupsenable TM-T20).',
    );
    expect(stopped.calls.map((c) => c.file)).toEqual(['lpstat']);
    expect(cupsQueueProblem('X', { code: 1, stdout: '', stderr: '' })).toBe('La cola de impresión «X» no existe en este equipo (CUPS). Revise el nombre en Ajustes.');
    const refused = fakeCups('printer TM-T20 is idle.  enabled since today\n', 1);
    await expect(cupsTransport({ queue: 'TM-T20', run: refused.run }).send(JOB)).rejects.toThrow('CUPS no aceptó el ticket para «TM-T20»: lp: Forbidden.');
  });
});

describe('finding the printers of this machine', () => {
  it('lists the CUPS queues and the USB printer devices; none is an empty list', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-dev-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    for (const name of ['lp1', 'lp0', 'hiddev0']) fs.writeFileSync(path.join(dir, name), '');
    const run: RunCommand = async (file, args) => ({ code: 0, stdout: file === 'lpstat' && args[0] === '-e' ? 'TM-T20\nXP-80C\n' : '', stderr: '' });
    expect(await discoverPrinters('linux', run, dir)).toEqual({ queues: ['TM-T20', 'XP-80C'], devices: [`${dir}/lp0`, `${dir}/lp1`] });
    const missing: RunCommand = async () => Promise.reject(Object.assign(new Error('spawn lpstat ENOENT'), { code: 'ENOENT' }));
    expect(await discoverPrinters('linux', missing, path.join(dir, 'none'))).toEqual({ queues: [], devices: [] });
    const windows: RunCommand = async (file) => ({ code: 0, stdout: file === 'powershell.exe' ? 'EPSON TM-T20II Receipt\r\nMicrosoft Print to PDF\r\n' : '', stderr: '' });
    expect(await discoverPrinters('win32', windows)).toEqual({ queues: ['EPSON TM-T20II Receipt', 'Microsoft Print to PDF'], devices: [] });
  });
});

describe('the Windows spooler worker', () => {
  /** A stand-in for the PowerShell worker: the same line protocol, answers chosen by printer name. */
  function standIn(): SpoolerWorker {
    const script = `
      const rl = require('node:readline').createInterface({ input: process.stdin });
      console.log(JSON.stringify({ ready: true }));
      rl.on('line', (line) => {
        if (/[^\\x00-\\x7f]/.test(line)) return console.log(JSON.stringify({ ok: false, code: 'SCRIPT', detail: 'non-ASCII input' }));
        const job = JSON.parse(line);
        if (job.printer === 'Impresora térmica ñ') return console.log(JSON.stringify({ ok: true }));
        if (job.printer === 'Colgada') return;
        if (job.printer === 'Apagada') return console.log(JSON.stringify({ ok: false, code: 'OFFLINE', detail: '128' }));
        console.log(JSON.stringify({ ok: true, bytes: Buffer.from(job.data, 'base64').length }));
      });`;
    const worker = powershellWorker(() => spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'pipe'] }));
    cleanups.push(() => worker.close());
    return worker;
  }

  it('sends one job per line and maps the spooler\'s state to Spanish', async () => {
    const worker = standIn();
    // Warmed up ahead: the worker's "ready" line is taken before the first job's answer.
    worker.warm();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await windowsTransport({ printer: 'EPSON TM-T20II Receipt', worker }).send(JOB);
    // A name with accents reaches the worker intact, as ASCII escapes.
    await windowsTransport({ printer: 'Impresora térmica ñ', worker }).send(JOB);
    await expect(windowsTransport({ printer: 'Apagada', worker }).send(JOB)).rejects.toThrow(
      'La impresora «Apagada» está desconectada o apagada según Windows. Revise el cable USB o la red y que esté encendida.',
    );
    // A worker that never answers is given up on, and the next job starts a new one.
    await expect(windowsTransport({ printer: 'Colgada', worker, timeoutMs: 300 }).send(JOB)).rejects.toThrow('Windows no respondió a tiempo al enviar el ticket.');
    await windowsTransport({ printer: 'EPSON TM-T20II Receipt', worker }).send(JOB);
  });

  it('the script asks the printer\'s state before writing, and writes in RAW', () => {
    const order = ['GetPrinter(h, 2', 'StartDocPrinter(h, 1', 'WritePrinter(h', 'JobStatus(h, jobId)'].map((s) => WINDOWS_SPOOLER_SCRIPT.indexOf(s));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(WINDOWS_SPOOLER_SCRIPT).toContain('doc.pDatatype = "RAW"');
    // Inside a JS template: no interpolation slipped in.
    expect(WINDOWS_SPOOLER_SCRIPT).not.toContain('${');
  });
});
