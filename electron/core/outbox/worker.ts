import type { DocStatus } from '../../../shared/bridge/status';
import { isApiError, type ApiClient, type ApiError } from '../api';
import type { ClaimedDocument, DocumentRow, DocumentsRepository } from '../db';
import { GroupCommit } from './group-commit';
import { outcomeOfError, type SendOutcome } from './outcome';
import { cdrColumns, outcomeRow, type CdrColumns } from './outcome-row';
import { reconcile, type PortalCredentials } from './reconcile';
import { DEFAULT_RETRY, retryDelayMs, type RetryPolicy } from './retry';
import { outcomeOfResult } from './verdict';

/** What the last exchange with the API says about the connection (the status bar's words). */
export type Connection = 'online' | 'offline' | 'unresponsive' | 'auth_rejected';

export type OutboxEvent =
  | { type: 'document'; id: number; status: DocStatus }
  | { type: 'connectivity'; online: boolean; lastSuccessAt?: string }
  | { type: 'auth_blocked'; message: string };

export interface OutboxOptions {
  documents: DocumentsRepository;
  api: ApiClient;
  /** Documents issued in demo mode go only to the sandbox; real ones never do. */
  demo: () => boolean;
  portalCredentials?: () => PortalCredentials | undefined;
  emit?: (event: OutboxEvent) => void;
  now?: () => Date;
  retry?: RetryPolicy;
  /** Requests out at once. */
  concurrency?: number;
  /** How often to look for due documents when nothing wakes the worker. */
  pollMs?: number;
  /** Where failures that must not break the loop are reported. */
  log?: { warn(message: string, data?: Record<string, unknown>): void };
}

/**
 * The sender: drains pending documents oldest first with bounded concurrency, sends each stored payload unchanged,
 * and records every outcome in one transaction (the repository writes the status and its audit event together).
 */
export class Outbox {
  /** Each send until its outcome is recorded. */
  private readonly inFlight = new Set<Promise<void>>();
  /** Requests out, waiting for the API's answer: at most `concurrency`. */
  private requests = 0;
  /**
   * Documents claimed ('sending', durably) by an earlier commit and not sent yet, at most `concurrency`:
   * when an answer comes, the next request goes out at once from here, instead of after the group commit that records
   * the answer and claims the next (during a backlog that commit's wait had left a slot idle on every answer). The
   * group commit refills it. Whatever is here when the outbox stops, blocks on auth or changes mode goes back to the
   * queue unsent (unclaim); after a crash it is 'sending' like a request in flight: pending, uncertain.
   */
  private readonly reserve: ClaimedDocument[] = [];
  private running = false;
  private authBlocked = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private online: boolean | undefined;
  private connection: Connection | undefined;
  private lastSuccessAt: string | undefined;
  /** While blocked on auth: when the next probe (one blocked document sent again) is due, and how many failed. */
  private authProbeAt: Date | undefined;
  private authProbes = 0;
  private authTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly now: () => Date;
  private readonly concurrency: number;
  /** Documents the API asked to wait for (Retry-After), with the time until when; "due now" leaves them waiting. */
  private readonly holds = new Map<number, number>();
  /** Outcomes are written, and the next documents claimed, in group commits (group-commit.ts). */
  private readonly commits: GroupCommit;
  /**
   * A commit recorded a 401/403: from then until record() blocks the queue on auth, nothing more goes out (the other
   * answers of that commit are handed back first, and each would otherwise send the next with the refused token).
   */
  private tokenRefused = false;
  /** drain() is running: a group commit claims what comes next even when the loop was never started. */
  private draining = false;

  constructor(private readonly o: OutboxOptions) {
    this.now = o.now ?? (() => new Date());
    this.concurrency = o.concurrency ?? 4;
    this.commits = new GroupCommit({
      inTransaction: (work) => o.documents.inTransaction(work),
      sendsOut: () => this.requests,
      claim: () => this.claimInBatch(),
      committed: (claimed, tokenRefused) => {
        // Until record() blocks the queue on auth.
        if (tokenRefused) this.tokenRefused = true;
        this.reserve.push(...claimed);
        this.sendFromReserve();
      },
    });
  }

  /** Crash recovery, then the loop. Documents left 'sending' by a dead process go back to 'pending'. */
  start(): void {
    this.o.documents.queue.resetSending();
    this.running = true;
    // The auth block is re-derived from the store: documents left blocked by an earlier run are probed at once.
    if (this.o.documents.hasBlockedAuth()) this.blockAuth(0);
    this.pump();
  }

  /** Stop taking new documents and wait for the requests in flight to finish and be recorded. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    if (this.authTimer) clearTimeout(this.authTimer);
    this.timer = undefined;
    this.authTimer = undefined;
    await Promise.allSettled([...this.inFlight]);
    this.giveBack(this.reserve.splice(0));
  }

  /** Something new to send (a sale was issued, a retry was asked for). */
  wake(): void {
    if (this.running) this.pump();
  }

  /** A new token was saved, or the token passed a probe: documents blocked on auth go back to the queue. */
  unblockAuth(): void {
    this.authBlocked = false;
    this.tokenRefused = false;
    this.authProbeAt = undefined;
    this.authProbes = 0;
    if (this.authTimer) clearTimeout(this.authTimer);
    this.authTimer = undefined;
    this.o.documents.queue.requeueBlockedAuth();
    this.wake();
  }

  /** The user asked to retry now: while blocked on auth that means "probe the token now". */
  retryNow(): void {
    if (this.authBlocked) this.probeAuth();
    else this.wake();
  }

  /** Every pending document is due now (the connection came back, or "Reintentar todos"). */
  sendAllNow(): number {
    const count = this.o.documents.queue.makePendingDue(this.heldIds());
    this.retryNow();
    return count;
  }

  get isAuthBlocked(): boolean {
    return this.authBlocked;
  }

  get status(): {
    online: boolean | undefined;
    connection: Connection | undefined;
    lastSuccessAt: string | undefined;
    inFlight: number;
    authRetryAt: string | undefined;
  } {
    return {
      online: this.online,
      connection: this.connection,
      lastSuccessAt: this.lastSuccessAt,
      inFlight: this.inFlight.size,
      authRetryAt: this.authBlocked ? this.authProbeAt?.toISOString() : undefined,
    };
  }

  /**
   * Send everything that is due now and wait until nothing more is due (tests, benchmarks, shutdown drills).
   * Works whether or not start() was called.
   */
  async drain(): Promise<void> {
    this.draining = true;
    try {
      for (;;) {
        this.fill();
        if (this.inFlight.size === 0) return;
        await Promise.race([...this.inFlight]);
      }
    } finally {
      this.draining = false;
    }
  }

  private pump(): void {
    if (!this.running) return;
    this.fill();
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.pump(), this.o.pollMs ?? 1_000);
    this.timer.unref?.();
  }

  private fill(): void {
    if (this.authBlocked || this.tokenRefused) return;
    this.sendFromReserve();
    const free = this.concurrency - this.requests;
    // A group commit is on its way: it claims for the free slots in the same fsync'd commit.
    if (free <= 0 || this.commits.pending) return;
    const docs = this.o.documents.queue.claimDue(this.now().toISOString(), free, this.o.demo());
    for (const doc of docs) this.track(doc);
  }

  /** Requests out from the reserve while slots are free; a document of the other mode goes back to the queue. */
  private sendFromReserve(): void {
    if ((!this.running && !this.draining) || this.authBlocked || this.tokenRefused || this.reserve.length === 0) return;
    const demo = this.o.demo();
    const otherMode: ClaimedDocument[] = [];
    while (this.requests < this.concurrency && this.reserve.length > 0) {
      const claim = this.reserve.shift() as ClaimedDocument;
      // Claimed in one mode, the switch flipped since: demo documents go only to the sandbox, real ones never do.
      if ((claim.row.demo === 1) !== demo) otherMode.push(claim);
      else this.track(claim.row);
    }
    this.giveBack(otherMode);
  }

  /** Claimed documents never sent go back to the queue as they were (repository unclaim), and say so. */
  private giveBack(claims: ClaimedDocument[]): void {
    if (claims.length === 0) return;
    try {
      for (const row of this.o.documents.queue.unclaim(claims, 'Devuelto a la cola sin enviarse')) {
        this.emit({ type: 'document', id: row.id, status: row.status });
      }
    } catch (e) {
      // They stay 'sending': the next start's crash recovery puts them back (pending, uncertain).
      this.o.log?.warn('outbox: giving back claimed documents failed', { ids: claims.map((c) => c.row.id), error: e instanceof Error ? e.message : String(e) });
    }
  }

  private track(doc: DocumentRow): void {
    this.emit({ type: 'document', id: doc.id, status: 'sending' });
    this.requests++;
    const p: Promise<void> = this.sendOne(doc).finally(() => {
      this.inFlight.delete(p);
      if (this.running) this.fill();
    });
    this.inFlight.add(p);
  }

  /** Blocked on auth: one light probe after a backoff step (the first at once when `delayMs` is 0). */
  private blockAuth(delayMs?: number): void {
    this.authBlocked = true;
    this.tokenRefused = false;
    this.giveBack(this.reserve.splice(0));
    const delay = delayMs ?? retryDelayMs(++this.authProbes, this.o.retry ?? DEFAULT_RETRY);
    this.authProbeAt = new Date(this.now().getTime() + delay);
    if (this.authTimer) clearTimeout(this.authTimer);
    this.authTimer = setTimeout(() => this.probeAuth(), delay);
    this.authTimer.unref?.();
  }

  /** Sends the oldest blocked document again. Any answer but 401/403 unblocks the rest (see record()). */
  private probeAuth(): void {
    if (this.authTimer) clearTimeout(this.authTimer);
    this.authTimer = undefined;
    if (!this.running) return; // stopped (or never started: a drain-only rig): nothing is sent on a timer
    if (this.inFlight.size > 0) {
      this.blockAuth(); // a send is still out: probe after the next step
      return;
    }
    const doc = this.o.documents.queue.claimBlockedProbe();
    if (!doc) {
      this.unblockAuth();
      return;
    }
    this.track(doc);
  }

  private async sendOne(doc: DocumentRow): Promise<void> {
    let outcome: SendOutcome;
    /** The API answered past its bearer check (a result, or a 4xx other than 401/403): the token works. */
    let tokenProven = false;
    try {
      try {
        // Notes go to note/send; their answers take the same decision as an invoice's (verdict.ts).
        const isNote = doc.doc_type === '07' || doc.doc_type === '08';
        const result = await (isNote ? this.o.api.sendNote(doc.payload) : this.o.api.sendInvoice(doc.payload));
        tokenProven = true;
        this.setConnection('online');
        outcome = outcomeOfResult(result);
        if (outcome.kind === 'already_registered') {
          outcome = await reconcile(
            { payload: doc.payload, sentBefore: doc.uncertain === 1, sends: doc.attempts + 1 },
            { api: this.o.api, portalCredentials: this.o.portalCredentials ?? (() => undefined) },
          );
        }
      } catch (e) {
        if (isApiError(e)) {
          tokenProven = e.kind === 'invalid' || e.kind === 'not_found';
          this.setConnection(connectionOf(e));
          outcome = outcomeOfError(e);
        } else {
          outcome = { kind: 'retry', ambiguous: true, message: 'Error inesperado al enviar; se reintentará.' };
        }
      }
    } finally {
      this.requests--;
    }
    // The answer is in, so its slot is free: the next request goes out now, from the reserve, not after the commit
    // that records this answer. Not after a 401/403: the queue is about to block on auth.
    if (outcome.kind !== 'auth') this.sendFromReserve();
    try {
      await this.record(doc, outcome, tokenProven);
    } catch (e) {
      // Never leave a document 'sending' until the next start: back to the queue, marked uncertain (it may have
      // been declared), due after a backoff step.
      this.o.log?.warn('outbox: recording an outcome failed', { id: doc.id, error: e instanceof Error ? e.message : String(e) });
      try {
        const back = this.o.documents.updateStatus(
          doc.id,
          { status: 'pending', uncertain: true, next_attempt_at: this.retryAt(doc.attempts + 1) },
          'No se pudo guardar el resultado del envío; se volverá a consultar.',
        );
        this.emit({ type: 'document', id: doc.id, status: back.status });
      } catch {
        // the store itself is failing: crash recovery at the next start resets it
      }
    }
  }

  private retryAt(attempts: number, atLeastMs = 0): string {
    const delay = Math.max(atLeastMs, retryDelayMs(attempts, this.o.retry ?? DEFAULT_RETRY));
    return new Date(this.now().getTime() + delay).toISOString();
  }

  private async record(doc: DocumentRow, outcome: SendOutcome, tokenProven: boolean): Promise<void> {
    const at = this.now().toISOString();
    // The CDR is unzipped before the commit: the transaction holds only the writes.
    const cdr = outcome.kind === 'final' ? await cdrColumns(outcome.answer) : undefined;
    if (outcome.kind === 'retry' && outcome.retryAfterMs) this.holds.set(doc.id, this.now().getTime() + outcome.retryAfterMs);
    else if (outcome.kind === 'retry' || outcome.kind === 'already_registered') this.holds.delete(doc.id);
    const updated = await this.commits.record(() => this.writeOutcome(doc, outcome, at, cdr), outcome.kind === 'auth');
    if (outcome.kind === 'final' && (outcome.status === 'accepted' || outcome.status === 'observed')) this.lastSuccessAt = at;
    if (outcome.kind === 'auth') {
      // Several sends may hit the same 401: one probe schedule, escalated only by a failed probe.
      if (!this.authBlocked || this.authTimer === undefined) this.blockAuth();
      this.emit({ type: 'auth_blocked', message: outcome.message });
    }
    // An answer past the bearer check proves the token again: documents blocked on auth go back to the queue. A
    // network error, a timeout or a 5xx proves nothing: the block stays and the next probe comes after a backoff step.
    if (this.authBlocked) {
      if (tokenProven) this.unblockAuth();
      else if (outcome.kind !== 'auth' && this.authTimer === undefined) this.blockAuth();
    }
    this.emit({ type: 'document', id: doc.id, status: updated.status });
  }

  /** The status and audit event an outcome writes (inside a group commit). */
  private writeOutcome(doc: DocumentRow, outcome: SendOutcome, at: string, cdr: CdrColumns | undefined): DocumentRow {
    const { patch, detail } = outcomeRow(doc, outcome, at, cdr, (attempts, atLeastMs) => this.retryAt(attempts, atLeastMs));
    return this.o.documents.updateStatus(doc.id, patch, detail);
  }

  /** Documents for the free request slots and the reserve, claimed in the same commit. */
  private claimInBatch(): ClaimedDocument[] {
    if ((!this.running && !this.draining) || this.authBlocked) return [];
    const wanted = 2 * this.concurrency - this.requests - this.reserve.length;
    if (wanted <= 0) return [];
    return this.o.documents.queue.claimDueFrom(this.now().toISOString(), wanted, this.o.demo());
  }

  private setConnection(connection: Connection): void {
    if (this.connection === connection) return;
    const wasDown = this.connection === 'offline' || this.connection === 'unresponsive';
    this.connection = connection;
    const online = connection === 'online' || connection === 'auth_rejected';
    if (this.online !== online) {
      this.online = online;
      this.emit({ type: 'connectivity', online, lastSuccessAt: this.lastSuccessAt });
    }
    // The connection is back: what waited for it goes now, not at the end of its backoff.
    if (connection === 'online' && wasDown) this.o.documents.queue.makePendingDue(this.heldIds());
  }

  /** The documents still inside the wait an API's Retry-After asked for; expired holds are forgotten. */
  private heldIds(): number[] {
    const now = this.now().getTime();
    for (const [id, until] of this.holds) if (until <= now) this.holds.delete(id);
    return [...this.holds.keys()];
  }

  private emit(event: OutboxEvent): void {
    this.o.emit?.(event);
  }
}

/** The status bar's words for a failed exchange. A server that answers (even 4xx) is reachable. */
function connectionOf(e: ApiError): Connection {
  switch (e.kind) {
    case 'network':
      return 'offline';
    case 'timeout':
    case 'server':
      return 'unresponsive';
    case 'auth':
      return 'auth_rejected';
    default:
      return 'online';
  }
}
