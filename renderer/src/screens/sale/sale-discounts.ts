// The discounts typed on the sale form as the bridge takes them, with the typing errors on their fields.
import type { Discount } from '../../../../shared/discounts';
import { parseDiscountText } from '../../../../shared/discounts';
import type { SaleFormValues } from './form-values';

export interface TypedDiscounts {
  lineDiscounts: { line: number; discount: Discount }[];
  saleDiscount: Discount | undefined;
  /** Paths as the bridge's: 'lines.<index in the sale's lines>.discount', 'saleDiscount'. */
  errors: { path: string; message: string }[];
}

/** `lineIndex[i]`: the form's index of the sale's line i (blank lines are dropped). */
export function discountsOf(values: Pick<SaleFormValues, 'lines' | 'saleDiscount'>, lineIndex: readonly number[]): TypedDiscounts {
  const errors: TypedDiscounts['errors'] = [];
  const lineDiscounts: TypedDiscounts['lineDiscounts'] = [];
  lineIndex.forEach((formIndex, line) => {
    const typed = parseDiscountText(values.lines[formIndex]?.discount ?? '');
    if (!typed.ok) errors.push({ path: `lines.${line}.discount`, message: typed.message });
    else if (typed.discount) lineDiscounts.push({ line, discount: typed.discount });
  });
  const sale = parseDiscountText(values.saleDiscount ?? '');
  if (!sale.ok) errors.push({ path: 'saleDiscount', message: sale.message });
  return { lineDiscounts, saleDiscount: sale.ok ? (sale.discount ?? undefined) : undefined, errors };
}
