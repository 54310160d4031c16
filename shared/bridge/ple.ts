// Bridge schemas of SUNAT's permanent inventory books (PLE 12.1 in units, 13.1 valued) that the accountant takes
// from the kardex. The layout and its source: docs/sunat/ple-kardex.md.
import { z } from 'zod';
import { SirePeriodSchema } from './sire';

export const KardexBookInputSchema = z.strictObject({
  period: SirePeriodSchema,
  book: z.enum(['12.1', '13.1'], { error: 'Elija el libro: 12.1 (unidades) o 13.1 (valorizado)' }),
});
export type KardexBookInput = z.infer<typeof KardexBookInputSchema>;

export const KardexBookSchema = z.object({
  /** LE<RUC><AAAAMM>00<120100|130100>001<con información><soles>1.txt */
  fileName: z.string(),
  /** Lines separated by CRLF, fields by "|". */
  text: z.string(),
  products: z.number().int().nonnegative(),
  movements: z.number().int().nonnegative(),
  /** The value of the shelf at the end of the period (13.1's closing balances added up), soles. */
  closingValue: z.string(),
});
export type KardexBook = z.infer<typeof KardexBookSchema>;

export const pleContract = {
  /** The kardex of a month in the layout of PLE 12.1 or 13.1. */
  exportKardexBook: { input: KardexBookInputSchema, output: KardexBookSchema },
} as const;
