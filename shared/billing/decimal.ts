import Decimal from 'decimal.js';

/**
 * Decimal constructor private to billing: 40 significant digits (far beyond 12 integer + 10 decimal digits, so
 * no intermediate rounding can shift a later half-up rounding) and ROUND_HALF_UP (docs/sunat/reference.md §1.3). A clone
 * keeps other code that configures the global Decimal from changing our arithmetic.
 */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -50, toExpPos: 50 });
export type Dec = Decimal;

export const ZERO = new Dec(0);
export const ONE = new Dec(1);
const HUNDRED = new Dec(100);

/** Round half up to 2 decimals. */
export function round2(d: Decimal): Decimal {
  return d.toDecimalPlaces(2, Dec.ROUND_HALF_UP);
}

/**
 * Decimal → JSON number with exactly the decimal's digits, as `Number(d.toFixed(2))`. Why that is exact: a
 * decimal string with at most 15 significant digits converts to the nearest double, and the shortest text of
 * that double (what Number#toString and JSON.stringify print) is that same decimal again, because a double
 * carries 15.95 significant decimal digits. Money is at most 12 integer + 2 decimal digits (n(12,2)), so the
 * number on the wire reads back as exactly the computed amount. Amounts here already have at most 2 decimals
 * (they are round2 results or sums of them), so the plain text is used when it is the same: it skips the
 * rounding step of toFixed, which dominates the cost of building an invoice.
 */
export function toMoneyNumber(d: Decimal): number {
  return Number(d.decimalPlaces() <= 2 ? d.toString() : d.toFixed(2));
}

/**
 * Decimal → JSON number rounded half up to `maxDecimals`, with fewer decimals when needed so the text never
 * exceeds 15 significant digits (the limit for an exact round trip through a double, see toMoneyNumber).
 */
export function toJsonNumber(d: Decimal, maxDecimals: number): number {
  let text = d.toFixed(maxDecimals); // toFixed rounds with the constructor's mode: half up
  const dot = text.indexOf('.');
  const integerDigits = (dot === -1 ? text.length : dot) - (text.startsWith('-') ? 1 : 0);
  if (integerDigits + maxDecimals > 15) text = d.toFixed(Math.max(0, 15 - integerDigits));
  return Number(text);
}

/** Money as a display string with 2 decimals ('118.00'), rounding half up (the constructor's mode) if needed. */
export function fixed2(d: Decimal): string {
  return d.toFixed(2);
}

/** A fraction as a percentage number (0.105 → 10.5). */
export function percentOf(rate: Decimal): number {
  return Number(rate.times(HUNDRED).toFixed());
}

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?$/;

export type DecimalText =
  | { ok: true; value: string; decimals: number; digits: number; sign: -1 | 0 | 1 }
  | { ok: false; reason: 'missing' | 'invalid' };

/**
 * Reads a user-typed quantity or amount without ever going through parseFloat: a string in plain decimal
 * notation with a dot ('7.88', '.5', '12.') or a finite JS number (taken by its shortest representation,
 * so 7.88 stays 7.88). Returns the canonical decimal string ('007.880' → '7.88'), its number of decimals and
 * of significant digits (integer digits + decimals). Works on the text only (this runs on every keystroke).
 */
export function readDecimal(input: unknown): DecimalText {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, reason: 'invalid' };
    text = String(input);
    if (/e/i.test(text)) text = new Dec(input).toFixed();
  } else if (typeof input === 'string') {
    text = input.trim();
    if (text === '') return { ok: false, reason: 'missing' };
  } else {
    return { ok: false, reason: input === undefined || input === null ? 'missing' : 'invalid' };
  }
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return { ok: false, reason: 'invalid' };
  const [, signText = '', integerText = '', fractionText = ''] = match;
  if (integerText === '' && fractionText === '') return { ok: false, reason: 'invalid' };
  const integer = integerText.replace(/^0+/, '');
  const fraction = fractionText.replace(/0+$/, '');
  if (integer === '' && fraction === '') return { ok: true, value: '0', decimals: 0, digits: 1, sign: 0 };
  const negative = signText === '-';
  return {
    ok: true,
    value: `${negative ? '-' : ''}${integer === '' ? '0' : integer}${fraction === '' ? '' : `.${fraction}`}`,
    decimals: fraction.length,
    digits: Math.max(1, integer.length) + fraction.length,
    sign: negative ? -1 : 1,
  };
}
