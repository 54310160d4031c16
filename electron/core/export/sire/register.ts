// The sales register (RVIE) of one period in the layout of the file SIRE takes to replace its proposal: one line per
// document, 33 fields separated by "|", each line closed by a "|". The layout, its file name and what is unclear in
// the sources are in docs/sunat/sire-rvie.md; the field numbers below are that doc's.
import Decimal from 'decimal.js';
import type { SalesRegisterTotals } from '../../../../shared/bridge/sire';
import { categoryAmounts } from '../amounts';
import type { ExportRow } from '../documents-query';

const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -50, toExpPos: 50 });

/** Fields per line of the replacement file (docs/sunat/sire-rvie.md). */
export const RVIE_FIELDS = 33;

/** Documents SUNAT holds as issued: they are what the register lists. */
export const REGISTER_STATUSES: ReadonlySet<string> = new Set(['accepted', 'observed']);

export interface SireCompany {
  ruc: string;
  name: string;
}

/** The document a note modifies, as its payload names it, with its issue date when this till stored it. */
export interface ModifiedDocument {
  docType: string;
  series: string;
  number: number;
  /** Lima issue date YYYY-MM-DD, or null when the document is not in this till's database. */
  issueDate: string | null;
}

/** One document's figures as the register writes them: signed (a credit note negative) and zero when voided. */
export interface RegisterAmounts {
  gravado: Decimal;
  exonerado: Decimal;
  inafecto: Decimal;
  igv: Decimal;
  icbper: Decimal;
  total: Decimal;
}

/** `period` is YYYY-MM. */
export function sireFileName(ruc: string, period: string, hasDocuments: boolean): string {
  // 00 fixed, 140400 the RVIE, 02 the replacement of the proposal, then content (1 with documents, 0 without),
  // currency of the register (1 soles) and 2, as SIRE names the file.
  return `LE${ruc}${period.replace('-', '')}00140400021${hasDocuments ? '1' : '0'}12.txt`;
}

/** Whether SUNAT accepted the void of this document: it stays in the register with every amount in zero. */
export function isVoided(row: Pick<ExportRow, 'void_status'>): boolean {
  return row.void_status === 'voided';
}

export function registerAmounts(row: ExportRow): RegisterAmounts {
  const a = categoryAmounts(row.payload, { igv: row.igv, total: row.total });
  const sign = row.doc_type === '07' ? -1 : 1;
  const zero = isVoided(row);
  const of = (text: string) => (zero ? new Dec(0) : new Dec(text).times(sign));
  return {
    gravado: of(a.gravadas),
    exonerado: of(a.exoneradas),
    inafecto: of(inafectas(row.payload)),
    igv: of(a.igv),
    icbper: of(a.icbper),
    total: of(a.total),
  };
}

/**
 * monto_Oper_Inafectas of the payload as sent (0.00 when absent: the till's own sales carry no inafecto lines today,
 * catálogo 07 codes 30–40, but the sales report reads the field too). A JSON number is read through its shortest text.
 */
function inafectas(payload: string): string {
  try {
    const value = (JSON.parse(payload) as { monto_Oper_Inafectas?: unknown }).monto_Oper_Inafectas;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return value.trim();
  } catch {
    // An unreadable payload has no inafecto figure.
  }
  return '0';
}

/** The modified document named in a note's payload, or null for a boleta or factura (or an unreadable payload). */
export function noteReference(row: Pick<ExportRow, 'doc_type' | 'payload'>): Omit<ModifiedDocument, 'issueDate'> | null {
  if (row.doc_type !== '07' && row.doc_type !== '08') return null;
  try {
    const note = JSON.parse(row.payload) as { afectado_Tipo_Doc?: unknown; afectado_Num_Doc?: unknown };
    if (typeof note.afectado_Tipo_Doc !== 'string' || typeof note.afectado_Num_Doc !== 'string') return null;
    const m = /^([A-Z0-9]{4})-(\d{1,8})$/.exec(note.afectado_Num_Doc);
    if (!m) return null;
    return { docType: note.afectado_Tipo_Doc, series: m[1]!, number: Number(m[2]) };
  } catch {
    return null;
  }
}

/** One line of the file, CRLF not included. */
export function registerLine(row: ExportRow, company: SireCompany, period: string, modified: ModifiedDocument | null): string {
  const a = registerAmounts(row);
  const note = modified !== null;
  const fields = [
    /* 1 */ company.ruc,
    /* 2 */ text(company.name),
    /* 3 */ period.replace('-', ''),
    /* 4 CAR: SUNAT assigns it */ '',
    /* 5 */ dmy(row.issue_date),
    /* 6 due date: only for the receipts of public services (14) */ '',
    /* 7 */ row.doc_type,
    /* 8 */ row.series,
    /* 9 */ String(row.number),
    /* 10 last number of a consolidated range: one document per line here */ '',
    /* 11 */ row.customer_doc_type,
    /* 12 */ text(row.customer_doc_number),
    /* 13 */ text(row.customer_name),
    /* 14 export */ money(new Dec(0)),
    /* 15 */ money(a.gravado),
    /* 16 discount of the base: the till's discounts are inside each line's net value */ money(new Dec(0)),
    /* 17 */ money(a.igv),
    /* 18 discount of the IGV */ money(new Dec(0)),
    /* 19 */ money(a.exonerado),
    /* 20 */ money(a.inafecto),
    /* 21 ISC */ money(new Dec(0)),
    /* 22 IVAP base */ money(new Dec(0)),
    /* 23 IVAP */ money(new Dec(0)),
    /* 24 */ money(a.icbper),
    /* 25 other taxes */ money(new Dec(0)),
    /* 26 */ money(a.total),
    /* 27 */ row.currency,
    /* 28 */ rateOf(row),
    /* 29 */ note && modified.issueDate !== null ? dmy(modified.issueDate) : '',
    /* 30 */ note ? modified.docType : '',
    /* 31 */ note ? modified.series : '',
    /* 32 */ note ? String(modified.number) : '',
    /* 33 contract or project of the attribution operators */ '',
  ];
  return `${fields.join('|')}|`;
}

/** Soles per unit of the document's currency with 3 decimals: 1.000 for soles, the stored rate for dollars. */
export function rateOf(row: Pick<ExportRow, 'currency' | 'exchange_rate'>): string {
  if (row.currency === 'PEN') return '1.000';
  return row.exchange_rate !== null && row.exchange_rate !== '' ? new Dec(row.exchange_rate).toFixed(3) : '';
}

/** Adds one document's figures, in soles, to the period's totals. */
export function addToTotals(totals: Record<keyof SalesRegisterTotals, Decimal>, row: ExportRow): void {
  const a = registerAmounts(row);
  const rate = row.currency === 'PEN' || row.exchange_rate === null ? new Dec(1) : new Dec(row.exchange_rate);
  // Each amount is converted and rounded per document, as each document's soles figure is what it declares.
  const soles = (d: Decimal) => d.times(rate).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
  totals.gravado = totals.gravado.plus(soles(a.gravado));
  totals.exonerado = totals.exonerado.plus(soles(a.exonerado));
  totals.inafecto = totals.inafecto.plus(soles(a.inafecto));
  totals.igv = totals.igv.plus(soles(a.igv));
  totals.icbper = totals.icbper.plus(soles(a.icbper));
  totals.total = totals.total.plus(soles(a.total));
}

export function emptyTotals(): Record<keyof SalesRegisterTotals, Decimal> {
  return { gravado: new Dec(0), exonerado: new Dec(0), inafecto: new Dec(0), igv: new Dec(0), icbper: new Dec(0), total: new Dec(0) };
}

export function totalsText(totals: Record<keyof SalesRegisterTotals, Decimal>): SalesRegisterTotals {
  return {
    gravado: money(totals.gravado),
    exonerado: money(totals.exonerado),
    inafecto: money(totals.inafecto),
    igv: money(totals.igv),
    icbper: money(totals.icbper),
    total: money(totals.total),
  };
}

/** Two decimals, a dot, half up; never "-0.00". */
export function money(d: Decimal): string {
  const fixed = d.toFixed(2, Dec.ROUND_HALF_UP);
  return /^-0\.00$/.test(fixed) ? '0.00' : fixed;
}

/** YYYY-MM-DD → DD/MM/YYYY, the layout's dates. */
function dmy(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** A text field: a "|" or a line break would split the line, so each becomes a space. */
function text(value: string): string {
  return value.replace(/[|\r\n\t]+/g, ' ').trim();
}
