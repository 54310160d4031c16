// A differential daily copy read from the live file: it writes about what changed (never an image of the whole
// database first), holds what is still only in the -wal, stays consistent while the till keeps selling, and gives way
// to a full copy when no consistent read can be had.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackup } from '../../../../electron/core/backup';
import { withCopyImage } from '../../../../electron/core/backup/copy-image';
import { MIN_DIFFERENTIAL_IMAGE_BYTES } from '../../../../electron/core/backup/daily-kind';
import { readDifferentialHeader } from '../../../../electron/core/backup/differential';
import { withReadOnly } from '../../../../electron/core/backup/sqlite-file';
import { bytesWritten } from '../../../support/bytes-written';
import { manualClock, openStore, type Store } from './helpers';

const DAY = 86_400_000;

let store: Store | undefined;
afterEach(() => store?.close());

const rowsOf = (file: string) => withReadOnly(file, (db) => db.prepare('SELECT id, id_base_dato, status FROM documents ORDER BY id').all());
const integrityOf = (file: string) => withReadOnly(file, (db) => db.pragma('integrity_check', { simple: true }));

/** A store past the differential's size with its week's full copy taken; the next day's copy may be a differential. */
async function storeWithFullCopy() {
  const s = openStore();
  store = s;
  s.issue(8000, { issueDate: '2025-02-28' });
  s.db.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  expect(fs.statSync(s.path).size).toBeGreaterThan(MIN_DIFFERENTIAL_IMAGE_BYTES);
  const folder = path.join(s.dir, 'backups');
  const clock = manualClock('2025-03-01T13:00:00.000Z');
  const full = await createBackup(s.db.sqlite, { folder, reason: 'daily', now: clock.now });
  expect(full.fileName).toMatch(/\.db$/);
  clock.advance(DAY);
  return { s, folder, clock, full };
}

describe('a differential read from the live file', () => {
  it('writes about what changed, not an image of the whole database, and holds the sales still in the -wal', async () => {
    const { s, folder, clock, full } = await storeWithFullCopy();
    s.issue(40, { issueDate: '2025-03-02' });
    s.repos.documents.updateStatus(1, { status: 'accepted' });
    const walBytes = fs.statSync(`${s.path}-wal`).size;
    expect(walBytes).toBeGreaterThan(0);
    const live = rowsOf(s.path);

    const before = bytesWritten()!;
    const copy = await createBackup(s.db.sqlite, { folder, reason: 'daily', now: clock.now });
    const written = bytesWritten()! - before;

    expect(copy.fileName).toMatch(/\.delta$/);
    expect(copy.check).toBe('ok');
    expect(readDifferentialHeader(copy.path).base).toBe(full.fileName);
    // What changed and nothing more: the -wal's pages checkpointed into the file, the pages kept, the folder's record.
    // The old way wrote the whole image (the full copy's size) before keeping the pages that changed.
    expect(written).toBeLessThan(walBytes + copy.size + 64 * 1024);
    expect(written).toBeLessThan(full.size / 4);
    expect(await withCopyImage(copy.path, async (image) => [rowsOf(image), integrityOf(image)])).toEqual([live, 'ok']);
    expect(fs.readdirSync(folder).filter((f) => /partial|\.tmp$/.test(f))).toEqual([]);
  });

  it('is the database as of one moment while the till keeps committing sales', async () => {
    const { s, folder, clock } = await storeWithFullCopy();
    let sold = 0;
    const selling = setInterval(() => {
      s.issue(3, { issueDate: '2025-03-02' });
      sold += 3;
    }, 2);
    let copy;
    try {
      copy = await createBackup(s.db.sqlite, { folder, reason: 'daily', now: clock.now });
    } finally {
      clearInterval(selling);
    }
    expect(sold).toBeGreaterThan(0);
    expect(copy.fileName).toMatch(/\.delta$/);
    expect(copy.check).toBe('ok');
    const live = rowsOf(s.path) as { id: number }[];
    const held = await withCopyImage(copy.path, async (image) => {
      expect(integrityOf(image)).toBe('ok');
      return rowsOf(image) as { id: number }[];
    });
    // Exactly the sales committed up to some moment: no gap, no half-written sale.
    expect(held).toEqual(live.slice(0, held.length));
    expect(held.length).toBe(copy.documents);
  });

  it('a reader holding older pages of the -wal all along leaves no consistent read: a full copy is taken instead', async () => {
    const { s, folder, clock } = await storeWithFullCopy();
    s.issue(40, { issueDate: '2025-03-02' });
    const reader = new Database(s.path, { readonly: true });
    try {
      reader.exec('BEGIN');
      reader.prepare('SELECT COUNT(*) FROM documents').get();
      s.issue(5, { issueDate: '2025-03-02' }); // newer frames the reader's snapshot does not see
      const copy = await createBackup(s.db.sqlite, { folder, reason: 'daily', now: clock.now, snapshotAttempts: 2 });
      expect(copy.fileName).toMatch(/\.db$/);
      expect(copy.check).toBe('ok');
      expect(copy.documents).toBe(8045);
    } finally {
      reader.exec('COMMIT');
      reader.close();
    }
    expect(fs.readdirSync(folder).filter((f) => /partial|\.delta/.test(f))).toEqual([]);
  });
});
