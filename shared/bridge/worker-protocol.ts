// The messages between the main process and the core's worker thread (the store, the outbox and the
// services run off the main process, which keeps windows, dialogs, the secret store and printing). One MessagePort
// carries both directions: the bridge's calls and their results, the core's events, and the small RPC by which the
// core asks the shell for what only the shell has (secrets written, printing, dialogs, restore, restart, the system's
// fetch, the log). Everything here is structured-cloneable; errors cross as their message.
import type { BridgeEvent, BridgeResult } from './contract';

/** What the core asks of the shell, and the arguments each takes. */
export interface ShellServices {
  'secrets.set': [name: string, value: string];
  'secrets.delete': [name: string];
  'printer.print': [job: unknown];
  'files.chooseFolder': [request: { title: string; defaultPath: string }];
  'files.chooseSaveFile': [request: unknown];
  'files.showInFolder': [file: string];
  /** The open dialog starts in the backups folder, which only the core knows. */
  'restorer.chooseFile': [defaultFolder: string];
  'restorer.restore': [file: string];
  restart: [];
  fetch: [request: WireRequest];
  log: [level: 'info' | 'warn' | 'error', message: string, data?: Record<string, unknown>];
}
export type ShellService = keyof ShellServices;

/** A request of the core's fetch as it crosses to the shell's (Electron's net.fetch: the system's proxy). */
export interface WireRequest {
  url: string;
  method: string;
  headers: [string, string][];
  body?: string;
}

/** Its answer: the body whole (the API's answers are small JSON or a CDR zip). */
export interface WireResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: ArrayBuffer;
}

/** What the worker starts with: the serialisable part of CoreOptions, and what the shell offers besides. */
export interface WorkerInit {
  dataDir: string;
  dbPath?: string;
  migrationsDir?: string;
  demoEndpoint?: unknown;
  mode?: string;
  outbox?: { concurrency?: number; pollMs?: number; retry?: { baseMs: number; maxMs: number } };
  api?: { sendTimeoutMs?: number; queryTimeoutMs?: number };
  dailyBackups?: boolean;
  expectDatabase?: boolean;
  shopServer?: { idleMs?: number; retry?: { baseMs: number; maxMs: number }; batchSize?: number };
  /** The secret store's values at start; the worker keeps a copy, and writes go back to the shell's store. */
  secrets: Record<string, string>;
  /** Which shell services exist (a core without a printer answers that printing is unavailable, as today). */
  offers: { printer: boolean; files: boolean; restorer: boolean; restart: boolean };
  /** Electron's build of better-sqlite3 (electron/shell/native-binding.ts); undefined under plain Node. */
  nativeBinding?: string;
  /** Start the outbox once the core is up (Core.start()). */
  start: boolean;
  /**
   * Who sends the core's HTTP requests: the worker itself (Node's http; the default, so that a drain's traffic never
   * touches the main process), or the shell (Electron's net.fetch, which follows the system's proxy settings).
   */
  network: 'worker' | 'shell';
  /** A stopped clock at this instant (ms since the epoch), for the browser tests' fixed dates; absent: the real clock. */
  clockAt?: number;
  /**
   * New PIN hashes made at this scrypt cost instead of today's: the browser tests' cheap hash (a quarter second saved
   * at every first administrator and sign-in). The shell never sets it; pin-hash.ts still refuses a cost below its
   * bounds.
   */
  pinHashForTests?: { N: number; r: number; p: number };
  /**
   * Files the core's own worker scripts load (electron/core/backup/script-worker.ts), resolved by the main process:
   * the worker's code is one bundle evaluated from text, so it has no folder of its own to resolve packages from.
   */
  modulePaths?: Record<string, string>;
  /** Where the other bundled workers are (out/main/workers), for the same reason. */
  workersDir?: string;
}

/** Main process → worker. */
export type ToWorker =
  | { kind: 'call'; id: number; method: string; input: unknown }
  | { kind: 'control'; id: number; op: 'start' | 'stop' | 'close' }
  | { kind: 'served'; id: number; ok: true; value: unknown }
  | { kind: 'served'; id: number; ok: false; message: string }
  | { kind: 'abort'; id: number }
  /** Stops the core's clock at this instant (the browser tests' fixed dates). */
  | { kind: 'clock'; at: number };

/** Worker → main process. */
export type FromWorker =
  | { kind: 'ready'; notices: string[] }
  /** The core could not open; name, code and dbPath let the shell's error screen say why (error-page.ts). */
  | { kind: 'failed'; message: string; name?: string; code?: string; dbPath?: string }
  | { kind: 'result'; id: number; result: BridgeResult<unknown> }
  /** The core's events of the last few milliseconds, in order, each document's and the status only at their latest. */
  | { kind: 'events'; events: BridgeEvent[] }
  | { kind: 'controlled'; id: number; ok: true; value: unknown }
  | { kind: 'controlled'; id: number; ok: false; message: string }
  | { [S in ShellService]: { kind: 'serve'; id: number; service: S; args: ShellServices[S] } }[ShellService];

/** The status bar's words when the core's worker died and was started again (the sales it committed are kept). */
export const CORE_RESTARTED_MESSAGE =
  'Caja se recuperó de un fallo interno y siguió trabajando. Las ventas registradas se conservaron.';

/** The words when the worker kept dying (several times in a minute): it is not started again, and nothing is lost. */
export const CORE_STOPPED_MESSAGE =
  'Caja falló varias veces seguidas y dejó de atender. Las ventas registradas se conservaron: cierre Caja y vuelva a abrirla; si se repite, llame a soporte.';
