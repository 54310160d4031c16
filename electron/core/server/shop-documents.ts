// "Todas las cajas": the back office reads any till's documents from the shop server. Parameterised,
// named queries only; a detail comes back in the shape of a local document's, so the same ticket prints it.
import type pg from 'pg';
import type { DocStatus, DocumentDetail } from '../../../shared/bridge';
import type { PaymentOperation, RangeDocument, ReportPayment } from '../../../shared/cash';
import type { ShopDocumentRow, ShopSearchInput } from '../../../shared/server/documents';
import { CoreError } from '../services/errors';
import { deadlineOf } from '../services/deadlines';
import { boundedJson, clip, SHOP_BOUNDS } from './bounds';
import { shopNoteLinks } from './shop-notes';

// Every text column is cut in the query (bounds.ts): a row is read whole, whatever another till wrote.
const B = SHOP_BOUNDS;
const ROW = `${clip('d.id_base_dato', B.code, 'id_base_dato')}, ${clip('t.name', B.name, 'terminal')}, d.doc_type, ${clip('d.series', B.code, 'series')},
  d.number, ${clip('d.issued_at', B.code, 'issued_at')}, ${clip('d.customer_name', B.longText, 'customer_name')},
  ${clip('d.customer_doc_number', B.code, 'customer_doc_number')}, ${clip('d.currency', B.code, 'currency')}, d.total::text AS total,
  ${clip('d.status', B.code, 'status')}, ${clip('d.cashier_name', B.name, 'cashier_name')}`;

interface Row {
  id_base_dato: string;
  terminal: string;
  doc_type: '01' | '03';
  series: string;
  number: number;
  issued_at: string;
  customer_name: string;
  customer_doc_number: string;
  currency: string;
  total: string;
  status: ShopDocumentRow['status'];
  cashier_name: string | null;
}

const rowView = (r: Row): ShopDocumentRow => ({
  idBaseDato: r.id_base_dato,
  terminal: r.terminal,
  docType: r.doc_type,
  series: r.series,
  number: r.number,
  issuedAt: r.issued_at,
  customerName: r.customer_name,
  customerDocNumber: r.customer_doc_number,
  currency: r.currency,
  total: r.total,
  status: r.status,
  cashierName: r.cashier_name,
});

/** 'B001-00000002' or 'b001-2' → series and number. */
function printedNumber(text: string): { series: string; number: number } | null {
  const m = /^([BF][A-Z0-9]{3})-0*(\d{1,8})$/i.exec(text.trim());
  return m ? { series: (m[1] ?? '').toUpperCase(), number: Number(m[2]) } : null;
}

export async function searchShopDocuments(pool: pg.Pool, input: ShopSearchInput): Promise<ShopDocumentRow[]> {
  const text = input.text?.trim() ?? '';
  const printed = printedNumber(text);
  const result = await pool.query<Row>({
    name: 'caja_shop_search',
    text: `SELECT ${ROW} FROM documents d JOIN terminals t USING (terminal_id)
      WHERE ($1::text IS NULL OR (d.series = $1 AND d.number = $2::int))
        AND ($3::text IS NULL OR d.customer_doc_number = $3 OR d.customer_name ILIKE '%' || $3 || '%')
        AND ($4::date IS NULL OR d.issue_date >= $4::date) AND ($5::date IS NULL OR d.issue_date <= $5::date)
      ORDER BY d.issued_at DESC, d.series, d.number DESC LIMIT $6`,
    values: [printed?.series ?? null, printed?.number ?? null, !printed && text !== '' ? text : null, input.from ?? null, input.to ?? null, input.limit ?? 100],
  });
  return result.rows.map(rowView);
}

/** One document of any till, shaped as a local document's detail (id 0: it is not on this till). */
export async function shopDocumentDetail(pool: pg.Pool, idBaseDato: string, now: Date): Promise<DocumentDetail> {
  const result = await pool.query<Row & Record<string, unknown>>({
    name: 'caja_shop_detail',
    text: `SELECT ${ROW}, d.issue_date::text AS issue_date, ${clip('d.customer_doc_type', B.code, 'customer_doc_type')}, d.igv::text AS igv,
        ${clip('d.hash', B.name, 'hash')}, ${clip('d.cdr_code', B.code, 'cdr_code')}, ${clip('d.cdr_description', B.longText, 'cdr_description')},
        CASE WHEN length(d.cdr_xml) <= ${B.cdrXmlChars} THEN d.cdr_xml END AS cdr_xml, d.cdr_zip IS NOT NULL AS has_cdr_zip,
        CASE WHEN octet_length(d.payload) <= ${B.payloadBytes} THEN d.payload END AS payload, d.discount_total::text AS discount_total,
        ${boundedJson('d.payments', 'payments')}, ${boundedJson('d.discounts', 'discounts')}, ${boundedJson('d.events', 'events')}, d.reprints,
        ${clip('d.modifies', B.code, 'modifies')}, d.void_status IS NOT DISTINCT FROM 'voided' AS voided
      FROM documents d JOIN terminals t USING (terminal_id) WHERE d.id_base_dato = $1`,
    values: [idBaseDato],
  });
  const r = result.rows[0];
  if (!r) throw new CoreError('not_found', 'El comprobante no está en el servidor de la tienda.');
  if (r.payload === null) throw new CoreError('too_large', 'El comprobante en el servidor de la tienda es demasiado grande para abrirlo aquí.');
  const events = (r.events as { at: string; from_status: string | null; to_status: string; detail: string | null }[]).map((e) => ({
    at: e.at, fromStatus: e.from_status, toStatus: e.to_status, detail: e.detail, repeats: 1, lastAt: null,
  }));
  return {
    id: 0,
    idBaseDato: r.id_base_dato,
    docType: r.doc_type,
    series: r.series,
    number: r.number,
    issuedAt: r.issued_at,
    issueDate: String(r.issue_date),
    currency: r.currency,
    customerDocType: String(r.customer_doc_type),
    customerDocNumber: r.customer_doc_number,
    customerName: r.customer_name,
    total: r.total,
    igv: String(r.igv),
    status: r.status,
    demo: false,
    attempts: 0,
    lastError: null,
    cdrCode: (r.cdr_code as string | null) ?? null,
    hash: (r.hash as string | null) ?? null,
    reprints: Number(r.reprints),
    deadline: deadlineOf(r.doc_type, String(r.issue_date), r.status, now),
    payload: String(r.payload),
    cdrDescription: (r.cdr_description as string | null) ?? null,
    cdrNotes: [],
    cdrXml: (r.cdr_xml as string | null) ?? null,
    hasCdrZip: r.has_cdr_zip === true,
    cdrMissing: false,
    reissueOf: null,
    reissuedAs: null,
    nextAttemptAt: null,
    acceptedAt: null,
    payments: r.payments as DocumentDetail['payments'],
    cashierName: r.cashier_name,
    discounts: r.discounts as DocumentDetail['discounts'],
    discountTotal: (r.discount_total as string | null) ?? null,
    discountApprovedBy: null,
    // The shop server keeps no exchange rate: the till's own copy prints it.
    exchangeRate: null,
    events,
    // The notes every till issued on it, or the document a note modifies (server migration 0004).
    ...(await shopNoteLinks(pool, { docType: r.doc_type, series: r.series, number: r.number, modifies: (r.modifies as string | null) ?? null })),
    voided: r.voided === true,
  };
}

/** The documents of every till on the Lima days `from`..`to`, with their payments, as the sales report reads them. */
export async function shopSalesBetween(pool: pg.Pool, from: string, to: string): Promise<{ documents: RangeDocument[]; payments: ReportPayment[]; operations: PaymentOperation[] }> {
  const result = await pool.query<{ doc_type: '01' | '03'; status: DocStatus; currency: string; total: string; cashier_name: string | null; discount_total: string | null; terminal: string; superseded: boolean; voided: boolean; payments: { method: string; label: string; kind: ReportPayment['kind']; applied: string; reference?: unknown }[]; series: string; number: number; issued_at: string }>({
    name: 'caja_shop_sales',
    text: `SELECT d.doc_type, ${clip('d.status', B.code, 'status')}, ${clip('d.currency', B.code, 'currency')}, d.total::text AS total,
        ${clip('d.cashier_name', B.name, 'cashier_name')}, d.discount_total::text AS discount_total, ${clip('t.name', B.name, 'terminal')},
        ${boundedJson('d.payments', 'payments')}, EXISTS (SELECT 1 FROM documents r WHERE r.replaces = d.id_base_dato) AS superseded,
        d.void_status IS NOT DISTINCT FROM 'voided' AS voided, ${clip('d.series', B.code, 'series')}, d.number, ${clip('d.issued_at', B.code, 'issued_at')}
      FROM documents d JOIN terminals t USING (terminal_id)
      WHERE d.issue_date BETWEEN $1::date AND $2::date ORDER BY t.name, d.series, d.number LIMIT $3`,
    values: [from, to, B.reportRows + 1],
  });
  if (result.rows.length > B.reportRows) {
    throw new CoreError('too_large', `El rango tiene más de ${B.reportRows.toLocaleString('es-PE')} comprobantes en todas las cajas: elija menos días.`);
  }
  const documents: RangeDocument[] = [];
  const payments: ReportPayment[] = [];
  const operations: PaymentOperation[] = [];
  result.rows.forEach((r, i) => {
    // A document re-issued under a new number counts once, as its replacement (server 0003: `replaces`).
    documents.push({ id: i + 1, docType: r.doc_type, status: r.status, currency: r.currency, total: r.total, cashierName: r.cashier_name, discount: r.discount_total, superseded: r.superseded, voided: r.voided, sessionId: null, terminal: r.terminal });
    for (const p of r.payments) {
      payments.push({ documentId: i + 1, method: p.method, label: p.label, kind: p.kind, applied: p.applied });
      // Payments by app or transfer, to match with the statement (a refund by the same way goes back: negative).
      if (r.superseded || (p.kind !== 'wallet' && p.kind !== 'transfer')) continue;
      operations.push({
        method: p.method, label: p.label, reference: typeof p.reference === 'string' ? p.reference : '', currency: r.currency,
        amount: (r.doc_type as string) === '07' ? `-${p.applied}` : p.applied, document: `${r.series}-${String(r.number).padStart(8, '0')}`,
        docType: r.doc_type, issuedAt: r.issued_at, terminal: r.terminal,
      });
    }
  });
  return { documents, payments, operations };
}
