// What the shell does after "Probar en modo demo" (the going-live test, go-live.spec.ts): Caja starts again on the mode chosen
// in modo.json. The harness records the restart; this opens a second page bound to a core started the way the shell
// would start it (the file modo.json names), with the same bridge shape as the harness's page. The harness's core
// still holds its data folder's lock, so the new start gets a folder of its own holding that modo.json.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { BRIDGE_METHODS, type BridgeEvent } from '../../shared/bridge';
import type { Harness } from './harness';
import { coreModules, startTillCore, type TillCore } from './till-core';

/** The preload's shape in the page: one function per bridge method, and onEvent. */
function installBridge(methods: readonly string[]): void {
  type Listener = (event: unknown) => void;
  const w = window as unknown as { __posCall: (m: string, i: unknown) => Promise<unknown> };
  const listeners = new Set<Listener>();
  const api: Record<string, unknown> = {};
  for (const method of methods) api[method] = (input?: unknown) => w.__posCall(method, input);
  api['onEvent'] = (listener: Listener) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  Object.defineProperty(window, 'pos', { value: Object.freeze(api), enumerable: true });
  Object.defineProperty(window, '__posEmit', { value: (event: unknown) => listeners.forEach((l) => l(event)) });
}

export interface RestartedTill {
  page: Page;
  core: TillCore;
  /** The restarted till's data folder. */
  dataDir: string;
  /** Restarts this core asked for, in order. */
  restarts: string[];
  close(): Promise<void>;
}

/** Starts Caja again on harness.dataDir as the shell would after a restart request, in a new page. */
export async function restartTill(harness: Harness): Promise<RestartedTill> {
  const { mode } = coreModules();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'caja-e2e-reinicio-'));
  await fs.copyFile(path.join(harness.dataDir, 'modo.json'), path.join(dataDir, 'modo.json'));
  const startMode = mode.resolveStartMode(dataDir);
  const restarts: string[] = [];
  const { sandbox } = harness;
  const core = await startTillCore({
    dataDir,
    demoEndpoint: { billingBaseUrl: sandbox.billingBaseUrl, queryBaseUrl: sandbox.queryBaseUrl, token: sandbox.token },
    outbox: { pollMs: 100, retry: { baseMs: 50, maxMs: 500, random: Math.random } },
    dailyBackups: false,
    mode: startMode,
    dbPath: mode.databaseFileOf(dataDir, startMode),
    restart: () => void restarts.push(startMode),
  });
  await core.start();
  const page = await harness.page.context().newPage();
  await page.exposeBinding('__posCall', async (_source, method: string, input: unknown) => core.dispatch(method, input));
  await page.addInitScript(installBridge, [...BRIDGE_METHODS]);
  const off = core.onEvent((event: BridgeEvent) => {
    if (!page.isClosed()) page.evaluate((e) => (window as unknown as { __posEmit?: (e: unknown) => void }).__posEmit?.(e), event).catch(() => undefined);
  });
  return {
    page,
    core,
    dataDir,
    restarts,
    async close() {
      off();
      await page.close();
      await core.stop();
      await core.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
