// Helpers of the backup tests: a store on disk with documents issued the way the app does it (number taken and
// document stored in one transaction, with its event), and byte-level damage.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRepositories, openDatabase, type Db, type Repositories } from '../../../../electron/core/db';
import { newDocument, tempDir } from '../db/helpers';

export { tempDir };

export interface Store {
  db: Db;
  repos: Repositories;
  dir: string;
  path: string;
  /** Issues `count` boletas (facturas for an F series), all in one transaction; returns their ids. */
  issue(count: number, over?: { series?: string; issueDate?: string }): number[];
  close(): void;
}

export function openStore(dir = tempDir('caja-backup-')): Store {
  const file = path.join(dir, 'caja.db');
  const db = openDatabase({ path: file });
  const repos = createRepositories(db);
  repos.series.ensure('03', 'B001');
  repos.series.ensure('01', 'F001');
  const issueMany = db.sqlite.transaction((count: number, series: string, issueDate: string) => {
    const docType = series.startsWith('F') ? '01' : '03';
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const number = repos.series.nextNumber(docType, series);
      ids.push(
        repos.documents.insert(
          newDocument({ doc_type: docType, series, number, issue_date: issueDate, issued_at: `${issueDate}T10:00:00-05:00` }),
        ),
      );
    }
    return ids;
  });
  return {
    db,
    repos,
    dir,
    path: file,
    issue: (count, over = {}) => issueMany.immediate(count, over.series ?? 'B001', over.issueDate ?? '2025-03-01'),
    close: () => db.close(),
  };
}

/** Overwrites `length` bytes in the middle of a file with random bytes. */
export function damageMiddle(file: string, length = 64 * 1024): void {
  const size = fs.statSync(file).size;
  const start = Math.max(0, Math.floor(size / 2) - Math.floor(length / 2));
  const fd = fs.openSync(file, 'r+');
  try {
    fs.writeSync(fd, crypto.randomBytes(Math.min(length, size - start)), 0, Math.min(length, size - start), start);
  } finally {
    fs.closeSync(fd);
  }
}

/** A clock fixed at `iso` that tests move by hand. */
export function manualClock(iso: string): { now: () => Date; advance(ms: number): void; set(iso: string): void } {
  let t = Date.parse(iso);
  return {
    now: () => new Date(t),
    advance(ms) {
      t += ms;
    },
    set(next) {
      t = Date.parse(next);
    },
  };
}
