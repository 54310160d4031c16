// The start-up check of the database file, before anything writes to it, whatever the mode; the shell (before it
// starts the core) and the core (before it opens the file) run this same check. It reads only what must be sound
// before the first write: a file that is ours (SQLite's header, our application id or none yet, Caja's migration
// history when it has tables), not empty nor cut short, not marked damaged by an earlier background check
// (damage-mark.ts), and a -wal that SQLite will not silently cut short. It never reads the whole file: PRAGMA
// quick_check reads every page (5.8 s at 100,000 documents with a cold disk), so it runs once per start in the
// background while the till sells (background-check.ts). Failures are StorageErrors in Spanish; an I/O failure (disk
// full, read-only, unreadable disk) is told apart from damage.
import fs from 'node:fs';
import path from 'node:path';
import { hasTable, withReadOnly } from '../backup/sqlite-file';
import { readDamageMark } from './damage-mark';
import { asOpenFailure, StorageError } from './storage-errors';
import { inspectWal, type WalDamage } from './wal-check';

/** PRAGMA application_id of Caja's databases: 'CAJA' in ASCII. 0 is accepted too (made before Caja set it, or new). */
export const CAJA_APPLICATION_ID = 0x43414a41;

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

export type FileCheck = { state: 'missing' } | { state: 'ok'; walDamage: WalDamage | null };

const restoreHint = 'Caja no lo modificó. Al abrir Caja se ofrecerá restaurar la última copia en buen estado.';

/** Checks `dbPath` without writing to it. Throws StorageError (damage, I/O); 'missing' when there is no file. */
export function checkBeforeOpen(dbPath: string): FileCheck {
  let size: number;
  try {
    const stat = fs.statSync(dbPath);
    if (!stat.isFile()) throw new StorageError('not_sqlite', `${dbPath} no es un archivo.`, dbPath);
    size = stat.size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'missing' };
    throw asOpenFailure(error, dbPath);
  }
  if (size === 0) {
    throw new StorageError(
      'empty',
      `El archivo de datos de Caja está vacío (0 bytes): es una base de datos que perdió su contenido, no una nueva. ${restoreHint}`,
      dbPath,
    );
  }
  const head = Buffer.alloc(100);
  let read: number;
  try {
    const fd = fs.openSync(dbPath, 'r');
    try {
      read = fs.readSync(fd, head, 0, head.length, 0);
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    throw asOpenFailure(error, dbPath);
  }
  if (read < head.length || !head.subarray(0, SQLITE_MAGIC.length).equals(SQLITE_MAGIC)) {
    throw new StorageError('not_sqlite', `El archivo de datos de Caja no es una base de datos (su encabezado está dañado). ${restoreHint}`, dbPath);
  }
  const applicationId = head.readUInt32BE(68);
  if (applicationId !== 0 && applicationId !== CAJA_APPLICATION_ID) {
    throw new StorageError('foreign', `${path.basename(dbPath)} es una base de datos de otro programa, no de Caja. Caja no lo modificó.`, dbPath);
  }
  const mark = readDamageMark(dbPath);
  if (mark) {
    throw new StorageError('corrupt', `La base de datos de Caja está dañada (la verificación en segundo plano encontró un daño: ${mark.reason}). ${restoreHint}`, dbPath);
  }
  // Read before SQLite opens the file: opening and writing would overwrite what it is about to drop.
  const walDamage = inspectWal(`${dbPath}-wal`);
  const shortBy = missingPages(head, size, dbPath);
  if (shortBy > 0) {
    throw new StorageError('corrupt', `La base de datos de Caja está incompleta (le faltan ${shortBy} páginas al final del archivo). ${restoreHint}`, dbPath);
  }
  let problem: { foreign: boolean };
  try {
    problem = withReadOnly(dbPath, (sqlite) => {
      // The schema (page 1 and what it links to) and the migration history: what the first write depends on.
      const tables = sqlite.prepare("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table'").pluck().get() as number;
      const foreign = tables > 0 && !hasTable(sqlite, 'schema_migrations');
      if (!foreign && tables > 0) sqlite.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
      return { foreign };
    });
  } catch (error) {
    const failure = asOpenFailure(error, dbPath);
    if (failure instanceof StorageError && failure.code === 'corrupt') {
      throw new StorageError('corrupt', `La base de datos de Caja está dañada: ${messageOf(error)}. ${restoreHint}`, dbPath, { cause: error });
    }
    throw failure;
  }
  if (problem.foreign) {
    throw new StorageError('foreign', `${path.basename(dbPath)} es una base de datos de otro programa, no de Caja. Caja no lo modificó.`, dbPath);
  }
  return { state: 'ok', walDamage };
}

/**
 * Pages the header says the file has and it lacks: a file cut short. The header's count is trusted only when it is
 * current (its "version valid for" equals its change counter) and no -wal is there: after a crash in the middle of a
 * checkpoint the file may be shorter than its new header says, and the -wal still holds what is missing.
 */
function missingPages(head: Buffer, size: number, dbPath: string): number {
  const rawPageSize = head.readUInt16BE(16);
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) {
    throw new StorageError('not_sqlite', `El archivo de datos de Caja no es una base de datos (su encabezado está dañado). ${restoreHint}`, dbPath);
  }
  const pages = head.readUInt32BE(28);
  if (pages === 0 || head.readUInt32BE(92) !== head.readUInt32BE(24)) return 0;
  try {
    if (fs.statSync(`${dbPath}-wal`).size > 0) return 0;
  } catch {
    // No -wal: the header alone tells the size.
  }
  return Math.max(0, pages - Math.floor(size / pageSize));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
