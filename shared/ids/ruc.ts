/** Weights of the RUC modulo-11 check digit, applied to the first 10 digits (docs/sunat/reference.md §4.3). */
const RUC_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** Valid RUC prefixes: 10 natural person, 15 and 17 special cases, 20 company. */
const RUC_PREFIXES = ['10', '15', '17', '20'] as const;

/**
 * Check digit of a RUC from its first 10 digits: S = Σ dᵢ·wᵢ, check = (11 − S mod 11) mod 10
 * (i.e. 11 − r with 10 → 0 and 11 → 1). Throws RangeError when `first10` is not 10 digits.
 */
export function rucCheckDigit(first10: string): number {
  if (typeof first10 !== 'string' || !/^\d{10}$/.test(first10)) {
    throw new RangeError('Se esperaban los 10 primeros dígitos del RUC');
  }
  let sum = 0;
  for (let i = 0; i < 10; i += 1) sum += Number(first10[i]) * RUC_WEIGHTS[i]!;
  return (11 - (sum % 11)) % 10;
}

/** True for an 11-digit RUC with a known prefix (10, 15, 17, 20) and a correct check digit. */
export function isValidRuc(s: string): boolean {
  if (typeof s !== 'string' || !/^\d{11}$/.test(s)) return false;
  if (!RUC_PREFIXES.some((prefix) => s.startsWith(prefix))) return false;
  return rucCheckDigit(s.slice(0, 10)) === Number(s[10]);
}
