/** Highest correlative of a series: 8 digits (docs/sunat/reference.md §4.1). */
export const MAX_CORRELATIVE = 99_999_999;

/**
 * True for a document number between 1 and 99999999, given as an integer or as a string of 1 to 8 digits
 * (leading zeros allowed in the string, as SUNAT echoes F001-00000001).
 */
export function isValidCorrelative(n: string | number): boolean {
  if (typeof n === 'number') return Number.isInteger(n) && n >= 1 && n <= MAX_CORRELATIVE;
  if (typeof n !== 'string' || !/^\d{1,8}$/.test(n)) return false;
  return Number(n) >= 1;
}

/** The number as a decimal string without leading zeros ('00000042' → '42'). Throws RangeError when invalid. */
export function formatCorrelative(n: string | number): string {
  if (!isValidCorrelative(n)) throw new RangeError('Número de comprobante no válido (1 a 99999999)');
  return String(Number(n));
}

/** The number zero-padded to 8 digits, as SUNAT prints it in its responses ('42' → '00000042'). */
export function padCorrelative(n: string | number): string {
  return formatCorrelative(n).padStart(8, '0');
}

/**
 * A document number as a person types it: 'B001-00000002', 'b001-2', 'F001 - 15' (series and number, the way it is
 * printed) or just '2' (number only). Undefined when it is neither.
 */
export function parseDocumentRef(text: string): { series?: string; number: number } | undefined {
  const m = /^\s*(?:([A-Za-z0-9]{4})\s*-\s*)?0*(\d{1,8})\s*$/.exec(text);
  if (!m || !isValidCorrelative(m[2] ?? '')) return undefined;
  return m[1] ? { series: m[1].toUpperCase(), number: Number(m[2]) } : { number: Number(m[2]) };
}
