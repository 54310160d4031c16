// The discount a cashier types in one field: '10%' (or '10 %') is a percentage, '2.50' (or 'S/ 2.50') an amount.
import { DiscountSchema, type Discount } from './schema';

export type DiscountText = { ok: true; discount: Discount | null } | { ok: false; message: string };

export function parseDiscountText(text: string): DiscountText {
  const t = text.trim().replace(',', '.');
  if (t === '') return { ok: true, discount: null };
  const percent = /^(.*?)\s*%$/.exec(t);
  const raw = percent ? { kind: 'percent', value: percent[1] ?? '' } : { kind: 'amount', value: t.replace(/^S\/\s*/i, '') };
  const parsed = DiscountSchema.safeParse(raw);
  return parsed.success ? { ok: true, discount: parsed.data } : { ok: false, message: parsed.error.issues[0]?.message ?? 'Descuento no válido' };
}

/** How a discount is shown: '10 %' or 'S/ 2.50'. */
export function discountText(discount: Discount, symbol = 'S/'): string {
  return discount.kind === 'percent' ? `${discount.value} %` : `${symbol} ${discount.value}`;
}
