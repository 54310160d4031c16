import { z } from 'zod';
import { CustomerSchema, SaleLegendSchema, SaleLineSchema, SalePaymentSchema } from '../billing';
import { TenderSchema } from '../payments';
import { DiscountSchema, LineDiscountSchema } from '../discounts/schema';
import { ApprovalSchema } from './users';
import { ClientKeySchema } from './client-key';

/**
 * What the till sends to issue a sale. The core adds the terminal's series, the next number, the issue time and
 * the document's id_Base_Dato, then checks the whole draft (SaleDraftSchema) including the business rules.
 */
export const SaleInputSchema = z.object({
  docType: z.enum(['01', '03'], { error: 'Elija boleta o factura' }),
  currency: z.enum(['PEN', 'USD'], { error: 'Moneda no válida' }).default('PEN'),
  customer: CustomerSchema,
  lines: z
    .array(SaleLineSchema, { error: 'Agregue al menos un producto' })
    .min(1, { error: 'Agregue al menos un producto' })
    .max(1000, { error: 'Como máximo 1000 líneas por comprobante' }),
  payment: SalePaymentSchema.default({ method: 'CONTADO' }),
  legends: z.array(SaleLegendSchema).max(20).optional(),
  /**
   * How a CONTADO sale was paid: cash, card, Yape... in the order taken. Absent or empty: exact cash.
   * The shop's own record, stored with the document and printed; never sent to SUNAT.
   */
  tenders: z.array(TenderSchema, { error: 'Pagos no válidos' }).max(10, { error: 'Como máximo 10 pagos por venta' }).optional(),
  /**
   * A boleta sold on account (al fiado): no payment is taken, its total is charged to the identified customer's account
   * (electron/core/accounts) and collected later. A factura on credit uses `payment` CREDITO with its cuotas instead.
   */
  onAccount: z.literal(true).optional(),
  /**
   * Send the document to this address once issued (queued with the sale, sent by the mail outbox); an identified
   * customer's record keeps it for the next time.
   */
  emailTo: z.email({ error: 'Correo electrónico no válido' }).max(254).optional(),
  /**
   * Discounts: on lines (by index in `lines`) and on the whole sale. The API has no discount fields: the
   * core declares the net prices (shared/discounts/apply.ts) and keeps the list prices and discounts for the ticket.
   */
  lineDiscounts: z.array(LineDiscountSchema, { error: 'Descuentos no válidos' }).max(1000).optional(),
  saleDiscount: DiscountSchema.optional(),
  /** A supervisor's PIN, when the discounts go beyond the limit of Ajustes → Caja. */
  approval: ApprovalSchema.optional(),
  /**
   * Idempotency key (required, as on every write: shared/bridge/writes.ts): the till makes one per sale and sends it
   * again if it retries the same sale, so a second press of F12 after an error can never issue a second document.
   */
  clientKey: ClientKeySchema,
  /**
   * What the cashier confirmed after the core asked, sent again on the retry of the same sale: 'clock'
   * (issue with a doubtful clock: error code clock_confirm) and 'numbering_jump' (skip ahead past a safe margin when
   * the numbering cannot be confirmed: error code numbering_unconfirmed). Both are recorded.
   */
  confirmed: z.array(z.enum(['clock', 'numbering_jump'])).max(2).optional(),
});
export type SaleInput = z.input<typeof SaleInputSchema>;
export type SaleInputParsed = z.output<typeof SaleInputSchema>;
