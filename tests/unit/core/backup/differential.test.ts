// Differential daily copies on real files: a weekly full copy with its page map, the days between kept as the pages
// that changed, each rebuilt and checked before it is read, and never used when its full copy is gone or changed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyRestore, cleanLeftovers, createBackup, latestGoodBackup, listBackupsIn, planRestore, rotateDailyBackups } from '../../../../electron/core/backup';
import { readCatalog, recordBackup } from '../../../../electron/core/backup/catalog';
import { withCopyImage } from '../../../../electron/core/backup/copy-image';
import { MIN_DIFFERENTIAL_IMAGE_BYTES } from '../../../../electron/core/backup/daily-kind';
import { readDifferentialHeader } from '../../../../electron/core/backup/differential';
import { sidecarOf } from '../../../../electron/core/backup/page-hashes';
import { withReadOnly } from '../../../../electron/core/backup/sqlite-file';
import { defaultMigrationsDir, openDatabase } from '../../../../electron/core/db';
import { newDocument } from '../db/helpers';
import { damageMiddle, manualClock, openStore, type Store } from './helpers';

const migrationsDir = defaultMigrationsDir();
const tempDirRoot = () => os.tmpdir();
const DAY = 86_400_000;
const PAYLOAD = 'x'.repeat(2000);

let store: Store | undefined;
afterEach(() => store?.close());

/** A store past the size where daily copies become differentials, issuing sales with payloads of a real size. */
function bigStore(): { s: Store; sell(count: number, day: string): void } {
  const s = openStore();
  const insert = s.db.sqlite.transaction((count: number, day: string) => {
    for (let i = 0; i < count; i++) {
      const number = s.repos.series.nextNumber('03', 'B001');
      s.repos.documents.insert(newDocument({ number, issue_date: day, issued_at: `${day}T10:00:00-05:00`, payload: JSON.stringify({ serie: 'B001', numero: number, observaciones: PAYLOAD }) }));
    }
  });
  const sell = (count: number, day: string) => insert.immediate(count, day);
  sell(600, '2025-02-28');
  expect(fs.statSync(s.path).size + fs.statSync(`${s.path}-wal`).size).toBeGreaterThan(MIN_DIFFERENTIAL_IMAGE_BYTES);
  store = s;
  return { s, sell };
}

/** What a database holds, as rows: enough to tell one day from another. */
const contentOf = (file: string) =>
  withReadOnly(file, (db) => db.prepare('SELECT id, id_base_dato, status FROM documents ORDER BY id').all());

async function week(days: number) {
  const { s, sell } = bigStore();
  const folder = path.join(s.dir, 'backups');
  const clock = manualClock('2025-03-01T13:00:00.000Z');
  const copies: { fileName: string; path: string; content: unknown[] }[] = [];
  for (let day = 0; day < days; day++) {
    const date = new Date(clock.now().getTime() - 5 * 3600_000).toISOString().slice(0, 10);
    sell(30, date);
    s.repos.documents.updateStatus(day + 1, { status: 'accepted' });
    const copy = await createBackup(s.db.sqlite, { folder, reason: 'daily', now: clock.now });
    expect(copy.check).toBe('ok');
    copies.push({ fileName: copy.fileName, path: copy.path, content: contentOf(s.path) });
    clock.advance(DAY);
  }
  return { s, sell, folder, copies };
}

describe('differential daily copies', () => {
  it('keeps a full copy once a week and the changed pages between, each restoring exactly its own day', async () => {
    const { folder, copies } = await week(8);
    expect(copies.map((c) => path.extname(c.fileName))).toEqual(['.db', '.delta', '.delta', '.delta', '.delta', '.delta', '.delta', '.db']);
    expect(fs.existsSync(sidecarOf(copies[0]!.path))).toBe(true);
    const full = fs.statSync(copies[0]!.path).size;
    for (const c of copies.slice(1, 7)) {
      expect(fs.statSync(c.path).size).toBeLessThan(full / 2);
      expect(readDifferentialHeader(c.path).base).toBe(copies[0]!.fileName);
    }
    const listed = listBackupsIn(folder);
    expect(listed.every((b) => b.check === 'ok')).toBe(true);
    for (const c of copies) {
      expect(await withCopyImage(c.path, async (image) => contentOf(image))).toEqual(c.content);
      const report = await planRestore({ file: c.path, migrationsDir, livePath: store!.path });
      expect(report.file).toBe(c.path);
      expect(report.backupDocuments).toBe(c.content.length);
    }
    // No rebuilt image is left behind.
    expect(fs.readdirSync(folder).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('the listing names the full copy each differential needs, and none for a full copy', async () => {
    const { folder, copies } = await week(3);
    const listed = listBackupsIn(folder);
    expect(listed.map((b) => [b.fileName, b.base])).toEqual([
      [copies[2]!.fileName, copies[0]!.fileName],
      [copies[1]!.fileName, copies[0]!.fileName],
      [copies[0]!.fileName, undefined],
    ]);
    expect(listed[2]).not.toHaveProperty('base');
  });

  it('restoring a differential carries the live database’s unsent sales, as a full copy does', async () => {
    const { s, sell, copies } = await week(3);
    sell(7, '2025-03-04'); // sold after the last copy, never sent
    const live = contentOf(s.path);
    s.close();
    store = undefined;
    const last = copies[2]!;
    expect(last.fileName).toMatch(/\.delta$/);
    const result = await applyRestore(last.path, s.path, { backupFolder: path.dirname(last.path), migrationsDir });
    expect(result.carried.carried).toBe(7);
    const restored = contentOf(s.path) as { id_base_dato: string; status: string }[];
    expect(restored.map((r) => r.id_base_dato).sort()).toEqual((live as { id_base_dato: string }[]).map((r) => r.id_base_dato).sort());
    expect(restored.filter((r) => r.status === 'pending').length).toBeGreaterThanOrEqual(7);
    openDatabase({ path: s.path, migrationsDir }).close();
  });

  it('a differential whose full copy is damaged, changed or missing is failed and never offered', async () => {
    const { folder, copies } = await week(3);
    const base = copies[0]!.path;
    expect((await latestGoodBackup(folder, migrationsDir))?.fileName).toBe(copies[2]!.fileName);

    // Changed in a way the folder's record does not see (same size, its time recorded again): the rebuilt image's
    // SHA-256 does.
    const original = fs.readFileSync(base);
    damageMiddle(base, 4096);
    const entry = readCatalog(folder).find((e) => e.fileName === copies[0]!.fileName)!;
    recordBackup(folder, { ...entry, mtimeMs: fs.statSync(base).mtimeMs });
    expect(listBackupsIn(folder).every((b) => b.check === 'ok')).toBe(true);
    await expect(withCopyImage(copies[2]!.path, async () => 'read')).rejects.toThrow(/cambió o se dañó/);
    expect((await latestGoodBackup(folder, migrationsDir))?.fileName).toBeUndefined();

    // Damaged with a new time: the full copy fails its record, and its differentials with it.
    fs.writeFileSync(base, original);
    damageMiddle(base, 4096);
    const listed = listBackupsIn(folder);
    expect(listed.map((b) => b.check)).toEqual(['failed', 'failed', 'failed']);
    expect(listed[0]!.message).toMatch(/necesita la copia completa caja-20250301-080000-daily\.db/);
    expect(await latestGoodBackup(folder, migrationsDir)).toBeUndefined();

    // Gone.
    fs.rmSync(base);
    const left = listBackupsIn(folder);
    expect(left.map((b) => [b.fileName, b.check])).toEqual([
      [copies[2]!.fileName, 'failed'],
      [copies[1]!.fileName, 'failed'],
    ]);
    expect(left[0]!.message).toMatch(/ya no está en la carpeta/);
    expect(await latestGoodBackup(folder, migrationsDir)).toBeUndefined();
    await expect(planRestore({ file: copies[1]!.path, migrationsDir })).rejects.toThrow(/ya no está en la carpeta/);
  });

  it('rotation keeps the full copy that kept differentials need', async () => {
    const { folder, copies } = await week(10);
    // Days 0 and 7 are full; keeping the 5 newest (days 5-9) keeps the days 5-6 differentials and so day 0's full copy.
    const deleted = rotateDailyBackups(folder, 5);
    expect(deleted.sort()).toEqual(copies.slice(1, 5).map((c) => c.fileName).sort());
    expect(fs.existsSync(copies[0]!.path)).toBe(true);
    expect(fs.existsSync(sidecarOf(copies[0]!.path))).toBe(true);
    for (const c of copies.slice(5)) expect(await withCopyImage(c.path, async (image) => contentOf(image))).toEqual(c.content);
    // Once no kept differential needs it, the full copy goes with its page map.
    const later = rotateDailyBackups(folder, 3);
    expect(later).toContain(copies[0]!.fileName);
    expect(fs.existsSync(sidecarOf(copies[0]!.path))).toBe(false);
  });

  it('start-up removes what an interrupted differential left, never a differential or a page map', () => {
    const folder = fs.mkdtempSync(path.join(tempDirRoot(), 'caja-leftovers-'));
    const leftovers = ['caja-20250302-080000-daily.delta.partial', 'caja-20250301-080000-daily.db.pages.partial',
      'caja-20250302-080000-daily.delta.image-123-1.tmp', 'caja-20250302-080000-daily.delta.image-123-2.tmp-journal'];
    const kept = ['caja-20250302-080000-daily.delta', 'caja-20250301-080000-daily.db', 'caja-20250301-080000-daily.db.pages'];
    for (const name of [...leftovers, ...kept]) fs.writeFileSync(path.join(folder, name), 'x');
    const cleanup = cleanLeftovers(fs.mkdtempSync(path.join(tempDirRoot(), 'caja-data-')), [folder]);
    expect(cleanup.files.map((f) => path.basename(f)).sort()).toEqual([...leftovers].sort());
    expect(fs.readdirSync(folder).sort()).toEqual([...kept].sort());
  });
});
