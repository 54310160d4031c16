// Backups of the running app: on demand, for the daily scheduler, the folder choice, listing and restore planning.
import type { BackupInfo, BackupList, BackupReason, RestoreReport } from '../../../shared/bridge/backup';
import { defaultMigrationsDir, type Clock, type Db, type SettingsRepository } from '../db';
import type { Logger } from '../dispatch';
import { listFolder } from './catalog';
import { createBackup } from './create';
import { assertUsableFolder, BACKUP_SETTING_KEY, defaultBackupFolder, folderFromSetting, rememberFolder } from './folder';
import { planRestore } from './restore-plan';
import { KEEP_DAILY, rotateDailyBackups } from './rotation';

/** A copy named up to this far after "now" still counts as taken now (clocks are adjusted by seconds or minutes). */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

export interface BackupServiceOptions {
  db: Db;
  settings: SettingsRepository;
  /** The app's data folder; copies go to <dataDir>/backups unless the user picked another folder. */
  dataDir: string;
  migrationsDir?: string;
  now?: Clock;
  /** Pages per step when the copy runs on the main thread (see copy.ts). */
  pagesPerStep?: number;
  /** Copy and verify in a worker thread (default true; see off-thread.ts). */
  offThread?: boolean;
  keepDaily?: number;
  log?: Logger;
}

export class BackupService {
  private readonly now: Clock;
  private readonly migrationsDir: string;
  /** Copies run one after another (a manual copy during the daily one waits for it). */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: BackupServiceOptions) {
    this.now = options.now ?? (() => new Date());
    this.migrationsDir = options.migrationsDir ?? defaultMigrationsDir();
  }

  folder(): string {
    return folderFromSetting(this.options.settings.get(BACKUP_SETTING_KEY), this.options.dataDir);
  }

  /** Stores the user's folder after checking it can hold copies; returns the list of that folder. */
  setBackupFolder(folder: string): BackupList {
    const resolved = assertUsableFolder(folder);
    this.options.settings.set(BACKUP_SETTING_KEY, { folder: resolved });
    rememberFolder(this.options.dataDir, resolved);
    return this.listBackups();
  }

  listBackups(): BackupList {
    const folder = this.folder();
    return { folder, isDefaultFolder: folder === defaultBackupFolder(this.options.dataDir), backups: listFolder(folder) };
  }

  /**
   * The newest copy of that reason that passed its check. With `notAfter`, copies named after that moment (a clock
   * that ran ahead) are left out, beyond a few minutes of tolerance.
   */
  lastSuccessful(reason: BackupReason, notAfter?: Date): BackupInfo | undefined {
    const limit = notAfter ? notAfter.getTime() + FUTURE_TOLERANCE_MS : Infinity;
    return listFolder(this.folder()).find((b) => b.reason === reason && b.check === 'ok' && Date.parse(b.createdAt) <= limit);
  }

  /** Takes, verifies and records a copy (see createBackup). Manual copies are never rotated away. */
  backupNow(reason: BackupReason): Promise<BackupInfo> {
    const run = this.queue.then(() =>
      createBackup(this.options.db.sqlite, {
        folder: this.folder(),
        reason,
        now: this.now,
        pagesPerStep: this.options.pagesPerStep,
        offThread: this.options.offThread,
        onWorkerUnavailable: (why) =>
          this.options.log?.warn('backup worker unavailable; copying on the main thread', { reason: why }),
      }),
    );
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Resolves once no copy is running (call before closing the database). */
  async idle(): Promise<void> {
    await this.queue;
  }

  /** Deletes daily copies beyond the newest ones kept (14 by default). */
  rotate(): string[] {
    return rotateDailyBackups(this.folder(), this.options.keepDaily ?? KEEP_DAILY);
  }

  /** What restoring `file` would change (validation + documents missing from it); changes nothing. */
  planRestore(file: string): Promise<RestoreReport> {
    return planRestore({ file, migrationsDir: this.migrationsDir, live: this.options.db.sqlite });
  }
}
