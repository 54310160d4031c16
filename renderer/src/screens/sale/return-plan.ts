// What a return at the till shows while the cashier picks (F7): each line's price and what is left of it after
// earlier credit notes, the refund the note will carry, and how the money goes back. The note's amounts come from the
// same line math the core runs (buildNote), so the total shown is the total the core issues; the core still checks
// every limit before a number is spent.
import Decimal from 'decimal.js';
import type { Invoice } from '../../../../shared/api';
import { buildNote } from '../../../../shared/billing';
import type { SettledPayment } from '../../../../shared/payments';

export type ReturnMode = 'whole' | 'lines' | 'price';
export const RETURN_REASONS: Record<ReturnMode, { code: string; text: string }> = {
  whole: { code: '06', text: 'Devolución total' },
  lines: { code: '07', text: 'Devolución por ítem' },
  price: { code: '09', text: 'Disminución en el valor' },
};

export interface ReturnLine {
  /** 1-based, as the note's lines name them. */
  line: number;
  description: string;
  sold: string;
  /** What earlier credit notes did not take back yet; null when unknown (another till's sale). */
  left: string | null;
  /** The unit price as printed (IGV included). */
  unitPrice: string;
  /** The line's total as sold, IGV included. */
  lineTotal: string;
  /** What the typed quantity gives back, IGV included; null without a valid quantity. */
  amount: string | null;
}

const dec = (value: string | number): Decimal | null => {
  try {
    const d = new Decimal(String(value).trim());
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
};

/** The sale's lines with their prices, what is left of each and what the typed quantities give back. */
export function returnLines(invoice: Invoice, returned: readonly { line: number; quantity: string }[] | null, quantities: Record<number, string>): ReturnLine[] {
  return invoice.detalle.map((l, i) => {
    const line = i + 1;
    const sold = new Decimal(String(l.cantidad));
    const back = returned === null ? null : returned.filter((r) => r.line === line).reduce((sum, r) => sum.plus(r.quantity), new Decimal(0));
    const total = new Decimal(String(l.monto_Valor_Venta)).plus(String(l.igv));
    const q = dec(quantities[line] ?? '');
    return {
      line,
      description: l.descripcion,
      sold: sold.toString(),
      left: back === null ? null : Decimal.max(0, sold.minus(back)).toString(),
      unitPrice: new Decimal(String(l.monto_Precio_Unitario)).toFixed(2),
      lineTotal: total.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
      amount: q && q.gt(0) ? (q.eq(sold) ? total : q.times(String(l.monto_Precio_Unitario))).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2) : null,
    };
  });
}

/**
 * The note's total for what is picked, as the core will build it (null while nothing valid is picked). A pick the
 * line math refuses (more than is left) falls back to the sum of the lines, so the cashier still sees a figure.
 */
export function refundTotal(
  invoice: Invoice,
  mode: ReturnMode,
  picked: { quantities: Record<number, string>; amount: string },
  returned: readonly { line: number; quantity: string }[] | null,
): string | null {
  const lines = Object.entries(picked.quantities)
    .map(([l, q]) => ({ line: Number(l), quantity: q.trim() }))
    .filter((l) => (dec(l.quantity)?.gt(0) ?? false));
  if (mode === 'lines' && lines.length === 0) return null;
  if (mode === 'price') {
    const amount = dec(picked.amount);
    return amount && amount.gt(0) ? amount.toFixed(2) : null;
  }
  const reason = RETURN_REASONS[mode];
  try {
    const note = buildNote(
      invoice,
      { type: '07', reason: reason.code, description: reason.text, ...(mode === 'lines' ? { lines } : {}) },
      { series: invoice.serie.startsWith('F') ? 'FC01' : 'BC01', number: 1, issuedAt: invoice.fecha_Emision, idBaseDato: 'preview' },
      { returned: returned ?? [] },
    );
    return new Decimal(String(note.monto_Imp_Venta)).toFixed(2);
  } catch {
    if (mode === 'whole') return new Decimal(String(invoice.monto_Imp_Venta)).toFixed(2);
    const shown = returnLines(invoice, returned, picked.quantities);
    return shown.reduce((sum, l) => sum.plus(l.amount ?? 0), new Decimal(0)).toFixed(2);
  }
}

export interface RefundWay {
  method: string;
  label: string;
  kind: SettledPayment['kind'];
  /** What the sale brought in by it: the most it may give back. */
  came: string | null;
}

/**
 * How the money may go back: by the sale's own payment methods, in the order they were taken (a card sale to the
 * card, Yape to Yape). A credit sale nobody paid gives nothing back. `payments` null: unknown here (another till's
 * sale), so cash.
 */
export function refundWays(payments: readonly SettledPayment[] | null, credit: boolean): RefundWay[] {
  if (payments === null) return [{ method: 'efectivo', label: 'Efectivo', kind: 'cash', came: null }];
  if (payments.length === 0) return credit ? [] : [{ method: 'efectivo', label: 'Efectivo', kind: 'cash', came: null }];
  const ways: RefundWay[] = [];
  for (const p of payments) {
    const way = ways.find((w) => w.method === p.method);
    if (way) way.came = new Decimal(way.came ?? 0).plus(p.applied).toFixed(2);
    else ways.push({ method: p.method, label: p.label, kind: p.kind, came: new Decimal(p.applied).toFixed(2) });
  }
  return ways;
}

/** The refund proposed for `total`: each way in turn up to what it brought in; what remains, on the first. */
export function proposeRefund(total: string | null, ways: readonly RefundWay[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (ways.length === 0) return out;
  let rest = new Decimal(total ?? 0);
  for (const w of ways) {
    const take = w.came === null ? rest : Decimal.min(rest, w.came);
    out[w.method] = take.toFixed(2);
    rest = rest.minus(take);
  }
  if (rest.gt(0)) out[ways[0]!.method] = new Decimal(out[ways[0]!.method] ?? 0).plus(rest).toFixed(2);
  return out;
}
