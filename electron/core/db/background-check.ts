// The whole-file check of the live database, once per start, while the till sells. The start-up check
// (file-check.ts) reads only what the first write depends on; PRAGMA quick_check reads every page of the file (5.8 s
// at 100,000 documents with a cold disk, over a minute at 1,000,000), so it runs in a worker thread of its own, on its
// own read-only connection: the live file is in WAL mode, so that reader never blocks the core's writes, and it
// checks one snapshot however much is sold meanwhile.
//
// A damage found is marked beside the file (damage-mark.ts) and said in the status bar; the till goes on selling
// (every sale still commits to the -wal and the file as before). The next start sees the mark and offers the same
// restore as a damage found at start, which carries into the copy every sale still readable from the damaged file:
// the sales made meanwhile included.
import { Worker } from 'node:worker_threads';
import { resolveModule, SQLITE_IN_WORKER } from '../backup/script-worker';
import type { Logger } from '../dispatch';
import { markDamaged, readDamageMark } from './damage-mark';
import { sqliteBinding } from './sqlite-driver';
import type { Clock } from './types';

const SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
// Background work yields the CPU to the till. Linux sets the nice value per thread; elsewhere it would be the process's.
if (process.platform === 'linux') try { require('node:os').setPriority(10); } catch (e) {}
${SQLITE_IN_WORKER}
const t0 = performance.now();
try {
  const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const problems = db.pragma('quick_check(20)').map((row) => String(Object.values(row)[0]));
    parentPort.postMessage({ kind: 'checked', problems, ms: performance.now() - t0 });
  } finally {
    db.close();
  }
} catch (error) {
  parentPort.postMessage({ kind: 'failed', code: String((error && error.code) || ''), error: String((error && error.message) || error), ms: performance.now() - t0 });
}
`;

type WorkerAnswer = { kind: 'checked'; problems: string[]; ms: number } | { kind: 'failed'; code: string; error: string; ms: number };

/** waiting: not run yet; ok / damaged: its verdict; not_run: it could not read the file (busy, I/O) or the worker failed. */
export type BackgroundCheckState = 'waiting' | 'checking' | 'ok' | 'damaged' | 'not_run';

export interface BackgroundCheckOptions {
  dbPath: string;
  log: Logger;
  now: Clock;
  /** Called when the state changes (the status bar). */
  onChange: () => void;
  /** From start() to the check (default 5 s: the first sales of the day come first). */
  delayMs?: number;
}

const DEFAULT_DELAY_MS = 5_000;

export class BackgroundCheck {
  private current: BackgroundCheckState = 'waiting';
  private timer: ReturnType<typeof setTimeout> | undefined;
  private worker: Worker | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly options: BackgroundCheckOptions) {
    // Marked by an earlier run and still in use (a restore was declined in demo mode, say): said from the start.
    const mark = readDamageMark(options.dbPath);
    if (mark) this.current = 'damaged';
  }

  get state(): BackgroundCheckState {
    return this.current;
  }

  /** The status bar's sentence while the file is known damaged, else null (SQLite's own words go to the log and the mark). */
  damageMessage(): string | null {
    if (this.current !== 'damaged') return null;
    return (
      'La verificación de la base de datos encontró un daño en el archivo. Se sigue vendiendo y cada ' +
      'venta queda guardada. Cierre y vuelva a abrir Caja para restaurar la última copia en buen estado: las ventas de ' +
      'hoy se traen a la copia.'
    );
  }

  /** Runs the check once, after the delay. */
  start(): void {
    if (this.stopped || this.timer || this.running || this.current !== 'waiting') return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, this.options.delayMs ?? DEFAULT_DELAY_MS);
    this.timer.unref?.();
  }

  /** Runs the check now (or waits for the one running) and answers its state. */
  async run(): Promise<BackgroundCheckState> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.running && !this.stopped && (this.current === 'waiting' || this.current === 'not_run')) this.running = this.check();
    await this.running;
    return this.current;
  }

  /** Ends a check in progress: its worker stops once SQLite returns (the file must be free for a restore). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.worker?.terminate();
    await this.running;
  }

  private async check(): Promise<void> {
    this.set('checking');
    let answer: WorkerAnswer | null;
    try {
      answer = await this.ask();
    } catch (error) {
      answer = null;
      this.options.log.warn('background check of the database could not run', { error: error instanceof Error ? error.message : String(error) });
    }
    this.running = undefined;
    // A verdict that arrived is kept even when the core is closing: a damage found is marked all the same.
    if (answer === null) {
      this.set('not_run');
      return;
    }
    const problem = problemOf(answer);
    if (problem === null) {
      this.options.log.info('background check of the database: ok', { ms: Math.round(answer.ms) });
      this.set('ok');
      return;
    }
    if (problem === undefined) {
      this.options.log.warn('background check of the database could not read the file', { code: answer.kind === 'failed' ? answer.code : '', error: answer.kind === 'failed' ? answer.error : '' });
      this.set('not_run');
      return;
    }
    this.options.log.error('background check found the database damaged', { problem, ms: Math.round(answer.ms) });
    try {
      markDamaged(this.options.dbPath, { at: this.options.now().toISOString(), reason: problem });
    } catch (error) {
      this.options.log.error('the damage mark could not be written', { error: error instanceof Error ? error.message : String(error) });
    }
    this.set('damaged');
  }

  private ask(): Promise<WorkerAnswer | null> {
    return new Promise((resolve, reject) => {
      const worker = new Worker(SCRIPT, {
        eval: true,
        workerData: { nativeBinding: sqliteBinding(), driver: resolveModule('better-sqlite3'), file: this.options.dbPath },
      });
      this.worker = worker;
      let settled = false;
      const done = (value: WorkerAnswer | null) => {
        if (settled) return;
        settled = true;
        this.worker = undefined;
        resolve(value);
      };
      worker.once('message', (answer: WorkerAnswer) => {
        done(answer);
        void worker.terminate();
      });
      worker.once('error', (error) => {
        if (!settled) reject(error);
        settled = true;
        this.worker = undefined;
      });
      // Terminated by stop(), or ended without a word: no verdict.
      worker.once('exit', () => done(null));
    });
  }

  private set(state: BackgroundCheckState): void {
    this.current = state;
    // Once stopped, the core may be closed: nothing reads its status any more.
    if (!this.stopped) this.options.onChange();
  }
}

/** The damage in Spanish-readable terms; null when sound; undefined when the check could not read the file at all. */
function problemOf(answer: WorkerAnswer): string | null | undefined {
  if (answer.kind === 'checked') {
    return answer.problems.length === 1 && answer.problems[0] === 'ok' ? null : answer.problems.join('; ').slice(0, 300);
  }
  if (answer.code.startsWith('SQLITE_CORRUPT') || answer.code === 'SQLITE_NOTADB') return answer.error.slice(0, 300);
  return undefined;
}
