// Opens the local store: better-sqlite3, pragmas, migrations. Plain Node; the caller passes every path.
import { makePrivate } from './private-file';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import { openSqlite } from './sqlite-driver';
import { applyMigrations, planMigrations, type BeforeMigrateHook } from './migrate';
import { CAJA_APPLICATION_ID, checkBeforeOpen } from './file-check';
import { asOpenFailure, StorageError } from './storage-errors';
import type { WalDamage } from './wal-check';
import type { Clock, Db } from './types';

export interface OpenDatabaseOptions {
  /** A file path or ':memory:'. The parent folder is created if missing. */
  path: string;
  /** Folder with NNNN_name.sql files. Default: the repository's migrations/ folder (dev and tests). */
  migrationsDir?: string;
  /** Called before pending migrations are applied to a database that already has applied ones. */
  onBeforeMigrate?: BeforeMigrateHook;
  /** Clock for schema_migrations.applied_at. */
  now?: Clock;
  /**
   * The file must already exist: a database was expected there (copies of it exist), so a missing one is
   * refused with StorageError('missing') instead of starting over with a new, empty one.
   */
  mustExist?: boolean;
  /**
   * Called before SQLite opens a file whose -wal would lose committed transactions (wal-check.ts), while the raw
   * files are still as they were: the caller saves them and salvages what it can. Opening goes on afterwards.
   */
  onWalDamage?: (damage: WalDamage) => void;
}

const MEMORY = ':memory:';

/** The repository's migrations/ folder, resolved from this source file (electron/core/db/ -> ../../../migrations). */
export function defaultMigrationsDir(): string {
  return fileURLToPath(new URL('../../../migrations/', import.meta.url));
}

/**
 * Opens (creating if needed) the database, checks its migration history, then sets WAL and applies pending
 * migrations. If the history is not a prefix of the shipped migrations a MigrationError is thrown and the file
 * is left untouched (nothing is written before that check).
 *
 * An existing file is checked first (checkBeforeOpen: not empty nor cut short, SQLite's header, ours, its history, not
 * marked damaged; the whole file is checked later, in the background: background-check.ts) and
 * refused with a StorageError without being written to; a new file is built aside and put in place whole, so a
 * crash never leaves an empty caja.db behind; storage failures come out as Spanish StorageErrors.
 */
export function openDatabase(options: OpenDatabaseOptions): Db {
  const dbPath = options.path;
  const inMemory = dbPath === MEMORY;
  if (!inMemory) {
    try {
      fs.mkdirSync(path.dirname(path.resolve(dbPath)), { recursive: true });
    } catch (error) {
      throw asOpenFailure(error, dbPath);
    }
    const check = checkBeforeOpen(dbPath);
    if (check.state === 'missing') {
      if (options.mustExist) {
        throw new StorageError(
          'missing',
          `No se encontró la base de datos de Caja (${dbPath}), aunque hay copias de ella: puede haber sido borrada o movida. ` +
            'Caja no creará una nueva vacía (repetiría números ya usados). Restaure la última copia en buen estado.',
          dbPath,
        );
      }
      createAside(dbPath, options);
    } else if (check.walDamage) {
      options.onWalDamage?.(check.walDamage);
    }
  }

  let sqlite: Database.Database;
  try {
    sqlite = openSqlite(dbPath);
  } catch (error) {
    throw asOpenFailure(error, dbPath);
  }
  try {
    // Connection-level settings: none of these writes to the file.
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('synchronous = FULL');

    const plan = planMigrations(sqlite, options.migrationsDir ?? defaultMigrationsDir(), dbPath);

    // Changing the journal mode rewrites the file header, so it comes only after the history was accepted.
    if (!inMemory) {
      const mode = sqlite.pragma('journal_mode = WAL', { simple: true });
      if (mode !== 'wal') throw new Error(`No se pudo activar el modo WAL en ${dbPath} (modo actual: ${String(mode)})`);
      makePrivate(dbPath, `${dbPath}-wal`, `${dbPath}-shm`);
    }

    applyMigrations(sqlite, plan, { dbPath, onBeforeMigrate: options.onBeforeMigrate, now: options.now });
    // Our mark in the header (a file of another program is refused at the next open).
    if (!inMemory && sqlite.pragma('application_id', { simple: true }) !== CAJA_APPLICATION_ID) {
      sqlite.pragma(`application_id = ${CAJA_APPLICATION_ID}`);
    }
  } catch (error) {
    sqlite.close();
    throw asOpenFailure(error, dbPath);
  }

  return {
    sqlite,
    path: dbPath,
    close() {
      if (!sqlite.open) return;
      try {
        sqlite.pragma('optimize');
      } catch {
        // Best effort: statistics only.
      }
      sqlite.close();
    },
  };
}

/**
 * A new database, built in a temporary file next to `dbPath` (schema, WAL mode, our application id), closed and
 * renamed into place: the only way a caja.db ever appears, so an empty or half-made one is never Caja's own.
 */
function createAside(dbPath: string, options: OpenDatabaseOptions): void {
  const temp = `${dbPath}.new-${process.pid}-${Date.now()}`;
  try {
    const sqlite = openSqlite(temp);
    try {
      sqlite.pragma('foreign_keys = ON');
      const plan = planMigrations(sqlite, options.migrationsDir ?? defaultMigrationsDir(), dbPath);
      sqlite.pragma('journal_mode = WAL');
      applyMigrations(sqlite, plan, { dbPath, now: options.now });
      sqlite.pragma(`application_id = ${CAJA_APPLICATION_ID}`);
    } finally {
      sqlite.close();
    }
    const fd = fs.openSync(temp, 'r+');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temp, dbPath);
  } catch (error) {
    for (const f of [temp, `${temp}-wal`, `${temp}-shm`, `${temp}-journal`]) fs.rmSync(f, { force: true });
    throw asOpenFailure(error, dbPath);
  }
}
