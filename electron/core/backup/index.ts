// Backups, restore and start-up inspection of the local database. Plain Node, never 'electron'.
export { RestoreFlow, type Restorer } from './restore-flow';
export { BackupService, type BackupServiceOptions } from './service';
export { BackupScheduler, CHECK_EVERY_MS, DAILY_AGE_MS, type BackupSchedulerOptions, type SchedulerTimer, type DailyBackupTarget } from './scheduler';
export { preMigrationBackup, createPreMigrationHook } from './pre-migration';
export { createBackup, createBackupSync, type CreateBackupOptions } from './create';
export { planRestore, type PlanRestoreOptions } from './restore-plan';
export { applyRestore, type ApplyRestoreOptions, type ApplyRestoreResult, type SeriesAdvance } from './restore-apply';
export {
  inspectDatabaseFile,
  checkDatabaseFile,
  validateBackupFile,
  validateBackupFileOffThread,
  type DatabaseFileState,
  type DatabaseFileCheck,
  type ValidBackup,
} from './inspect';
export { latestGoodBackup } from './latest-good';
export { rotateDailyBackups, KEEP_DAILY } from './rotation';
export { listFolder as listBackupsIn, CATALOG_FILE } from './catalog';
export { backupFileName, parseBackupFileName } from './naming';
export { defaultBackupFolder, backupFolderOf, backupFoldersOf, BACKUP_SETTING_KEY, FOLDER_POINTER_FILE } from './folder';
export { verifyCopy, type Verification } from './verify';
export { DEFAULT_PAGES_PER_STEP } from './copy';
export { salvageDatabase, carrySalvage, type Salvage, type SalvageCarry } from './salvage';
export { cleanLeftovers, formatBytes, type LeftoverCleanup } from './leftovers';
export { prepareWalRecovery, finishWalRecovery, type WalRecovery, type WalRecoveryResult } from './wal-recovery';
