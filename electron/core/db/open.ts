// Opens the local store: better-sqlite3, pragmas, migrations. Plain Node; the caller passes every path.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSqlite } from './sqlite-driver';
import { applyMigrations, planMigrations, type BeforeMigrateHook } from './migrate';
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
 */
export function openDatabase(options: OpenDatabaseOptions): Db {
  const dbPath = options.path;
  const inMemory = dbPath === MEMORY;
  if (!inMemory) fs.mkdirSync(path.dirname(path.resolve(dbPath)), { recursive: true });

  const sqlite = openSqlite(dbPath);
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
    }

    applyMigrations(sqlite, plan, { dbPath, onBeforeMigrate: options.onBeforeMigrate, now: options.now });
  } catch (error) {
    sqlite.close();
    throw error;
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
