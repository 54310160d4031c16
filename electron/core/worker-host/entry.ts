// The core's worker thread: the store, the outbox and the services run here, so that a commit, a claim or
// a Z never holds the main process's event loop (the windows). It answers the bridge's calls and forwards the core's
// events over the MessagePort it was given, and asks the shell, over the same port, for what only the shell has.
// Protocol: shared/bridge/worker-protocol.ts. Started by host.ts; plain Node (never imports 'electron').
import { workerData, type MessagePort } from 'node:worker_threads';
import type { FromWorker, ShellService, ShellServices, ToWorker, WireResponse, WorkerInit } from '../../../shared/bridge/worker-protocol';
import type { ApiConfig, FetchLike } from '../api';
import { createCore, type Core } from '../app';
import type { CoreOptions } from '../core-api';
import type { Logger } from '../dispatch';
import { useSqliteBinding } from '../db/sqlite-driver';
import { provideModulePaths } from '../backup/script-worker';
import { batchEvents } from './event-batch';
import { createNodeFetch } from '../api/node-fetch';
import { useWorkersDir } from '../workers/worker-source';
import { setPinHashParamsForTests } from '../users/pin-hash';
import type { StartMode } from '../mode/mode-file';
import type { PrintJob } from '../services/printing';
import type { SaveFileRequest } from '../services/file-chooser';
import type { SecretName } from '../services/secrets';

const { init, port } = workerData as { init: WorkerInit; port: MessagePort };
const send = (message: FromWorker) => port.postMessage(message);

let nextId = 1;
const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

/** Asks the shell for one of its services; resolves with its answer. */
function serve<S extends ShellService>(service: S, ...args: ShellServices[S]): { id: number; answer: Promise<unknown> } {
  const id = nextId++;
  const answer = new Promise<unknown>((resolve, reject) => waiting.set(id, { resolve, reject }));
  send({ kind: 'serve', id, service, args } as FromWorker);
  return { id, answer };
}

const log: Logger = {
  info: (message, data) => void serve('log', 'info', message, data).answer.catch(() => {}),
  warn: (message, data) => void serve('log', 'warn', message, data).answer.catch(() => {}),
  error: (message, data) => void serve('log', 'error', message, data).answer.catch(() => {}),
};

/** The secret store's copy: read here at once; every write also goes to the shell's store (safeStorage). */
const secretValues = new Map(Object.entries(init.secrets));
const secrets: CoreOptions['secrets'] = {
  get: (name: SecretName) => secretValues.get(name),
  set: (name: SecretName, value: string) => {
    secretValues.set(name, value);
    serve('secrets.set', name, value).answer.catch((e: unknown) => log.error('saving a secret failed', { name, error: String(e) }));
  },
  delete: (name: SecretName) => {
    secretValues.delete(name);
    serve('secrets.delete', name).answer.catch((e: unknown) => log.error('deleting a secret failed', { name, error: String(e) }));
  },
};

/** The shell's fetch (Electron's net.fetch follows the system's proxy); an abort crosses too. */
const fetchThroughShell: FetchLike = async (url, requestInit) => {
  if (requestInit?.body !== undefined && requestInit.body !== null && typeof requestInit.body !== 'string') {
    throw new Error('fetch through the shell: only text bodies cross');
  }
  const signal = requestInit?.signal ?? undefined;
  signal?.throwIfAborted();
  const { id, answer } = serve('fetch', {
    url,
    method: requestInit?.method ?? 'GET',
    headers: [...new Headers(requestInit?.headers).entries()],
    ...(typeof requestInit?.body === 'string' ? { body: requestInit.body } : {}),
  });
  const onAbort = () => {
    port.postMessage({ kind: 'abort', id });
    waiting.get(id)?.reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    waiting.delete(id);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const r = (await answer) as WireResponse;
    const empty = r.status === 204 || r.status === 205 || r.status === 304;
    return new Response(empty ? null : r.body, { status: r.status, statusText: r.statusText, headers: r.headers });
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
};

/** The browser tests stop the clock at fixed dates (WorkerInit.clockAt, then 'clock' messages). */
let clockAt = init.clockAt;

if (init.pinHashForTests) setPinHashParamsForTests(init.pinHashForTests);

function options(): CoreOptions {
  const o: CoreOptions = {
    ...(clockAt !== undefined ? { now: () => new Date(clockAt ?? Date.now()) } : {}),
    dataDir: init.dataDir,
    // Node's http/https, lighter than the global fetch per request (api/node-fetch.ts).
    fetch: init.network === 'shell' ? fetchThroughShell : createNodeFetch(),
    secrets,
    log,
    ...(init.dbPath ? { dbPath: init.dbPath } : {}),
    ...(init.migrationsDir ? { migrationsDir: init.migrationsDir } : {}),
    ...(init.demoEndpoint ? { demoEndpoint: init.demoEndpoint as ApiConfig } : {}),
    ...(init.mode ? { mode: init.mode as StartMode } : {}),
    // A retry policy's random source cannot cross: the worker's own Math.random jitters its delays.
    ...(init.outbox ? { outbox: { ...init.outbox, retry: init.outbox.retry ? { ...init.outbox.retry, random: Math.random } : undefined } } : {}),
    ...(init.api ? { api: init.api } : {}),
    ...(init.dailyBackups !== undefined ? { dailyBackups: init.dailyBackups } : {}),
    ...(init.expectDatabase !== undefined ? { expectDatabase: init.expectDatabase } : {}),
    ...(init.shopServer ? { shopServer: init.shopServer } : {}),
  };
  if (init.offers.printer) {
    o.printer = { print: async (job: PrintJob) => (await serve('printer.print', job).answer) as { done: boolean; savedTo?: string } };
  }
  if (init.offers.files) {
    o.files = {
      chooseFolder: async (request) => (await serve('files.chooseFolder', request).answer) as string | null,
      chooseSaveFile: async (request: SaveFileRequest) => (await serve('files.chooseSaveFile', request).answer) as string | null,
      showInFolder: async (file: string) => void (await serve('files.showInFolder', file).answer),
    };
  }
  if (init.offers.restorer) {
    o.restorer = {
      chooseFile: async () => (await serve('restorer.chooseFile', core?.backups.folder() ?? init.dataDir).answer) as string | null,
      restore: async (file: string) => void (await serve('restorer.restore', file).answer),
    };
  }
  if (init.offers.restart) o.restart = () => void serve('restart').answer.catch(() => {});
  return o;
}

let core: Core | undefined;

async function control(op: 'start' | 'stop' | 'close'): Promise<unknown> {
  if (!core) throw new Error('the core is not open');
  if (op === 'start') return core.start();
  if (op === 'stop') return core.stop();
  core.close();
  core = undefined;
  return undefined;
}

port.on('message', (message: ToWorker) => {
  switch (message.kind) {
    case 'call':
      if (!core) {
        send({ kind: 'result', id: message.id, result: { ok: false, error: { code: 'internal', message: 'Caja se está iniciando; intente de nuevo.' } } });
        return;
      }
      void core.dispatch(message.method, message.input).then((result) => send({ kind: 'result', id: message.id, result }));
      return;
    case 'control':
      control(message.op).then(
        (value) => send({ kind: 'controlled', id: message.id, ok: true, value: value ?? null }),
        (e: unknown) => send({ kind: 'controlled', id: message.id, ok: false, message: e instanceof Error ? e.message : String(e) }),
      );
      return;
    case 'served': {
      const pending = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.ok) pending?.resolve(message.value);
      else pending?.reject(new Error(message.message));
      return;
    }
    case 'abort':
      return; // only the shell aborts its fetches
    case 'clock':
      clockAt = message.at;
      return;
  }
});

try {
  if (init.nativeBinding) useSqliteBinding(init.nativeBinding);
  if (init.modulePaths) provideModulePaths(init.modulePaths);
  if (init.workersDir) useWorkersDir(init.workersDir);
  core = createCore(options());
  core.onEvent(batchEvents((events) => send({ kind: 'events', events })));
  if (init.start) core.start();
  send({ kind: 'ready', notices: [...core.notices] });
} catch (e) {
  const details = (typeof e === 'object' && e !== null ? e : {}) as { name?: unknown; code?: unknown; dbPath?: unknown };
  send({
    kind: 'failed',
    message: e instanceof Error ? e.message : String(e),
    ...(typeof details.name === 'string' ? { name: details.name } : {}),
    ...(typeof details.code === 'string' ? { code: details.code } : {}),
    ...(typeof details.dbPath === 'string' ? { dbPath: details.dbPath } : {}),
  });
}
