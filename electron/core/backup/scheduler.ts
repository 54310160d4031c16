// The daily copy while the app runs: a look at start and then every hour; a copy is taken when the newest sound
// 'daily' copy is older than 24 hours (or there is none). Clock and timer are injected so tests never wait.
import type { BackupInfo } from '../../../shared/bridge/backup';
import type { Clock } from '../db';

export const CHECK_EVERY_MS = 60 * 60 * 1000;
export const DAILY_AGE_MS = 24 * 60 * 60 * 1000;

export interface SchedulerTimer {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The part of BackupService the scheduler uses. */
export interface DailyBackupTarget {
  /** The newest sound copy of that reason; with `notAfter`, copies named after that moment (the future) are ignored. */
  lastSuccessful(reason: 'daily', notAfter?: Date): BackupInfo | undefined;
  backupNow(reason: 'daily'): Promise<BackupInfo>;
  rotate(): string[];
}

export interface BackupSchedulerOptions {
  target: DailyBackupTarget;
  now?: Clock;
  timer?: SchedulerTimer;
  checkEveryMs?: number;
  maxAgeMs?: number;
  /** Each automatic copy (or its failure), e.g. to log it or tell the renderer. */
  onResult?: (result: { backup?: BackupInfo; error?: unknown; deleted: string[] }) => void;
}

const realTimer: SchedulerTimer = {
  setTimeout(fn, ms) {
    const handle = setTimeout(fn, ms);
    handle.unref?.();
    return handle;
  },
  clearTimeout(handle) {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

export class BackupScheduler {
  private readonly now: Clock;
  private readonly timer: SchedulerTimer;
  private readonly every: number;
  private readonly maxAge: number;
  private handle: unknown;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(private readonly options: BackupSchedulerOptions) {
    this.now = options.now ?? (() => new Date());
    this.timer = options.timer ?? realTimer;
    this.every = options.checkEveryMs ?? CHECK_EVERY_MS;
    this.maxAge = options.maxAgeMs ?? DAILY_AGE_MS;
  }

  /** Looks now, then every hour. Returns the first look (tests may await it). */
  start(): Promise<void> {
    if (!this.stopped) return this.running ?? Promise.resolve();
    this.stopped = false;
    return this.tick();
  }

  /** No more looks; waits for a copy in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.handle !== undefined) this.timer.clearTimeout(this.handle);
    this.handle = undefined;
    await this.running;
  }

  /**
   * True when a daily copy is due at this moment. A copy dated in the future (the clock ran ahead, then came back)
   * never blocks the schedule: only copies dated up to now count.
   */
  isDue(): boolean {
    const now = this.now();
    const last = this.options.target.lastSuccessful('daily', now);
    if (!last) return true;
    return now.getTime() - Date.parse(last.createdAt) >= this.maxAge;
  }

  /** One look: a copy if due, then rotation. Never throws (failures go to onResult). */
  check(): Promise<void> {
    if (this.running) return this.running;
    this.running = this.look().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async tick(): Promise<void> {
    await this.check();
    if (!this.stopped) this.handle = this.timer.setTimeout(() => void this.tick(), this.every);
  }

  private async look(): Promise<void> {
    if (!this.isDue()) return;
    const { target, onResult } = this.options;
    try {
      const backup = await target.backupNow('daily');
      let deleted: string[] = [];
      try {
        deleted = target.rotate();
      } catch (error) {
        onResult?.({ backup, error, deleted });
        return;
      }
      onResult?.({ backup, deleted });
    } catch (error) {
      onResult?.({ error, deleted: [] });
    }
  }
}
