// The footer of Documentos: what the listed documents are worth together, as an owner reads it.
import Decimal from 'decimal.js';
import { NOT_DECLARED_STATUSES, type DocStatus, type DocumentSummary } from '../../../../shared/bridge';
import { formatMoney } from '../../format/money';

const NOT_DECLARED = new Set<DocStatus>(NOT_DECLARED_STATUSES);

/**
 * The net of what the list shows, per currency: sales and debit notes add, credit notes take away; voided, rejected
 * and not declared documents are listed but carry no money. 'S/ 1,234.50 · US$ 20.00'.
 */
export function listedTotal(rows: readonly DocumentSummary[], voided: ReadonlySet<number>): string {
  const byCurrency = new Map<string, Decimal>();
  for (const row of rows) {
    if (voided.has(row.id) || NOT_DECLARED.has(row.status)) continue;
    const amount = row.docType === '07' ? new Decimal(row.total).negated() : new Decimal(row.total);
    byCurrency.set(row.currency, (byCurrency.get(row.currency) ?? new Decimal(0)).plus(amount));
  }
  return [...byCurrency].map(([currency, total]) => formatMoney(total.toFixed(2), currency)).join(' · ') || formatMoney('0.00');
}
