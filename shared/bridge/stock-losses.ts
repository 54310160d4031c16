// Goods that left the shelf without a sale (merma, desmedro, rotura, robo): written off by a supervisor with the
// reason, at the average cost. Kept as an approved count of what is left (stock_counts, with its reason), so the
// write-off travels wherever counts travel (a restore, the shop server) and the kardex names it.
import { z } from 'zod';
import { clientKeyField } from './client-key';
import { ProductCodeSchema } from './products';
import { StockCountSchema } from './stock';

const LOSS_QUANTITY = /^(?=.*[1-9])\d{1,9}(\.\d{1,3})?$/;

export const StockLossInputSchema = z.strictObject({
  ...clientKeyField,
  lines: z
    .array(
      z.strictObject({
        code: ProductCodeSchema,
        quantity: z.string({ error: 'Ingrese la cantidad perdida' }).trim().regex(LOSS_QUANTITY, { error: 'Cantidad no válida (mayor que cero, hasta 3 decimales)' }),
      }),
      { error: 'Agregue al menos un producto' },
    )
    .min(1, { error: 'Agregue al menos un producto' })
    .max(1000),
  reason: z.string({ error: 'Indique el motivo' }).trim().min(3, { error: 'Indique el motivo (al menos 3 caracteres)' }).max(200),
});
export type StockLossInput = z.infer<typeof StockLossInputSchema>;

export const stockLossContract = {
  /** A write-off (merma) a supervisor records: the goods leave at the average cost, with the reason. */
  recordStockLoss: { input: StockLossInputSchema, output: StockCountSchema },
} as const;
