// The -wal checkpoint after a sale: it runs shortly after the write, outside any COMMIT, so the -wal starts
// over instead of growing until SQLite's automatic checkpoint runs inside some later sale's COMMIT.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../../electron/core/db';
import { AFTER_MS, checkpointSoon } from '../../../../electron/core/db/checkpoint-soon';
import { tempDir } from './helpers';

let db: Db;
let file: string;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const walBytes = () => fs.statSync(`${file}-wal`).size;

beforeEach(() => {
  file = path.join(tempDir('caja-checkpoint-'), 'caja.db');
  db = openDatabase({ path: file });
  db.sqlite.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
});

afterEach(() => db.close());

/** One commit of about 40 pages, as a sale writes (several tables and indexes). */
function writeOne(): void {
  const insert = db.sqlite.prepare('INSERT INTO t (body) VALUES (?)');
  db.sqlite.transaction(() => {
    for (let i = 0; i < 40; i++) insert.run('x'.repeat(3_000));
  })();
}

describe('checkpointSoon', () => {
  it('checkpoints after each pause, so the -wal keeps to about one commit', async () => {
    const checkpoint = checkpointSoon(db.sqlite);
    for (let i = 0; i < 10; i++) {
      writeOne();
      checkpoint.soon();
      await pause(AFTER_MS + 30);
    }
    // One commit is some 40 frames of 4 KB; ten without a checkpoint would be 400 (the automatic one waits for 1,000).
    expect(walBytes()).toBeLessThan(100 * 4_120);
    expect(db.sqlite.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 400 });
  });

  it('without it the same writes pile up in the -wal (the test can fail)', async () => {
    for (let i = 0; i < 10; i++) {
      writeOne();
      await pause(5);
    }
    expect(walBytes()).toBeGreaterThan(300 * 4_120);
  });

  it('does nothing while automatic checkpoints are off (a drill keeping every commit in the -wal)', async () => {
    db.sqlite.pragma('wal_autocheckpoint = 0');
    const checkpoint = checkpointSoon(db.sqlite);
    for (let i = 0; i < 10; i++) {
      writeOne();
      checkpoint.soon();
      await pause(AFTER_MS + 30);
    }
    expect(walBytes()).toBeGreaterThan(300 * 4_120);
  });

  it('a cancelled checkpoint never runs on a closed database', async () => {
    const checkpoint = checkpointSoon(db.sqlite);
    writeOne();
    checkpoint.soon();
    checkpoint.cancel();
    db.close();
    await pause(AFTER_MS + 30);
    db = openDatabase({ path: file });
    expect(db.sqlite.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 40 });
  });
});
