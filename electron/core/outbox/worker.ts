import type { DocStatus } from '../../../shared/bridge/status';
import { isApiError, type ApiClient } from '../api';
import { unzipCdr } from '../cdr';
import type { DocumentRow, DocumentsRepository } from '../db';
import { outcomeOfError, outcomeOfResult, type AuthorityAnswer, type SendOutcome } from './outcome';
import { reconcile, type PortalCredentials } from './reconcile';
import { DEFAULT_RETRY, retryDelayMs, type RetryPolicy } from './retry';

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
  /** Sends in flight at once. */
  concurrency?: number;
  /** How often to look for due documents when nothing wakes the worker. */
  pollMs?: number;
}

/**
 * The sender: drains pending documents oldest first with bounded concurrency, sends each stored payload unchanged,
 * and records every outcome in one transaction (the repository writes the status and its audit event together).
 */
export class Outbox {
  private readonly inFlight = new Set<Promise<void>>();
  private running = false;
  private authBlocked = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private online: boolean | undefined;
  private lastSuccessAt: string | undefined;
  private readonly now: () => Date;
  private readonly concurrency: number;

  constructor(private readonly o: OutboxOptions) {
    this.now = o.now ?? (() => new Date());
    this.concurrency = o.concurrency ?? 4;
  }

  /** Crash recovery, then the loop. Documents left 'sending' by a dead process go back to 'pending'. */
  start(): void {
    this.o.documents.resetSending();
    this.running = true;
    this.pump();
  }

  /** Stop taking new documents and wait for the requests in flight to finish and be recorded. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await Promise.allSettled([...this.inFlight]);
  }

  /** Something new to send (a sale was issued, a retry was asked for). */
  wake(): void {
    if (this.running) this.pump();
  }

  /** A new token was saved: documents blocked on auth go back to the queue. */
  unblockAuth(): void {
    this.authBlocked = false;
    this.o.documents.requeueBlockedAuth();
    this.wake();
  }

  get isAuthBlocked(): boolean {
    return this.authBlocked;
  }

  get status(): { online: boolean | undefined; lastSuccessAt: string | undefined; inFlight: number } {
    return { online: this.online, lastSuccessAt: this.lastSuccessAt, inFlight: this.inFlight.size };
  }

  /**
   * Send everything that is due now and wait until nothing more is due (tests, benchmarks, shutdown drills).
   * Works whether or not start() was called.
   */
  async drain(): Promise<void> {
    for (;;) {
      this.fill();
      if (this.inFlight.size === 0) return;
      await Promise.race([...this.inFlight]);
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
    if (this.authBlocked) return;
    const free = this.concurrency - this.inFlight.size;
    if (free <= 0) return;
    const docs = this.o.documents.claimDue(this.now().toISOString(), free, this.o.demo());
    for (const doc of docs) {
      this.emit({ type: 'document', id: doc.id, status: 'sending' });
      const p: Promise<void> = this.sendOne(doc).finally(() => {
        this.inFlight.delete(p);
        if (this.running) this.fill();
      });
      this.inFlight.add(p);
    }
  }

  private async sendOne(doc: DocumentRow): Promise<void> {
    let outcome: SendOutcome;
    try {
      const result = await this.o.api.sendInvoice(doc.payload);
      this.setOnline(true);
      outcome = outcomeOfResult(result);
      if (outcome.kind === 'already_registered') {
        outcome = await reconcile(doc.payload, {
          api: this.o.api,
          portalCredentials: this.o.portalCredentials ?? (() => undefined),
        });
      }
    } catch (e) {
      if (isApiError(e)) {
        this.setOnline(e.kind !== 'network' && e.kind !== 'timeout');
        outcome = outcomeOfError(e);
      } else {
        outcome = { kind: 'retry', ambiguous: true, message: 'Error inesperado al enviar; se reintentará.' };
      }
    }
    await this.record(doc, outcome);
  }

  private async record(doc: DocumentRow, outcome: SendOutcome): Promise<void> {
    const at = this.now().toISOString();
    const attempts = doc.attempts + 1;
    let updated: DocumentRow;
    switch (outcome.kind) {
      case 'final': {
        const cdr = await cdrColumns(outcome.answer);
        updated = this.o.documents.updateStatus(
          doc.id,
          {
            status: outcome.status,
            attempts,
            last_attempt_at: at,
            next_attempt_at: null,
            last_error: outcome.status === 'accepted' ? null : outcome.message,
            ...cdr,
            accepted_at: outcome.status === 'accepted' || outcome.status === 'observed' ? at : null,
          },
          outcome.message,
        );
        if (outcome.status === 'accepted' || outcome.status === 'observed') this.lastSuccessAt = at;
        break;
      }
      case 'auth':
        this.authBlocked = true;
        updated = this.o.documents.updateStatus(
          doc.id,
          { status: 'blocked_auth', attempts, last_attempt_at: at, last_error: outcome.message },
          outcome.message,
        );
        this.emit({ type: 'auth_blocked', message: outcome.message });
        break;
      case 'retry':
      case 'already_registered': {
        const delay = retryDelayMs(attempts, this.o.retry ?? DEFAULT_RETRY);
        updated = this.o.documents.updateStatus(
          doc.id,
          {
            status: 'pending',
            attempts,
            last_attempt_at: at,
            next_attempt_at: new Date(this.now().getTime() + delay).toISOString(),
            last_error: outcome.message,
            uncertain: doc.uncertain === 1 || (outcome.kind === 'retry' && outcome.ambiguous),
          },
          outcome.message,
        );
        break;
      }
    }
    this.emit({ type: 'document', id: doc.id, status: updated.status });
  }

  private setOnline(online: boolean): void {
    if (this.online === online) return;
    this.online = online;
    this.emit({ type: 'connectivity', online, lastSuccessAt: this.lastSuccessAt });
  }

  private emit(event: OutboxEvent): void {
    this.o.emit?.(event);
  }
}

/** The CDR and authority columns to store for a final outcome: zip, unzipped XML, code, description, notes, hash. */
async function cdrColumns(answer: AuthorityAnswer | undefined) {
  if (!answer) return {};
  let cdrXml: string | null = null;
  if (answer.cdrZip) {
    try {
      cdrXml = (await unzipCdr(answer.cdrZip)).xml;
    } catch {
      cdrXml = null; // the answer itself is authoritative; a broken zip is kept as received for later inspection
    }
  }
  return {
    hash: answer.hash ?? null,
    cdr_code: answer.code,
    cdr_description: answer.description,
    cdr_notes: answer.notes,
    cdr_zip: answer.cdrZip ? Buffer.from(answer.cdrZip, 'base64') : null,
    cdr_xml: cdrXml,
  };
}
