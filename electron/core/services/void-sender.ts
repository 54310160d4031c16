// The void outbox: sends the void requests recorded in `voids` (migration 0017), one at a time, each
// stored payload unchanged, and records every outcome in one transaction (void-verdict.ts decides). The guarantees
// are the sale outbox's: a request is marked 'sending' (committed) before it leaves, so a crash (kill -9) turns it
// into "possibly sent"; a possibly sent request first asks SUNAT's record whether the document is already voided
// and is resent only when the record shows it still accepted; Retry-After is kept on the request (next_attempt_at);
// a request is one per document, so nothing is ever sent for a document twice but the same request again.
import type { ReceiptRecord } from '../../../shared/api';
import { isApiError, type ApiClient } from '../api';
import type { VoidRow, VoidsRepository } from '../db';
import { DEFAULT_RETRY, retryDelayMs, type RetryPolicy } from '../outbox/retry';
import { ALREADY_REGISTERED } from '../outbox/verdict';
import { decideVoidAnswer, decideVoidError, decideVoidRecord, type RecordLookup, type VoidOutcome } from './void-verdict';
import type { VoidRequestBody } from '../../../shared/api/void-request';

export interface VoidSenderOptions {
  voids: VoidsRepository;
  api: ApiClient;
  demo: () => boolean;
  now?: () => Date;
  retry?: RetryPolicy;
  pollMs?: number;
  /**
   * True while the sale outbox holds every send because the token was refused (one probe decides for both): a void
   * then waits too, instead of knocking with a token already known to fail.
   */
  paused?: () => boolean;
  /** Why a request must not be sent now (its deadline passed), or null; asked before every send. */
  lateToSend?: (documentId: number) => string | null;
  /**
   * Why a request must not be sent after all (another till's note counts against the sale on the shop server), or
   * null; asked before every send, after `lateToSend`.
   */
  beforeSend?: (documentId: number) => Promise<string | null>;
  /** A request changed (the document's detail and status bar refresh). */
  emit?: (documentId: number) => void;
  log?: { warn(message: string, data?: Record<string, unknown>): void };
}

const REPORTED = new Set([...ALREADY_REGISTERED, '1032']);

export class VoidSender {
  private running = false;
  private busy: Promise<void> | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly now: () => Date;

  constructor(private readonly o: VoidSenderOptions) {
    this.now = o.now ?? (() => new Date());
  }

  /** Crash recovery (a request left 'sending' may have reached the API), then the loop. */
  start(): void {
    this.o.voids.resetSending();
    this.running = true;
    this.pump();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.busy;
  }

  wake(): void {
    if (this.running) this.pump();
  }

  /** Sends everything due now, until nothing more is due (tests). Works whether or not start() was called. */
  async drain(): Promise<void> {
    for (;;) {
      await this.busy;
      if (this.o.paused?.()) return;
      const [row] = this.o.voids.claimDue(this.now().toISOString(), 1, this.o.demo());
      if (!row) return;
      await this.run(row);
    }
  }

  private pump(): void {
    if (!this.running) return;
    if (!this.busy && !this.o.paused?.()) {
      const [row] = this.o.voids.claimDue(this.now().toISOString(), 1, this.o.demo());
      if (row) void this.run(row).then(() => this.pump());
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.pump(), this.o.pollMs ?? 2_000);
    this.timer.unref?.();
  }

  private run(row: VoidRow): Promise<void> {
    const p = this.sendOne(row).finally(() => {
      if (this.busy === p) this.busy = undefined;
    });
    this.busy = p;
    return p;
  }

  private async sendOne(row: VoidRow): Promise<void> {
    const body = JSON.parse(row.payload) as VoidRequestBody;
    const label = `${body.serie}-${body.correlativo}`;
    let outcome: VoidOutcome | undefined;
    let answerCode: string | null = null;
    try {
      if (row.uncertain === 1 || (row.answer_code !== null && REPORTED.has(row.answer_code))) {
        // Possibly sent, or SUNAT said it was already reported: the record first, never a blind resend.
        const reported = row.answer_code !== null && REPORTED.has(row.answer_code);
        const w = decideVoidRecord(await this.recordOf(body), label, !reported);
        if (w.kind !== 'send') outcome = w;
      }
      const late = outcome ? null : (this.o.lateToSend?.(row.document_id) ?? null);
      // Nothing of this request reached SUNAT (or the record shows the document still valid): a late send is refused.
      if (late) outcome = { kind: 'invalid', message: late };
      const held = outcome ? null : ((await this.o.beforeSend?.(row.document_id)) ?? null);
      if (held) outcome = { kind: 'invalid', message: held };
      if (!outcome) {
        const answer = decideVoidAnswer(await this.o.api.sendVoid(row.endpoint, row.payload));
        if (answer.kind === 'check') {
          answerCode = answer.code;
          const w = decideVoidRecord(await this.recordOf(body), label, false);
          outcome = w.kind === 'send' ? { kind: 'attention', ambiguous: true, message: answer.message } : w;
        } else outcome = answer;
      }
    } catch (e) {
      outcome = isApiError(e) ? decideVoidError(e) : { kind: 'retry', ambiguous: true, message: 'Error inesperado al enviar la anulación; se volverá a consultar.' };
    }
    try {
      this.record(row, outcome, answerCode);
    } catch (e) {
      this.o.log?.warn('voids: recording an outcome failed', { id: row.id, error: e instanceof Error ? e.message : String(e) });
      try {
        this.o.voids.set(row.id, { status: 'pending', uncertain: true, next_attempt_at: this.retryAt(row.attempts + 1) }, 'No se pudo guardar el resultado de la anulación; se volverá a consultar.');
      } catch {
        // the store itself is failing: crash recovery at the next start resets it
      }
    }
    this.o.emit?.(row.document_id);
  }

  private async recordOf(body: VoidRequestBody): Promise<RecordLookup> {
    try {
      const record: ReceiptRecord = await this.o.api.receipt(body.tipo_Doc === '01' ? 'factura' : 'boleta', {
        ruc: body.empresa_Ruc,
        series: body.serie,
        number: body.correlativo,
      });
      return { kind: 'record', record };
    } catch (e) {
      if (isApiError(e) && e.kind === 'not_found') return { kind: 'not_found' };
      return { kind: 'unavailable', why: isApiError(e) ? e.message : 'error inesperado' };
    }
  }

  private retryAt(attempts: number, atLeastMs = 0): string {
    const delay = Math.max(atLeastMs, retryDelayMs(attempts, this.o.retry ?? DEFAULT_RETRY));
    return new Date(this.now().getTime() + delay).toISOString();
  }

  private record(row: VoidRow, outcome: VoidOutcome, answerCode: string | null): void {
    const at = this.now().toISOString();
    const attempts = row.attempts + 1;
    const base = { attempts, last_attempt_at: at, ...(answerCode ? { answer_code: answerCode } : {}) };
    switch (outcome.kind) {
      case 'voided':
        this.o.voids.set(row.id, { ...base, status: 'voided', next_attempt_at: null, last_error: null, answer_code: outcome.code, answer_text: outcome.text, decided_at: at }, outcome.message);
        return;
      case 'refused':
        this.o.voids.set(row.id, { ...base, status: 'refused', next_attempt_at: null, last_error: outcome.message, answer_code: outcome.code, answer_text: outcome.text, decided_at: at }, outcome.message);
        return;
      case 'invalid':
        this.o.voids.set(row.id, { ...base, status: 'invalid', next_attempt_at: null, last_error: outcome.message }, outcome.message);
        return;
      case 'retry':
      case 'check':
        this.o.voids.set(
          row.id,
          {
            ...base,
            status: 'pending',
            next_attempt_at: this.retryAt(attempts, outcome.kind === 'retry' ? outcome.retryAfterMs : 0),
            last_error: outcome.message,
            uncertain: row.uncertain === 1 || (outcome.kind === 'retry' && outcome.ambiguous),
          },
          outcome.message,
        );
        return;
      case 'attention':
        this.o.voids.set(
          row.id,
          { ...base, status: 'attention', next_attempt_at: this.retryAt(attempts), last_error: outcome.message, uncertain: row.uncertain === 1 || outcome.ambiguous },
          outcome.message,
        );
        return;
    }
  }
}
