// EAN-13 check digit (GS1 modulo 10): believable barcodes for the demo products, and the check of a scale label.

/** The check digit of the first 12 digits of an EAN-13: weights 1,3,1,3... from the left. */
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new RangeError(`Se esperaban 12 dígitos: ${first12}`);
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** True for 13 digits whose last one is the right check digit. */
export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}
