// The sales side of the shift's reports: the documents of a cash session, or of a range of days, counted
// per currency, payment method, document type, SUNAT status and cashier, with exact decimals. Each sale counts once:
// a document re-issued under a new number (after a conflict, a rejection or a refusal) is left out, its replacement
// carries the sale and payments. A document SUNAT rejected or the API refused, not yet re-issued, is no
// declared sale: it is kept apart (notDeclared), while the cash it brought is still in the drawer (cashSales).
import { z } from 'zod';
import { Dec, ZERO, fixed2 } from '../billing/decimal';
import { DOC_STATUS_LABELS, DOC_STATUSES, NOT_DECLARED_STATUSES, OPEN_STATUSES, type DocStatus } from '../bridge/status';
import { PAYMENT_KINDS } from '../payments/methods';
import { CollectionsSummarySchema, NO_COLLECTIONS, summarizeCollections, type ReportCollection } from './collections';
import { SeriesRangeSchema, seriesRanges, TaxesByKindSchema, taxesByKind, type TaxedDocument } from './report-taxes';

export const TallySchema = z.object({ count: z.number().int(), total: z.string() });
const Tally = TallySchema;

/** The sales side of a report: per currency, method, document type, status and cashier, and the discounts. */
export const SalesSummarySchema = z.object({
  sales: z.array(Tally.extend({ currency: z.string() })),
  byMethod: z.array(Tally.extend({ method: z.string(), label: z.string(), kind: z.enum([...PAYMENT_KINDS, 'credit']), currency: z.string() })),
  byDocType: z.array(Tally.extend({ docType: z.enum(['01', '03']), label: z.string(), currency: z.string() })),
  byStatus: z.array(Tally.extend({ status: z.enum(DOC_STATUSES), label: z.string(), currency: z.string() })),
  byCashier: z.array(Tally.extend({ name: z.string(), currency: z.string() })),
  discounts: z.array(Tally.extend({ currency: z.string() })),
  /** Documents not yet settled with SUNAT. */
  awaitingSunat: z.number().int(),
  /**
   * Documents without tax validity, not yet re-issued (SUNAT rejected them, or the API refused them and
   * nothing was declared), per status and currency: left out of sales, byMethod, byDocType, byCashier and discounts.
   * `cash`: the soles they brought in cash, which the drawer holds (counted in cashSales). Reports kept before
   * notDeclared existed read as none.
   */
  notDeclared: z.array(Tally.extend({ status: z.enum(DOC_STATUSES), label: z.string(), currency: z.string(), cash: z.string() })).default([]),
  /**
   * Sales whose void SUNAT accepted: no declared sale any more, and nothing to re-issue (the sale never happened).
   * `cash`: the soles they brought in cash (counted in cashSales until the customer is paid back).
   */
  voided: z.array(Tally.extend({ currency: z.string(), cash: z.string() })).default([]),
  /**
   * Returns (credit notes, 07, not rejected nor refused), apart from sales, per currency: their count, total and IGV,
   * and `cash` the soles refunded in cash. A note SUNAT rejected credited nothing: it is listed under notDeclared.
   */
  returns: z.array(Tally.extend({ currency: z.string(), cash: z.string(), igv: z.string().default('0.00') })).default([]),
  /** The same returns by how the money went back, plus "Sin devolución de dinero": per currency they add up to returns. */
  returnsByMethod: z.array(Tally.extend({ method: z.string(), label: z.string(), currency: z.string() })).default([]),
  /** Debit notes (08), apart from sales, per currency. */
  debitNotes: z.array(Tally.extend({ currency: z.string() })).default([]),
  /** Per currency: sales − returns + debit notes, each as listed above. */
  net: z.array(z.object({ currency: z.string(), total: z.string() })).default([]),
  /** The declared sales' Op. gravadas / exoneradas / inafectas, IGV and ICBPER, per currency. */
  taxes: z.array(TaxesByKindSchema).default([]),
  /** First and last number per series (every document issued, notes too). */
  series: z.array(SeriesRangeSchema).default([]),
  /**
   * Collections of credit sales (cobranzas de créditos): money received for sales already counted when they were
   * made, so apart from sales and from byMethod. Reports kept before collections existed read as none.
   */
  collections: CollectionsSummarySchema.default(NO_COLLECTIONS),
});
export type SalesSummary = z.infer<typeof SalesSummarySchema>;

export interface ReportDocument extends Omit<TaxedDocument, 'docType' | 'currency'> {
  id: number;
  /** Boletas and facturas are sales; credit (07) and debit (08) notes are kept apart. */
  docType: '01' | '03' | '07' | '08';
  status: DocStatus;
  currency: string;
  total: string;
  cashierName: string | null;
  superseded: boolean;
  /** Every discount of the document together, or null. */
  discount?: string | null;
  /** SUNAT accepted its void: no declared sale any more, counted apart under voided. */
  voided?: boolean;
  /** A dollar document's exchange rate (soles per dollar): its cash change was given in soles at this rate. */
  exchangeRate?: string | null;
}

export interface ReportPayment {
  documentId: number;
  method: string;
  label: string;
  kind: (typeof PAYMENT_KINDS)[number];
  applied: string;
  /** What the customer handed over (cash: before change); absent where only `applied` is read. */
  tendered?: string;
}

const DOC_TYPE_LABELS = { '01': 'Facturas', '03': 'Boletas' } as const;
const OPEN = new Set<DocStatus>(OPEN_STATUSES);
const NOT_DECLARED = new Set<DocStatus>(NOT_DECLARED_STATUSES);
const NOT_DECLARED_LABELS: Partial<Record<DocStatus, string>> = { rejected: 'Rechazados por SUNAT', invalid: 'No aceptados por la API (inválidos)' };

/** Count and sum per key, keeping the first-seen order. */
export class Tallies<T> {
  private readonly rows = new Map<string, { extra: T; count: number; total: Dec }>();
  /** Adds one document of `amount` under `key`; answers the row's extra (the first one given), to add more to it. */
  add(key: string, extra: T, amount: string): T {
    const row = this.rows.get(key);
    if (row) {
      row.count += 1;
      row.total = row.total.plus(amount);
      return row.extra;
    }
    this.rows.set(key, { extra, count: 1, total: new Dec(amount) });
    return extra;
  }
  list(): (T & { count: number; total: string })[] {
    return [...this.rows.values()].map((r) => ({ ...r.extra, count: r.count, total: fixed2(r.total) }));
  }
}


/** A credit note that gave no money back (credited to the customer's account, or a price correction). */
const NO_REFUND = { method: 'sin_devolucion', label: 'Sin devolución de dinero' } as const;
const NOTE_KIND_LABELS = { '07': 'Notas de crédito', '08': 'Notas de débito' } as const;

/**
 * Counts and sums the documents and their payments, each document once (a superseded one is left out). Also answers
 * the soles taken and refunded in cash, which is what the drawer holds. A rejected or invalid document (not re-issued)
 * counts only in byStatus and notDeclared, and its cash in cashSales or cashRefunds: the money is real, the
 * declared sale or return is not. Every list adds up: byMethod to sales, returnsByMethod to returns, and net is
 * sales − returns + debit notes.
 */
export function summarizeSales(
  documents: readonly ReportDocument[],
  payments: readonly ReportPayment[],
  collections: readonly ReportCollection[] = [],
): SalesSummary & { cashSales: Dec; cashRefunds: Dec } {
  const isNote = (d: ReportDocument) => d.docType === '07' || d.docType === '08';
  const notes = documents.filter((d) => isNote(d) && !d.superseded);
  const sold = summarizeSaleDocuments(documents.filter((d) => !isNote(d)), payments);
  const paidBy = new Map<number, ReportPayment[]>();
  for (const p of payments) paidBy.set(p.documentId, [...(paidBy.get(p.documentId) ?? []), p]);

  let cashRefunds = ZERO;
  const returns = new Map<string, { currency: string; count: number; total: Dec; cash: Dec; igv: Dec }>();
  const returnsByMethod = new Tallies<{ method: string; label: string; currency: string }>();
  const debitNotes = new Tallies<{ currency: string }>();
  const notDeclared = new Tallies<{ status: DocStatus; label: string; currency: string }>();
  for (const n of notes) {
    const refunds = n.docType === '07' ? (paidBy.get(n.id) ?? []) : [];
    const cash = refunds.filter((p) => p.kind === 'cash' && n.currency === 'PEN').reduce((sum, p) => sum.plus(p.applied), ZERO);
    // Cash handed back left the drawer whatever SUNAT later said of the note.
    cashRefunds = cashRefunds.plus(cash);
    if (NOT_DECLARED.has(n.status)) {
      const label = `${NOTE_KIND_LABELS[n.docType as '07' | '08']}: ${NOT_DECLARED_LABELS[n.status] ?? DOC_STATUS_LABELS[n.status]}`;
      notDeclared.add(`${n.docType}|${n.status}|${n.currency}`, { status: n.status, label, currency: n.currency }, n.total);
      continue;
    }
    if (n.docType === '08') {
      debitNotes.add(n.currency, { currency: n.currency }, n.total);
      continue;
    }
    const row = returns.get(n.currency) ?? { currency: n.currency, count: 0, total: ZERO, cash: ZERO, igv: ZERO };
    row.count += 1;
    row.total = row.total.plus(n.total);
    row.cash = row.cash.plus(cash);
    row.igv = row.igv.plus(n.igv ?? '0');
    returns.set(n.currency, row);
    let left = new Dec(n.total);
    for (const p of refunds) {
      returnsByMethod.add(`${p.method}|${n.currency}`, { method: p.method, label: p.label, currency: n.currency }, p.applied);
      left = left.minus(p.applied);
    }
    if (left.gt(0)) returnsByMethod.add(`${NO_REFUND.method}|${n.currency}`, { ...NO_REFUND, currency: n.currency }, fixed2(left));
  }
  const debits = debitNotes.list();
  const net = new Map<string, Dec>();
  const addNet = (currency: string, amount: Dec) => net.set(currency, (net.get(currency) ?? ZERO).plus(amount));
  for (const r of sold.sales) addNet(r.currency, new Dec(r.total));
  for (const r of returns.values()) addNet(r.currency, r.total.negated());
  for (const r of debits) addNet(r.currency, new Dec(r.total));
  const notesNotDeclared = notDeclared.list().map((r) => ({ ...r, cash: '0.00' }));
  return {
    ...sold,
    awaitingSunat: sold.awaitingSunat + notes.filter((d) => OPEN.has(d.status)).length,
    notDeclared: [...sold.notDeclared, ...notesNotDeclared],
    returns: [...returns.values()].map((r) => ({ currency: r.currency, count: r.count, total: fixed2(r.total), cash: fixed2(r.cash), igv: fixed2(r.igv) })),
    returnsByMethod: returnsByMethod.list(),
    debitNotes: debits,
    net: [...net].map(([currency, total]) => ({ currency, total: fixed2(total) })),
    taxes: sold.taxes,
    series: seriesRanges(documents),
    collections: summarizeCollections(collections),
    cashSales: sold.cashSales,
    cashRefunds,
  };
}

/** The sales side proper: boletas and facturas only. */
function summarizeSaleDocuments(documents: readonly ReportDocument[], payments: readonly ReportPayment[]): SalesSummary & { cashSales: Dec } {
  const live = documents.filter((d) => !d.superseded);
  const isOut = (d: ReportDocument) => NOT_DECLARED.has(d.status) || d.voided === true;
  const declared = live.filter((d) => !isOut(d));
  const notDeclaredDocs = live.filter(isOut);
  const currencyOf = new Map(live.map((d) => [d.id, d.currency]));
  const notDeclaredIds = new Set(notDeclaredDocs.map((d) => d.id));
  const sales = new Tallies<{ currency: string }>();
  const byDocType = new Tallies<{ docType: '01' | '03'; label: string; currency: string }>();
  const saleType = (d: ReportDocument): '01' | '03' => (d.docType === '01' ? '01' : '03');
  const byStatus = new Tallies<{ status: DocStatus; label: string; currency: string }>();
  const byCashier = new Tallies<{ name: string; currency: string }>();
  const discounts = new Tallies<{ currency: string }>();
  for (const d of live) {
    const c = d.currency;
    // A voided sale is not "Aceptado" any more: the voided list speaks for it.
    if (!d.voided) byStatus.add(`${d.status}|${c}`, { status: d.status, label: DOC_STATUS_LABELS[d.status], currency: c }, d.total);
    if (notDeclaredIds.has(d.id)) continue;
    sales.add(c, { currency: c }, d.total);
    byDocType.add(`${d.docType}|${c}`, { docType: saleType(d), label: DOC_TYPE_LABELS[saleType(d)], currency: c }, d.total);
    const name = d.cashierName ?? '(sin cajero)';
    byCashier.add(`${name}|${c}`, { name, currency: c }, d.total);
    if (d.discount) discounts.add(c, { currency: c }, d.discount);
  }

  const byMethod = new Tallies<{ method: string; label: string; kind: SalesSummary['byMethod'][number]['kind']; currency: string }>();
  const paid = new Set<number>();
  const notDeclaredCash = new Map<number, Dec>();
  let cashSales = ZERO;
  for (const p of payments) {
    const currency = currencyOf.get(p.documentId);
    if (currency === undefined) continue; // a superseded document's payments: its replacement carries them
    const cash = p.kind === 'cash' && currency === 'PEN';
    if (cash) cashSales = cashSales.plus(p.applied);
    if (notDeclaredIds.has(p.documentId)) {
      if (cash) notDeclaredCash.set(p.documentId, (notDeclaredCash.get(p.documentId) ?? ZERO).plus(p.applied));
      continue;
    }
    paid.add(p.documentId);
    byMethod.add(`${p.method}|${currency}`, { method: p.method, label: p.label, kind: p.kind, currency }, p.applied);
  }
  for (const d of declared) {
    if (!paid.has(d.id)) byMethod.add(`credito_venta|${d.currency}`, { method: 'credito_venta', label: 'Al crédito (por cobrar)', kind: 'credit', currency: d.currency }, d.total);
  }
  const notDeclared = new Tallies<{ status: DocStatus; label: string; currency: string; cash: Dec }>();
  const voided = new Tallies<{ currency: string; cash: Dec }>();
  for (const d of notDeclaredDocs) {
    const cash = notDeclaredCash.get(d.id) ?? ZERO;
    const tally = d.voided
      ? voided.add(d.currency, { currency: d.currency, cash: ZERO }, d.total)
      : notDeclared.add(`${d.status}|${d.currency}`, { status: d.status, label: NOT_DECLARED_LABELS[d.status] ?? DOC_STATUS_LABELS[d.status], currency: d.currency, cash: ZERO }, d.total);
    tally.cash = tally.cash.plus(cash);
  }
  return {
    sales: sales.list(),
    byMethod: byMethod.list(),
    byDocType: byDocType.list().sort((a, b) => a.docType.localeCompare(b.docType)),
    byStatus: byStatus.list(),
    byCashier: byCashier.list(),
    discounts: discounts.list(),
    awaitingSunat: live.filter((d) => OPEN.has(d.status)).length,
    notDeclared: notDeclared.list().map((r) => ({ ...r, cash: fixed2(r.cash) })),
    voided: voided.list().map((r) => ({ ...r, cash: fixed2(r.cash) })),
    returns: [],
    returnsByMethod: [],
    debitNotes: [],
    net: [],
    taxes: taxesByKind(declared),
    series: [],
    collections: NO_COLLECTIONS,
    cashSales,
  };
}
