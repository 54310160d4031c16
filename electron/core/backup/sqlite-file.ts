// Low-level reading of SQLite files that are not the open live database: backups, restore candidates, a live file
// that failed to open. Always read-only; side files (-wal/-shm) that SQLite creates for reading are removed again.
import fs from 'node:fs';
import type Database from 'better-sqlite3';
import { openSqlite } from '../db/sqlite-driver';

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

/** True when the file starts with the SQLite header. Throws on I/O errors (missing file, no permission). */
export function hasSqliteHeader(file: string): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(SQLITE_MAGIC.length);
    const read = fs.readSync(fd, head, 0, head.length, 0);
    return read === head.length && head.equals(SQLITE_MAGIC);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Runs `fn` on a read-only connection to `file` and closes it. If reading a WAL-mode file made SQLite create
 * -wal/-shm files that were not there before, they are removed afterwards (an empty -wal carries nothing).
 */
export function withReadOnly<T>(file: string, fn: (sqlite: Database.Database) => T): T {
  const connection = openReadOnly(file);
  try {
    return fn(connection.sqlite);
  } finally {
    connection.close();
  }
}

/** withReadOnly for work that awaits (e.g. the online backup API). */
export async function withReadOnlyAsync<T>(file: string, fn: (sqlite: Database.Database) => Promise<T>): Promise<T> {
  const connection = openReadOnly(file);
  try {
    return await fn(connection.sqlite);
  } finally {
    connection.close();
  }
}

function openReadOnly(file: string): { sqlite: Database.Database; close(): void } {
  const sideFiles = [`${file}-wal`, `${file}-shm`];
  const existed = sideFiles.map((f) => fs.existsSync(f));
  const sqlite = openSqlite(file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  return {
    sqlite,
    close() {
      sqlite.close();
      sideFiles.forEach((f, i) => {
        if (existed[i]) return;
        try {
          if (f.endsWith('-shm') || fs.statSync(f).size === 0) fs.rmSync(f, { force: true });
        } catch {
          // Not there: nothing to clean.
        }
      });
    },
  };
}

/** 'ok', or the first problems PRAGMA integrity_check (or quick_check) reports, joined. */
export function integrityOf(sqlite: Database.Database, mode: 'full' | 'quick' = 'full'): string {
  const pragma = mode === 'full' ? 'integrity_check(20)' : 'quick_check(20)';
  const rows = sqlite.pragma(pragma) as Record<string, unknown>[];
  const lines = rows.map((row) => String(Object.values(row)[0]));
  return lines.length === 1 && lines[0] === 'ok' ? 'ok' : lines.join('; ');
}

export function hasTable(sqlite: Database.Database, name: string): boolean {
  return sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

export interface DocumentStats {
  count: number;
  /** Highest documents.id, 0 when empty. */
  maxId: number;
}

export function documentStats(sqlite: Database.Database): DocumentStats {
  const row = sqlite.prepare('SELECT COUNT(*) AS count, COALESCE(MAX(id), 0) AS maxId FROM documents').get() as DocumentStats;
  return { count: row.count, maxId: row.maxId };
}

/** Forces a file's bytes to disk (a copy that vanishes on a power cut is no copy). */
export function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Makes a rename inside `folder` durable. Not supported on Windows (EPERM/EISDIR): then it is a no-op. */
export function fsyncFolder(folder: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(folder, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Directories cannot be fsynced on every platform.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
