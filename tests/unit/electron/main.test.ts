// The whole main process against a fake `electron`, with the real core (temp data folder) and the real demo sandbox.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as electron from 'electron';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningApp } from '../../../electron/shell/run';
import { CONTENT_SECURITY_POLICY } from '../../../electron/shell/security';
import { FakeBrowserWindow, FakeWebContents, preventable, type FakeElectron } from './fake-electron';
import { installNativeBuild } from './native-fixture';
import { sqliteBinding } from '../../../electron/core/db/sqlite-driver';

vi.mock('electron', async () => (await import('./fake-electron')).createFakeElectron());

const fake = electron as unknown as FakeElectron;
// The core's worker runs its TypeScript entry here (the app runs the bundle `npm run build` emits).
const CORE_ENTRY = fileURLToPath(new URL('../../../electron/core/worker-host/entry.ts', import.meta.url));
const MIGRATIONS = fileURLToPath(new URL('../../../migrations/', import.meta.url));
const TOKEN = 'tok_live_SHOULD_NEVER_LEAVE_MAIN_4321';

let base: string;
let dataDir: string;
let running: RunningApp;
let window: FakeBrowserWindow;
const beforeReady = { schemes: 0, sandbox: 0, lock: 0, windows: -1, userData: '' };
const previousEnv = process.env.CAJA_DATA_DIR;

type Call = (envelope: unknown, event?: unknown) => Promise<{ ok: boolean; value?: unknown; error?: { code: string } }>;
let call: Call;

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-main-'));
  dataDir = path.join(base, 'data');
  const rendererDir = path.join(base, 'renderer');
  fs.mkdirSync(rendererDir, { recursive: true });
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Caja</title>');
  process.env.CAJA_DATA_DIR = dataDir;

  const { runMain } = await import('../../../electron/shell/run');
  installNativeBuild(base);
  const started = runMain({
    mainDir: path.join(base, 'out', 'main'),
    paths: { rendererDir, migrationsDir: MIGRATIONS },
    coreEntry: CORE_ENTRY,
    processHandlers: false,
    echoLog: false,
  });
  beforeReady.schemes = fake.protocol.registerSchemesAsPrivileged.mock.calls.length;
  beforeReady.sandbox = fake.app.enableSandbox.mock.calls.length;
  beforeReady.lock = fake.app.requestSingleInstanceLock.mock.calls.length;
  beforeReady.windows = FakeBrowserWindow.instances.length;
  beforeReady.userData = fake.app.getPath('userData');

  fake.app.fireReady();
  running = await started;
  window = FakeBrowserWindow.instances[0] as FakeBrowserWindow;
  const handler = fake.ipcMain.handlers.get('pos:call');
  call = async (envelope, event = { sender: window.webContents, senderFrame: window.webContents.mainFrame }) =>
    (await handler?.(event, envelope)) as Awaited<ReturnType<Call>>;
});

afterAll(async () => {
  if (running?.shutdown && running.shutdown.phase !== 'done') {
    fake.app.emit('before-quit', preventable());
    await running.shutdown.finished;
  }
  if (previousEnv === undefined) delete process.env.CAJA_DATA_DIR;
  else process.env.CAJA_DATA_DIR = previousEnv;
  fs.rmSync(base, { recursive: true, force: true });
});

async function waitFor<T>(probe: () => T | undefined, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('start-up', () => {
  it('registers the app scheme, turns the sandbox on and takes the single-instance lock before ready', () => {
    expect(beforeReady).toEqual({ schemes: 1, sandbox: 1, lock: 1, windows: 0, userData: dataDir });
    const schemes = fake.protocol.registerSchemesAsPrivileged.mock.calls[0]?.[0] as Array<{ scheme: string; privileges: object }>;
    expect(schemes).toEqual([expect.objectContaining({ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) })]);
  });

  it('started the core and opened one window', () => {
    expect(running.outcome).toBe('started');
    expect(FakeBrowserWindow.instances).toHaveLength(1);
  });

  it('opened the database through the build in .native for the running ABI, not node_modules\'', () => {
    expect(sqliteBinding()).toBe(path.join(base, '.native', `electron-v${process.versions.modules}-${process.platform}-${process.arch}`, 'better_sqlite3.node'));
  });

  it('creates the window hidden, with the secure preferences, and loads app://caja', () => {
    expect(window.options).toMatchObject({
      show: false,
      webPreferences: {
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webviewTag: false,
        webSecurity: true,
        preload: path.join(base, 'out', 'preload', 'preload.js'),
      },
    });
    expect(window.loadURL).toHaveBeenCalledWith('app://caja/index.html');
  });

  it('shows the window only when the page is ready', () => {
    expect(window.show).not.toHaveBeenCalled();
    window.emit('ready-to-show');
    expect(window.show).toHaveBeenCalledTimes(1);
  });

  it('serves the renderer over app:// with the CSP header and the traversal guard', async () => {
    const handler = fake.protocol.handlers.get('app');
    expect(handler).toBeDefined();
    const page = await handler?.(new Request('app://caja/index.html'));
    expect(page?.status).toBe(200);
    expect(page?.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    fs.writeFileSync(path.join(base, 'outside.txt'), 'outside');
    const escape = await handler?.(new Request('app://caja/..%2Foutside.txt'));
    expect(escape?.status).toBe(404);
  });

  it('denies permissions on the default session', () => {
    const request = fake.session.defaultSession.setPermissionRequestHandler.mock.calls[0]?.[0] as (
      ...args: unknown[]
    ) => void;
    const callback = vi.fn();
    request({}, 'media', callback, {});
    expect(callback).toHaveBeenCalledWith(false);
    const check = fake.session.defaultSession.setPermissionCheckHandler.mock.calls[0]?.[0] as (...args: unknown[]) => boolean;
    expect(check(null, 'notifications', 'app://caja', {})).toBe(false);
  });

  it('hardens every web contents created: navigation, pop-ups and <webview> denied', () => {
    const contents = new FakeWebContents('app://caja/index.html');
    fake.app.emit('web-contents-created', {}, contents);
    const nav = preventable({ url: 'https://evil.example/' });
    contents.emit('will-navigate', nav, 'https://evil.example/');
    expect(nav.preventDefault).toHaveBeenCalled();
    expect(contents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    const webview = preventable();
    contents.emit('will-attach-webview', webview, {}, {});
    expect(webview.preventDefault).toHaveBeenCalled();
  });

  it('sets a Spanish menu', () => {
    const template = fake.Menu.buildFromTemplate.mock.calls[0]?.[0] as Array<{ label: string }>;
    expect(template.map((m) => m.label)).toEqual(['Archivo', 'Editar', 'Ver', 'Ayuda']);
  });
});

describe('the bridge', () => {
  it('answers our window and refuses anyone else', async () => {
    const status = await call({ method: 'getStatus', input: {} });
    expect(status).toMatchObject({ ok: true, value: { demo: true } });

    const stranger = new FakeWebContents('app://caja/index.html');
    const refused = await call({ method: 'getStatus', input: {} }, { sender: stranger, senderFrame: stranger.mainFrame });
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('never returns the token: only that it is set and its last 4 characters', async () => {
    const set = await call({ method: 'setToken', input: { token: TOKEN } });
    expect(set).toEqual({ ok: true, value: { tokenSet: true, tokenLast4: '4321' } });
    const settings = await call({ method: 'getSettings', input: {} });
    expect(settings).toMatchObject({ ok: true, value: { api: { tokenSet: true, tokenLast4: '4321' } } });
    const status = await call({ method: 'getStatus', input: {} });

    for (const result of [set, settings, status]) expect(JSON.stringify(result)).not.toContain(TOKEN.slice(0, -4));
    expect(JSON.stringify(window.webContents.sent)).not.toContain(TOKEN.slice(0, -4));
    const secrets = fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8');
    expect(secrets).toContain('apiToken');
    expect(secrets).not.toContain(TOKEN);
    const logs = fs.readdirSync(path.join(dataDir, 'logs')).map((f) => fs.readFileSync(path.join(dataDir, 'logs', f), 'utf8'));
    expect(logs.join('\n')).not.toContain(TOKEN.slice(0, -4));
  });

  it('issues a boleta in demo mode and pushes its acceptance to the window', async () => {
    const issued = await call({
      method: 'issueSale',
      input: {
        clientKey: crypto.randomUUID(),
        docType: '03',
        customer: null,
        lines: [{ code: 'ARROZ1', description: 'ARROZ EXTRA 1 KG', unit: 'NIU', quantity: '2', unitPrice: '5.90', affectation: '10' }],
      },
    });
    expect(issued).toMatchObject({ ok: true, value: { series: 'B001', status: 'pending', total: '11.80', demo: true } });
    const id = (issued.value as { id: number }).id;
    const accepted = await waitFor(() =>
      window.webContents.sent.find(
        (m) => m.channel === 'pos:event' && JSON.stringify(m.args[0]) === JSON.stringify({ type: 'document', id, status: 'accepted' }),
      ),
    );
    expect(accepted).toBeDefined();
    // The core's requests leave from its worker thread, never through the main process.
    expect(fake.net.fetch).not.toHaveBeenCalled();
  });

  it('brings the window to the front on a second launch', () => {
    window.minimized = true;
    fake.app.emit('second-instance', {}, ['caja'], '/');
    expect(window.restore).toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalled();
  });
});

describe('closing', () => {
  it('with a document still pending: waits, tells the user how many, closes the database, quits once', async () => {
    // The outbox stops taking documents, so the next boleta stays pending (demo mode has its own sandbox).
    await running.core?.stop();
    const issued = await call({
      method: 'issueSale',
      input: {
        clientKey: crypto.randomUUID(),
        docType: '03',
        customer: null,
        lines: [{ code: 'AZUCAR1', description: 'AZUCAR RUBIA 1 KG', unit: 'NIU', quantity: '1', unitPrice: '4.50', affectation: '10' }],
      },
    });
    expect(issued).toMatchObject({ ok: true });

    const first = preventable();
    fake.app.emit('before-quit', first);
    const again = preventable();
    fake.app.emit('before-quit', again);
    expect(first.preventDefault).toHaveBeenCalled();
    expect(again.preventDefault).toHaveBeenCalled();
    await running.shutdown?.finished;

    expect(fake.dialog.showMessageBox).toHaveBeenCalledTimes(1);
    const box = fake.dialog.showMessageBox.mock.calls[0]?.at(-1) as { message: string };
    expect(box.message).toBe('Queda 1 comprobante pendiente; se enviará al volver a abrir Caja.');
    // The core's worker ended, and its database was closed cleanly: the last connection's close removes the WAL.
    expect(running.core?.alive).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'caja-demo.db-wal'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'caja-demo.db'))).toBe(true);
    expect(fake.app.quit).toHaveBeenCalledTimes(1);
  });
});
