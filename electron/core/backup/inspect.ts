// Checks of database files that are not (yet) open: the live file at start-up and backup files before a restore.
import fs from 'node:fs';
import path from 'node:path';
import { checkBeforeOpen, DAMAGE_CODES, formatVersion, listMigrations, StorageError, storageKindOf, storageMessage, type MigrationFile } from '../db';
import { readDamageMark } from '../db/damage-mark';
import { CoreError } from '../services/errors';
import { inspectOffThread } from './off-thread';
import { WorkerUnavailableError } from './script-worker';
import { hasSqliteHeader, integrityOf, messageOf, withReadOnly, type DocumentStats } from './sqlite-file';
import { copyFactsOf, type CopyFacts } from './verify';

/** 'unavailable': the disk failed (full, read-only, I/O error), not the file: no restore is offered. */
export type DatabaseFileState = 'ok' | 'missing' | 'corrupt' | 'unavailable';

export interface DatabaseFileCheck {
  state: DatabaseFileState;
  /** Spanish, for the start-up screen; null when ok. */
  reason: string | null;
  /** What failed when the state is 'unavailable'. */
  kind?: 'disk_full' | 'read_only' | 'io' | 'in_use';
}

export interface InspectOptions {
  /**
   * 'quick' (default, PRAGMA quick_check: reads every page), 'full' (integrity_check, also indexes), or 'startup': the
   * core's own start-up check (db/file-check.ts), which reads only what must be sound before the first write, so that
   * the shell and the core run one cheap check and the whole file is read once, in the background.
   */
  mode?: 'quick' | 'full' | 'startup';
}

/** 'ok' | 'missing' | 'corrupt' (not a database, integrity failure or unreadable). Writes nothing. */
export function inspectDatabaseFile(file: string, options: InspectOptions = {}): DatabaseFileState {
  return checkDatabaseFile(file, options).state;
}

/** inspectDatabaseFile with the reason, for the screen that offers the latest good backup. */
export function checkDatabaseFile(file: string, options: InspectOptions = {}): DatabaseFileCheck {
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'missing', reason: null };
    return failure(file, error, 'No se pudo leer el archivo de datos');
  }
  // A database Caja created is never empty: an empty file is a truncated one, not a fresh start.
  if (size === 0) return corrupt('El archivo de datos está vacío (0 bytes).');
  try {
    if (!hasSqliteHeader(file)) return corrupt('El archivo de datos no es una base de datos SQLite.');
    // Found damaged by the background check of an earlier run: damaged, whatever a partial read would say now.
    const mark = readDamageMark(file);
    if (mark) return corrupt(`La verificación en segundo plano encontró un daño: ${mark.reason}`);
    if (options.mode === 'startup') return startupCheck(file);
    const integrity = withReadOnly(file, (sqlite) => integrityOf(sqlite, options.mode === 'full' ? 'full' : 'quick'));
    return integrity === 'ok' ? { state: 'ok', reason: null } : corrupt(`Falló la verificación de integridad: ${integrity}`);
  } catch (error) {
    return failure(file, error, 'No se pudo leer la base de datos');
  }
}

const corrupt = (reason: string): DatabaseFileCheck => ({ state: 'corrupt', reason });

/** The core's start-up check, said as the shell's screen says it. A file of another program is left to the core. */
function startupCheck(file: string): DatabaseFileCheck {
  try {
    checkBeforeOpen(file);
    return { state: 'ok', reason: null };
  } catch (error) {
    if (error instanceof StorageError && DAMAGE_CODES.includes(error.code)) return corrupt(error.message);
    if (error instanceof StorageError && error.code === 'foreign') return { state: 'ok', reason: null };
    return failure(file, error, 'No se pudo leer la base de datos');
  }
}

/**
 * An error while reading the file: damage (SQLITE_CORRUPT, not a database), or the disk (full, read-only, I/O),
 * which is not the file's fault and must not be answered with a restore.
 */
function failure(file: string, error: unknown, what: string): DatabaseFileCheck {
  const kind = storageKindOf(error, path.dirname(path.resolve(file)));
  if (kind === undefined || kind === 'corrupt') return corrupt(`${what}: ${messageOf(error)}`);
  return { state: 'unavailable', kind, reason: storageMessage(kind, 'open') };
}

export interface ValidBackup {
  applied: { version: number; name: string }[];
  /** Highest applied migration. */
  schemaVersion: number;
  documents: DocumentStats;
}

/**
 * Accepts only a file that is a sound backup of this app: a SQLite database with Caja's tables, a migration history
 * that is a prefix of the shipped migrations, and a clean PRAGMA integrity_check. Throws CoreError('backup_invalid')
 * with a Spanish message otherwise. Writes nothing. Blocks while integrity_check runs (seconds for a large copy):
 * for the running app use validateBackupFileOffThread.
 */
export function validateBackupFile(file: string, migrationsDir: string): ValidBackup {
  preflight(file);
  let facts: CopyFacts | { error: string };
  try {
    facts = copyFactsOf(file);
  } catch (error) {
    facts = { error: messageOf(error) };
  }
  return assess(file, facts, listMigrations(migrationsDir));
}

/** validateBackupFile with integrity_check in a worker thread (on this thread if no worker can run). */
export async function validateBackupFileOffThread(file: string, migrationsDir: string): Promise<ValidBackup> {
  preflight(file);
  let facts: CopyFacts | { error: string };
  try {
    facts = (await inspectOffThread(file)).copy;
  } catch (error) {
    if (!(error instanceof WorkerUnavailableError)) throw error;
    return validateBackupFile(file, migrationsDir);
  }
  return assess(file, facts, listMigrations(migrationsDir));
}

function refuse(file: string, why: string): never {
  throw new CoreError('backup_invalid', `El archivo ${path.basename(file)} ${why}`);
}

/** The cheap checks: a regular file that starts like a SQLite database. */
function preflight(file: string): void {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) refuse(file, 'no existe o no es un archivo.');
  let sqliteHeader = false;
  try {
    sqliteHeader = hasSqliteHeader(file);
  } catch (error) {
    refuse(file, `no se pudo leer: ${messageOf(error)}.`);
  }
  if (!sqliteHeader) refuse(file, 'no es una copia de seguridad de Caja (no es una base de datos).');
}

function assess(file: string, facts: CopyFacts | { error: string }, shipped: MigrationFile[]): ValidBackup {
  if ('error' in facts) refuse(file, `está dañado o no se puede leer (${facts.error}). Elija otra copia.`);
  if (!facts.hasTables) {
    refuse(file, 'no es una copia de seguridad de Caja (no tiene el historial de versiones ni la tabla de comprobantes).');
  }
  if (facts.applied.length === 0) refuse(file, 'no es una copia de seguridad de Caja (su historial de versiones está vacío).');
  const unknown = facts.applied.find((have, i) => {
    const want = shipped[i];
    return !want || want.version !== have.version || want.name !== have.name;
  });
  if (unknown) {
    refuse(
      file,
      `proviene de una versión más reciente de Caja o de otra aplicación (migración ${formatVersion(unknown.version)} ` +
        `«${unknown.name}» no reconocida). Actualice Caja antes de restaurarla.`,
    );
  }
  if (!(facts.integrity.length === 1 && facts.integrity[0] === 'ok')) {
    refuse(file, `está dañado (falló la verificación de integridad: ${facts.integrity.join('; ')}). Elija otra copia.`);
  }
  return {
    applied: facts.applied,
    schemaVersion: facts.applied[facts.applied.length - 1]?.version ?? 0,
    documents: { count: facts.count, maxId: facts.maxId },
  };
}
