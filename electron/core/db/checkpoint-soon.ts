// Takes SQLite's WAL checkpoint off the sale's path. A sale writes some 28 pages to the -wal; SQLite's
// automatic checkpoint (every 1,000 pages) then ran inside every 36th sale's COMMIT, copying the -wal into the database
// and syncing it before that sale could answer: those sales were the slowest 3 %. Shortly after a sale has answered
// (AFTER_MS, while the ticket prints), this runs the same checkpoint in PASSIVE mode (it never waits for a reader or a
// writer), so the -wal starts over well before it reaches 1,000 pages; the automatic checkpoint stays as the backstop
// of writes that never leave the event loop a turn. Durability does not change: a commit is durable once its -wal
// frames are synced (synchronous = FULL); a checkpoint only copies committed pages into the database file.
import type Database from 'better-sqlite3';

export interface CheckpointSoon {
  /** A write was committed: checkpoint AFTER_MS later (once, however many ask meanwhile). */
  soon(): void;
  /** Forget a pending checkpoint (the database is closing). */
  cancel(): void;
}

/**
 * Long enough to gather the sales of a rush into one checkpoint (at 2 ms a sale, some 25 sales, 700 pages: under the
 * automatic threshold), short enough that a till's next sale, seconds later, finds the -wal emptied.
 */
export const AFTER_MS = 50;

export function checkpointSoon(sqlite: Database.Database, log?: { warn(message: string, data?: Record<string, unknown>): void }): CheckpointSoon {
  let pending: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    pending = undefined;
    if (!sqlite.open || sqlite.inTransaction) return;
    try {
      // Automatic checkpoints turned off (a drill keeping every commit in the -wal): none here either.
      if (sqlite.pragma('wal_autocheckpoint', { simple: true }) === 0) return;
      sqlite.pragma('wal_checkpoint(PASSIVE)');
    } catch (e) {
      // Nothing is lost: the automatic checkpoint of a later commit does the work.
      log?.warn('checkpoint after a sale failed', { error: e instanceof Error ? e.message : String(e) });
    }
  };
  return {
    soon() {
      if (pending) return;
      pending = setTimeout(run, AFTER_MS);
      pending.unref?.();
    },
    cancel() {
      if (pending) clearTimeout(pending);
      pending = undefined;
    },
  };
}
