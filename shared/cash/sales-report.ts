// Sales of a day or a range of days, for the owner and the accountant: the same counts as the shift's
// reports, plus one line per cash session. The totals match the documents to the cent (one pure function, exact
// decimals); the CSV and the printed ticket read this same object.
import { z } from 'zod';
import { IsoDaySchema } from '../validation/day';
import type { ReportCollection } from './collections';
import { SalesSummarySchema, summarizeSales, Tallies, TallySchema, type ReportDocument, type ReportPayment } from './sales-summary';
import { NOT_DECLARED_STATUSES, type DocStatus } from '../bridge/status';

const NOT_DECLARED = new Set<DocStatus>(NOT_DECLARED_STATUSES);

/** The longest range one report covers: a year (the accountant's widest question). */
export const MAX_REPORT_DAYS = 366;

export const SalesReportInputSchema = z
  .strictObject({
    from: IsoDaySchema,
    to: IsoDaySchema,
    /** 'till': this till's documents; 'shop': every till's, from the shop server. */
    scope: z.enum(['till', 'shop']).default('till'),
  })
  .refine((r) => r.from <= r.to, { path: ['to'], error: 'La fecha final es anterior a la inicial' })
  .refine((r) => (Date.parse(`${r.to}T00:00:00Z`) - Date.parse(`${r.from}T00:00:00Z`)) / 86_400_000 < MAX_REPORT_DAYS, {
    path: ['to'],
    error: `Como máximo ${MAX_REPORT_DAYS} días por reporte`,
  });
export type SalesReportInput = z.output<typeof SalesReportInputSchema>;

/**
 * One payment by app (Yape, Plin) or transfer, to match with the wallet's or the bank's statement: its method, operation
 * number, amount (a refund by the same way is negative), the document it paid and when.
 */
export const PaymentOperationSchema = z.object({
  method: z.string(),
  label: z.string(),
  reference: z.string(),
  currency: z.string(),
  amount: z.string(),
  /** 'B001-00000012', as printed. */
  document: z.string(),
  docType: z.enum(['01', '03', '07', '08']),
  /** The document's issue date-time, with its offset (Lima). */
  issuedAt: z.string(),
  /** The till, in the shop's report. */
  terminal: z.string().nullable(),
});
export type PaymentOperation = z.infer<typeof PaymentOperationSchema>;

export const SalesReportSchema = SalesSummarySchema.extend({
  scope: z.enum(['till', 'shop']),
  from: z.string(),
  to: z.string(),
  generatedAt: z.string(),
  /** One line per cash session (and one for sales outside any session); across the shop, one per till. */
  bySession: z.array(TallySchema.extend({ sessionId: z.number().int().nullable(), label: z.string(), currency: z.string() })),
  /** Payments by app or transfer, in the order issued (reports kept before they were listed read as none). */
  operations: z.array(PaymentOperationSchema).default([]),
});
export type SalesReport = z.infer<typeof SalesReportSchema>;

export type RangeDocument = ReportDocument & { sessionId: number | null; terminal: string | null };

export function buildSalesReport(input: {
  range: SalesReportInput;
  generatedAt: string;
  documents: readonly RangeDocument[];
  payments: readonly ReportPayment[];
  operations?: readonly PaymentOperation[];
  /** Collections of credit sales in the range (this till's). */
  collections?: readonly ReportCollection[];
}): SalesReport {
  const { cashSales: _cash, cashRefunds: _refunds, ...summary } = summarizeSales(input.documents, input.payments, input.collections);
  const bySession = new Tallies<{ sessionId: number | null; label: string; currency: string }>();
  for (const d of input.documents) {
    // Each sale once (a superseded document's replacement carries it); a rejected or invalid one is no declared sale.
    // Notes and voided sales are no sales: the per-till lines add up to the report's sales total.
    if (d.superseded || NOT_DECLARED.has(d.status) || d.voided === true || d.docType === '07' || d.docType === '08') continue;
    // A till's own report: its cash sessions. The shop's: each till by name.
    const label = d.sessionId !== null ? `Caja n.º ${d.sessionId} (${d.terminal ?? ''})` : (d.terminal ?? 'Fuera de caja');
    bySession.add(`${d.sessionId ?? `till:${d.terminal ?? '-'}`}|${d.currency}`, { sessionId: d.sessionId, label, currency: d.currency }, d.total);
  }
  return { ...summary, scope: input.range.scope, from: input.range.from, to: input.range.to, generatedAt: input.generatedAt, bySession: bySession.list(), operations: [...(input.operations ?? [])] };
}
