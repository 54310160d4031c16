// The start-up check of caja.db with real files: a damaged or deleted database is never replaced silently; the
// latest good copy is offered and restored only after two confirmations; "Salir" leaves the file as it was.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessageBoxOptions } from 'electron';
import * as backupApi from '../../../electron/core/backup';
import { defaultMigrationsDir, openDatabase } from '../../../electron/core/db';
import { recoverDatabaseAtStartup, type StartupRecoveryOutcome } from '../../../electron/shell/startup-recovery';
import { openStore, tempDir, type Store } from '../core/backup/helpers';

const migrationsDir = defaultMigrationsDir();
const open: Store[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

/** A data folder whose caja.db has `issued` boletas; with `backup`, a verified copy in <dataDir>/backups first. */
function dataFolder(options: { issued: number; backup: boolean; issuedAfter?: number }) {
  const store = openStore(tempDir('caja-recovery-'));
  store.issue(options.issued, { issueDate: '2025-03-01' });
  let backup: ReturnType<typeof backupApi.createBackupSync> | undefined;
  if (options.backup) {
    backup = backupApi.createBackupSync(store.db.sqlite, {
      folder: path.join(store.dir, 'backups'),
      reason: 'manual',
      now: () => new Date('2025-03-01T20:30:00Z'),
    });
    expect(backup.check).toBe('ok');
  }
  if (options.issuedAfter) store.issue(options.issuedAfter, { issueDate: '2025-03-02' });
  store.close();
  return { dataDir: store.dir, dbPath: store.path, backup };
}

function corrupt(dbPath: string): Buffer {
  const bytes = crypto.randomBytes(64 * 1024);
  fs.writeFileSync(dbPath, bytes);
  return bytes;
}

/** A dialog that answers with the given buttons in turn (0 = first button). */
function scriptedDialog(...responses: number[]) {
  const calls: MessageBoxOptions[] = [];
  const showMessageBox = vi.fn(async (options: MessageBoxOptions) => {
    calls.push(options);
    const response = responses.shift();
    if (response === undefined) throw new Error(`unexpected dialog: ${options.message}`);
    return { response };
  });
  return { showMessageBox, calls };
}

const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

function recover(dataDir: string, dialog: ReturnType<typeof scriptedDialog>): Promise<StartupRecoveryOutcome> {
  return recoverDatabaseAtStartup({ dataDir, migrationsDir, dialog, backup: backupApi, log });
}

function countDocuments(dbPath: string): number {
  const db = openDatabase({ path: dbPath, migrationsDir });
  try {
    return (db.sqlite.prepare('SELECT COUNT(*) AS n FROM documents').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

const backupFiles = (dataDir: string) => fs.readdirSync(path.join(dataDir, 'backups')).filter((f) => f.endsWith('.db')).sort();

describe('recoverDatabaseAtStartup', () => {
  it('leaves a sound database alone without any dialog', async () => {
    const { dataDir, dbPath } = dataFolder({ issued: 2, backup: true });
    const before = fs.readFileSync(dbPath);
    const dialog = scriptedDialog();
    expect(await recover(dataDir, dialog)).toBe('ok');
    expect(dialog.showMessageBox).not.toHaveBeenCalled();
    expect(fs.readFileSync(dbPath).equals(before)).toBe(true);
  });

  it('lets a first start (no file, no copies) create a new database without asking', async () => {
    const dataDir = tempDir('caja-recovery-first-');
    const dialog = scriptedDialog();
    expect(await recover(dataDir, dialog)).toBe('ok');
    expect(dialog.showMessageBox).not.toHaveBeenCalled();
    expect(fs.existsSync(path.join(dataDir, 'caja.db'))).toBe(false);
  });

  it('offers the latest good copy for a damaged file and restores it on "Restaurar"', async () => {
    const { dataDir, dbPath } = dataFolder({ issued: 3, backup: true, issuedAfter: 2 });
    const damaged = corrupt(dbPath);
    const dialog = scriptedDialog(0, 0);

    expect(await recover(dataDir, dialog)).toBe('restored');

    const [offer, confirm] = dialog.calls;
    expect(offer?.message).toBe('La base de datos de Caja está dañada');
    expect(offer?.detail).toContain(dbPath);
    expect(offer?.detail).toContain('no es una base de datos SQLite');
    // 20:30 UTC is 15:30 in Lima.
    expect(offer?.buttons).toEqual(['Restaurar la última copia (01/03/2025 15:30, 3 comprobantes)', 'Salir']);
    expect(confirm?.buttons).toEqual(['Restaurar', 'Salir']);
    // What is still readable comes along, and the numbering is confirmed before the first sale.
    expect(confirm?.detail).toMatch(/traerá a la copia todas las ventas que aún se puedan leer/);
    expect(confirm?.detail).toMatch(/confirmará con SUNAT el último número usado de cada serie/);
    expect(countDocuments(dbPath)).toBe(3);
    // The damaged bytes were kept as a pre-restore copy, beside the copy that was restored.
    const files = backupFiles(dataDir);
    expect(files).toHaveLength(2);
    const kept = files.find((f) => f.endsWith('-pre_restore.db'));
    expect(kept).toBeDefined();
    expect(fs.readFileSync(path.join(dataDir, 'backups', kept as string)).equals(damaged)).toBe(true);
  });

  it('leaves the damaged file byte for byte untouched on "Salir"', async () => {
    const { dataDir, dbPath } = dataFolder({ issued: 3, backup: true });
    const damaged = corrupt(dbPath);
    const filesBefore = backupFiles(dataDir);
    const dialog = scriptedDialog(1);

    expect(await recover(dataDir, dialog)).toBe('quit');

    expect(dialog.showMessageBox).toHaveBeenCalledTimes(1);
    expect(fs.readFileSync(dbPath).equals(damaged)).toBe(true);
    expect(backupFiles(dataDir)).toEqual(filesBefore);
  });

  it('changes nothing when the user quits at the confirmation', async () => {
    const { dataDir, dbPath } = dataFolder({ issued: 3, backup: true });
    const damaged = corrupt(dbPath);
    const filesBefore = backupFiles(dataDir);
    const dialog = scriptedDialog(0, 1);

    expect(await recover(dataDir, dialog)).toBe('quit');

    expect(dialog.showMessageBox).toHaveBeenCalledTimes(2);
    expect(fs.readFileSync(dbPath).equals(damaged)).toBe(true);
    expect(backupFiles(dataDir)).toEqual(filesBefore);
  });

  it('offers only "Salir" when there is no good copy, leaving the damaged file untouched', async () => {
    const { dataDir, dbPath } = dataFolder({ issued: 3, backup: false });
    const damaged = corrupt(dbPath);
    const dialog = scriptedDialog(0);

    expect(await recover(dataDir, dialog)).toBe('quit');

    expect(dialog.calls).toHaveLength(1);
    expect(dialog.calls[0]?.buttons).toEqual(['Salir']);
    expect(dialog.calls[0]?.detail).toContain(dbPath);
    expect(dialog.calls[0]?.detail).toMatch(/ninguna copia de seguridad en buen estado/);
    expect(fs.readFileSync(dbPath).equals(damaged)).toBe(true);
  });

  it('does not offer a copy that is itself damaged', async () => {
    const { dataDir, dbPath, backup } = dataFolder({ issued: 3, backup: true });
    corrupt(backup?.path as string);
    const damaged = corrupt(dbPath);
    const dialog = scriptedDialog(0);

    expect(await recover(dataDir, dialog)).toBe('quit');
    expect(dialog.calls[0]?.buttons).toEqual(['Salir']);
    expect(fs.readFileSync(dbPath).equals(damaged)).toBe(true);
  });

  it('offers the copy when caja.db was deleted but copies exist, and restores it', async () => {
    const { dataDir, dbPath } = dataFolder({ issued: 4, backup: true });
    fs.rmSync(dbPath);
    const dialog = scriptedDialog(0, 0);

    expect(await recover(dataDir, dialog)).toBe('restored');

    expect(dialog.calls[0]?.message).toBe('No se encontró la base de datos de Caja');
    expect(dialog.calls[0]?.buttons?.[0]).toBe('Restaurar la última copia (01/03/2025 15:30, 4 comprobantes)');
    expect(dialog.calls[1]?.detail).toMatch(/no existe/);
    expect(countDocuments(dbPath)).toBe(4);
  });

  it('quits without creating a database when the user declines after caja.db was deleted', async () => {
    const { dataDir, dbPath } = dataFolder({ issued: 4, backup: true });
    fs.rmSync(dbPath);
    const dialog = scriptedDialog(1);

    expect(await recover(dataDir, dialog)).toBe('quit');
    expect(fs.existsSync(dbPath)).toBe(false);
  });
});
