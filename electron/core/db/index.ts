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
export { toFtsPrefixQuery } from './fts';
export * from './types';
export * from './repositories';
