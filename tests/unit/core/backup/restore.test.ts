import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { applyRestore, BackupService, createBackup, listBackupsIn, planRestore } from '../../../../electron/core/backup';
import { createRepositories, defaultMigrationsDir, openDatabase } from '../../../../electron/core/db';
import { sha256 } from '../db/helpers';
import { damageMiddle, openStore, type Store } from './helpers';

const migrationsDir = defaultMigrationsDir();
const open: Store[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

/** 10 boletas and 2 facturas, a manual copy, then 5 boletas and 1 factura more and one status change. */
async function storeWithLaterWork() {
  const s = openStore();
  open.push(s);
  s.repos.settings.set('backup', { folder: path.join(s.dir, 'copias') });
  s.issue(10, { issueDate: '2025-03-01' });
  s.issue(2, { series: 'F001', issueDate: '2025-03-01' });
  const service = new BackupService({ db: s.db, settings: s.repos.settings, dataDir: s.dir, migrationsDir });
  const backup = await service.backupNow('manual');
  s.issue(3, { issueDate: '2025-03-02' });
  s.issue(1, { series: 'F001', issueDate: '2025-03-03' });
  s.issue(2, { issueDate: '2025-03-04' });
  s.repos.documents.updateStatus(1, { status: 'accepted' });
  return { s, service, backup };
}

describe('planRestore', () => {
  it('lists the documents issued after the copy and the numbering, changing nothing', async () => {
    const { s, service, backup } = await storeWithLaterWork();
    const before = sha256(backup.path);
    const report = await service.planRestore(backup.path);
    expect(report).toMatchObject({ backupDocuments: 12, liveDocuments: 18, statusChanged: 1, backupCreatedAt: expect.any(String) });
    expect(report.missing).toMatchObject({ count: 6, firstDate: '2025-03-02', lastDate: '2025-03-04', truncated: false });
    expect(report.missing.documents.map((d) => `${d.series}-${d.number}`)).toEqual([
      'B001-11', 'B001-12', 'B001-13', 'F001-3', 'B001-14', 'B001-15',
    ]);
    expect(report.numbering).toEqual([
      { docType: '01', series: 'F001', backupLast: 2, liveLast: 3 },
      { docType: '03', series: 'B001', backupLast: 10, liveLast: 15 },
    ]);
    expect(report.warnings.join('\n')).toMatch(/6 comprobantes emitidos del 2025-03-02 al 2025-03-04 no están en la copia: se copiarán/);
    expect(report.warnings.join('\n')).toMatch(/B001 sigue en 16/);
    expect(sha256(backup.path)).toBe(before);
    expect(s.repos.documents.countByStatus().pending).toBe(17);
  });

  it('matches documents by id_Base_Dato even where the backup holds them under other ids', async () => {
    const { service, backup } = await storeWithLaterWork();
    // Renumber the backup: document 3 moves to id 1003 and id 4 now holds a document the live database never had.
    const edit = new Database(backup.path);
    edit.pragma('foreign_keys = OFF');
    edit.exec(`UPDATE documents SET id = 1003 WHERE id = 3;
      UPDATE documents SET id_base_dato = 'otra-caja-1' WHERE id = 4;`);
    edit.close();
    const report = await service.planRestore(backup.path);
    // Live 4 is now missing from the backup (its key is gone); live 3 is still found under id 1003.
    expect(report.missing.documents.map((d) => `${d.series}-${d.number}`)).toEqual([
      'B001-4', 'B001-11', 'B001-12', 'B001-13', 'F001-3', 'B001-14', 'B001-15',
    ]);
    expect(report.statusChanged).toBe(1);
  });

  it('refuses a file that is not a sound Caja backup', async () => {
    const { service, backup } = await storeWithLaterWork();
    fs.writeFileSync(`${backup.path}.txt`, 'hola');
    await expect(service.planRestore(`${backup.path}.txt`)).rejects.toThrow(/no es una copia de seguridad de Caja/);
  });
});

describe('applyRestore', () => {
  it('saves the current database, puts the copy in place and keeps numbering ahead of every number used', async () => {
    const { s, backup } = await storeWithLaterWork();
    s.close();
    const backupFolder = path.join(s.dir, 'copias');
    const result = await applyRestore(backup.path, s.path, { backupFolder, migrationsDir });
    expect(result).toMatchObject({ restoredDocuments: 12, liveWasReadable: true });
    expect(result.seriesAdvanced).toEqual(
      expect.arrayContaining([
        { docType: '03', series: 'B001', from: 10, to: 15 },
        { docType: '01', series: 'F001', from: 2, to: 3 },
      ]),
    );
    expect(result.preRestoreBackup).toMatchObject({ reason: 'pre_restore', check: 'ok', documents: 18 });
    expect(fs.readdirSync(s.dir).filter((f) => f.includes('.tmp'))).toEqual([]);

    // The 6 documents issued after the copy are carried over (never lost), and document 1 keeps its newer state.
    expect(result.carried).toEqual({ carried: 6, undeclared: 6, refreshed: 1 });
    const db = openDatabase({ path: s.path, migrationsDir });
    const repos = createRepositories(db);
    expect(db.sqlite.prepare('SELECT COUNT(*) AS n FROM documents').get()).toEqual({ n: 18 });
    expect(repos.documents.getBySeriesNumber('03', 'B001', 1)?.status).toBe('accepted');
    const carried = repos.documents.getBySeriesNumber('01', 'F001', 3);
    expect(carried?.status).toBe('pending');
    expect(repos.documents.events(carried!.id).length).toBeGreaterThan(0);
    expect(repos.series.get('03', 'B001')?.last_number).toBe(15);
    expect(repos.settings.get('backup')).toEqual({ folder: backupFolder });
    expect(db.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
    // The copy taken before restoring can itself be restored: the 18 documents are not lost.
    expect(listBackupsIn(backupFolder).map((b) => b.reason).sort()).toEqual(['manual', 'pre_restore']);
  });

  it('keeps a customer corrected after the copy: what was sent is the live payload', async () => {
    const { s, backup } = await storeWithLaterWork();
    s.repos.documents.updateStatus(2, { status: 'sending' });
    s.repos.documents.updateStatus(2, { status: 'invalid', last_error: 'cliente_Razon_Social: no puede estar vacío' });
    const correction = { payload: '{"corregido":true}', customer_doc_type: '1', customer_doc_number: '45678912', customer_name: 'Juan Pérez Quispe' };
    s.repos.documents.correctCustomer(2, correction, 'Corregido por Ana');
    s.close();
    await applyRestore(backup.path, s.path, { backupFolder: path.join(s.dir, 'copias'), migrationsDir });
    const db = openDatabase({ path: s.path, migrationsDir });
    const repos = createRepositories(db);
    expect(repos.documents.getBySeriesNumber('03', 'B001', 2)).toMatchObject({ status: 'pending', ...correction });
    expect(repos.documents.search({ customer: 'quispe' }).map((d) => d.number)).toEqual([2]);
    db.close();
  });

  it('refuses a damaged copy before touching anything', async () => {
    const { s, backup } = await storeWithLaterWork();
    s.issue(3000);
    const bigCopy = await createBackup(s.db.sqlite, { folder: path.join(s.dir, 'otras'), reason: 'manual' });
    s.close();
    damageMiddle(bigCopy.path);
    const live = sha256(s.path);
    await expect(applyRestore(bigCopy.path, s.path, { backupFolder: path.join(s.dir, 'copias'), migrationsDir })).rejects.toThrow(/está dañado/);
    expect(sha256(s.path)).toBe(live);
    expect(listBackupsIn(path.join(s.dir, 'copias')).map((b) => b.fileName)).toEqual([backup.fileName]);
  });

  it('restores over a damaged live file, keeping its raw bytes as a pre_restore copy', async () => {
    const { s, backup } = await storeWithLaterWork();
    s.issue(3000);
    s.close();
    damageMiddle(s.path);
    const report = await planRestore({ file: backup.path, migrationsDir, livePath: s.path });
    expect(report).toMatchObject({ liveDocuments: null, missing: { count: 0 } });
    expect(report.warnings[0]).toMatch(/no se puede leer/);

    const backupFolder = path.join(s.dir, 'copias');
    const result = await applyRestore(backup.path, s.path, { backupFolder, migrationsDir });
    expect(result).toMatchObject({ liveWasReadable: false, seriesAdvanced: [], restoredDocuments: 12, numberingHeld: true });
    expect(result.preRestoreBackup).toMatchObject({ reason: 'pre_restore', check: 'failed' });
    expect(fs.statSync(result.preRestoreBackup!.path).size).toBeGreaterThan(0);
    // What was still readable of the damaged file came along (64 KB of garbage lose a few pages of rows).
    expect(result.salvaged!.documents).toBeGreaterThan(2_500);
    const db = openDatabase({ path: s.path, migrationsDir });
    const count = db.sqlite.prepare('SELECT COUNT(*) AS n FROM documents').pluck().get() as number;
    expect(count).toBe(12 + result.carried.carried);
    expect(count).toBeGreaterThan(2_500);
    // Every series is held until its next number is confirmed against the API.
    expect(db.sqlite.prepare('SELECT series FROM numbering_holds ORDER BY series').pluck().all()).toEqual(['B001', 'F001']);
    expect(db.sqlite.prepare("SELECT last_number FROM series WHERE series = 'B001'").pluck().get()).toBeGreaterThan(2_500);
    db.close();
  });

  it('removes the old -wal and -shm, which would otherwise be replayed onto the restored file', async () => {
    const { s, backup } = await storeWithLaterWork();
    s.close();
    fs.writeFileSync(`${s.path}-wal`, Buffer.alloc(8192, 7));
    fs.writeFileSync(`${s.path}-shm`, Buffer.alloc(32768, 1));
    await applyRestore(backup.path, s.path, { backupFolder: path.join(s.dir, 'copias'), migrationsDir });
    expect(fs.existsSync(`${s.path}-wal`)).toBe(false);
    expect(fs.existsSync(`${s.path}-shm`)).toBe(false);
    const db = openDatabase({ path: s.path, migrationsDir });
    expect(db.sqlite.prepare('SELECT COUNT(*) AS n FROM documents').get()).toEqual({ n: 18 });
    db.close();
  });

  it('refuses a copy that holds other documents under this till\'s numbers, leaving the live file untouched', async () => {
    const { s, backup } = await storeWithLaterWork();
    s.close();
    // A copy from another till: its B001-11 is not ours.
    const edit = new Database(backup.path);
    const row = edit.prepare('SELECT * FROM documents WHERE id = 1').get() as Record<string, unknown>;
    const cols = Object.keys(row).filter((c) => c !== 'id');
    edit.prepare(`INSERT INTO documents (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`)
      .run({ ...Object.fromEntries(cols.map((c) => [c, row[c]])), id_base_dato: 'otra-caja-11', number: 11 });
    edit.close();
    const live = sha256(s.path);
    await expect(applyRestore(backup.path, s.path, { backupFolder: path.join(s.dir, 'copias'), migrationsDir })).rejects.toThrow(
      /otros comprobantes con los mismos números.*B001-11/,
    );
    expect(sha256(s.path)).toBe(live);
  });
});
