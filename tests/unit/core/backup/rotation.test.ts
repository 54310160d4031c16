import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackup, KEEP_DAILY, listBackupsIn, rotateDailyBackups } from '../../../../electron/core/backup';
import { readCatalog, recordBackup } from '../../../../electron/core/backup/catalog';
import { manualClock, openStore, type Store } from './helpers';

let store: Store | undefined;
afterEach(() => store?.close());

const DAY = 86_400_000;

describe('rotateDailyBackups', () => {
  it('keeps the 14 newest daily copies and every manual and pre_* copy', async () => {
    store = openStore();
    store.issue(5);
    const folder = path.join(store.dir, 'backups');
    const clock = manualClock('2025-03-01T13:00:00.000Z');
    const take = (reason: 'daily' | 'manual' | 'pre_migration' | 'pre_restore') =>
      createBackup(store!.db.sqlite, { folder, reason, now: clock.now });
    const daily: string[] = [];
    for (let day = 0; day < 20; day++) {
      daily.push((await take('daily')).fileName);
      if (day === 2) await take('manual');
      if (day === 3) await take('pre_migration');
      if (day === 4) await take('pre_restore');
      clock.advance(DAY);
    }
    const deleted = rotateDailyBackups(folder);
    expect(deleted.sort()).toEqual(daily.slice(0, 20 - KEEP_DAILY).sort());
    const left = listBackupsIn(folder);
    expect(left.filter((b) => b.reason === 'daily').map((b) => b.fileName)).toEqual(daily.slice(-KEEP_DAILY).reverse());
    expect(left.filter((b) => b.reason !== 'daily').map((b) => b.reason).sort()).toEqual(['manual', 'pre_migration', 'pre_restore']);
    for (const name of deleted) expect(fs.existsSync(path.join(folder, name))).toBe(false);
    // The record forgets deleted copies too.
    expect(readCatalog(folder).map((e) => e.fileName)).not.toContain(deleted[0]);
    // A second rotation has nothing to do.
    expect(rotateDailyBackups(folder)).toEqual([]);
  });

  it('does not count failed copies among the 14, and drops a failed one once a newer sound copy exists', async () => {
    store = openStore();
    const folder = path.join(store.dir, 'backups');
    const clock = manualClock('2025-03-01T13:00:00.000Z');
    const names: string[] = [];
    for (let day = 0; day < 4; day++) {
      names.push((await createBackup(store.db.sqlite, { folder, reason: 'daily', now: clock.now })).fileName);
      clock.advance(DAY);
    }
    const markFailed = (fileName: string) => {
      const entry = readCatalog(folder).find((e) => e.fileName === fileName)!;
      recordBackup(folder, { ...entry, check: 'failed', message: 'Falló la verificación de integridad' });
    };
    markFailed(names[1]!); // older than a sound one: goes
    markFailed(names[3]!); // the newest: kept so the user sees it
    expect(rotateDailyBackups(folder, 2)).toEqual([names[1]]);
    expect(listBackupsIn(folder).map((b) => [b.fileName, b.check])).toEqual([
      [names[3], 'failed'],
      [names[2], 'ok'],
      [names[0], 'ok'],
    ]);
  });
});
