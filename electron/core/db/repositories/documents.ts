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
import { DocumentQueue } from './documentQueue';
import { DocumentRows } from './documentRows';
import { DocumentSearch, NEEDS_ATTENTION_SQL, NOT_REISSUED_SQL } from './documentSearch';
import { DOC_STATUS_LABELS, OPEN_STATUSES } from '../../../../shared/bridge/status';

export class DocumentsRepository {
  private readonly sqlite: Database.Database;
  private readonly searcher: DocumentSearch;
  /** The customer-name index, written after the commits that store documents (db/search-index.ts). */
  readonly searchIndex: SearchIndexer;
  private readonly rows: DocumentRows;
  /** The outbox's side of the table: claims, give-backs and recoveries (documentQueue.ts). */
  readonly queue: DocumentQueue;
  private readonly insertDocument: Database.Statement<[Record<string, unknown>]>;
  private readonly selectByIdBaseDato: Database.Statement<[string], DocumentRow>;
  private readonly selectBySeriesNumber: Database.Statement<[DocType, string, number], DocumentRow>;
  private readonly selectCounts: Database.Statement<[], { status: DocumentStatus; count: number }>;
  private readonly selectOpenCount: Database.Statement<[], { count: number }>;
  private readonly selectNeedsAttentionCount: Database.Statement<[], { count: number }>;
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
  private readonly correctTx: Database.Transaction<(id: number, correction: CustomerCorrection, detail: string) => DocumentRow>;

  constructor(db: Db, now: Clock = () => new Date(), log?: { warn(message: string, data?: Record<string, unknown>): void }) {
    const sqlite = db.sqlite;
    this.sqlite = sqlite;
    this.searcher = new DocumentSearch(sqlite);
    this.searchIndex = new SearchIndexer(sqlite, log);
    this.rows = new DocumentRows(sqlite, now);
    this.queue = new DocumentQueue(sqlite, this.rows);
    this.insertDocument = sqlite.prepare(`INSERT INTO documents (
        id_base_dato, doc_type, series, number, issued_at, issue_date, currency, customer_doc_type,
        customer_doc_number, customer_name, total, igv, payload, status, demo, next_attempt_at, created_at, updated_at,
        client_key, reissue_of, cashier_id, cashier_name, cash_session_id, discount_total, discount_approved_by, exchange_rate
      ) VALUES (
        @id_base_dato, @doc_type, @series, @number, @issued_at, @issue_date, @currency, @customer_doc_type,
        @customer_doc_number, @customer_name, @total, @igv, @payload, @status, @demo, @next_attempt_at, @at, @at,
        @client_key, @reissue_of, @cashier_id, @cashier_name, @cash_session_id, @discount_total, @discount_approved_by, @exchange_rate
      )`);
    this.selectByIdBaseDato = sqlite.prepare('SELECT * FROM documents WHERE id_base_dato = ?');
    this.selectBySeriesNumber = sqlite.prepare(
      'SELECT * FROM documents WHERE doc_type = ? AND series = ? AND number = ?',
    );
    this.selectCounts = sqlite.prepare('SELECT status, COUNT(*) AS count FROM documents GROUP BY status');
    this.selectOpenCount = sqlite.prepare(
      `SELECT COUNT(*) AS count FROM documents WHERE status IN (${OPEN_STATUSES.map((st) => `'${st}'`).join(', ')})`,
    );
    // What needs a person, not yet re-issued; migration 0013's partial index holds exactly these statuses.
    this.selectNeedsAttentionCount = sqlite.prepare(
      `SELECT COUNT(*) AS count FROM documents d INDEXED BY documents_needs_attention WHERE ${NEEDS_ATTENTION_SQL} AND ${NOT_REISSUED_SQL}`,
    );
    // The status bar's figures are counts read from an index, never lists loaded to be counted.
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
      this.rows.update(id, patch, detail),
    );
    this.correctTx = sqlite.transaction((id: number, correction: CustomerCorrection, detail: string) => this.correctRow(id, correction, detail));
  }

  /** Stores a new document (status 'pending' unless given) and its first event; returns its id. */
  insert(doc: NewDocument): number {
    const id = this.insertTx(doc);
    this.searchIndex.soon();
    return id;
  }

  private insertRow(doc: NewDocument): number {
    const at = this.rows.timestamp();
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
      exchange_rate: doc.exchange_rate ?? null,
      at,
    });
    const id = Number(result.lastInsertRowid);
    this.rows.insertEvent(id, at, null, status, 'Comprobante registrado');
    return id;
  }

  getById(id: number): DocumentRow | undefined {
    return this.rows.get(id);
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

  /**
   * Runs `work` in one IMMEDIATE transaction, durable at its commit (the outbox records a burst of answers
   * and claims what comes next in one commit, instead of one fsync'd commit per document and per claim). Calls of
   * this repository inside `work` become savepoints: one that throws undoes only itself when `work` catches it.
   */
  inTransaction<T>(work: () => T): T {
    return this.sqlite.transaction(work).immediate();
  }

  /**
   * "Corregir y reenviar": a refused ('invalid') document takes its corrected payload and customer columns
   * and goes back to the queue, due now, with an event; number and id_Base_Dato are the caller's to keep. Refused
   * (StoreError 'bad_transition') when the document is no longer 'invalid'. Returns the updated row.
   */
  correctCustomer(id: number, correction: CustomerCorrection, detail: string): DocumentRow {
    return this.correctTx.immediate(id, correction, detail);
  }

  private correctRow(id: number, correction: CustomerCorrection, detail: string): DocumentRow {
    const current = this.rows.get(id);
    if (!current) throw new StoreError('not_found', `No existe el comprobante ${id}.`);
    const at = this.rows.timestamp();
    const changed = this.updateCorrected.run({ ...correction, id, at }).changes;
    if (changed === 0) {
      throw new StoreError('bad_transition', `El comprobante ${current.series}-${current.number} está «${DOC_STATUS_LABELS[current.status]}», no inválido: no se corrigió.`);
    }
    this.rows.appendEvent(id, at, 'invalid', 'pending', detail);
    const updated = this.rows.get(id);
    if (!updated) throw new StoreError('not_found', `No existe el comprobante ${id}.`);
    return updated;
  }

  /**
   * Documents that need a person: attention, conflict, rejected and invalid, leaving out those already
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

  /** The hot queries' SQL by name (query-plan tests). */
  hotSources(): Record<'openCount' | 'invalidOpenCount' | 'anyBlocked' | 'oldestBlocked' | 'sendingIds' | 'events', string> {
    return {
      openCount: this.selectOpenCount.source,
      invalidOpenCount: this.selectInvalidOpenCount.source,
      anyBlocked: this.selectAnyBlocked.source,
      ...this.queue.hotSources(),
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
    const row = this.bumpReprints.get(this.rows.timestamp(), id);
    if (!row) throw new StoreError('not_found', `No existe el comprobante ${id}.`);
    return row.reprints;
  }

}

/** The CDR notes of a document as a list (empty when none). */
export function cdrNotesOf(row: Pick<DocumentRow, 'cdr_notes'>): string[] {
  if (row.cdr_notes === null) return [];
  const parsed: unknown = JSON.parse(row.cdr_notes);
  return Array.isArray(parsed) ? parsed.map(String) : [];
}

/** The corrected customer of a refused document and the payload rebuilt with it. */
export interface CustomerCorrection {
  payload: string;
  customer_doc_type: string;
  customer_doc_number: string;
  customer_name: string;
}
