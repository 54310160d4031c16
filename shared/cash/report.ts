// The shift's report (issue 13): the X at any time during a cash session, the Z at its close. One pure function over
// the session's documents, payments and movements, with exact decimals, so that the screen, the printed ticket and the
// bench all read the same numbers. The documents' money is counted once: a document re-issued under a new number
// (a 'conflict') is left out, its replacement carries the sale and its payments.
import { z } from 'zod';
import { Dec, ZERO, fixed2 } from '../billing/decimal';
import { DOC_STATUS_LABELS, DOC_STATUSES, OPEN_STATUSES, type DocStatus } from '../bridge/status';
import { PAYMENT_KINDS } from '../payments/methods';
import { DenominationCountSchema, type DenominationCount } from './denominations';

export const CashSessionSchema = z.object({
  id: z.number().int(),
  terminal: z.string(),
  openedAt: z.string(),
  openedBy: z.string(),
  openingFloat: z.string(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  countedCash: z.string().nullable(),
  expectedCash: z.string().nullable(),
  difference: z.string().nullable(),
});
export type CashSession = z.infer<typeof CashSessionSchema>;

export const CASH_MOVEMENT_KINDS = ['in', 'out'] as const;
export const CASH_MOVEMENT_LABELS = { in: 'Ingreso', out: 'Retiro' } as const;

export const CashMovementSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CASH_MOVEMENT_KINDS),
  amount: z.string(),
  reason: z.string(),
  at: z.string(),
  userName: z.string(),
  approvedBy: z.string().nullable(),
});
export type CashMovement = z.infer<typeof CashMovementSchema>;

const Tally = z.object({ count: z.number().int(), total: z.string() });

export const CashReportSchema = z.object({
  kind: z.enum(['X', 'Z']),
  generatedAt: z.string(),
  session: CashSessionSchema,
  /** Per currency: documents and their total. */
  sales: z.array(Tally.extend({ currency: z.string() })),
  byMethod: z.array(Tally.extend({ method: z.string(), label: z.string(), kind: z.enum([...PAYMENT_KINDS, 'credit']), currency: z.string() })),
  byDocType: z.array(Tally.extend({ docType: z.enum(['01', '03']), label: z.string(), currency: z.string() })),
  byStatus: z.array(Tally.extend({ status: z.enum(DOC_STATUSES), label: z.string(), currency: z.string() })),
  byCashier: z.array(Tally.extend({ name: z.string(), currency: z.string() })),
  movements: z.array(CashMovementSchema),
  /** Soles in the drawer: float + cash sales + ins − outs; counted and difference once the Z is taken. */
  cash: z.object({
    openingFloat: z.string(),
    cashSales: z.string(),
    cashIn: z.string(),
    cashOut: z.string(),
    expected: z.string(),
    counted: z.string().nullable(),
    difference: z.string().nullable(),
  }),
  denominations: DenominationCountSchema.nullable(),
  /** Documents of this session not yet settled with SUNAT: they stay in the session and the outbox sends them. */
  awaitingSunat: z.number().int(),
});
export type CashReport = z.infer<typeof CashReportSchema>;

export interface ReportDocument {
  id: number;
  docType: '01' | '03';
  status: DocStatus;
  currency: string;
  total: string;
  cashierName: string | null;
  superseded: boolean;
}

export interface ReportPayment {
  documentId: number;
  method: string;
  label: string;
  kind: (typeof PAYMENT_KINDS)[number];
  applied: string;
}

export interface ReportInput {
  kind: 'X' | 'Z';
  generatedAt: string;
  session: CashSession;
  documents: readonly ReportDocument[];
  payments: readonly ReportPayment[];
  movements: readonly CashMovement[];
  counted?: { cash: string; denominations: DenominationCount | null };
}

const DOC_TYPE_LABELS = { '01': 'Facturas', '03': 'Boletas' } as const;
const OPEN = new Set<DocStatus>(OPEN_STATUSES);

/** Count and sum per key, keeping the first-seen order. */
class Tallies<T> {
  private readonly rows = new Map<string, { extra: T; count: number; total: Dec }>();
  add(key: string, extra: T, amount: string): void {
    const row = this.rows.get(key);
    if (row) {
      row.count += 1;
      row.total = row.total.plus(amount);
    } else this.rows.set(key, { extra, count: 1, total: new Dec(amount) });
  }
  list(): (T & { count: number; total: string })[] {
    return [...this.rows.values()].map((r) => ({ ...r.extra, count: r.count, total: fixed2(r.total) }));
  }
}

export function buildCashReport(input: ReportInput): CashReport {
  const live = input.documents.filter((d) => !d.superseded);
  const currencyOf = new Map(live.map((d) => [d.id, d.currency]));
  const sales = new Tallies<{ currency: string }>();
  const byDocType = new Tallies<{ docType: '01' | '03'; label: string; currency: string }>();
  const byStatus = new Tallies<{ status: DocStatus; label: string; currency: string }>();
  const byCashier = new Tallies<{ name: string; currency: string }>();
  for (const d of live) {
    const c = d.currency;
    sales.add(c, { currency: c }, d.total);
    byDocType.add(`${d.docType}|${c}`, { docType: d.docType, label: DOC_TYPE_LABELS[d.docType], currency: c }, d.total);
    byStatus.add(`${d.status}|${c}`, { status: d.status, label: DOC_STATUS_LABELS[d.status], currency: c }, d.total);
    const name = d.cashierName ?? '(sin cajero)';
    byCashier.add(`${name}|${c}`, { name, currency: c }, d.total);
  }

  const byMethod = new Tallies<{ method: string; label: string; kind: CashReport['byMethod'][number]['kind']; currency: string }>();
  const paid = new Set<number>();
  let cashSales = ZERO;
  for (const p of input.payments) {
    const currency = currencyOf.get(p.documentId);
    if (currency === undefined) continue; // a superseded document's payments: its replacement carries them
    paid.add(p.documentId);
    byMethod.add(`${p.method}|${currency}`, { method: p.method, label: p.label, kind: p.kind, currency }, p.applied);
    if (p.kind === 'cash' && currency === 'PEN') cashSales = cashSales.plus(p.applied);
  }
  for (const d of live) {
    if (!paid.has(d.id)) byMethod.add(`credito_venta|${d.currency}`, { method: 'credito_venta', label: 'Al crédito (por cobrar)', kind: 'credit', currency: d.currency }, d.total);
  }

  const sum = (kind: 'in' | 'out') => input.movements.filter((m) => m.kind === kind).reduce((acc, m) => acc.plus(m.amount), ZERO);
  const cashIn = sum('in');
  const cashOut = sum('out');
  const expected = new Dec(input.session.openingFloat).plus(cashSales).plus(cashIn).minus(cashOut);
  const counted = input.counted ? new Dec(input.counted.cash) : null;

  return {
    kind: input.kind,
    generatedAt: input.generatedAt,
    session: input.session,
    sales: sales.list(),
    byMethod: byMethod.list(),
    byDocType: byDocType.list().sort((a, b) => a.docType.localeCompare(b.docType)),
    byStatus: byStatus.list(),
    byCashier: byCashier.list(),
    movements: [...input.movements],
    cash: {
      openingFloat: fixed2(new Dec(input.session.openingFloat)),
      cashSales: fixed2(cashSales),
      cashIn: fixed2(cashIn),
      cashOut: fixed2(cashOut),
      expected: fixed2(expected),
      counted: counted ? fixed2(counted) : null,
      difference: counted ? fixed2(counted.minus(expected)) : null,
    },
    denominations: input.counted?.denominations ?? null,
    awaitingSunat: live.filter((d) => OPEN.has(d.status)).length,
  };
}
