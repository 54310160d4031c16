// A restore over a damaged or missing database holds every series until its next number is proven. A copy made
// before this till issued notes may not have its note series registered yet, while the lost file used them: the
// note series this till's settings name are held too, or the first note after the restore would take BC01-1 again.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyRestore, BackupService } from '../../../../electron/core/backup';
import { defaultMigrationsDir, openDatabase, type Db } from '../../../../electron/core/db';
import { openStore, type Store } from './helpers';

const migrationsDir = defaultMigrationsDir();
const open: { close(): void }[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

async function copyWithoutNoteSeries(): Promise<{ s: Store; backupPath: string }> {
  const s = openStore();
  open.push(s);
  s.repos.settings.set('backup', { folder: path.join(s.dir, 'copias') });
  s.repos.settings.set('series', { boleta: 'B002', factura: 'F002' });
  s.repos.series.ensure('03', 'B002');
  s.repos.series.ensure('01', 'F002');
  s.issue(2, { series: 'B002' });
  const backup = await new BackupService({ db: s.db, settings: s.repos.settings, dataDir: s.dir, migrationsDir }).backupNow('manual');
  return { s, backupPath: backup.path };
}

const holds = (db: Db) => db.sqlite.prepare("SELECT doc_type || ' ' || series FROM numbering_holds ORDER BY doc_type, series").pluck().all() as string[];

describe('note series a copy does not know yet', () => {
  it('are held after a restore over a missing database, as the settings name them', async () => {
    const { s, backupPath } = await copyWithoutNoteSeries();
    s.close();
    fs.rmSync(s.path);
    await applyRestore(backupPath, s.path, { backupFolder: path.join(s.dir, 'copias'), migrationsDir });
    const db = openDatabase({ path: s.path, migrationsDir });
    open.push(db);
    expect(holds(db)).toEqual(['01 F001', '01 F002', '03 B001', '03 B002', '07 BC02', '07 FC02', '08 BD02', '08 FD02']);
  });

  it('named in the settings (noteSeries) are the ones held', async () => {
    const { s, backupPath } = await copyWithoutNoteSeries();
    const edit = openDatabase({ path: backupPath, migrationsDir });
    edit.sqlite.prepare("INSERT INTO settings (key, value) VALUES ('noteSeries', ?)").run(
      JSON.stringify({ creditBoleta: 'BN07', creditFactura: 'FN07', debitBoleta: 'BN08', debitFactura: 'FN08' }),
    );
    edit.close();
    s.close();
    fs.truncateSync(s.path, 0);
    await applyRestore(backupPath, s.path, { backupFolder: path.join(s.dir, 'copias'), migrationsDir });
    const db = openDatabase({ path: s.path, migrationsDir });
    open.push(db);
    expect(holds(db).filter((h) => h.startsWith('07') || h.startsWith('08'))).toEqual(['07 BN07', '07 FN07', '08 BN08', '08 FN08']);
  });
});
