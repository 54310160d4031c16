// Discounts turned into declared prices. The invoicing API carries no discount fields, so a discounted
// line is declared at its net price: the line's total after the discount, divided back into a unit price that the
// unchanged billing math (T = round2(quantity × price), line-math.ts) turns into exactly that total again. A discount
// on the whole sale is spread over the lines in whole cents, in proportion to what each line is left with (largest
// remainder first), so the lines' discounts add up to the sale's discount exactly: no cent lost or invented.
import { Dec, ZERO, fixed2, round2 } from '../billing/decimal';
import type { Discount } from './schema';

export interface DiscountableLine {
  readonly quantity: string;
  readonly unitPrice: string;
}

export interface DiscountedLine {
  /** The price and total before any discount. */
  readonly listPrice: string;
  readonly listTotal: string;
  /** The line's own discount, and its share of the sale's discount (2 decimals each). */
  readonly lineDiscount: string;
  readonly saleShare: string;
  /** What the line is declared at: its total and the unit price that gives it. */
  readonly total: string;
  readonly unitPrice: string;
}

export type DiscountPlan =
  | {
      ok: true;
      lines: DiscountedLine[];
      listTotal: string;
      /** Every discount of the sale together. */
      discount: string;
      /** discount ÷ listTotal as a percentage, 2 decimals ('0.00' without discounts). */
      percent: string;
    }
  | { ok: false; errors: { path: string; message: string }[] };

const CENT = new Dec('0.01');
const HUNDRED = new Dec(100);
/** The unit price schema's limits (sale-draft-schema.ts): 10 decimals, 15 digits in all. */
const MAX_PRICE_DECIMALS = 10;
const MAX_PRICE_DIGITS = 15;

function amountOf(discount: Discount, base: Dec): Dec {
  return discount.kind === 'percent' ? round2(base.times(discount.value).div(HUNDRED)) : new Dec(discount.value);
}

/**
 * The unit price whose line total round2(quantity × price) is exactly `total`, with as few decimals as that takes
 * (at most the schema's). Null when no such price fits the schema (a quantity far beyond any till's).
 */
export function priceForTotal(quantity: Dec, total: Dec): Dec | null {
  const exact = total.div(quantity);
  const integerDigits = exact.trunc().toString().length;
  const decimals = Math.min(MAX_PRICE_DECIMALS, MAX_PRICE_DIGITS - integerDigits);
  if (decimals < 0) return null;
  const step = new Dec(1).div(new Dec(10).pow(decimals));
  const base = exact.toDecimalPlaces(decimals, Dec.ROUND_HALF_UP);
  for (const k of [0, 1, -1, 2, -2, 3, -3]) {
    const price = base.plus(step.times(k));
    if (price.gt(0) && round2(quantity.times(price)).eq(total)) return price;
  }
  return null;
}

/** Spreads `amount` (2 decimals) over `bases` in whole cents, leaving every line at least one cent. */
function spread(amount: Dec, bases: readonly Dec[]): Dec[] | null {
  const cents = amount.div(CENT).toNumber();
  const baseCents = bases.map((b) => b.div(CENT).toNumber());
  const sum = baseCents.reduce((a, b) => a + b, 0);
  const room = baseCents.reduce((a, b) => a + Math.max(0, b - 1), 0);
  if (cents > room) return null;
  // Integer cents, with BigInt for the products so no float ever rounds them.
  const shares = baseCents.map((b) => Number((BigInt(cents) * BigInt(b)) / BigInt(sum)));
  const remainders = baseCents.map((b, i) => ({ i, r: (BigInt(cents) * BigInt(b)) % BigInt(sum) }));
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  let left = cents - shares.reduce((a, b) => a + b, 0);
  while (left > 0) {
    let gave = false;
    for (const { i } of remainders) {
      if (left === 0) break;
      if ((shares[i] ?? 0) + 1 <= (baseCents[i] ?? 0) - 1) {
        shares[i] = (shares[i] ?? 0) + 1;
        left -= 1;
        gave = true;
      }
    }
    if (!gave) return null;
  }
  return shares.map((s) => new Dec(s).times(CENT));
}

/**
 * The declared lines of a sale with its discounts: `lineDiscounts[i]` for line i (or undefined), `saleDiscount` on
 * the whole. Lines without any discount keep their price as typed. Refused (in Spanish, per field) when a discount
 * would leave a line, or the sale, at zero.
 */
export function planDiscounts(lines: readonly DiscountableLine[], lineDiscounts: readonly (Discount | undefined)[], saleDiscount?: Discount): DiscountPlan {
  const errors: { path: string; message: string }[] = [];
  const list = lines.map((line) => {
    const quantity = new Dec(line.quantity);
    const price = new Dec(line.unitPrice);
    return { quantity, price, total: round2(quantity.times(price)) };
  });
  const own = list.map((l, i) => {
    const d = lineDiscounts[i];
    if (!d) return ZERO;
    const amount = amountOf(d, l.total);
    if (amount.gte(l.total)) errors.push({ path: `lines.${i}.discount`, message: 'El descuento debe ser menor que el importe de la línea' });
    return amount;
  });
  if (errors.length > 0) return { ok: false, errors };
  const after = list.map((l, i) => l.total.minus(own[i] ?? ZERO));
  const subtotal = after.reduce((a, b) => a.plus(b), ZERO);
  const saleAmount = saleDiscount ? amountOf(saleDiscount, subtotal) : ZERO;
  const shares = saleAmount.isZero() ? after.map(() => ZERO) : spread(saleAmount, after);
  if (!shares) return { ok: false, errors: [{ path: 'saleDiscount', message: 'El descuento deja el total (o una línea) en cero' }] };

  const out: DiscountedLine[] = [];
  for (const [i, l] of list.entries()) {
    const lineDiscount = own[i] ?? ZERO;
    const share = shares[i] ?? ZERO;
    const total = l.total.minus(lineDiscount).minus(share);
    let unitPrice = lines[i]?.unitPrice ?? '0';
    if (!lineDiscount.isZero() || !share.isZero()) {
      const price = priceForTotal(l.quantity, total);
      if (!price) {
        errors.push({ path: `lines.${i}.discount`, message: 'No se puede aplicar el descuento a esta cantidad' });
        continue;
      }
      unitPrice = price.toString();
    }
    out.push({ listPrice: lines[i]?.unitPrice ?? '0', listTotal: fixed2(l.total), lineDiscount: fixed2(lineDiscount), saleShare: fixed2(share), total: fixed2(total), unitPrice });
  }
  if (errors.length > 0) return { ok: false, errors };
  const listTotal = list.reduce((a, l) => a.plus(l.total), ZERO);
  const discount = own.reduce((a, b) => a.plus(b), ZERO).plus(saleAmount);
  const percent = listTotal.isZero() ? ZERO : discount.div(listTotal).times(HUNDRED);
  return { ok: true, lines: out, listTotal: fixed2(listTotal), discount: fixed2(discount), percent: percent.toFixed(2) };
}

/** A sale's lines at their declared (net) prices, with the plan that says what each discount took. */
export function discountSale<L extends DiscountableLine>(
  lines: readonly L[],
  lineDiscounts: readonly { line: number; discount: Discount }[] | undefined,
  saleDiscount: Discount | undefined,
): { ok: true; lines: L[]; plan: Extract<DiscountPlan, { ok: true }> | null } | { ok: false; errors: { path: string; message: string }[] } {
  if ((!lineDiscounts || lineDiscounts.length === 0) && !saleDiscount) return { ok: true, lines: [...lines], plan: null };
  const byLine: (Discount | undefined)[] = lines.map(() => undefined);
  for (const d of lineDiscounts ?? []) {
    if (d.line >= lines.length) return { ok: false, errors: [{ path: `lineDiscounts`, message: `No existe la línea ${d.line + 1}` }] };
    byLine[d.line] = d.discount;
  }
  const plan = planDiscounts(lines, byLine, saleDiscount);
  if (!plan.ok) return plan;
  return { ok: true, lines: lines.map((l, i) => ({ ...l, unitPrice: plan.lines[i]?.unitPrice ?? l.unitPrice })), plan };
}

/** True when the discounts take more than `limitPercent` of the list total: a supervisor must approve. */
export function discountNeedsApproval(plan: { listTotal: string; discount: string }, limitPercent: string): boolean {
  return new Dec(plan.discount).times(HUNDRED).gt(new Dec(limitPercent).times(plan.listTotal));
}
