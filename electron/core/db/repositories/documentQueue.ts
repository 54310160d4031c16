// The outbox's side of the documents table: what is due and claimed for sending, what goes back unsent, and the
// recoveries (after a crash, a new token, "Reintentar todos"). Every change writes its event (documentRows.ts).
import type Database from 'better-sqlite3';
import type { DocumentRow } from '../types';
import type { DocumentRows } from './documentRows';
import { NOT_REISSUED_SQL } from './documentSearch';

/** A document claimed for sending (now 'sending'), and the status it was claimed from. */
export interface ClaimedDocument {
  row: DocumentRow;
  from: 'pending' | 'attention';
}

export class DocumentQueue {
  private readonly selectDue: Database.Statement<[{ now: string; limit: number }], { id: number }>;
  private readonly selectDueByMode: Database.Statement<[{ now: string; limit: number; demo: 0 | 1 }], { id: number }>;
  private readonly markSending: Database.Statement<[string, number]>;
  private readonly selectOldestBlocked: Database.Statement<[], DocumentRow>;
  private readonly markPendingDue: Database.Statement<[string]>;
  private readonly selectSendingIds: Database.Statement<[], { id: number }>;
  private readonly markPendingAfterCrash: Database.Statement<[string, number]>;
  private readonly selectBlockedIds: Database.Statement<[], { id: number }>;
  private readonly markPendingAfterAuth: Database.Statement<[string, number]>;
  private readonly selectInvalidOpenIds: Database.Statement<[], { id: number }>;
  private readonly selectNotesAwaitingCdr: Database.Statement<[], { id: number }>;
  private readonly countNotesAwaitingCdrStatement: Database.Statement<[], { count: number }>;
  private readonly claimDueTx: Database.Transaction<(now: string, limit: number, demo: boolean | undefined) => ClaimedDocument[]>;
  private readonly unclaimTx: Database.Transaction<(claims: readonly ClaimedDocument[], detail: string) => DocumentRow[]>;
  private readonly claimBlockedTx: Database.Transaction<() => DocumentRow | undefined>;
  private readonly resetSendingTx: Database.Transaction<() => number>;
  private readonly requeueBlockedAuthTx: Database.Transaction<() => number>;
  private readonly requeueInvalidTx: Database.Transaction<(detail: string) => number>;
  private readonly requeueNotesAwaitingCdrTx: Database.Transaction<() => number>;

  constructor(
    sqlite: Database.Database,
    private readonly rows: DocumentRows,
  ) {
    // Due: pending ones (NULL next_attempt_at = now), and those needing attention that asked for a status check.
    const due = `((status = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= @now))
      OR (status = 'attention' AND next_attempt_at IS NOT NULL AND next_attempt_at <= @now))`;
    // Ids only, oldest first, from migration 0015's partial index (the status IN term names the index's rows): the
    // walk stops at the LIMIT, and whole rows are read only for the documents taken. INDEXED BY, because
    // without statistics the planner picks the status or export index and sorts every due row.
    const queue = `FROM documents INDEXED BY documents_outbox_queue WHERE status IN ('pending', 'attention') AND ${due}`;
    this.selectDue = sqlite.prepare(`SELECT id ${queue} ORDER BY id LIMIT @limit`);
    this.selectDueByMode = sqlite.prepare(`SELECT id ${queue} AND demo = @demo ORDER BY id LIMIT @limit`);
    this.markSending = sqlite.prepare(
      "UPDATE documents SET status = 'sending', updated_at = ? WHERE id = ? AND status IN ('pending', 'attention', 'blocked_auth')",
    );
    this.selectOldestBlocked = sqlite.prepare("SELECT * FROM documents WHERE status = 'blocked_auth' ORDER BY id LIMIT 1");
    this.markPendingDue = sqlite.prepare(
      `UPDATE documents SET next_attempt_at = NULL WHERE status = 'pending' AND next_attempt_at IS NOT NULL
         AND id NOT IN (SELECT value FROM json_each(?))`,
    );
    this.selectSendingIds = sqlite.prepare("SELECT id FROM documents WHERE status = 'sending' ORDER BY id");
    this.markPendingAfterCrash = sqlite.prepare(
      "UPDATE documents SET status = 'pending', uncertain = 1, updated_at = ? WHERE id = ? AND status = 'sending'",
    );
    this.selectBlockedIds = sqlite.prepare("SELECT id FROM documents WHERE status = 'blocked_auth' ORDER BY id");
    this.markPendingAfterAuth = sqlite.prepare(
      "UPDATE documents SET status = 'pending', next_attempt_at = NULL, updated_at = ? WHERE id = ? AND status = 'blocked_auth'",
    );
    this.selectInvalidOpenIds = sqlite.prepare(`SELECT d.id FROM documents d WHERE d.status = 'invalid' AND ${NOT_REISSUED_SQL} ORDER BY d.id`);
    // A note possibly declared, answered 1033, and left waiting because only its CDR can prove it (outbox/verdict.ts).
    // Through the status index: those in attention are few, while every note of the years matches the type.
    const awaitingCdr = "FROM documents INDEXED BY documents_status WHERE status = 'attention' AND doc_type IN ('07', '08') AND uncertain = 1 AND next_attempt_at IS NULL";
    this.selectNotesAwaitingCdr = sqlite.prepare(`SELECT id ${awaitingCdr} ORDER BY id`);
    this.countNotesAwaitingCdrStatement = sqlite.prepare(`SELECT COUNT(*) AS count ${awaitingCdr}`);
    this.claimDueTx = sqlite.transaction((now: string, limit: number, demo: boolean | undefined) => this.claimRows(now, limit, demo));
    this.unclaimTx = sqlite.transaction((claims: readonly ClaimedDocument[], detail: string) => this.unclaimRows(claims, detail));
    this.claimBlockedTx = sqlite.transaction(() => {
      const row = this.selectOldestBlocked.get();
      if (row) this.markRowSending(row, this.rows.timestamp(), 'Prueba del token de acceso');
      return row;
    });
    this.resetSendingTx = sqlite.transaction(() => this.resetRows());
    this.requeueBlockedAuthTx = sqlite.transaction(() => this.requeueBlockedRows());
    this.requeueInvalidTx = sqlite.transaction((detail: string) => this.requeueInvalidRows(detail));
    this.requeueNotesAwaitingCdrTx = sqlite.transaction(() =>
      this.selectNotesAwaitingCdr.all().reduce((n, { id }) => {
        this.rows.update(id, { status: 'pending', next_attempt_at: null }, 'Clave SOL guardada: se consultará la constancia (CDR) de la nota');
        return n + 1;
      }, 0),
    );
  }

  /**
   * Picks up to `limit` pending documents that are due at `now` (UTC ISO; null next_attempt_at = due), oldest first,
   * and marks them 'sending' with an event each, atomically. Returns them as they are after the change.
   * With `demo` given, only documents issued in that mode are picked (demo ones go only to the sandbox).
   */
  claimDue(now: string, limit: number, demo?: boolean): DocumentRow[] {
    return this.claimDueFrom(now, limit, demo).map((claim) => claim.row);
  }

  /** claimDue, with the status each document was claimed from (for unclaim). */
  claimDueFrom(now: string, limit: number, demo?: boolean): ClaimedDocument[] {
    // The 'sending' mark is the evidence that a request may have reached the API: crash recovery turns it into
    // `uncertain`, and only an uncertain document may reconcile a 1033 as its own. So this commit is durable
    // (synchronous=FULL, the connection's setting), never skipped.
    return this.claimDueTx.immediate(now, limit, demo);
  }

  /**
   * Claimed documents that were never sent go back to the status they were claimed from, with an event (the
   * outbox claims a few ahead of its sends, and gives back those it did not send when it stops, blocks on auth or
   * changes mode). Only documents still 'sending' change. Returns them as they are after the change.
   */
  unclaim(claims: readonly ClaimedDocument[], detail: string): DocumentRow[] {
    return claims.length === 0 ? [] : this.unclaimTx.immediate(claims, detail);
  }

  /** The claim's id query, for the query-plan test. */
  claimSource(demo: boolean | undefined): string {
    return (demo === undefined ? this.selectDue : this.selectDueByMode).source;
  }

  /** While blocked on auth: takes the oldest blocked document to send it again as a probe of the token. */
  claimBlockedProbe(): DocumentRow | undefined {
    return this.claimBlockedTx.immediate();
  }

  /**
   * Every pending document becomes due now (the connection came back; "Reintentar todos"), except those the API asked
   * to wait for (Retry-After, kept per document by the outbox). Returns how many.
   */
  makePendingDue(exceptIds: readonly number[] = []): number {
    return this.markPendingDue.run(JSON.stringify(exceptIds)).changes;
  }

  /**
   * Crash recovery, to run at start-up before the outbox worker: documents left 'sending' go back to 'pending' with
   * uncertain = 1 (the request may have reached the API), so the next send reuses the same payload and reconciles.
   * Returns how many were reset.
   */
  resetSending(): number {
    return this.resetSendingTx.immediate();
  }

  /** A new token was saved: documents blocked on authorization become pending and due now. Returns how many. */
  requeueBlockedAuth(): number {
    return this.requeueBlockedAuthTx.immediate();
  }

  /**
   * "Reintentar todos": every document the API refused ('invalid') and not re-issued goes back to the queue,
   * due now, once: the same payload, the same number. One that is refused again stays 'invalid' until asked again.
   * A re-issued one never goes: its replacement carries the sale. Returns how many.
   */
  requeueInvalid(detail = 'Reenvío solicitado por el usuario (Reintentar todos)'): number {
    return this.requeueInvalidTx.immediate(detail);
  }

  /** Notes that only a CDR can settle, waiting because no SOL credentials were saved: the status bar asks for them. */
  countNotesAwaitingCdr(): number {
    return this.countNotesAwaitingCdrStatement.get()?.count ?? 0;
  }

  /**
   * SOL credentials were saved: the notes waiting for them go back to the queue, due now. Their resend meets 1033
   * again and, this time, the CDR query settles them (B11n). Returns how many.
   */
  requeueNotesAwaitingCdr(): number {
    return this.requeueNotesAwaitingCdrTx.immediate();
  }

  private claimRows(now: string, limit: number, demo: boolean | undefined): ClaimedDocument[] {
    const count = Math.max(0, Math.floor(limit));
    const ids =
      demo === undefined
        ? this.selectDue.all({ now, limit: count })
        : this.selectDueByMode.all({ now, limit: count, demo: demo ? 1 : 0 });
    const at = this.rows.timestamp();
    const due: ClaimedDocument[] = [];
    for (const { id } of ids) {
      const row = this.rows.get(id);
      if (!row) continue;
      const from = row.status as ClaimedDocument['from'];
      this.markRowSending(row, at, 'Tomado para envío');
      due.push({ row, from });
    }
    return due;
  }

  /** The claim's audit event is written once, on the first attempt: retries collapse into the outcome's event. */
  private markRowSending(row: DocumentRow, at: string, detail: string): void {
    this.markSending.run(at, row.id);
    if (row.attempts === 0) this.rows.insertEvent(row.id, at, row.status, 'sending', detail);
    row.status = 'sending';
    row.updated_at = at;
  }

  private unclaimRows(claims: readonly ClaimedDocument[], detail: string): DocumentRow[] {
    const back: DocumentRow[] = [];
    for (const { row, from } of claims) {
      if (this.rows.statusOf(row.id) !== 'sending') continue;
      back.push(this.rows.update(row.id, { status: from }, detail));
    }
    return back;
  }

  private resetRows(): number {
    return this.moveBack(this.selectSendingIds, this.markPendingAfterCrash, 'sending', 'Envío interrumpido (cierre inesperado); se reintentará');
  }

  private requeueBlockedRows(): number {
    return this.moveBack(this.selectBlockedIds, this.markPendingAfterAuth, 'blocked_auth', 'Credenciales actualizadas; se reintentará');
  }

  /** Every document `select` lists goes back to 'pending' through `mark`, each with its event. Returns how many. */
  private moveBack(
    select: Database.Statement<[], { id: number }>,
    mark: Database.Statement<[string, number]>,
    from: 'sending' | 'blocked_auth',
    detail: string,
  ): number {
    const at = this.rows.timestamp();
    const rows = select.all();
    for (const { id } of rows) {
      mark.run(at, id);
      this.rows.insertEvent(id, at, from, 'pending', detail);
    }
    return rows.length;
  }

  private requeueInvalidRows(detail: string): number {
    const rows = this.selectInvalidOpenIds.all();
    for (const { id } of rows) this.rows.update(id, { status: 'pending', next_attempt_at: null }, detail);
    return rows.length;
  }

  /** The hot queries' SQL by name (query-plan tests). */
  hotSources(): Record<'oldestBlocked' | 'sendingIds', string> {
    return { oldestBlocked: this.selectOldestBlocked.source, sendingIds: this.selectSendingIds.source };
  }
}
