import { z } from 'zod';
import { AccountCustomerSchema } from './accounts';
import { ReceiptLookupInputSchema } from './lookups';
import { PaperSchema } from './settings';
import { IsoDaySchema } from '../validation/day';

/**
 * What to print: a local document, a boleta/factura record found through the API's lookups, a shift report, or a
 * customer account's paper (a collection's constancia, a statement).
 */
export const PrintSourceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('document'), id: z.number().int().positive() }),
  z.strictObject({ kind: z.literal('record'), lookup: ReceiptLookupInputSchema }),
  /** A cash session's report: its X while open, its kept Z once closed (always on ticket paper). */
  z.strictObject({ kind: z.literal('cashReport'), sessionId: z.number().int().positive() }),
  /** A document of any till, from the shop server: always a copy. */
  z.strictObject({ kind: z.literal('shopDocument'), idBaseDato: z.string().regex(/^[0-9a-f-]{36}$/i) }),
  /** The sales of a day or a range (on ticket paper). */
  z.strictObject({ kind: z.literal('salesReport'), from: IsoDaySchema, to: IsoDaySchema, scope: z.enum(['till', 'shop']).optional() }),
  /** A collection's constancia de pago (no SUNAT document), with the balance before and after (on ticket paper). */
  z.strictObject({ kind: z.literal('collection'), id: z.number().int().positive() }),
  /** A customer's estado de cuenta: balance, open cuotas and entries (on ticket paper). */
  z.strictObject({ kind: z.literal('accountStatement'), customer: AccountCustomerSchema }),
  /** The owner's view (Resumen) of a range of days, with its charts (on A4). */
  z.strictObject({ kind: z.literal('summary'), from: IsoDaySchema, to: IsoDaySchema, scope: z.enum(['till', 'shop']) }),
]);
export type PrintSource = z.infer<typeof PrintSourceSchema>;

export const PrintRequestSchema = z.strictObject({
  source: PrintSourceSchema,
  /** Default: the paper chosen in Ajustes. */
  paper: PaperSchema.optional(),
  /** 'print' sends it to the configured printer (a preview when none is set); 'pdf' saves it as a PDF. */
  action: z.enum(['print', 'pdf']),
  /** A copy of a document printed before: counted, and marked REIMPRESIÓN. */
  copy: z.boolean().default(false),
  /** Cash the customer handed over, known right after the sale: the original then prints the cash and the change. */
  cashReceived: z.string().trim().regex(/^\d{1,9}(\.\d{1,2})?$/, 'Monto recibido no válido').optional(),
});
export type PrintRequest = z.input<typeof PrintRequestSchema>;

export const PrintResultSchema = z.object({
  /** False when the user cancelled (preview closed, save dialog dismissed). */
  done: z.boolean(),
  /** Where the PDF was saved, when it was. */
  savedTo: z.string().optional(),
  /** How many copies of this document were printed after the original. */
  reprints: z.number().int().optional(),
});
export type PrintResult = z.infer<typeof PrintResultSchema>;
