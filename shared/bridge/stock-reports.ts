// The stock reports as CSV for the owner and the accountant (Excel opens them; the print is Excel's): the valued
// stock of every product with its category, and the kardex of one product over a period.
import { z } from 'zod';
import { ProductCodeSchema, ProductsFileSchema } from './products';

const IsoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Fecha no válida (aaaa-mm-dd)' });

export const StockCsvInputSchema = z.discriminatedUnion('kind', [
  /** The valued stock: every tracked product, or only those under their minimum. */
  z.strictObject({ kind: z.literal('stock'), low: z.boolean().optional() }),
  /** A product's kardex, Lima days from and to (both included); absent: its whole history. */
  z.strictObject({ kind: z.literal('kardex'), code: ProductCodeSchema, from: IsoDay.optional(), to: IsoDay.optional() }),
], { error: 'Elija el reporte: stock o kardex' });
export type StockCsvInput = z.infer<typeof StockCsvInputSchema>;

export const stockReportsContract = {
  /** A stock report as CSV (the one CSV writer of every export: quoting, formulas neutralised). */
  exportStockCsv: { input: StockCsvInputSchema, output: ProductsFileSchema },
} as const;
