// Migration runner: ordered `NNNN_name.sql` files, each applied once, in its own transaction, tracked in
// schema_migrations. A database whose applied migrations are not a prefix of the shipped list (a database
// from a newer Caja, or a renamed migration) is refused and never written to.
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { MigrationError, formatVersion } from './errors';
import type { Clock } from './types';

export interface MigrationFile {
  version: number;
  /** The part after the number: '0001_init.sql' -> 'init'. */
  name: string;
  fileName: string;
  path: string;
}

export interface AppliedMigration {
  version: number;
  name: string;
  applied_at: string;
}

export interface MigrationPlan {
  shipped: MigrationFile[];
  applied: AppliedMigration[];
  pending: MigrationFile[];
}

export interface BeforeMigrateInfo {
  dbPath: string;
  /** Highest applied version. */
  fromVersion: number;
  /** Highest version after the pending ones are applied. */
  toVersion: number;
  pending: MigrationFile[];
}

/** Called before pending migrations are applied to a database that already has applied ones (e.g. to back it up). */
export type BeforeMigrateHook = (sqlite: Database.Database, info: BeforeMigrateInfo) => void;

export interface MigrateOptions {
  dir: string;
  /** Used in messages only. */
  dbPath: string;
  onBeforeMigrate?: BeforeMigrateHook;
  now?: Clock;
}

const FILE_PATTERN = /^(\d{4})_([a-z0-9_]+)\.sql$/;

const CREATE_TRACKING_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  applied_at TEXT NOT NULL
)`;

/**
 * The migrations shipped in `dir`, sorted by version. Files not ending in .sql are ignored; a .sql file with a
 * malformed name, or two files with the same number, is a packaging error and throws.
 */
export function listMigrations(dir: string): MigrationFile[] {
  const files: MigrationFile[] = [];
  for (const fileName of fs.readdirSync(dir)) {
    if (!fileName.endsWith('.sql')) continue;
    const match = FILE_PATTERN.exec(fileName);
    if (!match) throw new Error(`Nombre de migración no válido: ${fileName} (se espera NNNN_nombre.sql)`);
    files.push({ version: Number(match[1]), name: match[2] ?? '', fileName, path: path.join(dir, fileName) });
  }
  files.sort((a, b) => a.version - b.version);
  for (let i = 1; i < files.length; i++) {
    const previous = files[i - 1];
    const current = files[i];
    if (previous && current && previous.version === current.version) {
      throw new Error(`Dos migraciones con el número ${formatVersion(current.version)}: ${previous.fileName}, ${current.fileName}`);
    }
  }
  return files;
}

/** Applied migrations, read without writing anything. */
export function readAppliedMigrations(sqlite: Database.Database): AppliedMigration[] {
  const table = sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
    .get();
  if (!table) return [];
  return sqlite
    .prepare('SELECT version, name, applied_at FROM schema_migrations ORDER BY version')
    .all() as AppliedMigration[];
}

/** Reads the shipped list and the database's history; throws MigrationError if they disagree. Writes nothing. */
export function planMigrations(sqlite: Database.Database, dir: string, dbPath: string): MigrationPlan {
  let shipped: MigrationFile[];
  try {
    shipped = listMigrations(dir);
  } catch (cause) {
    throw new MigrationError(
      'failed',
      `No se pudieron leer las migraciones de ${dir} para la base de datos ${dbPath}: ${messageOf(cause)}. No se modificó nada.`,
      { dbPath, cause },
    );
  }
  if (shipped.length === 0) {
    throw new MigrationError(
      'failed',
      `No se encontraron migraciones en ${dir} para la base de datos ${dbPath}. No se modificó nada.`,
      { dbPath },
    );
  }
  const applied = readAppliedMigrations(sqlite);
  assertPrefix(applied, shipped, dbPath);
  return { shipped, applied, pending: shipped.slice(applied.length) };
}

function assertPrefix(applied: AppliedMigration[], shipped: MigrationFile[], dbPath: string): void {
  const maxShipped = shipped[shipped.length - 1]?.version ?? 0;
  for (let i = 0; i < applied.length; i++) {
    const have = applied[i];
    const want = shipped[i];
    if (!have) continue;
    if (want && have.version === want.version && have.name === want.name) continue;
    if (!want || have.version > maxShipped) {
      const newest = applied[applied.length - 1]?.version ?? have.version;
      throw new MigrationError(
        'newer_database',
        `La base de datos ${dbPath} fue creada por una versión más reciente de Caja (migración ${formatVersion(newest)}). ` +
          'Actualice la aplicación; no se modificó nada.',
        { dbPath, version: newest },
      );
    }
    const expected = `${formatVersion(want.version)} (${want.name})`;
    throw new MigrationError(
      'unknown_migration',
      `La base de datos ${dbPath} tiene aplicada la migración ${formatVersion(have.version)} (${have.name}), ` +
        `que esta versión de Caja no reconoce (se esperaba ${expected}). No se modificó nada.`,
      { dbPath, version: have.version },
    );
  }
}

/**
 * Applies the pending migrations of a plan, one transaction each. Foreign keys are switched off while migrating
 * (so a migration may rebuild a table) and checked with foreign_key_check before each commit.
 * Migration files must not contain BEGIN/COMMIT or PRAGMA foreign_keys.
 * Returns the migrations applied now.
 */
export function applyMigrations(
  sqlite: Database.Database,
  plan: MigrationPlan,
  options: Omit<MigrateOptions, 'dir'>,
): MigrationFile[] {
  const { pending, applied } = plan;
  if (pending.length === 0) return [];
  const now = options.now ?? (() => new Date());
  let currentVersion = applied[applied.length - 1]?.version ?? 0;
  if (applied.length > 0 && options.onBeforeMigrate) {
    options.onBeforeMigrate(sqlite, {
      dbPath: options.dbPath,
      fromVersion: currentVersion,
      toVersion: pending[pending.length - 1]?.version ?? currentVersion,
      pending,
    });
  }

  const foreignKeysWereOn = sqlite.pragma('foreign_keys', { simple: true }) === 1;
  if (foreignKeysWereOn) sqlite.pragma('foreign_keys = OFF');
  const done: MigrationFile[] = [];
  try {
    for (const migration of pending) {
      const applyOne = sqlite.transaction(() => {
        const sql = fs.readFileSync(migration.path, 'utf8');
        sqlite.exec(CREATE_TRACKING_TABLE);
        sqlite.exec(sql);
        const violations = sqlite.pragma('foreign_key_check') as unknown[];
        if (violations.length > 0) {
          throw new Error(`${violations.length} referencias rotas entre tablas (foreign_key_check)`);
        }
        sqlite
          .prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)')
          .run(migration.version, migration.name, now().toISOString());
      });
      try {
        applyOne.immediate();
      } catch (cause) {
        const state = currentVersion === 0 ? 'sin migraciones' : `en la versión ${formatVersion(currentVersion)}`;
        throw new MigrationError(
          'failed',
          `No se pudo aplicar la migración ${migration.fileName} a la base de datos ${options.dbPath}: ` +
            `${messageOf(cause)}. La base de datos quedó ${state}.`,
          { dbPath: options.dbPath, version: migration.version, cause },
        );
      }
      currentVersion = migration.version;
      done.push(migration);
    }
  } finally {
    if (foreignKeysWereOn) sqlite.pragma('foreign_keys = ON');
  }
  return done;
}

/** planMigrations + applyMigrations. */
export function migrate(sqlite: Database.Database, options: MigrateOptions): MigrationFile[] {
  const plan = planMigrations(sqlite, options.dir, options.dbPath);
  return applyMigrations(sqlite, plan, options);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
