import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import {
  backupFoldersOf,
  BackupService,
  CATALOG_FILE,
  createBackup,
  latestGoodBackup,
  listBackupsIn,
  verifyCopy,
} from '../../../../electron/core/backup';
import { recordBackup } from '../../../../electron/core/backup/catalog';
import { backupOffThread } from '../../../../electron/core/backup/off-thread';
import { defaultMigrationsDir } from '../../../../electron/core/db';
import { damageMiddle, manualClock, openStore, tempDir, type Store } from './helpers';

const stores: Store[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});
function store(): Store {
  const s = openStore();
  stores.push(s);
  return s;
}

describe.each([{ offThread: true }, { offThread: false }])('createBackup (offThread: $offThread)', ({ offThread }) => {
  it('writes a verified single-file copy named with the Lima time and records it', async () => {
    const s = store();
    s.issue(300);
    const folder = path.join(s.dir, 'backups');
    const clock = manualClock('2025-03-01T14:30:00.000Z');
    const info = await createBackup(s.db.sqlite, { folder, reason: 'manual', now: clock.now, pagesPerStep: 2, offThread });
    expect(info).toMatchObject({ fileName: 'caja-20250301-093000-manual.db', reason: 'manual', check: 'ok', message: null, documents: 300 });
    expect(info.size).toBe(fs.statSync(info.path).size);
    // Rollback-journal mode and no side files: the copy is one self-contained file.
    expect(fs.readdirSync(folder).sort()).toEqual(['caja-20250301-093000-manual.db', CATALOG_FILE]);
    const copy = new Database(info.path, { readonly: true });
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    expect(copy.prepare('SELECT COUNT(*) AS n FROM document_events').get()).toEqual({ n: 300 });
    copy.close();
    const catalog = JSON.parse(fs.readFileSync(path.join(folder, CATALOG_FILE), 'utf8')) as { backups: unknown[] };
    expect(catalog.backups).toEqual([expect.objectContaining({ fileName: info.fileName, check: 'ok', documents: 300 })]);
  });

  it('gives a second copy in the same second its own name', async () => {
    const s = store();
    const folder = path.join(s.dir, 'backups');
    const now = manualClock('2025-03-01T14:30:00.000Z').now;
    const a = await createBackup(s.db.sqlite, { folder, reason: 'manual', now, offThread });
    const b = await createBackup(s.db.sqlite, { folder, reason: 'manual', now, offThread });
    expect([a.fileName, b.fileName]).toEqual(['caja-20250301-093000-manual.db', 'caja-20250301-093000-manual-2.db']);
  });

  it('records a failed attempt and throws a Spanish error when the folder cannot be written', async () => {
    const s = store();
    const blocker = path.join(s.dir, 'not-a-folder');
    fs.writeFileSync(blocker, 'x');
    await expect(createBackup(s.db.sqlite, { folder: path.join(blocker, 'sub'), reason: 'manual', offThread })).rejects.toMatchObject({
      code: 'backup_failed',
      message: expect.stringMatching(/No se pudo crear la carpeta de copias/),
    });
  });
});

describe('backupOffThread', () => {
  it('copies, seals and gathers the verification facts in a worker thread', async () => {
    const s = store();
    s.issue(120);
    const dest = path.join(s.dir, 'copia.db');
    const result = await backupOffThread(s.path, dest);
    expect(result).toMatchObject({
      kind: 'copied',
      copy: { integrity: ['ok'], hasTables: true, count: 120, maxId: 120 },
      live: { upTo: 120, hasMax: true },
    });
    const header = fs.readFileSync(dest).subarray(18, 20);
    expect([...header]).toEqual([1, 1]); // rollback-journal file, readable without -wal/-shm
    expect(fs.readdirSync(s.dir).filter((f) => f.startsWith('copia'))).toEqual(['copia.db']);
  });

  it('reports a copy that could not be written as copy_failed (not as an unavailable worker)', async () => {
    const s = store();
    const result = await backupOffThread(s.path, path.join(s.dir, 'no-existe', 'copia.db'));
    expect(result).toMatchObject({ kind: 'copy_failed', error: expect.stringMatching(/directory does not exist/) });
  });
});

describe('verifyCopy', () => {
  it('detects a copy damaged after it was written', async () => {
    const s = store();
    s.issue(3000);
    const info = await createBackup(s.db.sqlite, { folder: path.join(s.dir, 'backups'), reason: 'manual' });
    expect(verifyCopy(info.path, s.db.sqlite)).toMatchObject({ ok: true, documents: 3000 });
    damageMiddle(info.path);
    const result = verifyCopy(info.path, s.db.sqlite);
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/integridad|no se puede leer/);
  });

  it('compares the document count up to the copy\'s last id, so documents issued after the copy do not matter', async () => {
    const s = store();
    s.issue(50);
    const info = await createBackup(s.db.sqlite, { folder: path.join(s.dir, 'backups'), reason: 'manual' });
    s.issue(10);
    expect(verifyCopy(info.path, s.db.sqlite)).toMatchObject({ ok: true, documents: 50 });
    // A copy that lacks a document the live database had at that point fails.
    const editable = new Database(info.path);
    editable.pragma('foreign_keys = OFF');
    editable.prepare('DELETE FROM documents WHERE id = 7').run();
    editable.close();
    expect(verifyCopy(info.path, s.db.sqlite)).toMatchObject({ ok: false, message: expect.stringMatching(/49 comprobantes.*50/) });
  });

  it('refuses a copy without the migration history', async () => {
    const s = store();
    const info = await createBackup(s.db.sqlite, { folder: path.join(s.dir, 'backups'), reason: 'manual' });
    const editable = new Database(info.path);
    editable.exec('DROP TABLE schema_migrations');
    editable.close();
    expect(verifyCopy(info.path, s.db.sqlite)).toMatchObject({ ok: false, message: expect.stringMatching(/historial de versiones/) });
  });
});

describe('BackupService', () => {
  it('lists copies newest first with their check, and keeps the folder choice in settings', async () => {
    const s = store();
    const clock = manualClock('2025-03-01T14:30:00.000Z');
    const service = new BackupService({ db: s.db, settings: s.repos.settings, dataDir: s.dir, now: clock.now });
    expect(service.listBackups()).toEqual({ folder: path.join(s.dir, 'backups'), isDefaultFolder: true, backups: [] });
    await service.backupNow('daily');
    clock.advance(60_000);
    s.issue(2);
    await service.backupNow('manual');
    const listed = service.listBackups().backups;
    expect(listed.map((b) => [b.fileName, b.check, b.documents])).toEqual([
      ['caja-20250301-093100-manual.db', 'ok', 2],
      ['caja-20250301-093000-daily.db', 'ok', 0],
    ]);

    const other = path.join(tempDir('caja-other-'), 'copias');
    expect(service.setBackupFolder(other)).toEqual({ folder: other, isDefaultFolder: false, backups: [] });
    expect(s.repos.settings.get('backup')).toEqual({ folder: other });
    const third = await service.backupNow('manual');
    expect(path.dirname(third.path)).toBe(other);
    // Remembered outside the database too, for the start-up screen of a damaged database.
    expect(backupFoldersOf(s.dir)).toEqual([other, path.join(s.dir, 'backups')]);
    expect((await latestGoodBackup(backupFoldersOf(s.dir), defaultMigrationsDir()))?.fileName).toBe(third.fileName);
    expect(() => service.setBackupFolder('relativa/carpeta')).toThrow(/ruta completa/);
  });

  it('shows copies found without a record as unverified', async () => {
    const s = store();
    const service = new BackupService({ db: s.db, settings: s.repos.settings, dataDir: s.dir });
    const info = await service.backupNow('manual');
    const folder = path.dirname(info.path);
    fs.copyFileSync(info.path, path.join(folder, 'caja-20240101-080000-daily.db'));
    fs.writeFileSync(path.join(folder, 'notas.txt'), 'no es una copia');
    const listed = service.listBackups().backups;
    expect(listed.map((b) => [b.fileName, b.check])).toEqual([
      [info.fileName, 'ok'],
      ['caja-20240101-080000-daily.db', 'unverified'],
    ]);
  });

  it('runs copies one after another', async () => {
    const s = store();
    s.issue(500);
    const service = new BackupService({ db: s.db, settings: s.repos.settings, dataDir: s.dir, pagesPerStep: 1 });
    const finished: string[] = [];
    const first = service.backupNow('manual').finally(() => finished.push('manual'));
    const second = service.backupNow('daily').finally(() => finished.push('daily'));
    await service.idle();
    expect(finished).toEqual(['manual', 'daily']);
    const [a, b] = [await first, await second];
    expect(a.check).toBe('ok');
    expect(b.check).toBe('ok');
    expect(service.lastSuccessful('daily')?.fileName).toBe(b.fileName);
  });
});

describe('catalog', () => {
  it('keeps failed attempts that left no file (with their message) and forgets copies the user deleted', () => {
    const folder = tempDir('caja-catalog-');
    const base = { reason: 'daily' as const, size: 0, documents: null, durationMs: 5 };
    recordBackup(folder, { ...base, fileName: 'caja-20250301-093000-daily.db', createdAt: '2025-03-01T14:30:00.000Z', check: 'ok', message: null });
    recordBackup(folder, {
      ...base, fileName: 'caja-20250302-093000-daily.db', createdAt: '2025-03-02T14:30:00.000Z', check: 'failed', message: 'Disco lleno',
    });
    expect(listBackupsIn(folder)).toEqual([
      expect.objectContaining({ fileName: 'caja-20250302-093000-daily.db', check: 'failed', message: 'Disco lleno' }),
    ]);
  });
});

describe('latestGoodBackup', () => {
  it('offers the newest copy that still passes every check, skipping damaged ones', async () => {
    const s = store();
    s.issue(2000);
    const clock = manualClock('2025-03-01T14:30:00.000Z');
    const folder = path.join(s.dir, 'backups');
    const older = await createBackup(s.db.sqlite, { folder, reason: 'daily', now: clock.now });
    clock.advance(3_600_000);
    const newer = await createBackup(s.db.sqlite, { folder, reason: 'manual', now: clock.now });
    expect((await latestGoodBackup(folder, defaultMigrationsDir()))?.fileName).toBe(newer.fileName);
    damageMiddle(newer.path);
    expect(await latestGoodBackup(folder, defaultMigrationsDir())).toMatchObject({ fileName: older.fileName, documents: 2000 });
    fs.writeFileSync(older.path, 'basura');
    expect(await latestGoodBackup(folder, defaultMigrationsDir())).toBeUndefined();
    expect(await latestGoodBackup(path.join(s.dir, 'no-existe'), defaultMigrationsDir())).toBeUndefined();
  });
});
