// Collections of credit sales (cobranzas) in a report: money received for sales of other days, so it is no sale of
// today and is counted apart from sales, by payment method; the cash part enters the drawer's expected soles.
import { z } from 'zod';
import { Dec, ZERO, fixed2 } from '../billing/decimal';

/** One collection as the reports read it: what was received, by which method, and whether it was cash. */
export interface ReportCollection {
  amount: string;
  method: string;
  label: string;
  cash: boolean;
}

export const CollectionsSummarySchema = z.object({
  count: z.number().int(),
  total: z.string(),
  /** The soles received in cash: they are in the drawer. */
  cash: z.string(),
  byMethod: z.array(z.object({ method: z.string(), label: z.string(), count: z.number().int(), total: z.string() })),
});
export type CollectionsSummary = z.infer<typeof CollectionsSummarySchema>;

export const NO_COLLECTIONS: CollectionsSummary = { count: 0, total: '0.00', cash: '0.00', byMethod: [] };

export function summarizeCollections(collections: readonly ReportCollection[]): CollectionsSummary {
  const by = new Map<string, { method: string; label: string; count: number; total: InstanceType<typeof Dec> }>();
  let total = ZERO;
  let cash = ZERO;
  for (const c of collections) {
    total = total.plus(c.amount);
    if (c.cash) cash = cash.plus(c.amount);
    const row = by.get(c.method) ?? { method: c.method, label: c.label, count: 0, total: ZERO };
    row.count += 1;
    row.total = row.total.plus(c.amount);
    by.set(c.method, row);
  }
  return {
    count: collections.length,
    total: fixed2(total),
    cash: fixed2(cash),
    byMethod: [...by.values()].map((r) => ({ ...r, total: fixed2(r.total) })),
  };
}
