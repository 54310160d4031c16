// One process per data folder, enforced by the core: a lock file next to the database. Two Caja processes
// on one folder raced their backups (valid copies recorded as failed) and, on a fresh folder, their migrations.
//
// The lock is SQLite's own file lock on a small database of its own (caja.lock), held in EXCLUSIVE locking mode for
// the life of the core: POSIX advisory locks (LockFileEx on Windows) are released by the operating system when the
// process dies, so a kill -9 never leaves a stale lock behind, and SQLite also refuses a second connection of the
// same process (a second core in one process is refused just the same).
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { openSqlite } from './sqlite-driver';
import { asOpenFailure, StorageError, storageKindOf } from './storage-errors';

export const LOCK_FILE = 'caja.lock';

export interface FolderLock {
  readonly file: string;
  release(): void;
}

/** Takes the data folder of `dbPath` for this core; throws StorageError('in_use') when another one holds it. */
export function lockDataFolder(folder: string): FolderLock {
  const file = path.join(folder, LOCK_FILE);
  let sqlite: Database.Database | undefined;
  try {
    fs.mkdirSync(folder, { recursive: true });
    sqlite = openSqlite(file);
    sqlite.pragma('busy_timeout = 0');
    sqlite.pragma('locking_mode = EXCLUSIVE');
    sqlite.pragma('journal_mode = MEMORY');
    sqlite.exec('BEGIN EXCLUSIVE');
    sqlite.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER NOT NULL, since TEXT NOT NULL)');
    sqlite.exec('DELETE FROM holder');
    sqlite.prepare('INSERT INTO holder (pid, since) VALUES (?, ?)').run(process.pid, new Date().toISOString());
    sqlite.exec('COMMIT');
  } catch (error) {
    try {
      sqlite?.close();
    } catch {
      // Closing what we opened is all that is left to do.
    }
    if (storageKindOf(error) === 'in_use') {
      throw new StorageError(
        'in_use',
        `Caja ya está abierta con estos datos (${folder}): otra ventana u otro proceso de Caja los está usando. ` +
          'Ciérrela antes de abrir Caja otra vez; si no hay otra abierta, reinicie la computadora.',
        file,
        { cause: error },
      );
    }
    throw asOpenFailure(error, file);
  }
  const held = sqlite;
  return {
    file,
    release() {
      if (held.open) held.close();
    },
  };
}
