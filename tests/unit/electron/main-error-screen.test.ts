// A database the app cannot open (here: one migrated by a newer Caja) shows the error screen, not a blank window.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import * as electron from 'electron';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningApp } from '../../../electron/shell/run';
import { FakeBrowserWindow, preventable, type FakeElectron } from './fake-electron';
import { installNativeBuild } from './native-fixture';

vi.mock('electron', async () => (await import('./fake-electron')).createFakeElectron());

const fake = electron as unknown as FakeElectron;
// The core's worker runs its TypeScript entry here (the app runs the bundle `npm run build` emits).
const CORE_ENTRY = fileURLToPath(new URL('../../../electron/core/worker-host/entry.ts', import.meta.url));
const MIGRATIONS = fileURLToPath(new URL('../../../migrations/', import.meta.url));
let base: string;
let dbPath: string;
let dbBefore: Buffer;
let running: RunningApp;
const previousEnv = process.env.CAJA_DATA_DIR;

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-main-err-'));
  const dataDir = path.join(base, 'data');
  fs.mkdirSync(dataDir);
  dbPath = path.join(dataDir, 'caja.db');
  const db = new Database(dbPath);
  db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  db.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(1, 'init', '2026-01-01T00:00:00Z');
  db.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(9999, 'from_the_future', '2026-01-02T00:00:00Z');
  db.close();
  dbBefore = fs.readFileSync(dbPath);
  process.env.CAJA_DATA_DIR = dataDir;

  const { runMain } = await import('../../../electron/shell/run');
  installNativeBuild(base);
  const started = runMain({
    mainDir: path.join(base, 'out', 'main'),
    paths: { rendererDir: path.join(base, 'renderer'), migrationsDir: MIGRATIONS },
    coreEntry: CORE_ENTRY,
    processHandlers: false,
    echoLog: false,
  });
  fake.app.fireReady();
  running = await started;
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

describe('database that cannot be opened', () => {
  it('shows the Spanish error screen with the path, in a locked-down window without the bridge', () => {
    expect(running.outcome).toBe('error-screen');
    expect(FakeBrowserWindow.instances).toHaveLength(1);
    const win = FakeBrowserWindow.instances[0] as FakeBrowserWindow;
    expect(win.options).toMatchObject({ show: false, webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false } });
    expect((win.options.webPreferences as object)).not.toHaveProperty('preload');

    const url = win.loadURL.mock.calls[0]?.[0] as string;
    expect(url.startsWith('data:text/html;charset=utf-8,')).toBe(true);
    const html = decodeURIComponent(url.slice('data:text/html;charset=utf-8,'.length));
    expect(html).toContain('La base de datos es de una versión más reciente de Caja');
    expect(html).toContain(dbPath);
    expect(html).toContain('Instale la versión más reciente de Caja');

    win.emit('ready-to-show');
    expect(win.show).toHaveBeenCalled();
  });

  it('registers no bridge and leaves the database file untouched', () => {
    expect(fake.ipcMain.handlers.size).toBe(0);
    expect(fs.readFileSync(dbPath).equals(dbBefore)).toBe(true);
  });

  it('quits cleanly when the error screen is closed', async () => {
    fake.app.emit('window-all-closed');
    expect(fake.app.quit).toHaveBeenCalled();
    fake.app.emit('before-quit', preventable());
    await running.shutdown?.finished;
    expect(fake.dialog.showMessageBox).not.toHaveBeenCalled();
  });
});
