// The core's own check of its database file, before it writes anything to it, whatever the mode: a file
// that is ours (SQLite's header, our application id or none yet, Caja's migration history when it has tables),
// not empty, passing PRAGMA quick_check, and a -wal that SQLite will not silently cut short. Failures are
// StorageErrors in Spanish; an I/O failure (disk full, read-only, unreadable disk) is told apart from damage.
import fs from 'node:fs';
import path from 'node:path';
import { hasTable, integrityOf, withReadOnly } from '../backup/sqlite-file';
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
  // Read before SQLite opens the file: opening and writing would overwrite what it is about to drop.
  const walDamage = inspectWal(`${dbPath}-wal`);
  let problem: { integrity: string; foreign: boolean };
  try {
    problem = withReadOnly(dbPath, (sqlite) => {
      const integrity = integrityOf(sqlite, 'quick');
      const tables = sqlite.prepare("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table'").pluck().get() as number;
      return { integrity, foreign: tables > 0 && !hasTable(sqlite, 'schema_migrations') };
    });
  } catch (error) {
    const failure = asOpenFailure(error, dbPath);
    if (failure instanceof StorageError && failure.code === 'corrupt') {
      throw new StorageError('corrupt', `La base de datos de Caja está dañada: ${messageOf(error)}. ${restoreHint}`, dbPath, { cause: error });
    }
    throw failure;
  }
  if (problem.integrity !== 'ok') {
    throw new StorageError('corrupt', `La base de datos de Caja está dañada (falló la verificación de integridad: ${problem.integrity.slice(0, 300)}). ${restoreHint}`, dbPath);
  }
  if (problem.foreign) {
    throw new StorageError('foreign', `${path.basename(dbPath)} es una base de datos de otro programa, no de Caja. Caja no lo modificó.`, dbPath);
  }
  return { state: 'ok', walDamage };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
