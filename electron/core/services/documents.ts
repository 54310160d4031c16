import type { DocumentDetail, DocumentFilter, DocumentList, DocumentSummary, FileData } from '../../../shared/bridge';
import type { DiscountsRepository, DocumentRow, DocumentsRepository, NotesRepository, PaymentsRepository, VoidsRepository, DocumentSummary as SummaryRow } from '../db';
import { noteLinksOf } from './note-links';
import { deadlineOf } from './deadlines';
import { CoreError } from './errors';

/** Back-office view of the local documents: list, detail, reprint counter, CDR download. */
export class DocumentsService {
  constructor(
    private readonly documents: DocumentsRepository,
    private readonly now: () => Date,
    /** How each sale was paid; absent in tests that need no payments. */
    private readonly payments?: PaymentsRepository,
    /** The discounts of each sale; absent in tests that need none. */
    private readonly discounts?: DiscountsRepository,
    /** Credit and debit notes: a document lists its notes, a note links to what it modifies. */
    private readonly notes?: NotesRepository,
    /** Voids: a voided document says so on every copy. */
    private readonly voids?: VoidsRepository,
  ) {}

  summaryOf(row: SummaryRow): DocumentSummary {
    return {
      id: row.id,
      idBaseDato: row.id_base_dato,
      docType: row.doc_type,
      series: row.series,
      number: row.number,
      issuedAt: row.issued_at,
      issueDate: row.issue_date,
      currency: row.currency,
      customerDocType: row.customer_doc_type,
      customerDocNumber: row.customer_doc_number,
      customerName: row.customer_name,
      total: row.total,
      igv: row.igv,
      status: row.status,
      demo: row.demo === 1,
      attempts: row.attempts,
      lastError: row.last_error,
      cdrCode: row.cdr_code,
      hash: row.hash,
      reprints: row.reprints,
      deadline: deadlineOf(row.doc_type, row.issue_date, row.status, this.now()),
    };
  }

  list(filter: DocumentFilter): DocumentList {
    const rows = this.documents.search(filter).map((r) => this.summaryOf(r));
    return { rows, pending: this.documents.countOpen() };
  }

  get(id: number): DocumentRow {
    const row = this.documents.getById(id);
    if (!row) throw new CoreError('not_found', `No existe el documento ${id}.`);
    return row;
  }

  detail(id: number): DocumentDetail {
    const row = this.get(id);
    return {
      ...this.summaryOf(row),
      payload: row.payload,
      cdrDescription: row.cdr_description,
      cdrNotes: row.cdr_notes ? (JSON.parse(row.cdr_notes) as string[]) : [],
      cdrXml: row.cdr_xml,
      hasCdrZip: row.cdr_zip !== null,
      cdrMissing: row.cdr_missing === 1,
      reissueOf: row.reissue_of,
      reissuedAs: this.reissuedAs(id),
      nextAttemptAt: row.next_attempt_at,
      acceptedAt: row.accepted_at,
      payments: this.payments?.of(id) ?? [],
      cashierName: row.cashier_name,
      discounts: this.discounts?.of(id) ?? [],
      discountTotal: row.discount_total,
      discountApprovedBy: row.discount_approved_by,
      exchangeRate: row.exchange_rate ?? null,
      ...(this.notes ? noteLinksOf(this.notes, this.documents, row) : { notes: [], modifies: null }),
      returned: this.notes?.returnedQuantities(id).map((r) => ({ line: r.line, quantity: String(r.quantity) })) ?? [],
      voided: this.voids?.of(id)?.status === 'voided',
      events: this.documents.events(id).map((e) => ({
        at: e.at,
        fromStatus: e.from_status,
        toStatus: e.to_status,
        detail: e.detail,
        repeats: e.repeats,
        lastAt: e.last_at,
      })),
    };
  }

  /** The document issued to replace this one, if any. */
  private reissuedAs(id: number): DocumentDetail['reissuedAs'] {
    const replacement = this.documents.findReissueOf(id);
    return replacement ? { id: replacement.id, series: replacement.series, number: replacement.number } : null;
  }

  registerReprint(id: number): DocumentSummary {
    this.get(id);
    this.documents.incrementReprints(id);
    return this.summaryOf(this.get(id));
  }

  cdrZip(id: number): FileData {
    const row = this.get(id);
    if (!row.cdr_zip) throw new CoreError('not_found', 'Este documento aún no tiene CDR.');
    const ruc = (JSON.parse(row.payload) as { empresa_Ruc: string }).empresa_Ruc;
    return {
      fileName: `R-${ruc}-${row.doc_type}-${row.series}-${row.number}.zip`,
      base64: Buffer.from(row.cdr_zip).toString('base64'),
    };
  }

  /**
   * Retry now: a pending, auth-blocked or needs-attention document becomes due at once (for the last, a status check:
   * the same payload again, reconciled if SUNAT already has it). A document the API refused ('invalid') is
   * sent again as it is, same number and id_Base_Dato ("Reenviar": nothing of it was declared, and the cause may have
   * been the account's, such as an expired certificate). Accepted, observed, rejected and conflicts cannot be resent,
   * nor a document already re-issued under a new number (its replacement carries the sale).
   */
  retry(id: number): DocumentSummary {
    const row = this.get(id);
    // Asked while the outbox is sending it right now (the button showed 'pending' a moment ago): already retrying.
    if (row.status === 'sending') return this.summaryOf(row);
    if (row.status !== 'pending' && row.status !== 'blocked_auth' && row.status !== 'attention' && row.status !== 'invalid') {
      throw new CoreError('not_retryable', 'Solo se puede reintentar un documento pendiente, bloqueado, que requiere atención o que la API no aceptó.');
    }
    if (row.status === 'invalid') {
      const replacement = this.documents.findReissueOf(id);
      if (replacement) {
        throw new CoreError('not_retryable', `Este comprobante ya se reemitió como ${replacement.series}-${String(replacement.number).padStart(8, '0')}: no se reenvía.`);
      }
    }
    const detail = row.status === 'invalid' ? 'Reenvío solicitado por el usuario (mismos datos, mismo número)' : 'Reintento solicitado por el usuario';
    this.documents.updateStatus(id, { status: 'pending', next_attempt_at: null }, detail);
    return this.summaryOf(this.get(id));
  }
}
