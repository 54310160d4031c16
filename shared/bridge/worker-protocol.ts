// The messages between the main process and the core's worker thread (issue 27: the store, the outbox and the
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
  'restorer.chooseFile': [];
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
}

/** Main process → worker. */
export type ToWorker =
  | { kind: 'call'; id: number; method: string; input: unknown }
  | { kind: 'control'; id: number; op: 'start' | 'stop' | 'close' }
  | { kind: 'served'; id: number; ok: true; value: unknown }
  | { kind: 'served'; id: number; ok: false; message: string }
  | { kind: 'abort'; id: number };

/** Worker → main process. */
export type FromWorker =
  | { kind: 'ready'; notices: string[] }
  | { kind: 'failed'; message: string }
  | { kind: 'result'; id: number; result: BridgeResult<unknown> }
  | { kind: 'event'; event: BridgeEvent }
  | { kind: 'controlled'; id: number; ok: true; value: unknown }
  | { kind: 'controlled'; id: number; ok: false; message: string }
  | { [S in ShellService]: { kind: 'serve'; id: number; service: S; args: ShellServices[S] } }[ShellService];

/** The status bar's words when the core's worker died and was started again (the sales it committed are kept). */
export const CORE_RESTARTED_MESSAGE =
  'Caja se recuperó de un fallo interno y siguió trabajando. Las ventas registradas se conservaron.';
