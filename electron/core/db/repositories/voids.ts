// Void requests (migration 0017): one per document, recorded before it is sent, with its own small outbox
// (electron/core/services/void-sender.ts). Each change of a request also writes a line in the document's history
// (document_events, the document's status unchanged), in the same transaction.
import type Database from 'better-sqlite3';
import type { Db } from '../types';

export const VOID_STATUSES = ['pending', 'sending', 'voided', 'refused', 'invalid', 'attention'] as const;
export type VoidStatus = (typeof VOID_STATUSES)[number];
export type VoidEndpoint = 'summary' | 'voided';

export interface VoidRow {
  id: number;
  document_id: number;
  endpoint: VoidEndpoint;
  reason: string;
  payload: string;
  status: VoidStatus;
  uncertain: 0 | 1;
  demo: 0 | 1;
  attempts: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_error: string | null;
  answer_code: string | null;
  answer_text: string | null;
  requested_at: string;
  requested_by: string | null;
  decided_at: string | null;
}

export interface NewVoid {
  document_id: number;
  endpoint: VoidEndpoint;
  reason: string;
  payload: string;
  demo: boolean;
  requested_at: string;
  requested_by: string | null;
}

export interface VoidUpdate {
  status: VoidStatus;
  uncertain?: boolean;
  attempts?: number;
  next_attempt_at?: string | null;
  last_attempt_at?: string | null;
  last_error?: string | null;
  answer_code?: string | null;
  answer_text?: string | null;
  decided_at?: string | null;
}

/** Void requests SUNAT has not settled yet: neither voided nor refused nor invalid. */
export const WAITING_COUNT_SQL = "SELECT COUNT(*) AS n FROM voids WHERE status IN ('pending', 'sending', 'attention')";

const COLUMNS = `id, document_id, endpoint, reason, payload, status, uncertain, demo, attempts, next_attempt_at,
  last_attempt_at, last_error, answer_code, answer_text, requested_at, requested_by, decided_at`;

export class VoidsRepository {
  private readonly insertRow: Database.Statement<[number, string, string, string, number, string, string | null, string]>;
  private readonly selectByDocument: Database.Statement<[number], VoidRow>;
  private readonly selectById: Database.Statement<[number], VoidRow>;
  private readonly selectDue: Database.Statement<[string, number, number], { id: number }>;
  private readonly markSending: Database.Statement<[number]>;
  private readonly resetRows: Database.Statement<[]>;
  private readonly selectSending: Database.Statement<[], { id: number; document_id: number }>;
  private readonly update: Database.Statement<Record<string, unknown>>;
  private readonly insertEvent: Database.Statement<[string, string, number]>;
  private readonly selectVoidedIds: Database.Statement<[], { document_id: number }>;
  private readonly selectStates: Database.Statement<[string], { document_id: number; status: VoidStatus }>;
  private readonly countUnsettled: Database.Statement<[], { n: number }>;
  readonly requestTx: (v: NewVoid, detail: string) => VoidRow;
  private readonly claimTx: (now: string, limit: number, demo: boolean) => VoidRow[];
  private readonly updateTx: (id: number, change: VoidUpdate, detail: string) => VoidRow;
  private readonly resetTx: () => number;
  /**
   * Runs inside the transaction that records SUNAT's acceptance of a void, once per document: a voided sale's goods
   * return to the shelf with it (electron/core/stock/ledger.ts).
   */
  onVoided: ((documentId: number) => void) | undefined;

  constructor(db: Db, now: () => Date = () => new Date()) {
    const s = db.sqlite;
    this.insertRow = s.prepare(
      `INSERT INTO voids (document_id, endpoint, reason, payload, demo, requested_at, requested_by, next_attempt_at, status)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending')`,
    );
    this.selectByDocument = s.prepare(`SELECT ${COLUMNS} FROM voids WHERE document_id = ?`);
    this.selectById = s.prepare(`SELECT ${COLUMNS} FROM voids WHERE id = ?`);
    this.selectDue = s.prepare(
      `SELECT id FROM voids WHERE status IN ('pending', 'attention') AND next_attempt_at IS NOT NULL AND next_attempt_at <= ?
        AND demo = ? ORDER BY id LIMIT ?`,
    );
    this.markSending = s.prepare("UPDATE voids SET status = 'sending' WHERE id = ?");
    this.selectSending = s.prepare("SELECT id, document_id FROM voids WHERE status = 'sending'");
    // A crash while sending: the request may have reached the API. Back to the queue, marked uncertain, due now.
    this.resetRows = s.prepare("UPDATE voids SET status = 'pending', uncertain = 1, next_attempt_at = requested_at WHERE status = 'sending'");
    this.update = s.prepare(
      `UPDATE voids SET status = @status, uncertain = COALESCE(@uncertain, uncertain), attempts = COALESCE(@attempts, attempts),
         next_attempt_at = @next_attempt_at, last_attempt_at = COALESCE(@last_attempt_at, last_attempt_at),
         last_error = @last_error, answer_code = COALESCE(@answer_code, answer_code),
         answer_text = COALESCE(@answer_text, answer_text), decided_at = COALESCE(@decided_at, decided_at)
       WHERE id = @id`,
    );
    this.insertEvent = s.prepare(
      `INSERT INTO document_events (document_id, at, from_status, to_status, detail)
       SELECT id, ?, status, status, ? FROM documents WHERE id = ?`,
    );
    this.selectVoidedIds = s.prepare("SELECT document_id FROM voids WHERE status = 'voided'");
    this.selectStates = s.prepare('SELECT document_id, status FROM voids WHERE document_id IN (SELECT value FROM json_each(?))');
    this.countUnsettled = s.prepare(WAITING_COUNT_SQL);

    const event = (documentId: number, detail: string) => this.insertEvent.run(now().toISOString(), detail, documentId);
    this.requestTx = s.transaction((v: NewVoid, detail: string) => {
      const existing = this.selectByDocument.get(v.document_id);
      if (existing) return existing;
      this.insertRow.run(v.document_id, v.endpoint, v.reason, v.payload, v.demo ? 1 : 0, v.requested_at, v.requested_by, v.requested_at);
      event(v.document_id, detail);
      return this.selectByDocument.get(v.document_id) as VoidRow;
    }).immediate;
    this.claimTx = s.transaction((now: string, limit: number, demo: boolean) => {
      const ids = this.selectDue.all(now, demo ? 1 : 0, Math.max(0, Math.floor(limit)));
      for (const { id } of ids) this.markSending.run(id);
      return ids.map(({ id }) => this.selectById.get(id) as VoidRow);
    }).immediate;
    this.updateTx = s.transaction((id: number, change: VoidUpdate, detail: string) => {
      const before = this.selectById.get(id);
      this.update.run({
        id,
        status: change.status,
        uncertain: change.uncertain === undefined ? null : change.uncertain ? 1 : 0,
        attempts: change.attempts ?? null,
        next_attempt_at: change.next_attempt_at ?? null,
        last_attempt_at: change.last_attempt_at ?? null,
        last_error: change.last_error ?? null,
        answer_code: change.answer_code ?? null,
        answer_text: change.answer_text ?? null,
        decided_at: change.decided_at ?? null,
      });
      const row = this.selectById.get(id) as VoidRow;
      event(row.document_id, detail);
      if (row.status === 'voided' && before?.status !== 'voided') this.onVoided?.(row.document_id);
      return row;
    }).immediate;
    this.resetTx = s.transaction(() => {
      const rows = this.selectSending.all();
      this.resetRows.run();
      for (const r of rows) event(r.document_id, 'Anulación: el envío se interrumpió; se consultará a SUNAT antes de volver a enviarla.');
      return rows.length;
    }).immediate;
  }

  /** Records the request once per document; a second request answers the first. */
  request(v: NewVoid, detail: string): VoidRow {
    return this.requestTx(v, detail);
  }

  of(documentId: number): VoidRow | undefined {
    return this.selectByDocument.get(documentId);
  }

  /**
   * Marks the due requests 'sending' in one committed transaction before any is sent: the mark is the evidence
   * that a request may have reached the API (crash recovery turns it into `uncertain`).
   */
  claimDue(now: string, limit: number, demo: boolean): VoidRow[] {
    return this.claimTx(now, limit, demo);
  }

  set(id: number, change: VoidUpdate, detail: string): VoidRow {
    return this.updateTx(id, change, detail);
  }

  resetSending(): number {
    return this.resetTx();
  }

  /** The void states of some documents (those with a request), for the documents list. */
  statesOf(documentIds: readonly number[]): { document_id: number; status: VoidStatus }[] {
    return this.selectStates.all(JSON.stringify(documentIds));
  }

  /** Requests not settled yet (the status bar): read through the voids_due index, never the table. */
  countWaiting(): number {
    return this.countUnsettled.get()?.n ?? 0;
  }

  /** The documents SUNAT's evidence says are voided (reports and exports leave them out of sales). */
  voidedDocumentIds(): Set<number> {
    return new Set(this.selectVoidedIds.all().map((r) => r.document_id));
  }
}
