// Labels printed by a shop's scale: an EAN-13 whose prefix 20–29 is "restricted circulation" (GS1 General
// Specifications §2.1.12, "Restricted Circulation Numbers within a company"), carrying the item's code and either its
// weight or its price. The layout this till reads, set in Ajustes: 2 digits of prefix, `itemDigits` digits of item
// code, then 5 digits of weight in grams (mode 'weight') or of price in céntimos (mode 'price'), then the check digit;
// with itemDigits 5 (the usual): 2P IIIII VVVVV C.
import Decimal from 'decimal.js';
import { isValidEan13 } from '../ids/ean13';

export const SCALE_MODES = ['off', 'weight', 'price'] as const;
export type ScaleMode = (typeof SCALE_MODES)[number];

export interface ScaleLabel {
  /** The item's code as printed (leading zeros kept): the product's code in the catalogue. */
  item: string;
  /** Kilograms (mode 'weight'), canonical decimal text. */
  weightKg?: string;
  /** Soles (mode 'price'), 2 decimals. */
  price?: string;
}

/** The item and weight or price of a scale label, or undefined when `code` is not one (or the mode is off). */
export function readScaleLabel(code: string, mode: ScaleMode, itemDigits = 5): ScaleLabel | undefined {
  if (mode === 'off' || !/^2\d{12}$/.test(code) || !isValidEan13(code)) return undefined;
  const valueDigits = 10 - itemDigits;
  if (itemDigits < 4 || valueDigits < 4) return undefined;
  const item = code.slice(2, 2 + itemDigits);
  const value = new Decimal(code.slice(2 + itemDigits, 12));
  if (value.isZero()) return undefined;
  return mode === 'weight' ? { item, weightKg: value.div(1000).toString() } : { item, price: value.div(100).toFixed(2) };
}
