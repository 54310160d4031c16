// The owner's view from sums: rows of the summary tables (or the shop server's same sums) turned into the figures
// behind the charts. Amounts arrive in integer cents and are added as integers; the decimal strings are made once,
// at the end, with decimal.js.
import { Dec, fixed2 } from '../../../shared/billing/decimal';
import type { PeriodFigures, SummaryTotals } from '../../../shared/bridge/summary';

export type SummaryKind = 'sale' | 'return' | 'debit' | 'voided' | 'not_declared';

/** One row of summary_sales: documents of one kind by day, hour and currency. */
export interface SalesSumRow {
  day: string;
  hour: number;
  currency: string;
  kind: SummaryKind;
  documents: number;
  cents: number;
}

/** The sales of one cashier (summary_cashiers). */
export interface CashierSumRow {
  currency: string;
  cashier: string;
  documents: number;
  cents: number;
}

/** The sales' payments of one method (summary_methods); `payments` counts payment rows. */
export interface MethodSumRow {
  currency: string;
  method: string;
  label: string;
  payments: number;
  cents: number;
}

/** The sales' lines of one product (summary_products). */
export interface ProductSumRow {
  currency: string;
  code: string;
  description: string;
  lines: number;
  cents: number;
}

export interface PeriodSums {
  sales: readonly SalesSumRow[];
  cashiers: readonly CashierSumRow[];
  methods: readonly MethodSumRow[];
  products: readonly ProductSumRow[];
}

const TOP_PRODUCTS = 10;

/** Integer cents as a 2-decimal string. */
export const money = (cents: number): string => fixed2(new Dec(cents).div(100));

/** Counts and cents added under a key, keeping the first-seen extra. */
class Sums<T> {
  private readonly rows = new Map<string, { extra: T; documents: number; cents: number }>();
  add(key: string, extra: T, documents: number, cents: number): void {
    const row = this.rows.get(key);
    if (row) {
      row.documents += documents;
      row.cents += cents;
    } else this.rows.set(key, { extra, documents, cents });
  }
  list(): (T & { documents: number; cents: number })[] {
    return [...this.rows.values()].filter((r) => r.documents !== 0 || r.cents !== 0).map((r) => ({ ...r.extra, documents: r.documents, cents: r.cents }));
  }
}

const byCentsDesc = (a: { cents: number }, b: { cents: number }) => b.cents - a.cents;
const out = <T extends { cents: number }>({ cents, ...rest }: T) => ({ ...rest, total: money(cents) });

/**
 * `categoryOf`: a product code's category ('' none), the catalogue's current one; the products' sums are added up by
 * it. Absent: every product is without a category.
 */
export function periodFigures(from: string, to: string, sums: PeriodSums, categoryOf: (code: string) => string = () => ''): PeriodFigures {
  const totals = new Map<string, Record<SummaryKind, { documents: number; cents: number }>>();
  const byHour = new Sums<{ currency: string; hour: number }>();
  const byDay = new Sums<{ currency: string; day: string }>();
  const byCashier = new Sums<{ currency: string; name: string }>();
  for (const r of sums.sales) {
    const t = totals.get(r.currency) ?? { sale: zero(), return: zero(), debit: zero(), voided: zero(), not_declared: zero() };
    t[r.kind].documents += r.documents;
    t[r.kind].cents += r.cents;
    totals.set(r.currency, t);
    if (r.kind !== 'sale') continue;
    byHour.add(`${r.currency}|${r.hour}`, { currency: r.currency, hour: r.hour }, r.documents, r.cents);
    byDay.add(`${r.currency}|${r.day}`, { currency: r.currency, day: r.day }, r.documents, r.cents);
  }
  for (const c of sums.cashiers) byCashier.add(`${c.currency}|${c.cashier}`, { currency: c.currency, name: c.cashier }, c.documents, c.cents);
  const byMethod = new Sums<{ currency: string; method: string; label: string }>();
  for (const m of sums.methods) byMethod.add(`${m.currency}|${m.method}`, { currency: m.currency, method: m.method, label: m.label }, m.payments, m.cents);
  const products = new Sums<{ currency: string; code: string; description: string }>();
  for (const p of sums.products) products.add(`${p.currency}|${p.code}`, { currency: p.currency, code: p.code, description: p.description }, p.lines, p.cents);
  const top = products.list().sort(byCentsDesc);
  const byCategory = new Sums<{ currency: string; category: string }>();
  for (const p of top) {
    const category = categoryOf(p.code);
    byCategory.add(`${p.currency}|${category}`, { currency: p.currency, category }, p.documents, p.cents);
  }
  const topProducts = [...new Set(top.map((p) => p.currency))].flatMap((c) => top.filter((p) => p.currency === c).slice(0, TOP_PRODUCTS));
  return {
    from,
    to,
    totals: [...totals].map(([currency, t]) => totalsOf(currency, t)).sort((a, b) => (a.currency === 'PEN' ? -1 : b.currency === 'PEN' ? 1 : a.currency.localeCompare(b.currency))),
    byHour: byHour.list().sort((a, b) => a.hour - b.hour).map(out),
    byDay: byDay.list().sort((a, b) => a.day.localeCompare(b.day)).map(out),
    byCashier: byCashier.list().sort(byCentsDesc).map(out),
    byMethod: byMethod.list().sort(byCentsDesc).map(out),
    topProducts: topProducts.map(out),
    byCategory: byCategory.list().sort(byCentsDesc).map(out),
  };
}

const zero = () => ({ documents: 0, cents: 0 });

function totalsOf(currency: string, t: Record<SummaryKind, { documents: number; cents: number }>): SummaryTotals {
  const sales = t.sale.cents;
  return {
    currency,
    sales: money(sales),
    documents: t.sale.documents,
    averageTicket: t.sale.documents === 0 ? '0.00' : fixed2(new Dec(sales).div(100).div(t.sale.documents)),
    returns: money(t.return.cents),
    returnCount: t.return.documents,
    debitNotes: money(t.debit.cents),
    debitCount: t.debit.documents,
    voided: money(t.voided.cents),
    voidedCount: t.voided.documents,
    notDeclaredCount: t.not_declared.documents,
    net: money(sales - t.return.cents + t.debit.cents),
  };
}
