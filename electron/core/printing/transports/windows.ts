// Windows: the printer's queue in the spooler, in RAW mode (OpenPrinter / StartDocPrinter / WritePrinter), through
// one long-lived PowerShell worker (windows-spooler-script.ts) instead of a native module to rebuild per Electron
// version. The worker compiles its winspool class once (a second or so), so it is started at the first job and
// kept; each job is a line in and a line out. Written on Linux, not run here: the line protocol is unit-tested
// with a stand-in worker.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { PrinterUnreachable, type RawTransport } from './types';
import { WINDOWS_SPOOLER_SCRIPT } from './windows-spooler-script';

const PROBLEMS: Record<string, (printer: string) => string> = {
  NOT_FOUND: (p) => `No existe la impresora «${p}» en Windows. Revise el nombre en Ajustes (Configuración → Impresoras).`,
  OFFLINE: (p) => `La impresora «${p}» está desconectada o apagada según Windows. Revise el cable USB o la red y que esté encendida.`,
  PAPER_OUT: (p) => `La impresora «${p}» no tiene papel.`,
  DOOR_OPEN: (p) => `La impresora «${p}» tiene la tapa abierta.`,
  PAUSED: (p) => `La cola de «${p}» está en pausa en Windows. Reanúdela en Configuración → Impresoras.`,
  ERROR: (p) => `La impresora «${p}» informa un error. Revise papel, tapa y cable.`,
  REFUSED: (p) => `Windows no aceptó el ticket para «${p}».`,
  WRITE: (p) => `No se pudo enviar el ticket completo a «${p}».`,
};

export interface SpoolerWorker {
  request(line: string, timeoutMs: number): Promise<string>;
  /** Starts PowerShell now (it compiles its class in a second or so), so the first ticket does not wait for it. */
  warm(): void;
  close(): void;
}

/** The PowerShell worker; started lazily, restarted after it dies or times out. */
export function powershellWorker(spawnWorker: () => ChildProcessWithoutNullStreams = defaultSpawn): SpoolerWorker {
  let child: ChildProcessWithoutNullStreams | null = null;
  let buffered = '';
  let waiting: ((line: string | Error) => void)[] = [];
  let queue: Promise<unknown> = Promise.resolve();

  const start = () => {
    const c = spawnWorker();
    buffered = '';
    c.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (child !== c) return; // a worker given up on
      buffered += chunk;
      for (let i = buffered.indexOf('\n'); i >= 0; i = buffered.indexOf('\n')) {
        const line = buffered.slice(0, i).trim();
        buffered = buffered.slice(i + 1);
        if (line) waiting.shift()?.(line);
      }
    });
    c.once('error', (e) => child === c && fail(e));
    c.once('close', () => child === c && fail(new Error('PowerShell terminó')));
    c.stdin.on('error', () => undefined);
    child = c;
    // The first line is the worker saying it compiled its class.
    return new Promise<string | Error>((resolve) => waiting.push(resolve));
  };
  const fail = (e: Error) => {
    child = null;
    const pending = waiting;
    waiting = [];
    pending.forEach((w) => w(e));
  };

  const once = async (line: string, timeoutMs: number): Promise<string> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await new Promise<string>((resolve, reject) => {
        timer = setTimeout(() => {
          child?.kill();
          fail(new Error('timeout'));
          reject(new PrinterUnreachable('Windows no respondió a tiempo al enviar el ticket. Revise la impresora en Configuración → Impresoras.'));
        }, timeoutMs);
        void (async () => {
          if (!child) {
            const ready = await start();
            if (ready instanceof Error) throw ready;
          }
          const answer = new Promise<string | Error>((r) => waiting.push(r));
          child?.stdin.write(`${line}\n`);
          const result = await answer;
          if (result instanceof Error) throw result;
          resolve(result);
        })().catch((e: unknown) =>
          reject(e instanceof PrinterUnreachable ? e : new PrinterUnreachable(`No se pudo usar la cola de impresión de Windows (${e instanceof Error ? e.message : String(e)}).`)),
        );
      });
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    // One job at a time: answers come back in order.
    request(line, timeoutMs) {
      const next = queue.then(() => once(line, timeoutMs));
      queue = next.catch(() => undefined);
      return next;
    },
    warm() {
      if (!child) void start();
    },
    close() {
      child?.stdin.end();
      child = null;
    },
  };
}

function defaultSpawn(): ChildProcessWithoutNullStreams {
  const encoded = Buffer.from(WINDOWS_SPOOLER_SCRIPT, 'utf16le').toString('base64');
  return spawn('powershell.exe', ['-NoLogo', '-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-EncodedCommand', encoded], {
    stdio: ['pipe', 'pipe', 'pipe'],
    windowsHide: true,
  });
}

let shared: SpoolerWorker | undefined;

/** At start and when Ajustes chooses the Windows spooler: the worker is made ready before the first sale. */
export function warmWindowsSpooler(): void {
  if (process.platform === 'win32') (shared ??= powershellWorker()).warm();
}

export function windowsTransport(options: { printer: string; worker?: SpoolerWorker; timeoutMs?: number }): RawTransport {
  const { printer } = options;
  return {
    target: `impresora de Windows «${printer}»`,
    async send(bytes) {
      const worker = options.worker ?? (shared ??= powershellWorker());
      // The first job also waits for PowerShell to compile its class.
      // Non-ASCII as \u escapes: the worker's standard input is read in the console's code page, JSON's escapes are not.
      const request = JSON.stringify({ printer, data: Buffer.from(bytes).toString('base64') }).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
      const line = await worker.request(request, options.timeoutMs ?? 20_000);
      let answer: { ok?: boolean; code?: string; detail?: string };
      try {
        answer = JSON.parse(line) as typeof answer;
      } catch {
        throw new PrinterUnreachable(`Respuesta inesperada de la cola de Windows: ${line.slice(0, 120)}`);
      }
      if (answer.ok) return;
      const known = answer.code ? PROBLEMS[answer.code] : undefined;
      throw new PrinterUnreachable(known ? known(printer) : `No se pudo imprimir en «${printer}»: ${answer.detail ?? answer.code ?? 'error desconocido'}.`);
    },
  };
}
