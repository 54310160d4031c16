// A lower price is a discount. A catalogue line typed below the catalogue's price would otherwise go
// through with no discount recorded, no approver and nothing in the X or the Z. Here such a line goes back to its
// catalogue price and the difference becomes (part of) that line's own discount, so the discount plan (apply.ts)
// declares exactly the same net total, records the list price and the cut, and counts it against the same limit.
// Products marked "precio libre" keep whatever the cashier typed.
import { Dec, ZERO, fixed2, round2 } from '../billing/decimal';
import type { Discount } from './schema';

export interface CatalogPrice {
  /** The catalogue's price with IGV (a canonical decimal string). */
  price: string;
  /** "Precio libre": a lower price typed at the till is not a discount. */
  freePrice: boolean;
}

interface PricedLine {
  readonly code: string;
  readonly quantity: string;
  readonly unitPrice: string;
}

export interface PriceCuts<L> {
  /** The lines, each cut line at its catalogue price. */
  lines: L[];
  /** The line discounts, each cut line's carrying the cut (plus its own discount, as an amount). */
  lineDiscounts: { line: number; discount: Discount }[];
  /** Per line: the price the cashier typed when it was cut, else null. */
  typed: (string | null)[];
}

const HUNDRED = new Dec(100);

/**
 * The sale with every price cut turned into a line discount. `catalog` answers a line's code (undefined: not a
 * catalogue product, e.g. a line typed by hand). Lines at or above the catalogue's price are left as they are.
 */
export function priceCutsAsDiscounts<L extends PricedLine>(
  lines: readonly L[],
  lineDiscounts: readonly { line: number; discount: Discount }[] | undefined,
  catalog: (code: string) => CatalogPrice | undefined,
): PriceCuts<L> {
  const own = new Map((lineDiscounts ?? []).map((d) => [d.line, d.discount]));
  const out: L[] = [];
  const typed: (string | null)[] = [];
  for (const [i, line] of lines.entries()) {
    const product = catalog(line.code);
    const price = new Dec(line.unitPrice);
    if (!product || product.freePrice || !price.lt(product.price)) {
      out.push(line);
      typed.push(null);
      continue;
    }
    const quantity = new Dec(line.quantity);
    const typedTotal = round2(quantity.times(price));
    const listTotal = round2(quantity.times(product.price));
    const discount = own.get(i);
    const ownAmount = !discount ? ZERO : discount.kind === 'percent' ? round2(typedTotal.times(discount.value).div(HUNDRED)) : new Dec(discount.value);
    const cut = listTotal.minus(typedTotal).plus(ownAmount);
    if (cut.isZero()) {
      // A price lower by less than half a cent on this quantity: the totals are equal, nothing to record.
      out.push(line);
      typed.push(null);
      continue;
    }
    own.set(i, { kind: 'amount', value: fixed2(cut) });
    out.push({ ...line, unitPrice: product.price });
    typed.push(line.unitPrice);
  }
  const merged = [...own.entries()].sort((a, b) => a[0] - b[0]).map(([line, discount]) => ({ line, discount }));
  return { lines: out, lineDiscounts: merged, typed };
}
