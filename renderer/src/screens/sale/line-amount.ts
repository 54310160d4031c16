// What one line costs the customer, for the row's "Importe" cell, with the same math as the totals.
import { computeTotals } from '../../../../shared/billing';
import { parseDiscountText, planDiscounts } from '../../../../shared/discounts';
import { decimalText } from './form-values';

/**
 * [quantity, unitPrice, affectation, bag, discount] as the row watches them → the line total text (after the line's
 * own discount; a sale discount shows in the totals), or '' when incomplete.
 */
export function lineAmountText(values: readonly unknown[]): string {
  const [quantity, unitPrice, affectation, bag, discountText] = values;
  const line = {
    quantity: typeof quantity === 'string' ? decimalText(quantity) : '',
    unitPrice: typeof unitPrice === 'string' ? decimalText(unitPrice) : '',
    affectation,
    bag: bag === true,
  };
  const computed = computeTotals({ lines: [line] }, {}).lines[0];
  if (!computed || !computed.complete) return '';
  const discount = typeof discountText === 'string' ? parseDiscountText(discountText) : null;
  if (!discount?.ok || !discount.discount) return computed.total;
  const plan = planDiscounts([{ quantity: line.quantity, unitPrice: line.unitPrice }], [discount.discount]);
  return plan.ok ? (plan.lines[0]?.total ?? computed.total) : computed.total;
}
