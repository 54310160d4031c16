// Copies taken on the calling thread. Both give a consistent snapshot of the whole database in one file.
// - copyOnline: better-sqlite3's online backup API, a few pages per step with the event loop free in between, so
//   the app keeps issuing while it runs. Writes made through the same connection during the copy are mirrored into
//   it by SQLite, so the result is the database as it was when the last step ran. The running app normally copies
//   in a worker thread instead (off-thread.ts); this is the fallback, and the path for an in-memory database.
// - copyWithVacuumInto: one synchronous VACUUM INTO, for the pre-migration hook (a synchronous callback that runs
//   at start-up, before anything else uses the database).
import fs from 'node:fs';
import type Database from 'better-sqlite3';
import { openSqlite } from '../db/sqlite-driver';
import { fsyncFile } from './sqlite-file';

/** Pages copied per step. 64 pages of 4 KiB = 256 KiB, well under a millisecond of work per step. */
export const DEFAULT_PAGES_PER_STEP = 64;

export interface OnlineCopyOptions {
  pagesPerStep?: number;
  onProgress?: (progress: { totalPages: number; remainingPages: number }) => void;
}

/** While copying, the part already written is flushed to disk in the background every this many pages (4 MiB). */
const FLUSH_EVERY_PAGES = 1024;

/**
 * Copies `sqlite` into `dest` (which must not exist) with the online backup API, then seals it (as sealCopy).
 * SQLite ends a copy with an fsync of the whole file on the event loop; so that it finds almost nothing left to write,
 * the pages already copied are flushed on libuv's thread pool as the copy goes.
 */
export async function copyOnline(sqlite: Database.Database, dest: string, options: OnlineCopyOptions = {}): Promise<void> {
  const pages = Math.max(1, Math.floor(options.pagesPerStep ?? DEFAULT_PAGES_PER_STEP));
  const flusher = new BackgroundFlush(dest);
  try {
    await sqlite.backup(dest, {
      progress: (progress) => {
        options.onProgress?.(progress);
        flusher.copied(progress.totalPages - progress.remainingPages);
        return pages;
      },
    });
  } finally {
    await flusher.close();
  }
  const handle = await fs.promises.open(dest, 'r+');
  try {
    if (!(await clearWalMarker(handle, dest))) setRollbackJournal(dest);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The backup API copies page 1 verbatim, so a copy of a WAL-mode database says "WAL" in its header (bytes 18-19 =
 * 2, file format §1.3.3) although it was written without a WAL. PRAGMA journal_mode = DELETE would rewrite those two
 * bytes to 1 with a synchronous fsync on the event loop; with no -wal file next to the copy, writing the two bytes
 * directly is the same change, done asynchronously. Returns false when the header is not exactly that (the caller
 * then uses the pragma). The verification that follows reads the copy through SQLite, so a bad change cannot pass.
 */
async function clearWalMarker(handle: fs.promises.FileHandle, file: string): Promise<boolean> {
  if (fs.existsSync(`${file}-wal`)) return false;
  const header = Buffer.alloc(20);
  const { bytesRead } = await handle.read(header, 0, 20, 0);
  if (bytesRead < 20) return false;
  if (header[18] === 1 && header[19] === 1) return true; // already a rollback-journal file
  if (header[18] !== 2 || header[19] !== 2) return false;
  await handle.write(Buffer.from([1, 1]), 0, 2, 18);
  return true;
}

/** fdatasync of a file being written, at most one at a time, off the event loop. Errors only skip a flush. */
class BackgroundFlush {
  private handle: fs.promises.FileHandle | undefined;
  private pending: Promise<void> | undefined;
  private flushedAt = 0;

  constructor(private readonly file: string) {}

  copied(pagesDone: number): void {
    if (this.pending || pagesDone - this.flushedAt < FLUSH_EVERY_PAGES) return;
    this.flushedAt = pagesDone;
    this.pending = this.flush().finally(() => {
      this.pending = undefined;
    });
  }

  private async flush(): Promise<void> {
    try {
      this.handle ??= await fs.promises.open(this.file, 'r+');
      await this.handle.datasync();
    } catch {
      // Nothing lost: SQLite's own fsync at the end still makes the copy durable.
    }
  }

  async close(): Promise<void> {
    await this.pending;
    await this.handle?.close();
    this.handle = undefined;
  }
}

/** Copies `sqlite` into `dest` (which must not exist) with VACUUM INTO, then seals it. Blocks until done. */
export function copyWithVacuumInto(sqlite: Database.Database, dest: string): void {
  sqlite.prepare('VACUUM INTO ?').run(dest);
  sealCopy(dest);
}

/**
 * Makes a fresh copy a self-contained single file: rollback-journal mode (a WAL-mode copy would need -wal/-shm
 * files next to it and could not be read from a read-only folder), then forced to disk.
 */
export function sealCopy(file: string): void {
  setRollbackJournal(file);
  fsyncFile(file);
}

function setRollbackJournal(file: string): void {
  const sqlite = openSqlite(file, { fileMustExist: true });
  try {
    if (sqlite.pragma('journal_mode', { simple: true }) !== 'delete') sqlite.pragma('journal_mode = DELETE');
  } finally {
    sqlite.close();
  }
}

/** Removes a partial copy and the side files SQLite may have left next to it. */
export function removeCopy(file: string): void {
  for (const f of [file, `${file}-journal`, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
}
