// What a scanned or picked product does to the sale's lines, decided without touching the form: fill the line the
// cashier is on, add to the line that already holds the product, or nothing (the line already holds it).
import { allowsDecimalQuantity, productQuantityProblem, type Product } from '../../../../shared/bridge';
import { priceInputText, toMoney } from '../../format/money';
import { decimalText, isBlankLine, type LineValues } from './form-values';

export type LineEntry =
  /** The line already holds this product: just move on. */
  | { kind: 'same' }
  /** Add to line `target`; the line the cashier is on is left empty for the next scan. */
  | { kind: 'add'; target: number; quantity: string; added: string }
  /** Put the product on the line the cashier is on. `weighed`: the cashier types the weight next. */
  | { kind: 'fill'; values: LineValues; weighed: boolean };

/** The product's fields as a sale line holds them. */
export function productLine(product: Product, quantity: string): LineValues {
  return {
    code: product.code,
    description: product.description,
    unit: product.unit as LineValues['unit'],
    quantity,
    unitPrice: priceInputText(product.price),
    affectation: product.affectation,
    bag: product.bag,
    productCode: product.code,
    wholeUnits: product.wholeUnits,
    discount: '',
  };
}

/** True when the line has no description and no price yet (a code alone, or nothing). */
function onlyCode(line: LineValues): boolean {
  return line.description.trim() === '' && line.unitPrice.trim() === '';
}

/**
 * Decides where `product` goes when it is scanned or picked on line `index`. The quantity is the line's own when
 * the cashier set a valid one before scanning, else 1. Weighed goods (kg, litres) always get a line of their own:
 * each bag of fruit is weighed apart, and adding "1 kg" to a weighed line would be wrong.
 */
export function planProductEntry(lines: readonly LineValues[], index: number, product: Product): LineEntry {
  const current = lines[index];
  if (current && current.productCode === product.code && current.description.trim() !== '') return { kind: 'same' };
  const typed = current ? decimalText(current.quantity) : '';
  const quantity = typed !== '' && productQuantityProblem(product, typed) === null ? typed : '1';
  const weighed = allowsDecimalQuantity(product);
  if (!weighed && (!current || onlyCode(current))) {
    // Only the sale's last line takes one more, as with a scan read by its timing: a line further up is never changed
    // by a code typed (or scanned too slowly to be told from typing) on another line.
    const target = lines.findLastIndex((line, i) => i !== index && !isBlankLine(line));
    const held = lines[target];
    if (held && held.productCode === product.code && target < index) {
      const before = toMoney(decimalText(held.quantity));
      return { kind: 'add', target, quantity: before.plus(quantity).toFixed(), added: quantity };
    }
  }
  return { kind: 'fill', values: productLine(product, quantity), weighed };
}

export type ScanEntry =
  /** One more of the product on the sale's last line. */
  | { kind: 'add'; target: number; quantity: string; added: string }
  /** A new line `target` (the trailing empty line, or one past the end). `weighed`: the cashier types the weight next. */
  | { kind: 'put'; target: number; values: LineValues; weighed: boolean };

/**
 * Where a scanned product goes: a scan always adds, wherever the cursor is, and never changes another line than the
 * one it adds to. The same product as the sale's last line (sold by units, no quantity on its label) adds to that
 * line; anything else goes on a new line after the last one that holds something. `quantity`: what the code itself
 * carries (a multiplier, a scale label), else 1.
 */
export function planScan(lines: readonly LineValues[], product: Product, quantity?: string): ScanEntry {
  let last = lines.length - 1;
  while (last >= 0 && isBlankLine(lines[last]!)) last -= 1;
  const held = last >= 0 ? lines[last] : undefined;
  const weighed = allowsDecimalQuantity(product);
  const count = quantity ?? '1';
  if (held && !weighed && held.productCode === product.code && held.description.trim() !== '') {
    const before = toMoney(decimalText(held.quantity) || '0');
    return { kind: 'add', target: last, quantity: before.plus(count).toFixed(), added: count };
  }
  return { kind: 'put', target: last + 1, values: productLine(product, count), weighed: weighed && quantity === undefined };
}
