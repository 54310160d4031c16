// A till's core for the browser tests, run as the app runs it: the bundle `npm run build` emitted
// (out/main/workers/core.js) in a worker thread behind CoreWorkerHost, so every browser test crosses the same
// MessagePort, the same protocol and the same bundle as Electron's main process. The shell's services (printer,
// dialogs, restorer, restart, fetch) are the test's stand-ins, served over the port as the shell serves its own.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { require as tsxRequire } from 'tsx/cjs/api';
import type { CoreWorkerHost, CoreWorkerHostOptions } from '../../electron/core/worker-host/host';
import type { BridgeEvent, BridgeResult } from '../../shared/bridge';
import { CHEAP_PIN_HASH } from '../support/cheap-pin-hash-params';

const OUT_MAIN = path.resolve(__dirname, '../../out/main');
const ENTRY = path.join(OUT_MAIN, 'workers', 'core.js');

type Modules = {
  host: typeof import('../../electron/core/worker-host/host');
  secrets: typeof import('../../electron/core/services/secrets');
  mode: typeof import('../../electron/core/mode/mode-file');
};
let modules: Modules | undefined;

/** Loaded through tsx (the core's modules use `import.meta.url`, which Playwright's own transform leaves as is). */
export function coreModules(): Modules {
  modules ??= {
    host: tsxRequire('../../electron/core/worker-host/host.ts', __filename) as Modules['host'],
    secrets: tsxRequire('../../electron/core/services/secrets.ts', __filename) as Modules['secrets'],
    mode: tsxRequire('../../electron/core/mode/mode-file.ts', __filename) as Modules['mode'],
  };
  return modules;
}

/** What a test holds of a till: the bridge's two ends, the outbox's start and stop, and the till's database file. */
export interface TillCore {
  dispatch(method: string, input: unknown): Promise<BridgeResult<unknown>>;
  onEvent(listener: (event: BridgeEvent) => void): () => void;
  start(): Promise<unknown>;
  stop(): Promise<{ pending: number }>;
  close(): Promise<void>;
  /** The worker host itself (restarts, a drill's crash). */
  host: CoreWorkerHost;
  /**
   * A connection of the test's own to the till's database (WAL: it reads what the core committed, and its writes
   * wait for the core's); closed with the core.
   */
  sqlite(): Database.Database;
}

export type TillCoreOptions = Omit<CoreWorkerHostOptions, 'entry' | 'secrets' | 'fetch'> & {
  /** A fixed clock the test moves (the harness's coreClock): sent to the worker before every call. */
  clock?: { now(): Date };
};

export async function startTillCore(options: TillCoreOptions): Promise<TillCore> {
  if (!fs.existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run \`npm run build\` before the browser tests`);
  const { host: hostModule, secrets } = coreModules();
  const { clock, ...rest } = options;
  const host = new hostModule.CoreWorkerHost({
    // PINs hashed cheaply, as in the Vitest suite: every browser test creates an administrator and many sign in.
    pinHashForTests: CHEAP_PIN_HASH,
    ...rest,
    entry: ENTRY,
    workersDir: path.join(OUT_MAIN, 'workers'),
    secrets: secrets.memorySecretStore(),
    fetch: globalThis.fetch,
    ...(clock ? { clockAt: clock.now().getTime() } : {}),
  });
  await host.open();
  // The test moves its clock between steps; the worker's follows before each call, and between calls for the
  // outbox's own timers.
  let sentAt = clock?.now().getTime();
  const followClock = () => {
    const at = clock?.now().getTime();
    if (at !== undefined && at !== sentAt) {
      sentAt = at;
      host.setClock(at);
    }
  };
  const ticker = clock ? setInterval(followClock, 50) : undefined;
  const dbPath = options.dbPath ?? path.join(options.dataDir, 'caja.db');
  let connection: Database.Database | undefined;
  return {
    host,
    dispatch(method, input) {
      followClock();
      return host.dispatch(method, input);
    },
    onEvent: (listener) => host.onEvent(listener),
    start: () => host.start(),
    stop: () => host.stop(),
    async close() {
      if (ticker) clearInterval(ticker);
      connection?.close();
      await host.close();
    },
    sqlite() {
      connection ??= new Database(dbPath, { timeout: 5_000 });
      return connection;
    },
  };
}
