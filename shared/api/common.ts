// Building blocks shared by the schemas of the invoicing API (see docs/api/invoicing-api.md).
// Numbers in the JSON bodies are plain JSON numbers; their precision is checked on the shortest
// decimal text of the number (what JSON.stringify writes), never with float arithmetic.
import { z } from 'zod';

/** Largest amount SUNAT accepts in an n(12,x) field: 12 integer digits. */
export const MAX_AMOUNT_EXCLUSIVE = 1e12;

/**
 * Number of decimals in the shortest decimal text of `value` (the text JSON.stringify writes).
 * Handles exponent notation: 1e-7 → 7, 1.5e-7 → 8, 1e+21 → 0. Non-finite values → Infinity.
 */
export function countDecimals(value: number): number {
  if (!Number.isFinite(value)) return Number.POSITIVE_INFINITY;
  const [mantissa = '', exponentText] = String(Math.abs(value)).split('e');
  const fraction = mantissa.split('.')[1] ?? '';
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  return Math.max(0, fraction.length - exponent);
}

/** A finite JSON number with at most `maxDecimals` decimals. */
export function decimalNumber(maxDecimals: number) {
  return z
    .number({ error: 'Debe ser un número' })
    .refine((value) => countDecimals(value) <= maxDecimals, {
      error: `Admite como máximo ${maxDecimals} decimales`,
    });
}

/** Amount n(12,2): non-negative, at most 2 decimals, at most 12 integer digits. */
export const money = decimalNumber(2)
  .nonnegative({ error: 'No puede ser negativo' })
  .lt(MAX_AMOUNT_EXCLUSIVE, { error: 'Admite como máximo 12 dígitos enteros' });

/** Unit value / unit price n(12,10): non-negative, at most 10 decimals. */
export const unitAmount = decimalNumber(10)
  .nonnegative({ error: 'No puede ser negativo' })
  .lt(MAX_AMOUNT_EXCLUSIVE, { error: 'Admite como máximo 12 dígitos enteros' });

/** Quantity: strictly positive, at most 10 decimals. */
export const quantity = decimalNumber(10)
  .positive({ error: 'Debe ser mayor que cero' })
  .lt(MAX_AMOUNT_EXCLUSIVE, { error: 'Admite como máximo 12 dígitos enteros' });

/** Tax percentage such as 18 or 10.5: between 0 and 100, at most 5 decimals (SUNAT n(3,5)). */
export const percentage = decimalNumber(5)
  .min(0, { error: 'No puede ser negativo' })
  .max(100, { error: 'No puede ser mayor que 100' });

/** Per-unit plastic-bag tax (ICBPER) factor: non-negative, at most 5 decimals (SUNAT n(3,5)). */
export const icbperFactor = decimalNumber(5)
  .nonnegative({ error: 'No puede ser negativo' })
  .lt(1000, { error: 'Admite como máximo 3 dígitos enteros' });

/** ISO 8601 date-time WITH an offset (`Z` or ±hh:mm), e.g. 2026-03-02T10:15:00-05:00. */
export const isoDateTimeWithOffset = z.iso.datetime({
  offset: true,
  error: 'Debe ser una fecha y hora ISO 8601 con zona horaria (p. ej. 2026-03-02T10:15:00-05:00)',
});

/** Status code carried in every response envelope: an int32. */
export const statusCode = z.int32({ error: 'Debe ser un entero' });

/**
 * Base64 text (e.g. a zipped CDR). Line breaks and spaces, which some encoders insert every
 * 76 characters, are ignored; anything else outside the base64 alphabet is rejected.
 */
export const base64Text = z.string().refine(
  (text) => {
    const compact = text.replace(/\s+/g, '');
    return compact.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(compact);
  },
  { error: 'Debe ser texto en base64' },
);

/** A decimal number written as text, e.g. "2", "12.50", "-0.5". */
export const numericString = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/, { error: 'Debe ser un número escrito como texto (p. ej. 12.50)' });

/** A day/month/year date as text ("02/03/2026"), or a single dash when absent. */
export const dayMonthYearOrDash = z
  .string()
  .regex(/^(\d{2}\/\d{2}\/\d{4}|-)$/, { error: 'Debe ser una fecha dd/mm/aaaa o "-"' });

/** A field documented as nullable whose non-null value is text. Also tolerates absence. */
export const nullableText = () => z.string().nullish();

/** A field documented as nullable whose non-null type is not given (text or number). Tolerates absence. */
export const nullableScalar = () => z.union([z.string(), z.number()]).nullish();

/** A field that is null in the documented shape and whose inner shape is not shown: anything, or absent. */
export const unknownShape = () => z.unknown().optional();
