// The local store: open + pragmas + migrations + repositories. Plain Node (better-sqlite3), never 'electron'.
export { openDatabase, defaultMigrationsDir, type OpenDatabaseOptions } from './open';
export {
  listMigrations,
  migrate,
  planMigrations,
  applyMigrations,
  readAppliedMigrations,
  type MigrationFile,
  type AppliedMigration,
  type MigrationPlan,
  type MigrateOptions,
  type BeforeMigrateHook,
  type BeforeMigrateInfo,
} from './migrate';
export { MigrationError, StoreError, formatVersion, type MigrationErrorCode } from './errors';
export { StorageError, storageFailureOf, storageKindOf, storageMessage, asOpenFailure, isDiskFull, DAMAGE_CODES, type StorageErrorCode, type StorageAction } from './storage-errors';
export { checkBeforeOpen, CAJA_APPLICATION_ID, type FileCheck } from './file-check';
export { lockDataFolder, LOCK_FILE, type FolderLock } from './folder-lock';
export { inspectWal, rebuildFromWal, type WalDamage } from './wal-check';
export { toFtsPrefixQuery } from './fts';
export * from './types';
export * from './repositories';
