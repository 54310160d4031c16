// Dollars in the drawer. A dollar sale paid in cash keeps every dollar the customer handed over and gives the change
// in soles, at the rate the document was converted at (stored with it), rounded half up to the cent. So the drawer
// holds two currencies: the dollars taken, and the soles less that change.
import { Dec, ZERO, round2 } from '../billing/decimal';
import type { ReportDocument, ReportPayment } from './sales-summary';

export interface DollarDrawer {
  /** Dollars taken in cash by dollar sales (all of them: none went back as change). */
  dollars: Dec;
  /** Dollars handed back in cash by credit notes on dollar sales (a note is in its sale's currency). */
  refunds: Dec;
  /** Soles handed back as the change of dollar sales. */
  changeInSoles: Dec;
}

/** The change of a dollar sale, in soles: US$ 3.36 at 3.751 → S/ 12.60. */
export function dollarChangeInSoles(changeDollars: string, rate: string): string {
  return round2(new Dec(changeDollars).times(new Dec(rate))).toFixed(2);
}

/**
 * What the session's dollar sales put in the drawer and took out of its soles, and the dollars its credit notes gave
 * back. A re-issued document counts once.
 */
export function dollarDrawer(documents: readonly ReportDocument[], payments: readonly ReportPayment[]): DollarDrawer {
  const dollarSales = new Map(
    documents
      .filter((d) => !d.superseded && d.currency === 'USD' && (d.docType === '01' || d.docType === '03'))
      .map((d) => [d.id, d]),
  );
  const dollarNotes = new Set(documents.filter((d) => !d.superseded && d.currency === 'USD' && d.docType === '07').map((d) => d.id));
  let dollars = ZERO;
  let refunds = ZERO;
  const change = new Map<number, Dec>();
  for (const p of payments) {
    if (p.kind === 'cash' && dollarNotes.has(p.documentId)) refunds = refunds.plus(p.applied);
    if (p.kind !== 'cash' || !dollarSales.has(p.documentId)) continue;
    const tendered = new Dec(p.tendered ?? p.applied);
    dollars = dollars.plus(tendered);
    change.set(p.documentId, (change.get(p.documentId) ?? ZERO).plus(tendered.minus(p.applied)));
  }
  let changeInSoles = ZERO;
  for (const [id, amount] of change) {
    const rate = dollarSales.get(id)?.exchangeRate;
    if (rate && amount.greaterThan(0)) changeInSoles = changeInSoles.plus(dollarChangeInSoles(amount.toFixed(2), rate));
  }
  return { dollars, refunds, changeInSoles };
}
