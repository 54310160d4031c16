// What one line costs the customer, for the row's "Importe" cell, with the same math as the totals.
import { computeTotals } from '../../../../shared/billing';
import { decimalText } from './form-values';

/** [quantity, unitPrice, affectation, bag] as the row watches them → the line total text, or '' when incomplete. */
export function lineAmountText(values: readonly unknown[]): string {
  const [quantity, unitPrice, affectation, bag] = values;
  const line = {
    quantity: typeof quantity === 'string' ? decimalText(quantity) : '',
    unitPrice: typeof unitPrice === 'string' ? decimalText(unitPrice) : '',
    affectation,
    bag: bag === true,
  };
  const computed = computeTotals({ lines: [line] }, {}).lines[0];
  return computed && computed.complete ? computed.total : '';
}
