// "Todas las cajas": any till's documents, read from the shop server by the back office.
import { z } from 'zod';
import { IsoDaySchema } from '../validation/day';
import { DOC_STATUSES } from '../bridge/status';
import { ISSUED_DOC_TYPES } from '../catalog/doc-types';

export const ShopSearchInputSchema = z.strictObject({
  /** A number as printed (B001-00000002, b001-2), a customer's document number or part of their name. */
  text: z.string().trim().max(100).optional(),
  from: IsoDaySchema.optional(),
  to: IsoDaySchema.optional(),
  limit: z.number().int().min(1).max(500).optional(),
});
export type ShopSearchInput = z.infer<typeof ShopSearchInputSchema>;

export const ShopDocumentRowSchema = z.object({
  idBaseDato: z.string(),
  terminal: z.string(),
  docType: z.enum(ISSUED_DOC_TYPES),
  series: z.string(),
  number: z.number().int(),
  issuedAt: z.string(),
  customerName: z.string(),
  customerDocNumber: z.string(),
  currency: z.string(),
  total: z.string(),
  status: z.enum(DOC_STATUSES),
  cashierName: z.string().nullable(),
});
export type ShopDocumentRow = z.infer<typeof ShopDocumentRowSchema>;

export const ShopDocumentIdSchema = z.strictObject({ idBaseDato: z.string().regex(/^[0-9a-f-]{36}$/i, { error: 'Documento no válido' }) });
