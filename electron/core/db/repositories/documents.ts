// Issued documents and their audit trail. Every status change writes a document_events row in the same transaction.
import type Database from 'better-sqlite3';
import { SearchIndexer } from '../search-index';
import { StoreError } from '../errors';
import {
  DOCUMENT_STATUSES,
  type Clock,
  type Db,
  type DocType,
  type DocumentEventRow,
  type DocumentRow,
  type DocumentSearchFilter,
  type DocumentStatus,
  type DocumentSummary,
  type NewDocument,
  type StatusPatch,
} from '../types';
import { DocumentSearch, NEEDS_ATTENTION_SQL, NOT_REISSUED_SQL } from './documentSearch';
import { assertTransition } from './transitions';
import { DOC_STATUS_LABELS, OPEN_STATUSES } from '../../../../shared/bridge/status';

/** Columns a status patch may set besides status itself (a whitelist: patch keys never reach SQL otherwise). */
const PATCHABLE = [
  'attempts',
  'next_attempt_at',
  'last_error',
  'last_attempt_at',
  'uncertain',
  'hash',
  'cdr_code',
  'cdr_description',
  'cdr_notes',
  'cdr_zip',
  'cdr_xml',
  'accepted_at',
  'cdr_missing',
] as const satisfies readonly (keyof StatusPatch)[];

type EventInsert = [documentId: number, at: string, from: DocumentStatus | null, to: DocumentStatus, detail: string | null];

export class DocumentsRepository {
  private readonly sqlite: Database.Database;
  private readonly now: Clock;
  private readonly searcher: DocumentSearch;
  /** The customer-name index, written after the commits that store documents (db/search-index.ts). */
  readonly searchIndex: SearchIndexer;
  private readonly updateStatements = new Map<string, Database.Statement<[Record<string, unknown>], DocumentRow>>();
  private readonly insertDocument: Database.Statement<[Record<string, unknown>]>;
  private readonly insertEvent: Database.Statement<EventInsert>;
  private readonly selectById: Database.Statement<[number], DocumentRow>;
  /** What a status change checks, without reading the payload and CDR (issue 27: once per outcome in a drain). */
  private readonly selectState: Database.Statement<[number], Pick<DocumentRow, 'status' | 'series' | 'number'>>;
  private readonly selectByIdBaseDato: Database.Statement<[string], DocumentRow>;
  private readonly selectBySeriesNumber: Database.Statement<[DocType, string, number], DocumentRow>;
  private readonly selectDue: Database.Statement<[{ now: string; limit: number }], { id: number }>;
  private readonly selectDueByMode: Database.Statement<[{ now: string; limit: number; demo: 0 | 1 }], { id: number }>;
  private readonly selectOldestBlocked: Database.Statement<[], DocumentRow>;
  private readonly markPendingDue: Database.Statement<[string]>;
  private readonly selectLastEvent: Database.Statement<
    [number],
    { id: number; from_status: string | null; to_status: string; detail: string | null }
  >;
  private readonly bumpEvent: Database.Statement<[string, number]>;
  private readonly markSending: Database.Statement<[string, number]>;
  private readonly selectSendingIds: Database.Statement<[], { id: number }>;
  private readonly markPendingAfterCrash: Database.Statement<[string, number]>;
  private readonly selectBlockedIds: Database.Statement<[], { id: number }>;
  private readonly markPendingAfterAuth: Database.Statement<[string, number]>;
  private readonly selectCounts: Database.Statement<[], { status: DocumentStatus; count: number }>;
  private readonly selectOpenCount: Database.Statement<[], { count: number }>;
  private readonly selectNeedsAttentionCount: Database.Statement<[], { count: number }>;
  private readonly selectInvalidOpenIds: Database.Statement<[], { id: number }>;
  private readonly selectInvalidOpenCount: Database.Statement<[], { count: number }>;
  private readonly selectAnyBlocked: Database.Statement<[], { found: number }>;
  private readonly updateCorrected: Database.Statement<[Record<string, unknown>]>;
  private readonly selectByClientKey: Database.Statement<[string], DocumentRow>;
  private readonly selectReissueOf: Database.Statement<[number], DocumentRow>;
  private readonly selectEvents: Database.Statement<[number], DocumentEventRow>;
  private readonly bumpReprints: Database.Statement<[string, number], { reprints: number }>;
  private readonly insertTx: Database.Transaction<(doc: NewDocument) => number>;
  private readonly updateStatusTx: Database.Transaction<
    (id: number, patch: StatusPatch, detail: string | null | undefined) => DocumentRow
  >;
  private readonly claimDueTx: Database.Transaction<
    (now: string, limit: number, demo: boolean | undefined) => ClaimedDocument[]
  >;
  private readonly unclaimTx: Database.Transaction<(claims: readonly ClaimedDocument[], detail: string) => DocumentRow[]>;
  private readonly resetSendingTx: Database.Transaction<() => number>;
  private readonly requeueBlockedAuthTx: Database.Transaction<() => number>;
  private readonly requeueInvalidTx: Database.Transaction<(detail: string) => number>;
  private readonly correctTx: Database.Transaction<(id: number, correction: CustomerCorrection, detail: string) => DocumentRow>;

  constructor(db: Db, now: Clock = () => new Date(), log?: { warn(message: string, data?: Record<string, unknown>): void }) {
    const sqlite = db.sqlite;
    this.sqlite = sqlite;
    this.now = now;
    this.searcher = new DocumentSearch(sqlite);
    this.searchIndex = new SearchIndexer(sqlite, log);
    this.insertDocument = sqlite.prepare(`INSERT INTO documents (
        id_base_dato, doc_type, series, number, issued_at, issue_date, currency, customer_doc_type,
        customer_doc_number, customer_name, total, igv, payload, status, demo, next_attempt_at, created_at, updated_at,
        client_key, reissue_of, cashier_id, cashier_name, cash_session_id, discount_total, discount_approved_by
      ) VALUES (
        @id_base_dato, @doc_type, @series, @number, @issued_at, @issue_date, @currency, @customer_doc_type,
        @customer_doc_number, @customer_name, @total, @igv, @payload, @status, @demo, @next_attempt_at, @at, @at,
        @client_key, @reissue_of, @cashier_id, @cashier_name, @cash_session_id, @discount_total, @discount_approved_by
      )`);
    this.insertEvent = sqlite.prepare(
      'INSERT INTO document_events (document_id, at, from_status, to_status, detail) VALUES (?, ?, ?, ?, ?)',
    );
    this.selectById = sqlite.prepare('SELECT * FROM documents WHERE id = ?');
    this.selectState = sqlite.prepare('SELECT status, series, number FROM documents WHERE id = ?');
    this.selectByIdBaseDato = sqlite.prepare('SELECT * FROM documents WHERE id_base_dato = ?');
    this.selectBySeriesNumber = sqlite.prepare(
      'SELECT * FROM documents WHERE doc_type = ? AND series = ? AND number = ?',
    );
    // Due: pending ones (NULL next_attempt_at = now), and those needing attention that asked for a status check.
    const due = `((status = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= @now))
      OR (status = 'attention' AND next_attempt_at IS NOT NULL AND next_attempt_at <= @now))`;
    // Ids only, oldest first, from migration 0015's partial index (the status IN term names the index's rows): the
    // walk stops at the LIMIT, and whole rows are read only for the documents taken (issue 27). INDEXED BY, because
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
    this.selectLastEvent = sqlite.prepare(
      'SELECT id, from_status, to_status, detail FROM document_events WHERE document_id = ? ORDER BY id DESC LIMIT 1',
    );
    this.bumpEvent = sqlite.prepare('UPDATE document_events SET repeats = repeats + 1, last_at = ? WHERE id = ?');
    this.selectSendingIds = sqlite.prepare("SELECT id FROM documents WHERE status = 'sending' ORDER BY id");
    this.markPendingAfterCrash = sqlite.prepare(
      "UPDATE documents SET status = 'pending', uncertain = 1, updated_at = ? WHERE id = ? AND status = 'sending'",
    );
    this.selectBlockedIds = sqlite.prepare("SELECT id FROM documents WHERE status = 'blocked_auth' ORDER BY id");
    this.markPendingAfterAuth = sqlite.prepare(
      "UPDATE documents SET status = 'pending', next_attempt_at = NULL, updated_at = ? WHERE id = ? AND status = 'blocked_auth'",
    );
    this.selectCounts = sqlite.prepare('SELECT status, COUNT(*) AS count FROM documents GROUP BY status');
    this.selectOpenCount = sqlite.prepare(
      `SELECT COUNT(*) AS count FROM documents WHERE status IN (${OPEN_STATUSES.map((st) => `'${st}'`).join(', ')})`,
    );
    // Issue 23: what needs a person, not yet re-issued; migration 0013's partial index holds exactly these statuses.
    this.selectNeedsAttentionCount = sqlite.prepare(
      `SELECT COUNT(*) AS count FROM documents d INDEXED BY documents_needs_attention WHERE ${NEEDS_ATTENTION_SQL} AND ${NOT_REISSUED_SQL}`,
    );
    this.selectInvalidOpenIds = sqlite.prepare(`SELECT d.id FROM documents d WHERE d.status = 'invalid' AND ${NOT_REISSUED_SQL} ORDER BY d.id`);
    // Issue 27: the status bar's figures are counts read from an index, never lists loaded to be counted.
    this.selectInvalidOpenCount = sqlite.prepare(
      `SELECT COUNT(*) AS count FROM documents d WHERE d.status = 'invalid' AND ${NOT_REISSUED_SQL}`,
    );
    this.selectAnyBlocked = sqlite.prepare("SELECT EXISTS (SELECT 1 FROM documents WHERE status = 'blocked_auth') AS found");
    this.updateCorrected = sqlite.prepare(`UPDATE documents SET payload = @payload, customer_doc_type = @customer_doc_type,
        customer_doc_number = @customer_doc_number, customer_name = @customer_name, status = 'pending', next_attempt_at = NULL,
        updated_at = @at WHERE id = @id AND status = 'invalid'`);
    this.selectByClientKey = sqlite.prepare('SELECT * FROM documents WHERE client_key = ?');
    this.selectReissueOf = sqlite.prepare('SELECT * FROM documents WHERE reissue_of = ? ORDER BY id LIMIT 1');
    this.selectEvents = sqlite.prepare('SELECT * FROM document_events WHERE document_id = ? ORDER BY id');
    this.bumpReprints = sqlite.prepare(
      'UPDATE documents SET reprints = reprints + 1, updated_at = ? WHERE id = ? RETURNING reprints',
    );
    this.insertTx = sqlite.transaction((doc: NewDocument) => this.insertRow(doc));
    this.updateStatusTx = sqlite.transaction((id: number, patch: StatusPatch, detail: string | null | undefined) =>
      this.updateRow(id, patch, detail),
    );
    this.claimDueTx = sqlite.transaction((now: string, limit: number, demo: boolean | undefined) =>
      this.claimRows(now, limit, demo),
    );
    this.unclaimTx = sqlite.transaction((claims: readonly ClaimedDocument[], detail: string) => this.unclaimRows(claims, detail));
    this.resetSendingTx = sqlite.transaction(() => this.resetRows());
    this.requeueBlockedAuthTx = sqlite.transaction(() => this.requeueBlockedRows());
    this.requeueInvalidTx = sqlite.transaction((detail: string) => this.requeueInvalidRows(detail));
    this.correctTx = sqlite.transaction((id: number, correction: CustomerCorrection, detail: string) => this.correctRow(id, correction, detail));
  }

  /** Stores a new document (status 'pending' unless given) and its first event; returns its id. */
  insert(doc: NewDocument): number {
    const id = this.insertTx(doc);
    this.searchIndex.soon();
    return id;
  }

  private insertRow(doc: NewDocument): number {
    const at = this.timestamp();
    const status = doc.status ?? 'pending';
    const result = this.insertDocument.run({
      ...doc,
      status,
      demo: doc.demo ? 1 : 0,
      next_attempt_at: doc.next_attempt_at ?? null,
      client_key: doc.client_key ?? null,
      reissue_of: doc.reissue_of ?? null,
      cashier_id: doc.cashier_id ?? null,
      cashier_name: doc.cashier_name ?? null,
      cash_session_id: doc.cash_session_id ?? null,
      discount_total: doc.discount_total ?? null,
      discount_approved_by: doc.discount_approved_by ?? null,
      at,
    });
    const id = Number(result.lastInsertRowid);
    this.insertEvent.run(id, at, null, status, 'Comprobante registrado');
    return id;
  }

  getById(id: number): DocumentRow | undefined {
    return this.selectById.get(id);
  }

  getByIdBaseDato(idBaseDato: string): DocumentRow | undefined {
    return this.selectByIdBaseDato.get(idBaseDato);
  }

  /** The document issued to replace document `id` (after a conflict), if any. */
  findReissueOf(id: number): DocumentRow | undefined {
    return this.selectReissueOf.get(id);
  }

  /** The document a sale with this idempotency key already issued, if any. */
  getByClientKey(clientKey: string): DocumentRow | undefined {
    return this.selectByClientKey.get(clientKey);
  }

  getBySeriesNumber(docType: DocType, series: string, number: number): DocumentRow | undefined {
    return this.selectBySeriesNumber.get(docType, series, number);
  }

  /**
   * Changes the status (and the given columns) and appends an event, in one transaction (a savepoint when the caller
   * already has one open). `detail` defaults to patch.last_error. Returns the updated row.
   */
  updateStatus(id: number, patch: StatusPatch, detail?: string | null): DocumentRow {
    return this.updateStatusTx(id, patch, detail);
  }

  private updateRow(id: number, patch: StatusPatch, detail: string | null | undefined): DocumentRow {
    const current = this.selectState.get(id);
    if (!current) throw new StoreError('not_found', `No existe el comprobante ${id}.`);
    assertTransition(current.status, patch.status, `${current.series}-${current.number}`);
    const at = this.timestamp();
    const columns = PATCHABLE.filter((column) => patch[column] !== undefined);
    const params: Record<string, unknown> = { id, status: patch.status, updated_at: at };
    for (const column of columns) params[column] = toColumnValue(column, patch[column]);
    // The row as updated comes back from the UPDATE itself (issue 27: one read of the row per outcome, not two).
    const updated = this.updateStatement(columns).get(params);
    if (!updated) throw new StoreError('not_found', `No existe el comprobante ${id}.`);
    this.appendEvent(id, at, current.status, patch.status, detail ?? patch.last_error ?? null);
    return updated;
  }

  /** Appends an event, or counts one more repeat when it says exactly what the document's last event said. */
  private appendEvent(id: number, at: string, from: DocumentStatus, to: DocumentStatus, detail: string | null): void {
    const last = this.selectLastEvent.get(id);
    if (last && last.from_status === from && last.to_status === to && last.detail === detail) {
      this.bumpEvent.run(at, last.id);
      return;
    }
    this.insertEvent.run(id, at, from, to, detail);
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
   * Claimed documents that were never sent go back to the status they were claimed from, with an event (issue 27: the
   * outbox claims a few ahead of its sends, and gives back those it did not send when it stops, blocks on auth or
   * changes mode). Only documents still 'sending' change. Returns them as they are after the change.
   */
  unclaim(claims: readonly ClaimedDocument[], detail: string): DocumentRow[] {
    return claims.length === 0 ? [] : this.unclaimTx.immediate(claims, detail);
  }

  private unclaimRows(claims: readonly ClaimedDocument[], detail: string): DocumentRow[] {
    const back: DocumentRow[] = [];
    for (const { row, from } of claims) {
      if (this.selectState.get(row.id)?.status !== 'sending') continue;
      back.push(this.updateRow(row.id, { status: from }, detail));
    }
    return back;
  }

  /**
   * Runs `work` in one IMMEDIATE transaction, durable at its commit (issue 27: the outbox records a burst of answers
   * and claims what comes next in one commit, instead of one fsync'd commit per document and per claim). Calls of
   * this repository inside `work` become savepoints: one that throws undoes only itself when `work` catches it.
   */
  inTransaction<T>(work: () => T): T {
    return this.sqlite.transaction(work).immediate();
  }

  /** The claim's id query, for the query-plan test. */
  claimSource(demo: boolean | undefined): string {
    return (demo === undefined ? this.selectDue : this.selectDueByMode).source;
  }

  private claimRows(now: string, limit: number, demo: boolean | undefined): ClaimedDocument[] {
    const count = Math.max(0, Math.floor(limit));
    const ids =
      demo === undefined
        ? this.selectDue.all({ now, limit: count })
        : this.selectDueByMode.all({ now, limit: count, demo: demo ? 1 : 0 });
    const at = this.timestamp();
    const due: ClaimedDocument[] = [];
    for (const { id } of ids) {
      const row = this.selectById.get(id);
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
    if (row.attempts === 0) this.insertEvent.run(row.id, at, row.status, 'sending', detail);
    row.status = 'sending';
    row.updated_at = at;
  }

  /** While blocked on auth: takes the oldest blocked document to send it again as a probe of the token. */
  claimBlockedProbe(): DocumentRow | undefined {
    return this.sqlite
      .transaction(() => {
        const row = this.selectOldestBlocked.get();
        if (row) this.markRowSending(row, this.timestamp(), 'Prueba del token de acceso');
        return row;
      })
      .immediate();
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

  private resetRows(): number {
    const at = this.timestamp();
    const rows = this.selectSendingIds.all();
    for (const { id } of rows) {
      this.markPendingAfterCrash.run(at, id);
      this.insertEvent.run(id, at, 'sending', 'pending', 'Envío interrumpido (cierre inesperado); se reintentará');
    }
    return rows.length;
  }

  /** A new token was saved: documents blocked on authorization become pending and due now. Returns how many. */
  requeueBlockedAuth(): number {
    return this.requeueBlockedAuthTx.immediate();
  }

  private requeueBlockedRows(): number {
    const at = this.timestamp();
    const rows = this.selectBlockedIds.all();
    for (const { id } of rows) {
      this.markPendingAfterAuth.run(at, id);
      this.insertEvent.run(id, at, 'blocked_auth', 'pending', 'Credenciales actualizadas; se reintentará');
    }
    return rows.length;
  }

  /**
   * "Reintentar todos" (issue 23): every document the API refused ('invalid') and not re-issued goes back to the queue,
   * due now, once: the same payload, the same number. One that is refused again stays 'invalid' until asked again.
   * A re-issued one never goes: its replacement carries the sale. Returns how many.
   */
  requeueInvalid(detail = 'Reenvío solicitado por el usuario (Reintentar todos)'): number {
    return this.requeueInvalidTx.immediate(detail);
  }

  private requeueInvalidRows(detail: string): number {
    const rows = this.selectInvalidOpenIds.all();
    for (const { id } of rows) this.updateRow(id, { status: 'pending', next_attempt_at: null }, detail);
    return rows.length;
  }

  /**
   * "Corregir y reenviar" (issue 23): a refused ('invalid') document takes its corrected payload and customer columns
   * and goes back to the queue, due now, with an event; number and id_Base_Dato are the caller's to keep. Refused
   * (StoreError 'bad_transition') when the document is no longer 'invalid'. Returns the updated row.
   */
  correctCustomer(id: number, correction: CustomerCorrection, detail: string): DocumentRow {
    return this.correctTx.immediate(id, correction, detail);
  }

  private correctRow(id: number, correction: CustomerCorrection, detail: string): DocumentRow {
    const current = this.selectById.get(id);
    if (!current) throw new StoreError('not_found', `No existe el comprobante ${id}.`);
    const at = this.timestamp();
    const changed = this.updateCorrected.run({ ...correction, id, at }).changes;
    if (changed === 0) {
      throw new StoreError('bad_transition', `El comprobante ${current.series}-${current.number} está «${DOC_STATUS_LABELS[current.status]}», no inválido: no se corrigió.`);
    }
    this.appendEvent(id, at, 'invalid', 'pending', detail);
    const updated = this.selectById.get(id);
    if (!updated) throw new StoreError('not_found', `No existe el comprobante ${id}.`);
    return updated;
  }

  /**
   * Documents that need a person (issue 23): attention, conflict, rejected and invalid, leaving out those already
   * re-issued. Reads migration 0013's partial index, never the table.
   */
  countNeedsAttention(): number {
    return this.selectNeedsAttentionCount.get()?.count ?? 0;
  }

  /** Documents the API refused and not re-issued: what «Reintentar todos» would send again. */
  countInvalidOpen(): number {
    return this.selectInvalidOpenCount.get()?.count ?? 0;
  }

  /** Whether any document waits on authorization (the outbox's start): one index probe, never a count of all. */
  hasBlockedAuth(): boolean {
    return this.selectAnyBlocked.get()?.found === 1;
  }

  /** The hot queries' SQL by name (query-plan tests, issue 27). */
  hotSources(): Record<'openCount' | 'invalidOpenCount' | 'anyBlocked' | 'oldestBlocked' | 'sendingIds' | 'events', string> {
    return {
      openCount: this.selectOpenCount.source,
      invalidOpenCount: this.selectInvalidOpenCount.source,
      anyBlocked: this.selectAnyBlocked.source,
      oldestBlocked: this.selectOldestBlocked.source,
      sendingIds: this.selectSendingIds.source,
      events: this.selectEvents.source,
    };
  }

  /**
   * Number of documents per status; every status is present (0 when none). It walks the whole status index: for
   * reports and tests, never on a hot path (the status bar reads countOpen, countNeedsAttention, countInvalidOpen).
   */
  countByStatus(): Record<DocumentStatus, number> {
    const counts = Object.fromEntries(DOCUMENT_STATUSES.map((status) => [status, 0])) as Record<DocumentStatus, number>;
    for (const row of this.selectCounts.all()) counts[row.status] = row.count;
    return counts;
  }

  /** Documents still waiting to be declared (pending, sending or blocked on auth): an index range, not a table scan. */
  countOpen(): number {
    return this.selectOpenCount.get()?.count ?? 0;
  }

  /** The SQL of a search (query-plan tests). */
  searchSource(filter: DocumentSearchFilter = {}): string {
    return this.searcher.sourceOf(filter);
  }

  /** The SQL of every walk a search takes (a name that may be a document number takes two; query-plan tests). */
  searchSources(filter: DocumentSearchFilter = {}): string[] {
    return this.searcher.sourcesOf(filter);
  }

  /** The SQL of countNeedsAttention (query-plan tests). */
  needsAttentionCountSource(): string {
    return this.selectNeedsAttentionCount.source;
  }

  /** Back-office search, newest first, without payload and CDR columns. See DocumentSearchFilter. */
  search(filter: DocumentSearchFilter = {}): DocumentSummary[] {
    // A search by name reads the full-text index: documents stored since its last pass are indexed first (0025).
    if (filter.customer?.trim()) this.searchIndex.tryCatchUp('search');
    return this.searcher.run(filter);
  }

  /** The audit trail of a document, oldest first. */
  events(documentId: number): DocumentEventRow[] {
    return this.selectEvents.all(documentId);
  }

  /** Counts one more reprint; returns the new count. */
  incrementReprints(id: number): number {
    const row = this.bumpReprints.get(this.timestamp(), id);
    if (!row) throw new StoreError('not_found', `No existe el comprobante ${id}.`);
    return row.reprints;
  }

  private timestamp(): string {
    return this.now().toISOString();
  }

  /** One prepared UPDATE per set of patched columns, built from the whitelist and reused. */
  private updateStatement(columns: readonly (typeof PATCHABLE)[number][]): Database.Statement<[Record<string, unknown>], DocumentRow> {
    const key = columns.join(',');
    let statement = this.updateStatements.get(key);
    if (!statement) {
      const sets = ['status = @status', 'updated_at = @updated_at', ...columns.map((column) => `${column} = @${column}`)];
      statement = this.sqlite.prepare<[Record<string, unknown>], DocumentRow>(`UPDATE documents SET ${sets.join(', ')} WHERE id = @id RETURNING *`);
      this.updateStatements.set(key, statement);
    }
    return statement;
  }
}

function toColumnValue(column: (typeof PATCHABLE)[number], value: StatusPatch[typeof column]): unknown {
  if (column === 'uncertain' || column === 'cdr_missing') return value ? 1 : 0;
  if (column === 'cdr_notes') return Array.isArray(value) ? JSON.stringify(value) : value;
  return value;
}

/** The CDR notes of a document as a list (empty when none). */
export function cdrNotesOf(row: Pick<DocumentRow, 'cdr_notes'>): string[] {
  if (row.cdr_notes === null) return [];
  const parsed: unknown = JSON.parse(row.cdr_notes);
  return Array.isArray(parsed) ? parsed.map(String) : [];
}

/** The corrected customer of a refused document and the payload rebuilt with it (issue 23). */
/** A document claimed for sending (now 'sending'), and the status it was claimed from. */
export interface ClaimedDocument {
  row: DocumentRow;
  from: 'pending' | 'attention';
}

export interface CustomerCorrection {
  payload: string;
  customer_doc_type: string;
  customer_doc_number: string;
  customer_name: string;
}
