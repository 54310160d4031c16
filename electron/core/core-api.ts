// What the Electron shell (and the test rigs) give the core, and what they get back from createCore (app.ts).
import type { BridgeEvent, BridgeResult } from '../../shared/bridge';
import type { ApiConfig, FetchLike } from './api';
import type { BackupService, Restorer } from './backup';
import type { BeforeMigrateHook, Db } from './db';
import type { BackgroundCheck } from './db/background-check';
import type { Logger } from './dispatch';
import type { StartMode } from './mode/mode-file';
import type { RetryPolicy } from './outbox/retry';
import type { SmtpTimeouts } from './mail/smtp';
import type { Outbox } from './outbox/worker';
import type { VoidSender } from './services/void-sender';
import type { FileChooser } from './services/file-chooser';
import type { Printer } from './services/printing';
import type { SecretStore } from './services/secrets';

export interface CoreOptions {
  /** Folder of the app's data (Electron: app.getPath('userData')). */
  dataDir: string;
  /** Default: <dataDir>/caja.db */
  dbPath?: string;
  migrationsDir?: string;
  /** Electron passes net.fetch (system proxy); tests pass the global fetch. */
  fetch: FetchLike;
  secrets: SecretStore;
  /** The sandbox that serves demo mode, when it runs. */
  demoEndpoint?: ApiConfig;
  now?: () => Date;
  log?: Logger;
  outbox?: { concurrency?: number; retry?: RetryPolicy; pollMs?: number };
  /** The mail outbox's backoff, its longest sleep and its SMTP timeouts (tests shorten them). */
  mail?: { retry?: RetryPolicy; pollMs?: number; timeouts?: SmtpTimeouts };
  api?: { sendTimeoutMs?: number; queryTimeoutMs?: number };
  /** Asks for a backup file and swaps the database while the core is closed (the Electron shell). */
  restorer?: Restorer;
  /** Daily backups while the app runs (default true; test rigs that start many cores turn it off). */
  dailyBackups?: boolean;
  /** The whole-file check after start (db/background-check.ts): its delay, or false for none (default: 5 s). */
  backgroundCheck?: { delayMs?: number } | false;
  /** Renders and prints templates (the Electron shell's hidden print window). Without it printing answers an error. */
  printer?: Printer;
  /**
   * The mode this start opened, when it is kept in modo.json (the shell: mode-file.ts chose the database file).
   * Without it the database's own 'demo' setting decides, and setup is never required (test rigs).
   */
  mode?: StartMode;
  /** Stops this core and starts Caja again (after the setup or a mode switch). Called once the bridge answered. */
  restart?: () => void;
  /** The system's folder and save dialogs (the shell). Without them, choosing a folder and exporting are unavailable. */
  files?: FileChooser;
  /** Called before migrations touch an existing database. Default: a verified backup copy first. */
  onBeforeMigrate?: BeforeMigrateHook;
  /**
   * Whether the database file must already exist. Default: when copies of it or its -wal exist (a missing
   * file then was deleted or moved, and a new one would reuse numbers); demo and setup files may always be new.
   */
  expectDatabase?: boolean;
  /** The shop server's replicator: its own timing for tests. */
  shopServer?: { idleMs?: number; retry?: { baseMs: number; maxMs: number }; batchSize?: number };
}

export interface Core {
  dispatch(method: string, input: unknown): Promise<BridgeResult<unknown>>;
  onEvent(listener: (event: BridgeEvent) => void): () => void;
  /** Starts the outbox (after crash recovery). */
  start(): void;
  /** Refuses new sends, waits for the ones in flight, and tells how many documents are still waiting. */
  stop(): Promise<{ pending: number }>;
  close(): void;
  /** What the start found and did about the storage (leftovers freed, a damaged -wal salvaged), in Spanish. */
  readonly notices: readonly string[];
  readonly outbox: Outbox;
  /** The void requests' outbox. */
  readonly voids: VoidSender;
  /** Releases this till's orphaned holds on the shop server now (it also runs every minute); answers how many. */
  readonly sweepHolds: () => Promise<number>;
  readonly db: Db;
  /** The whole-file check that runs once after start, while the till sells. */
  readonly storageCheck: BackgroundCheck;
  /** The shell asks it for the backups folder before it closes the core to restore a copy. */
  readonly backups: BackupService;
}
