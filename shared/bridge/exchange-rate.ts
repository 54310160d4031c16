// The day's exchange rate across the bridge: read it, type it (offline), fetch it from the provider (online).
import { z } from 'zod';
import { ExchangeRateTextSchema } from '../billing/exchange-rate';

const NoInput = z.strictObject({});

export const ExchangeRateViewSchema = z.object({
  /** Lima calendar day YYYY-MM-DD. */
  day: z.string(),
  /** Soles per dollar (SUNAT's "venta"), 3 decimals; null: today has none and dollar sales are refused. */
  rate: z.string().nullable(),
  buy: z.string().nullable(),
  source: z.enum(['manual', 'provider']).nullable(),
  setBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** Why a fetch left the rate as it was (offline, refused, a typed rate kept), in Spanish. */
  note: z.string().optional(),
});
export type ExchangeRateView = z.infer<typeof ExchangeRateViewSchema>;

export const SetExchangeRateInputSchema = z.strictObject({ rate: ExchangeRateTextSchema });

export const exchangeRateContract = {
  getExchangeRate: { input: NoInput, output: ExchangeRateViewSchema },
  setExchangeRate: { input: SetExchangeRateInputSchema, output: ExchangeRateViewSchema },
  fetchExchangeRate: { input: NoInput, output: ExchangeRateViewSchema },
} as const;
