// Opening the store safely: one core per data folder, the leftovers of interrupted work cleared, the
// database file checked before use, a -wal that would lose sales salvaged, and no new database where one was expected.
// On failure, what was opened is closed and the folder freed.
import fs from 'node:fs';
import path from 'node:path';
import { backupFoldersOf, createPreMigrationHook, parseBackupFileName } from './backup';
import { cleanLeftovers } from './backup/leftovers';
import { finishWalRecovery, prepareWalRecovery, type WalRecovery } from './backup/wal-recovery';
import type { CoreOptions } from './core-api';
import { defaultMigrationsDir, lockDataFolder, openDatabase, type Db, type FolderLock } from './db';

export interface OpenedStore {
  db: Db;
  lock: FolderLock;
  /** What the start-up did that the user should hear of (leftovers freed, sales salvaged from a -wal). */
  notices: string[];
}

/** Copies of the demo file (daily, manual, before migrations) never mix with the real till's: <dataDir>/demo/backups. */
export function copiesDataDirOf(options: Pick<CoreOptions, 'mode' | 'dataDir'>): string {
  return options.mode && options.mode !== 'real' ? path.join(options.dataDir, 'demo') : options.dataDir;
}

export function openStore(options: CoreOptions): OpenedStore {
  const now = options.now ?? (() => new Date());
  const dbPath = options.dbPath ?? path.join(options.dataDir, 'caja.db');
  const dataFolder = path.dirname(path.resolve(dbPath));
  const copiesDataDir = copiesDataDirOf(options);
  const lock = lockDataFolder(dataFolder);
  let db: Db | undefined;
  try {
    const notices: string[] = [];
    const leftovers = cleanLeftovers(dataFolder, backupFoldersOf(copiesDataDir));
    if (leftovers.message) notices.push(leftovers.message);
    let walRecovery: WalRecovery | undefined;
    db = openDatabase({
      path: dbPath,
      migrationsDir: options.migrationsDir,
      onBeforeMigrate: options.onBeforeMigrate ?? createPreMigrationHook({ dataDir: copiesDataDir }),
      mustExist: options.expectDatabase ?? databaseExpected(dbPath, copiesDataDir, options.mode),
      onWalDamage: (damage) => {
        const folder = backupFoldersOf(copiesDataDir)[0] ?? path.join(copiesDataDir, 'backups');
        walRecovery = prepareWalRecovery(dbPath, damage, folder, options.migrationsDir ?? defaultMigrationsDir(), now);
      },
    });
    if (walRecovery) notices.push(finishWalRecovery(db, walRecovery, now).notice);
    return { db, lock, notices };
  } catch (error) {
    db?.close();
    lock.release();
    throw error;
  }
}

/**
 * A database is expected when copies of it exist, or its -wal does: then a missing file was deleted or moved, and a
 * new empty one would issue numbers already used. Demo and setup files may always start afresh.
 */
function databaseExpected(dbPath: string, copiesDataDir: string, mode: CoreOptions['mode']): boolean {
  if (mode && mode !== 'real') return false;
  try {
    if (fs.statSync(`${dbPath}-wal`).size > 0) return true;
  } catch {
    // No -wal: look for copies.
  }
  return backupFoldersOf(copiesDataDir).some((folder) => {
    try {
      return fs.readdirSync(folder).some((name) => parseBackupFileName(name) !== null);
    } catch {
      return false;
    }
  });
}
