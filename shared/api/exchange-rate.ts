// Exchange rate, GET {query_base_url}/v1/tipocambio/info/dia?fecha=YYYY-MM-DD. The API document lists it by name
// only; the shape is the real provider's, as documented (docs/api/provider-factiliza.md, "Operations the document
// lists by name only": `data{fecha, compra, venta}`, docs + ×3 clients). Read tolerantly: the rates may come as
// numbers or as text, `compra` may be missing, and `status`/`success` are not relied on (a 404 says "no rate").
import { z } from 'zod';

/** A rate as sent: a JSON number (3.781) or its text ('3.781'); anything else is no rate. */
const rateValue = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? null : String(v).trim() || null));

export const ExchangeRateDataSchema = z.object({
  fecha: z.string().nullish().transform((v) => (v ?? '').trim()),
  compra: rateValue,
  venta: rateValue,
});
export type ExchangeRateData = z.output<typeof ExchangeRateDataSchema>;

export const ExchangeRateResponseSchema = z.object({
  status: z.number().optional(),
  success: z.boolean().optional(),
  message: z.string().optional(),
  data: ExchangeRateDataSchema,
});
