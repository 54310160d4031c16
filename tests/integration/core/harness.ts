import { afterEach } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCore, type Core, type CoreOptions } from '../../../electron/core/app';
import { memorySecretStore } from '../../../electron/core/services/secrets';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../electron/sandbox';
import type { BridgeResult } from '../../../shared/bridge';
import type { Provider } from '../../../shared/api';

/** The names the rigs' sandbox speaks (and the core's endpoint expects) unless a rig asks otherwise. */
let rigDialect: Provider = 'document';
/** For a describe.each over both dialects: call in beforeAll (and back to 'document' in afterAll). */
export function setRigDialect(dialect: Provider): void {
  rigDialect = dialect;
}

/** When set, every rig's own sandbox varies its answers among the forms the API document allows. */
let rigVary: { seed: number } | undefined;
/** For a whole file run against a varying peer: call in beforeAll (and with undefined in afterAll). */
export function setRigVary(vary: { seed: number } | undefined): void {
  rigVary = vary;
}

/** A peer the rigs talk to: the names it speaks, and whether its answers vary (seeded). */
export interface Peer {
  name: string;
  dialect: Provider;
  vary?: { seed: number };
}
/** Both dialects, each with the sandbox's friendliest answers and with answers that vary. */
export const PEERS: readonly Peer[] = [
  { name: 'document names', dialect: 'document' },
  { name: 'factiliza names', dialect: 'factiliza' },
  { name: 'document names, varying answers', dialect: 'document', vary: { seed: 2301 } },
  { name: 'factiliza names, varying answers', dialect: 'factiliza', vary: { seed: 2302 } },
];
/** For a describe.each(PEERS): call in beforeAll, and with undefined in afterAll. */
export function setRigPeer(peer: Peer | undefined): void {
  setRigDialect(peer?.dialect ?? 'document');
  setRigVary(peer?.vary);
}

export interface Rig {
  core: Core;
  sandbox: Sandbox;
  dataDir: string;
  call<T = unknown>(method: string, input?: unknown): Promise<T>;
  raw(method: string, input?: unknown): Promise<BridgeResult<unknown>>;
  dispose(): Promise<void>;
}

/** A real core (real SQLite file in a temp folder) talking to a real sandbox over HTTP on 127.0.0.1. */
export async function startRig(
  opts: { sandbox?: SandboxOptions; shared?: Sandbox; core?: Partial<CoreOptions>; dataDir?: string; dialect?: Provider } = {},
): Promise<Rig> {
  const dialect = opts.dialect ?? rigDialect;
  const sandbox = opts.shared ?? (await startSandbox({ port: 0, dialect, ...(rigVary ? { vary: rigVary } : {}), ...opts.sandbox }));
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'caja-it-'));
  const core = createCore({
    dataDir,
    fetch: globalThis.fetch,
    secrets: memorySecretStore(),
    demoEndpoint: { billingBaseUrl: sandbox.billingBaseUrl, queryBaseUrl: sandbox.queryBaseUrl, token: sandbox.token, provider: dialect },
    outbox: { concurrency: 4, retry: { baseMs: 1, maxMs: 5, random: () => 0 }, pollMs: 50 },
    api: { sendTimeoutMs: 1_000, queryTimeoutMs: 1_000 },
    dailyBackups: false,
    ...opts.core,
  });
  const raw = (method: string, input?: unknown) => core.dispatch(method, input ?? {});
  return {
    core,
    sandbox,
    dataDir,
    raw,
    async call<T>(method: string, input?: unknown) {
      const res = await raw(method, input);
      if (!res.ok) throw new Error(`${method} failed: ${JSON.stringify(res.error)}`);
      return res.value as T;
    },
    async dispose() {
      await core.stop();
      core.close();
      if (!opts.shared) await sandbox.close();
      if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const line = (over: Record<string, unknown> = {}) => ({
  code: 'P001',
  description: 'Arroz extra 1 kg',
  unit: 'NIU',
  quantity: '2',
  unitPrice: '5.90',
  affectation: '10',
  ...over,
});

/**
 * A sale's input, with a fresh idempotency key (each call is a new sale; pass `clientKey` to retry one). Typed as
 * optional so `{ clientKey, ...anonymousBoleta() }` still compiles; the fixture always sets one.
 */
export const anonymousBoleta = (over: Record<string, unknown> = {}) => ({
  ...({ clientKey: crypto.randomUUID() } as { clientKey?: string }),
  docType: '03',
  currency: 'PEN',
  customer: { docType: '0', docNumber: '', name: '', address: '' },
  lines: [line()],
  payment: { method: 'CONTADO' },
  ...over,
});

/** Waits until `check` returns true, draining the outbox between looks. */
export async function until(rig: Rig, check: () => boolean, rounds = 50): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await rig.core.outbox.drain();
    if (check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('condition not reached');
}

/** Rigs a test file starts, disposed after each test: `const rig = useRigs();` at the top of the file. */
export function useRigs(): (opts?: Parameters<typeof startRig>[0]) => Promise<Rig> {
  let rigs: Rig[] = [];
  afterEach(async () => {
    await Promise.all(rigs.map((r) => r.dispose()));
    rigs = [];
  });
  return async (opts) => {
    const r = await startRig(opts);
    rigs.push(r);
    return r;
  };
}

/** A document's status as stored. */
export const statusOf = (r: Rig, id: number): string =>
  (r.core.db.sqlite.prepare('SELECT status FROM documents WHERE id = ?').get(id) as { status: string }).status;

/** Replaces the stored payload (what the outbox will send) to reach outcomes a valid sale never produces. */
export function tamper(r: Rig, id: number, mutate: (p: Record<string, unknown>) => void): void {
  const row = r.core.db.sqlite.prepare('SELECT payload FROM documents WHERE id = ?').get(id) as { payload: string };
  const p = JSON.parse(row.payload) as Record<string, unknown>;
  mutate(p);
  r.core.db.sqlite.prepare('UPDATE documents SET payload = ? WHERE id = ?').run(JSON.stringify(p), id);
}

/**
 * Sandboxes, temp folders and anything else a drill opens by hand, undone in reverse order after each test:
 * `const scratch = useScratch('caja-drill-');` at the top of the file.
 */
export function useScratch(prefix: string): {
  sandbox(): Promise<Sandbox>;
  folder(): string;
  onCleanup(undo: () => Promise<void> | void): void;
  /**
   * A till on `dataDir` against the shared sandbox, started; stopped after the test. Its dispose may be called earlier
   * (to restore or reopen the files) and runs once.
   */
  till(shared: Sandbox, dataDir: string, core?: Partial<CoreOptions>): Promise<Rig>;
} {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const undo of cleanups.splice(0).reverse()) await undo();
  });
  return {
    async sandbox() {
      const s = await startSandbox({ port: 0 });
      cleanups.push(() => s.close());
      return s;
    },
    folder() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
      return dir;
    },
    onCleanup(undo) {
      cleanups.push(undo);
    },
    async till(shared, dataDir, core) {
      const rig = await startRig({ shared, dataDir, ...(core ? { core } : {}) });
      const dispose = rig.dispose.bind(rig);
      let disposed: Promise<void> | undefined;
      rig.dispose = () => (disposed ??= dispose());
      cleanups.push(() => rig.dispose());
      rig.core.start();
      return rig;
    },
  };
}
