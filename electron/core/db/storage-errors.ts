// Storage failures in plain Spanish. SQLite and the file system report a full disk, a read-only folder, an
// I/O error and real damage with codes (SQLITE_FULL, SQLITE_READONLY_*, SQLITE_IOERR_*, SQLITE_CORRUPT, ENOSPC, EROFS,
// EIO...); the cashier must learn which one it was, and that nothing was saved. An I/O error or a full disk is not
// damage: no restore is offered for them (a restore would fail the same way, or replace a healthy file).
import fs from 'node:fs';
import path from 'node:path';

export type StorageErrorCode =
  /** The disk is full (SQLITE_FULL, ENOSPC). */
  | 'disk_full'
  /** The file or its folder cannot be written (SQLITE_READONLY*, EROFS, EACCES, EPERM). */
  | 'read_only'
  /** Reading or writing the disk failed (SQLITE_IOERR*, SQLITE_CANTOPEN, EIO): not damage of the file. */
  | 'io'
  /** The file is damaged (SQLITE_CORRUPT, SQLITE_NOTADB, an integrity check that fails). */
  | 'corrupt'
  /** Zero bytes where a database was. */
  | 'empty'
  /** Not a SQLite database at all. */
  | 'not_sqlite'
  /** A SQLite database of another program. */
  | 'foreign'
  /** The database was expected (copies of it exist) and is not there. */
  | 'missing'
  /** Another Caja (another process, or another core in this one) uses this data folder. */
  | 'in_use';

/** A storage failure the user can act on; `message` is Spanish and says what happened to the work in hand. */
export class StorageError extends Error {
  override readonly name = 'StorageError';
  constructor(
    readonly code: StorageErrorCode,
    message: string,
    readonly dbPath?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The codes that mean "the file is damaged", for which restoring a copy is the way out. */
export const DAMAGE_CODES: readonly StorageErrorCode[] = ['corrupt', 'empty', 'not_sqlite'];

interface CodedError {
  code?: unknown;
  message?: unknown;
}

/**
 * What kind of storage failure `error` is, or undefined when it is not one. `folder` (the data folder) refines an
 * error that does not say why a file could not be opened or written: no free space left there means a full disk.
 */
export function storageKindOf(error: unknown, folder?: string): Exclude<StorageErrorCode, 'empty' | 'not_sqlite' | 'foreign' | 'missing'> | undefined {
  if (error instanceof StorageError) {
    const c = error.code;
    return c === 'empty' || c === 'not_sqlite' ? 'corrupt' : c === 'foreign' || c === 'missing' ? undefined : c;
  }
  const code = typeof (error as CodedError | null)?.code === 'string' ? ((error as CodedError).code as string) : '';
  if (!code) return undefined;
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT') return 'disk_full';
  if (code.startsWith('SQLITE_READONLY') || code === 'EROFS' || code === 'EACCES' || code === 'EPERM' || code === 'SQLITE_PERM') return 'read_only';
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') return 'corrupt';
  if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_') || code === 'SQLITE_LOCKED' || code.startsWith('SQLITE_LOCKED_')) return 'in_use';
  if (code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_CANTOPEN') || code === 'EIO' || code === 'SQLITE_PROTOCOL') {
    if (folder !== undefined && isReadOnlyFolder(folder)) return 'read_only';
    return folder !== undefined && isDiskFull(folder) ? 'disk_full' : 'io';
  }
  return undefined;
}

/** True when the file system holding `folder` has (almost) no free space left for Caja's writes. */
export function isDiskFull(folder: string): boolean {
  try {
    const dir = fs.existsSync(folder) ? folder : path.dirname(folder);
    const stats = fs.statfsSync(dir);
    return stats.bavail * stats.bsize < 256 * 1024;
  } catch {
    return false;
  }
}

/** True when `folder` cannot be written (a read-only file system or a folder without write permission). */
export function isReadOnlyFolder(folder: string): boolean {
  try {
    fs.accessSync(fs.existsSync(folder) ? folder : path.dirname(folder), fs.constants.W_OK);
    return false;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'EROFS' || code === 'EACCES' || code === 'EPERM';
  }
}

/** What was being done when it failed, so the message says what was NOT saved. */
export type StorageAction = 'sale' | 'change' | 'open';

const NOT_SAVED: Record<StorageAction, string> = {
  sale: 'la venta NO se registró',
  change: 'el cambio NO se guardó',
  open: 'Caja no abrió la base de datos',
};

/** The Spanish message for a storage failure while doing `action`. */
export function storageMessage(kind: StorageErrorCode, action: StorageAction): string {
  const what = NOT_SAVED[action];
  switch (kind) {
    case 'disk_full':
      return `No hay espacio en el disco: ${what}. Libere espacio (borre archivos que no necesite o vacíe la papelera) y vuelva a intentarlo.`;
    case 'read_only':
      return (
        `El disco o la carpeta de datos de Caja está en solo lectura: ${what}. Revise que el disco no esté protegido ` +
        'contra escritura y que su usuario pueda escribir en la carpeta, y vuelva a intentarlo.'
      );
    case 'io':
      return (
        `Error de lectura o escritura en el disco: ${what}. Revise el disco (cable, memoria USB, disco externo) y vuelva a ` +
        'intentarlo. La base de datos no está dañada por esto: no restaure una copia.'
      );
    case 'in_use':
      return `La base de datos está ocupada por otro programa: ${what}. Espere un momento y vuelva a intentarlo.`;
    default:
      return `La base de datos de Caja está dañada: ${what}. Cierre Caja y vuelva a abrirla para restaurar la última copia en buen estado.`;
  }
}

/**
 * A storage failure as the bridge reports it (`{ code, message }`), or undefined when `error` is something else.
 * `method` is the bridge method that failed: issuing methods say the sale was not recorded.
 */
export function storageFailureOf(error: unknown, method: string, folder?: string): { code: string; message: string } | undefined {
  const kind = storageKindOf(error, folder);
  if (!kind) return undefined;
  const action: StorageAction = SALE_METHODS.has(method) ? 'sale' : 'change';
  return { code: kind, message: storageMessage(kind, action) };
}

const SALE_METHODS = new Set(['issueSale', 'reissueDocument', 'correctDocument']);

/** A failure while opening the database (start-up), as a StorageError with its Spanish message; others unchanged. */
export function asOpenFailure(error: unknown, dbPath: string): unknown {
  if (error instanceof StorageError) return error;
  const kind = storageKindOf(error, path.dirname(path.resolve(dbPath)));
  if (!kind) return error;
  return new StorageError(kind, `${storageMessage(kind, 'open')} (${dbPath}).`, dbPath, { cause: error });
}
