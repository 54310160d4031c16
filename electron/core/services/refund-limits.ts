// How much of a return may go back, and by which method. Money goes back the way it came: a card sale is reversed to
// the card, a Yape payment to Yape, a credit sale that was never paid gives nothing back; cash never leaves beyond what
// the sale brought in cash, nor beyond what the drawer holds. Each limit is checked inside the note's transaction,
// before its number is spent, against what earlier credit notes of the same sale already gave back.
import Decimal from 'decimal.js';
import type { SettledPayment } from '../../../shared/payments';
import { CoreError } from './errors';

/** What a sale brought in, and what its earlier credit notes gave back, by payment method. */
export interface SaleMoney {
  /** The sale's own payments; empty for a credit sale nobody paid. */
  paid: readonly Pick<SettledPayment, 'method' | 'label' | 'applied'>[];
  /** The refunds of its earlier credit notes that count (not rejected). */
  refunded: readonly Pick<SettledPayment, 'method' | 'applied'>[];
  /** Sold al crédito: no payment was taken at the counter. */
  credit: boolean;
}

const sumBy = (rows: readonly { method: string; applied: string }[]) => {
  const by = new Map<string, Decimal>();
  for (const r of rows) by.set(r.method, (by.get(r.method) ?? new Decimal(0)).plus(r.applied));
  return by;
};

const refuse = (message: string): never => {
  throw new CoreError('refund_exceeds', message, [{ path: 'refund', message }]);
};

/**
 * Refuses a refund that would give back more than came in by a method, money on a credit sale nobody paid, or more
 * cash than the drawer holds. `money` undefined: the sale's payments are unknown here (a document older than
 * payments, or another till's sale), so only the drawer bounds the cash. `drawer` null: no open cash session.
 */
export function checkRefund(refund: readonly SettledPayment[], money: SaleMoney | undefined, drawer: string | null, symbol: string): void {
  if (refund.length === 0) return;
  if (money) {
    if (money.credit && money.paid.length === 0) {
      refuse('Es una venta al crédito sin pagos: no se devuelve dinero. Emita la nota sin devolución (se descuenta de lo que debe el cliente).');
    }
    const paid = sumBy(money.paid);
    const back = sumBy(money.refunded);
    for (const [method, amount] of sumBy(refund)) {
      const came = paid.get(method);
      const label = refund.find((r) => r.method === method)?.label ?? method;
      if (!came) {
        const ways = [...new Set(money.paid.map((p) => p.label))].join(', ');
        refuse(`La venta no se pagó con ${label}: el dinero vuelve por donde entró (${ways || 'sin pagos registrados'}).`);
      }
      const left = Decimal.max(0, came!.minus(back.get(method) ?? 0));
      if (amount.gt(left)) refuse(`Por ${label} se pueden devolver como máximo ${symbol} ${left.toFixed(2)}: es lo que la venta recibió por ese medio, menos lo ya devuelto.`);
    }
  }
  const cash = refund.filter((r) => r.kind === 'cash').reduce((sum, r) => sum.plus(r.applied), new Decimal(0));
  if (cash.gt(0) && drawer !== null && cash.gt(drawer)) {
    refuse(`En caja hay ${symbol} ${Decimal.max(0, new Decimal(drawer)).toFixed(2)}: no alcanza para devolver ${symbol} ${cash.toFixed(2)} en efectivo.`);
  }
}
