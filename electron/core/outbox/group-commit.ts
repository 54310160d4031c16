// The outbox's group commit: the answers that arrive close together are written in one durable
// transaction, which also claims the documents that take their places. One fsync'd commit per document and one per
// claim had made a backlog drain at the speed of the disk, not of the API. Each write is a savepoint: one that fails
// fails alone (its send falls back to the outbox's recovery).
import type { ClaimedDocument, DocumentRow } from '../db';

export interface GroupCommitHooks {
  /** Runs `work` in one immediate, durable transaction (the documents repository's). */
  inTransaction(work: () => void): void;
  /** Requests still out: their answers are on their way, so a commit may wait a little for them. */
  sendsOut(): number;
  /** Inside the commit, after the writes: the documents for the free slots and the reserve. */
  claim(): ClaimedDocument[];
  /**
   * After the commit, before any write's promise settles: what was claimed, and whether the write of a 401/403 held
   * (nothing more may go out with that token until the outbox blocks the queue on auth).
   */
  committed(claimed: ClaimedDocument[], tokenRefused: boolean): void;
}

interface PendingWrite {
  write: () => DocumentRow;
  /** The answer was a 401/403: the queue is about to block on auth. */
  refusesToken: boolean;
  resolve: (row: DocumentRow) => void;
  reject: (error: unknown) => void;
}

/** Taken at load: a test's fake timers must not hold the outbox's commits (they run on the real event loop). */
const realSetImmediate = setImmediate;
const realSetTimeout = setTimeout;

/**
 * How long a commit waits for more answers while sends are out, and how many it waits for at most. Measured on a 10k
 * drain (tests/bench/core.bench.ts, 16 sends at once): 2.6 answers per commit when each commit ran at the next turn
 * of the loop, 5.8 with a 4 ms linger; the thread's time in commits 7.5 s → 5.0 s, CPU per document 1.13 → 0.97 ms.
 * 8 ms and 16 answers gained nothing more (worker drain 1.29× and 1.39× against 1.29× and 1.27×).
 */
const LINGER_MS = 4;
const LINGER_BATCH = 8;

export class GroupCommit {
  private readonly toRecord: PendingWrite[] = [];
  private scheduled = false;
  private lingering: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly hooks: GroupCommitHooks) {}

  /** A commit is on its way: it claims for the free slots, so nothing else needs to. */
  get pending(): boolean {
    return this.scheduled;
  }

  /** Queues `write` for the next commit; resolves with its row once committed, rejects when it failed. */
  record<T extends DocumentRow>(write: () => T, refusesToken: boolean): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.toRecord.push({ write, refusesToken, resolve: resolve as (row: DocumentRow) => void, reject });
      this.schedule();
    });
  }

  /**
   * With sends still out, their answers are due within the API's round trip: the commit lingers LINGER_MS for them (or
   * until LINGER_BATCH answers wait). The slots do not wait for it: an answer frees its slot at once, refilled from
   * the reserve. With nothing else out (a sale at a time) it commits at the next turn of the loop.
   */
  private schedule(): void {
    const now = this.hooks.sendsOut() === 0 || this.toRecord.length >= LINGER_BATCH;
    if (this.scheduled && !(now && this.lingering)) return;
    if (this.lingering) clearTimeout(this.lingering);
    this.lingering = undefined;
    this.scheduled = true;
    if (now) realSetImmediate(() => this.flush());
    else this.lingering = realSetTimeout(() => this.flush(), LINGER_MS);
  }

  private flush(): void {
    if (this.lingering) clearTimeout(this.lingering);
    this.lingering = undefined;
    this.scheduled = false;
    const batch = this.toRecord.splice(0);
    const results: ({ row: DocumentRow } | { error: unknown })[] = [];
    let claimed: ClaimedDocument[] = [];
    const refused = batch.some((item) => item.refusesToken);
    try {
      this.hooks.inTransaction(() => {
        for (const item of batch) {
          try {
            results.push({ row: item.write() });
          } catch (error) {
            results.push({ error });
          }
        }
        // A refused token blocks the queue (after this commit): nothing more is claimed with it.
        if (!refused) claimed = this.hooks.claim();
      });
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    // Only a 401/403 whose write held blocks (one that failed goes back to the queue and blocks nothing).
    const tokenRefused = batch.some((item, i) => item.refusesToken && results[i] !== undefined && 'row' in results[i]!);
    this.hooks.committed(claimed, tokenRefused);
    batch.forEach((item, i) => {
      const result = results[i];
      if (result && 'row' in result) item.resolve(result.row);
      else item.reject(result?.error);
    });
  }
}
