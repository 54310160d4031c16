// runMain with a damaged caja.db and a good copy: the restore is offered before the core opens the database;
// "Salir" quits without any window and leaves the file as it was.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as electron from 'electron';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBackupSync } from '../../../electron/core/backup';
import { openDatabase } from '../../../electron/core/db';
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
let damaged: Buffer;
let running: RunningApp;
const previousEnv = process.env.CAJA_DATA_DIR;

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-main-recovery-'));
  const dataDir = path.join(base, 'data');
  dbPath = path.join(dataDir, 'caja.db');
  const db = openDatabase({ path: dbPath, migrationsDir: MIGRATIONS });
  expect(createBackupSync(db.sqlite, { folder: path.join(dataDir, 'backups'), reason: 'manual' }).check).toBe('ok');
  db.close();
  damaged = crypto.randomBytes(32 * 1024);
  fs.writeFileSync(dbPath, damaged);
  process.env.CAJA_DATA_DIR = dataDir;

  fake.dialog.showMessageBox.mockResolvedValueOnce({ response: 1, checkboxChecked: false }); // "Salir"
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

describe('damaged database at start-up', () => {
  it('offers the latest copy before opening anything, and "Salir" quits leaving the file untouched', () => {
    expect(fake.dialog.showMessageBox).toHaveBeenCalledTimes(1);
    const options = fake.dialog.showMessageBox.mock.calls[0]?.[0] as { message: string; buttons: string[]; detail: string };
    expect(options.message).toBe('La base de datos de Caja está dañada');
    expect(options.buttons[0]).toMatch(/^Restaurar la última copia \(\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}, 0 comprobantes\)$/);
    expect(options.detail).toContain(dbPath);
    expect(running.outcome).toBe('quit');
    expect(fake.app.quit).toHaveBeenCalled();
    expect(FakeBrowserWindow.instances).toHaveLength(0);
    expect(fake.ipcMain.handlers.size).toBe(0);
    expect(fs.readFileSync(dbPath).equals(damaged)).toBe(true);
  });
});
