// The main process's end of the core's worker thread. It starts the worker (entry.ts), forwards the
// bridge's calls and the core's events over a MessagePort, serves what the core asks of the shell (secrets written,
// printing, dialogs, restore, restart, the system's fetch, the log), and starts a worker that died again: SQLite's
// WAL made every sale the worker committed durable, and `onRestart` tells the window. Plain Node (no 'electron').
import fs from 'node:fs';
import path from 'node:path';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import type { BridgeEvent, BridgeResult } from '../../../shared/bridge';
import {
  CORE_RESTARTED_MESSAGE, CORE_STOPPED_MESSAGE, type FromWorker, type ShellServices, type ToWorker, type WireRequest, type WireResponse, type WorkerInit,
} from '../../../shared/bridge/worker-protocol';
import type { CoreOptions } from '../core-api';
import type { FetchLike } from '../api';
import { SECRET_NAMES, type SecretName } from '../services/secrets';
import { modulePathsForWorkers, resolveModule } from '../backup/script-worker';
import { defaultMigrationsDir } from '../db/open';
import { sqliteBinding } from '../db/sqlite-driver';
import type { SaveFileRequest } from '../services/file-chooser';
import type { PrintJob } from '../services/printing';

export interface CoreWorkerHostOptions extends Omit<CoreOptions, 'now' | 'onBeforeMigrate' | 'restorer' | 'fetch'> {
  /** The shell's fetch, for `network: 'shell'`. */
  fetch?: FetchLike;
  /**
   * The worker's script: the bundled entry (out/main/workers/core.js, read as text and evaluated, since a worker
   * cannot load files from app.asar: build/worker-bundle.ts), or entry.ts itself under tsx (tests, tools).
   */
  entry: string;
  /** The secret names to hand the worker at start (its copy of the store); default: every one. */
  secretNames?: readonly SecretName[];
  /** Electron's build of better-sqlite3, as the main process loads it (electron/shell/native-binding.ts); default:
   * this process's (Node's build from node_modules under plain Node). */
  nativeBinding?: string;
  /** The other bundled workers' folder (out/main/workers). */
  workersDir?: string;
  /** The system's open dialog, started in the core's backups folder. */
  restorer?: { chooseFile(defaultFolder: string): Promise<string | null>; restore(file: string): Promise<void> };
  /** 'shell': the core's requests go through `fetch` here (a proxy only Electron's net.fetch knows); default 'worker'. */
  network?: 'worker' | 'shell';
  /** A stopped clock at this instant (browser tests); then setClock. */
  clockAt?: number;
  /** The browser tests' cheap PIN hash (WorkerInit.pinHashForTests); never set by the shell. */
  pinHashForTests?: { N: number; r: number; p: number };
  /** Start the outbox once the core is up. */
  start?: boolean;
  /** The worker died and a new one took over; the windows also get a 'core_restarted' event. */
  onRestart?: (message: string) => void;
  /** How many deaths within `restartWindowMs` are restarted; the next one is not (a 'core_stopped' event). Default 3
   * in 60 s: a worker that dies at every start would otherwise loop for ever. */
  maxRestarts?: number;
  restartWindowMs?: number;
}

/** The answer to a call the dead worker could not give: the renderer retries it (a sale keeps its client key). */
const LOST_RESULT = {
  ok: false,
  error: { code: 'internal', message: 'Caja se recuperó de un fallo interno; intente de nuevo.' },
} as const;

export class CoreWorkerHost {
  private worker: Worker | undefined;
  private port: MessagePort | undefined;
  private nextId = 1;
  private readonly calls = new Map<number, (result: BridgeResult<unknown>) => void>();
  private readonly controls = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly fetches = new Map<number, AbortController>();
  private readonly listeners = new Set<(event: BridgeEvent) => void>();
  private closing = false;
  private restarts = 0;
  private readonly deaths: number[] = [];
  notices: readonly string[] = [];

  constructor(private readonly o: CoreWorkerHostOptions) {}

  /** Starts the worker and waits until its core is open (or throws why it could not open). */
  async open(): Promise<void> {
    this.closing = false;
    await this.spawn(this.o.start ?? false);
  }

  dispatch(method: string, input: unknown): Promise<BridgeResult<unknown>> {
    const port = this.port;
    if (!port) return Promise.resolve(LOST_RESULT);
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.calls.set(id, resolve);
      port.postMessage({ kind: 'call', id, method, input } satisfies ToWorker);
    });
  }

  onEvent(listener: (event: BridgeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): Promise<unknown> {
    return this.control('start');
  }

  async stop(): Promise<{ pending: number }> {
    return (await this.control('stop')) as { pending: number };
  }

  /** Closes the core and ends the worker; no restart follows. */
  async close(): Promise<void> {
    this.closing = true;
    if (!this.port) return; // never opened, or stopped after dying too often
    try {
      await this.control('close');
    } finally {
      await this.worker?.terminate();
      this.worker = undefined;
      this.port?.close();
      this.port = undefined;
    }
  }

  /** Stops the core's clock at `at` (ms since the epoch): the browser tests' fixed dates. Needs `clockAt` at start. */
  setClock(at: number): void {
    this.o.clockAt = at;
    this.port?.postMessage({ kind: 'clock', at } satisfies ToWorker);
  }

  /** True while a worker runs the core (false once closed, or after it failed to open). */
  get alive(): boolean {
    return this.worker !== undefined;
  }

  /** How many times a dead worker was replaced. */
  get restartCount(): number {
    return this.restarts;
  }

  /** Ends the worker as a crash would (drills and tests): the host starts a new one. */
  async crashForDrill(): Promise<void> {
    await this.worker?.terminate();
  }

  private control(op: 'start' | 'stop' | 'close'): Promise<unknown> {
    const port = this.port;
    if (!port) return Promise.reject(new Error('the core worker is not running'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.controls.set(id, { resolve, reject });
      port.postMessage({ kind: 'control', id, op } satisfies ToWorker);
    });
  }

  private spawn(start: boolean): Promise<void> {
    const { port1, port2 } = new MessageChannel();
    const init = this.initData(start);
    const worker = startWorker(this.o.entry, { init, port: port2 }, [port2]);
    this.worker = worker;
    this.port = port1;
    return new Promise<void>((resolve, reject) => {
      let ready = false;
      port1.on('message', (message: FromWorker) => {
        if (message.kind === 'ready') {
          ready = true;
          this.notices = message.notices;
          resolve();
        } else if (message.kind === 'failed') {
          this.closing = true;
          reject(Object.assign(new Error(message.message), {
            ...(message.name ? { name: message.name } : {}),
            ...(message.code ? { code: message.code } : {}),
            ...(message.dbPath ? { dbPath: message.dbPath } : {}),
          }));
          void worker.terminate();
        } else {
          this.receive(port1, message);
        }
      });
      worker.on('error', (e) => {
        this.o.log?.error('the core worker failed', { error: e instanceof Error ? e.message : String(e) });
        if (!ready) reject(e);
      });
      worker.on('exit', (code) => {
        if (this.worker !== worker) return;
        this.abandon();
        if (!ready || this.closing) return;
        const now = Date.now();
        this.deaths.push(now);
        const recent = this.deaths.filter((at) => now - at <= (this.o.restartWindowMs ?? 60_000)).length;
        if (recent > (this.o.maxRestarts ?? 3)) {
          this.o.log?.error('the core worker keeps stopping; not starting it again', { code, recent });
          this.closing = true;
          this.emit({ type: 'core_stopped', message: CORE_STOPPED_MESSAGE });
          return;
        }
        this.o.log?.error('the core worker stopped; starting it again', { code });
        this.restarts++;
        this.spawn(true).then(
          () => {
            this.emit({ type: 'core_restarted', message: CORE_RESTARTED_MESSAGE });
            this.o.onRestart?.(CORE_RESTARTED_MESSAGE);
          },
          (e: unknown) => {
            this.o.log?.error('the core worker could not start again', { error: e instanceof Error ? e.message : String(e) });
            this.emit({ type: 'core_stopped', message: CORE_STOPPED_MESSAGE });
          },
        );
      });
    });
  }

  /** Whatever the dead worker owed: calls answer LOST_RESULT, controls fail, fetches are aborted. */
  private abandon(): void {
    for (const resolve of this.calls.values()) resolve(LOST_RESULT);
    this.calls.clear();
    for (const { reject } of this.controls.values()) reject(new Error('the core worker stopped'));
    this.controls.clear();
    for (const controller of this.fetches.values()) controller.abort();
    this.fetches.clear();
    this.port?.close();
    this.port = undefined;
    this.worker = undefined;
  }

  private emit(event: BridgeEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (e) {
        this.o.log?.warn('event listener failed', { error: e instanceof Error ? e.message : String(e) });
      }
    }
  }

  private receive(port: MessagePort, message: FromWorker): void {
    switch (message.kind) {
      case 'result':
        this.calls.get(message.id)?.(message.result);
        this.calls.delete(message.id);
        return;
      case 'events':
        for (const event of message.events) this.emit(event);
        return;
      case 'controlled': {
        const pending = this.controls.get(message.id);
        this.controls.delete(message.id);
        if (message.ok) pending?.resolve(message.value);
        else pending?.reject(new Error(message.message));
        return;
      }
      case 'serve':
        this.serve(message).then(
          (value) => port.postMessage({ kind: 'served', id: message.id, ok: true, value } satisfies ToWorker, transferOf(value)),
          (e: unknown) => port.postMessage({ kind: 'served', id: message.id, ok: false, message: e instanceof Error ? e.message : String(e) } satisfies ToWorker),
        );
        return;
      default:
        return;
    }
  }

  private async serve(message: Extract<FromWorker, { kind: 'serve' }>): Promise<unknown> {
    const o = this.o;
    const args = message.args as ShellServices[typeof message.service];
    switch (message.service) {
      case 'secrets.set': {
        const [name, value] = args as ShellServices['secrets.set'];
        o.secrets.set(name as SecretName, value);
        return null;
      }
      case 'secrets.delete':
        o.secrets.delete((args as ShellServices['secrets.delete'])[0] as SecretName);
        return null;
      case 'printer.print':
        if (!o.printer) throw new Error('printing is not available');
        return o.printer.print((args as ShellServices['printer.print'])[0] as PrintJob);
      case 'files.chooseFolder':
        if (!o.files) throw new Error('dialogs are not available');
        return o.files.chooseFolder((args as ShellServices['files.chooseFolder'])[0]);
      case 'files.chooseSaveFile':
        if (!o.files) throw new Error('dialogs are not available');
        return o.files.chooseSaveFile((args as ShellServices['files.chooseSaveFile'])[0] as SaveFileRequest);
      case 'files.showInFolder':
        if (!o.files) throw new Error('dialogs are not available');
        await o.files.showInFolder?.((args as ShellServices['files.showInFolder'])[0]);
        return null;
      case 'restorer.chooseFile':
        if (!o.restorer) throw new Error('restoring is not available');
        return o.restorer.chooseFile((args as ShellServices['restorer.chooseFile'])[0]);
      case 'restorer.restore':
        if (!o.restorer) throw new Error('restoring is not available');
        await o.restorer.restore((args as ShellServices['restorer.restore'])[0]);
        return null;
      case 'restart':
        o.restart?.();
        return null;
      case 'fetch':
        return this.fetch(message.id, (args as ShellServices['fetch'])[0]);
      case 'log': {
        const [level, text, data] = args as ShellServices['log'];
        o.log?.[level](text, data);
        return null;
      }
    }
  }

  private async fetch(id: number, request: WireRequest): Promise<WireResponse> {
    const controller = new AbortController();
    this.fetches.set(id, controller);
    try {
      if (!this.o.fetch) throw new Error('the shell has no fetch to lend (network: worker)');
      const res = await this.o.fetch(request.url, {
        method: request.method,
        headers: request.headers,
        ...(request.body !== undefined ? { body: request.body } : {}),
        signal: controller.signal,
      });
      return { status: res.status, statusText: res.statusText, headers: [...res.headers.entries()], body: await res.arrayBuffer() };
    } finally {
      this.fetches.delete(id);
    }
  }

  /** The worker's copy of the secret store and the rest of its start. */
  private initData(start: boolean): WorkerInit {
    const secrets: Record<string, string> = {};
    for (const name of this.o.secretNames ?? SECRET_NAMES) {
      const value = this.o.secrets.get(name);
      if (value !== undefined) secrets[name] = value;
    }
    const o = this.o;
    return {
      dataDir: o.dataDir,
      secrets,
      offers: { printer: !!o.printer, files: !!o.files, restorer: !!o.restorer, restart: !!o.restart },
      start,
      network: o.network ?? 'worker',
      ...(o.dbPath ? { dbPath: o.dbPath } : {}),
      migrationsDir: o.migrationsDir ?? defaultMigrationsDir(),
      ...(o.demoEndpoint ? { demoEndpoint: o.demoEndpoint } : {}),
      ...(o.mode ? { mode: o.mode } : {}),
      ...(o.outbox ? { outbox: { ...o.outbox, retry: o.outbox.retry ? { baseMs: o.outbox.retry.baseMs, maxMs: o.outbox.retry.maxMs } : undefined } } : {}),
      ...(o.api ? { api: o.api } : {}),
      ...(o.dailyBackups !== undefined ? { dailyBackups: o.dailyBackups } : {}),
      ...(o.expectDatabase !== undefined ? { expectDatabase: o.expectDatabase } : {}),
      ...(o.shopServer ? { shopServer: o.shopServer } : {}),
      ...(o.clockAt !== undefined ? { clockAt: o.clockAt } : {}),
      ...(o.pinHashForTests ? { pinHashForTests: o.pinHashForTests } : {}),
      ...(o.workersDir ? { workersDir: o.workersDir } : {}),
      ...optional('nativeBinding', () => o.nativeBinding ?? sqliteBinding() ?? nodeSqliteBuild()),
      ...optional('modulePaths', modulePathsForWorkers),
    };
  }
}

/** `{ [key]: value }` when `value()` finds one; nothing when it throws (the worker then finds its own or does without). */
function optional<K extends string, V>(key: K, value: () => V | undefined): Partial<Record<K, V>> {
  try {
    const found = value();
    return found === undefined ? {} : ({ [key]: found } as Record<K, V>);
  } catch {
    return {};
  }
}

/** better-sqlite3's own build (npm ci's, for Node): a bundled core cannot find it by itself (its `bindings` lookup
 * walks the calling file's folders, and an evaluated bundle has none). */
function nodeSqliteBuild(): string | undefined {
  const file = path.join(path.dirname(path.dirname(resolveModule('better-sqlite3'))), 'build', 'Release', 'better_sqlite3.node');
  return fs.existsSync(file) ? file : undefined;
}

/** A fetch's body moves to the worker instead of being copied. */
function transferOf(value: unknown): ArrayBuffer[] {
  const body = (value as Partial<WireResponse> | null)?.body;
  return body instanceof ArrayBuffer ? [body] : [];
}

/**
 * A bundled entry (.js) is read here (the main process reads app.asar) and evaluated; entry.ts itself runs through tsx's ESM API (tsImport), which a worker's
 * execArgv `--import tsx` does not reach: the worker would load the .ts file before the loader is registered.
 */
function startWorker(entry: string, workerData: unknown, transferList: MessagePort[]): Worker {
  if (!entry.endsWith('.ts')) return new Worker(fs.readFileSync(entry, 'utf8'), { eval: true, workerData, transferList });
  const api = pathToFileURL(createRequire(__filename).resolve('tsx/esm/api').replace(/index\.cjs$/, 'index.mjs')).href;
  const boot = `import(${JSON.stringify(api)}).then((m) => m.tsImport(${JSON.stringify(pathToFileURL(entry).href)}, ${JSON.stringify(api)}))`;
  return new Worker(boot, { eval: true, workerData, transferList });
}
