// The browser-test harness: per test a temp data folder, a sandbox API, a real core running as the app runs it (the
// built bundle in a worker thread behind CoreWorkerHost: till-core.ts), and a page whose `window.pos` has exactly the
// preload's shape (one function per bridge method + onEvent) but calls the core through page.exposeBinding. Core
// events are pushed into the page. The renderer cannot tell the difference.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../electron/sandbox';
import { BRIDGE_METHODS, type BridgeEvent } from '../../shared/bridge';
import { createPagePrinter, type PrintedJob } from './print-page';
import { startStaticServer, type StaticServer } from './static-server';
import { coreModules, startTillCore, type TillCore } from './till-core';

const RENDERER_DIR = path.resolve(__dirname, '../../out/renderer');
const SCREENS_DIR = path.resolve(__dirname, '../artifacts/screens');

export interface Harness {
  page: Page;
  core: TillCore;
  sandbox: Sandbox;
  /** Every bridge answer the core gave to the page, as JSON text (Node side). */
  responses: string[];
  /** Loads the app and waits until it is interactive. */
  open(): Promise<void>;
  /** Saves a full-page screenshot under tests/artifacts/screens/<name>.png. */
  screenshot(name: string): Promise<void>;
  /** Errors the page reported (uncaught exceptions, CSP violations, console errors). */
  pageErrors: string[];
  /** Where the built renderer is served (http://127.0.0.1:port). */
  baseUrl: string;
  /** Files the harness restorer was asked to restore (its "dialog" picks the newest copy in the backups folder). */
  restored: string[];
  /** What the harness printer produced (option `printer: 'pdf'`), in order. */
  printed: PrintedJob[];
  /**
   * Stands in for the system's dialogs: the folder the next folder dialog answers (null = cancelled), and the files
   * the save dialog answered (in a temp folder, named as suggested), in order.
   */
  dialogs: { nextFolder: string | null; saved: string[] };
  /** The core's data folder. */
  dataDir: string;
  /** Restarts the core asked for (option firstRun), in order. */
  restarts: string[];
  /** Another till of the same shop: its own core and data folder, the same sandbox; closed at the end. */
  otherTill(): Promise<TillCore>;
  /** The newest copy in the till's backups folder, as the core lists them (what the harness restorer picks). */
  newestBackup(): Promise<string | null>;
}

/** Runs in the page before any of its scripts: the same object the preload exposes. */
function installBridge(methods: readonly string[]): void {
  type Listener = (event: unknown) => void;
  const w = window as unknown as Record<string, unknown> & { __posCall: (m: string, i: unknown) => Promise<unknown> };
  const listeners = new Set<Listener>();
  const log: string[] = [];
  const api: Record<string, unknown> = {};
  for (const method of methods) {
    api[method] = async (input?: unknown) => {
      const result = await w.__posCall(method, input);
      log.push(JSON.stringify(result));
      return result;
    };
  }
  api['onEvent'] = (listener: Listener) => {
    if (typeof listener !== 'function') throw new TypeError('onEvent necesita una función');
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  Object.defineProperty(window, 'pos', { value: Object.freeze(api), enumerable: true });
  // Harness-only hooks (not part of the bridge): push an event, read the captured answers.
  Object.defineProperty(window, '__posEmit', {
    value: (event: unknown) => {
      for (const listener of listeners) listener(event);
    },
  });
  Object.defineProperty(window, '__posLog', { value: log });
}

type HarnessOptions = {
  sandboxOptions: SandboxOptions;
  /** The core's clock (deadlines, issue dates); the real clock when undefined. An object, since Playwright takes a
   * function given to test.use() for a fixture. */
  coreClock: { now(): Date } | undefined;
  /** 'pdf': the core gets a printer that renders the print route in a second page and makes a PDF of it (see
   * print-page.ts); 'none': no printer, printDocument answers print_unavailable (a plain browser). */
  printer: 'none' | 'pdf';
  /** A first run as the shell starts it: modo.json decides the file; none yet, so the setup wizard shows. */
  firstRun: boolean;
  /**
   * Who is at the till when the page opens: 'admin' (default) creates the first administrator, signed in,
   * through the bridge as the first-run screen does; 'none' leaves the till without users (the page asks to create one).
   */
  staff: 'admin' | 'none';
  /** The cash session: 'open' (default) opens one with a float of S/ 0.00 for the administrator, so that
   * selling works at once; 'closed' leaves the till closed (the Caja screen opens it). */
  cash: 'open' | 'closed';
};

export const test = base.extend<HarnessOptions & { harness: Harness }, { server: StaticServer }>({
  sandboxOptions: [{}, { option: true }],
  coreClock: [undefined, { option: true }],
  printer: ['none', { option: true }],
  firstRun: [false, { option: true }],
  staff: ['admin', { option: true }],
  cash: ['open', { option: true }],
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startStaticServer(RENDERER_DIR);
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  harness: async ({ page, server, sandboxOptions, coreClock, printer, firstRun, staff, cash }, use) => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'caja-e2e-'));
    const sandbox = await startSandbox({ port: 0, ...sandboxOptions });
    const { mode: modeFile } = coreModules();
    const restarts: string[] = [];
    const startMode = firstRun ? modeFile.resolveStartMode(dataDir) : undefined;
    const printed: PrintedJob[] = [];
    const restored: string[] = [];
    const dialogs: Harness['dialogs'] = { nextFolder: null, saved: [] };
    const saveDir = await fs.mkdtemp(path.join(os.tmpdir(), 'caja-e2e-guardado-'));
    const responses: string[] = [];
    const pageErrors: string[] = [];
    // A print page has the same bridge as the app's page, bound to the same core.
    const openPrintPage = async () => {
      const printPage = await page.context().newPage();
      printPage.on('pageerror', (error) => pageErrors.push(`print page: ${error.message}`));
      printPage.on('console', (message) => {
        if (message.type() === 'error') pageErrors.push(`print page console: ${message.text()}`);
      });
      await printPage.exposeBinding('__posCall', async (_source, method: string, input: unknown) => core.dispatch(method, input));
      await printPage.addInitScript(installBridge, [...BRIDGE_METHODS]);
      return printPage;
    };
    const newestBackup = async () => {
      const listed = await core.dispatch('listBackups', {});
      return listed.ok ? ((listed.value as { backups: { path: string }[] }).backups[0]?.path ?? null) : null;
    };
    const core: TillCore = await startTillCore({
      dataDir,
      demoEndpoint: { billingBaseUrl: sandbox.billingBaseUrl, queryBaseUrl: sandbox.queryBaseUrl, token: sandbox.token },
      outbox: { pollMs: 100, retry: { baseMs: 50, maxMs: 500, random: Math.random } },
      dailyBackups: false,
      shopServer: { idleMs: 100, retry: { baseMs: 100, maxMs: 500 } },
      // Stands in for Electron's open dialog and restart: picks the newest copy, records what would be restored.
      restorer: {
        chooseFile: newestBackup,
        restore: async (file: string) => void restored.push(file),
      },
      files: {
        chooseFolder: async () => dialogs.nextFolder,
        chooseSaveFile: async ({ defaultName }: { defaultName: string }) => {
          const file = path.join(saveDir, defaultName);
          dialogs.saved.push(file);
          return file;
        },
      },
      ...(coreClock ? { clock: coreClock } : {}),
      // The shell would stop the core and relaunch; the harness records the request (tests reopen the files).
      ...(startMode ? { mode: startMode, dbPath: modeFile.databaseFileOf(dataDir, startMode), restart: () => void restarts.push(startMode) } : {}),
      ...(printer === 'pdf' ? { printer: createPagePrinter({ openPage: openPrintPage, baseUrl: server.url, printed }) } : {}),
    });
    await core.start();
    if (staff === 'admin' && !firstRun) {
      const signedIn = await core.dispatch('createFirstAdmin', { name: 'Admin Pruebas', pin: '135790' });
      if (!signedIn.ok) throw new Error(`harness: could not create the administrator: ${JSON.stringify(signedIn.error)}`);
      if (cash === 'open') {
        const opened = await core.dispatch('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '0' });
        if (!opened.ok) throw new Error(`harness: could not open the cash session: ${JSON.stringify(opened.error)}`);
      }
    }

    page.on('pageerror', (error) => pageErrors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(`console: ${message.text()}`);
    });

    await page.exposeBinding('__posCall', async (_source, method: string, input: unknown) => {
      const result = await core.dispatch(method, input);
      responses.push(JSON.stringify(result));
      return result;
    });
    await page.addInitScript(installBridge, [...BRIDGE_METHODS]);
    const offEvents = core.onEvent((event: BridgeEvent) => {
      if (page.isClosed()) return;
      page.evaluate((e) => (window as unknown as { __posEmit?: (e: unknown) => void }).__posEmit?.(e), event).catch(() => undefined);
    });

    const others: { core: TillCore; dir: string }[] = [];
    const harness: Harness = {
      page,
      core,
      sandbox,
      responses,
      pageErrors,
      baseUrl: server.url,
      printed,
      restored,
      dialogs,
      dataDir,
      restarts,
      newestBackup,
      async open() {
        await page.goto(`${server.url}/index.html`);
        await expect(page.getByRole('navigation', { name: 'Pantallas' })).toBeVisible();
        await expect(page.getByTestId('next-number')).not.toHaveText('—');
      },
      async otherTill() {
        const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'caja-e2e-otra-'));
        const other = await startTillCore({
          dataDir: dir,
          demoEndpoint: { billingBaseUrl: sandbox.billingBaseUrl, queryBaseUrl: sandbox.queryBaseUrl, token: sandbox.token },
          dailyBackups: false,
          shopServer: { idleMs: 100, retry: { baseMs: 100, maxMs: 500 } },
        });
        await other.start();
        others.push({ core: other, dir });
        return other;
      },
      async screenshot(name) {
        await fs.mkdir(SCREENS_DIR, { recursive: true });
        await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage: true });
      },
    };

    await use(harness);

    offEvents();
    for (const other of others) {
      await other.core.stop();
      await other.core.close();
      await fs.rm(other.dir, { recursive: true, force: true });
    }
    await core.stop();
    await core.close();
    await sandbox.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(saveDir, { recursive: true, force: true });
    expect(pageErrors, 'the page reported errors').toEqual([]);
  },
});

export { expect };
