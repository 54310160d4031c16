// Documents the shop server refused: set aside on their till with the reason, never blocking the rest of the
// queue, and listed on the till and under "Todas las cajas".
import { z } from 'zod';

export const RefusedDocumentSchema = z.object({
  terminal: z.string(),
  docType: z.string(),
  series: z.string(),
  number: z.number().int(),
  reason: z.string(),
  at: z.string(),
});
export type RefusedDocument = z.infer<typeof RefusedDocumentSchema>;

export const ShopRefusalsSchema = z.object({
  /** This till's documents set aside (read from the till itself: known even offline). */
  here: z.array(RefusedDocumentSchema),
  /** Every till's, from the shop server; null when it cannot be reached. */
  shop: z.array(RefusedDocumentSchema).nullable(),
});
export type ShopRefusals = z.infer<typeof ShopRefusalsSchema>;
