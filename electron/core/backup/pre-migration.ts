// The copy taken before migrations touch an existing database: usable as openDatabase's onBeforeMigrate hook,
// which receives the raw better-sqlite3 handle before any repository exists and must finish synchronously.
import type Database from 'better-sqlite3';
import type { BackupInfo } from '../../../shared/bridge/backup';
import { formatVersion, type BeforeMigrateHook, type BeforeMigrateInfo, type Clock } from '../db';
import { CoreError } from '../services/errors';
import { createBackupSync } from './create';
import { backupFolderOf } from './folder';

/**
 * Copies the database into `folder` (VACUUM INTO), verifies and records it. Throws CoreError('backup_failed') when
 * no verified copy could be made: the migration is then not applied and the app shows the error instead of
 * changing a database it could not save first.
 */
export function preMigrationBackup(sqlite: Database.Database, info: BeforeMigrateInfo, folder: string, now?: Clock): BackupInfo {
  const versions = `${formatVersion(info.fromVersion)} → ${formatVersion(info.toVersion)}`;
  let backup: BackupInfo;
  try {
    backup = createBackupSync(sqlite, { folder, reason: 'pre_migration', now });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new CoreError('backup_failed', `Antes de actualizar la base de datos (${versions}) no se pudo guardar una copia: ${why} No se aplicó la actualización.`);
  }
  if (backup.check !== 'ok') {
    throw new CoreError(
      'backup_failed',
      `La copia previa a la actualización de la base de datos (${versions}) no pasó la verificación: ${backup.message ?? ''} ` +
        'No se aplicó la actualización.',
    );
  }
  return backup;
}

/** The hook for createCore({ onBeforeMigrate }): the folder is the one configured in the database's own settings. */
export function createPreMigrationHook(options: { dataDir: string; now?: Clock; onBackup?: (backup: BackupInfo) => void }): BeforeMigrateHook {
  return (sqlite, info) => {
    const backup = preMigrationBackup(sqlite, info, backupFolderOf(sqlite, options.dataDir), options.now);
    options.onBackup?.(backup);
  };
}
