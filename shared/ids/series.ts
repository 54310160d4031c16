/**
 * Electronic series by document type (docs/sunat/reference.md §4.1): factura F + 3 letters/digits, boleta B + 3 letters/digits.
 * Numeric contingency series (0001) are valid for SUNAT but Caja does not issue them, so they are refused here.
 */
const SERIES_PATTERNS: Readonly<Record<'01' | '03', RegExp>> = {
  '01': /^F[A-Z0-9]{3}$/,
  '03': /^B[A-Z0-9]{3}$/,
};

/** True when `series` is an electronic series of `docType` ('01' factura, '03' boleta). */
export function isValidSeries(docType: '01' | '03', series: string): boolean {
  if (typeof series !== 'string' || (docType !== '01' && docType !== '03')) return false;
  return SERIES_PATTERNS[docType].test(series);
}
