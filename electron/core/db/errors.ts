// Errors of the local store. Messages are user-facing (Spanish); codes are for the program.

export type MigrationErrorCode = 'newer_database' | 'unknown_migration' | 'failed';

export class MigrationError extends Error {
  override readonly name = 'MigrationError';
  readonly code: MigrationErrorCode;
  readonly dbPath: string;
  /** The migration version the error is about, when there is one. */
  readonly version: number | undefined;

  constructor(
    code: MigrationErrorCode,
    message: string,
    details: { dbPath: string; version?: number; cause?: unknown },
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.dbPath = details.dbPath;
    this.version = details.version;
  }
}

/** A broken rule of the store that the caller can show (e.g. an unknown series). */
export class StoreError extends Error {
  override readonly name = 'StoreError';
  readonly code: 'unknown_series' | 'series_exhausted' | 'not_in_transaction' | 'not_found' | 'bad_transition' | 'numbering_held';

  constructor(code: StoreError['code'], message: string) {
    super(message);
    this.code = code;
  }
}

/** 7 -> '0007', the way migration files are numbered. */
export function formatVersion(version: number): string {
  return String(version).padStart(4, '0');
}
