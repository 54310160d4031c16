// How a CONTADO sale was paid: one or more tenders (cash, card, Yape...), settled against the document's total with
// exact decimals. Change comes only from cash; a payment short of the total is refused with the shortfall.
import { z } from 'zod';
import { Dec, ZERO, fixed2 } from '../billing/decimal';
import { decimalField } from '../billing/schema-fields';
import { PAYMENT_KINDS, PaymentMethodCodeSchema, type PaymentMethod } from './methods';

export const TenderSchema = z.strictObject({
  method: PaymentMethodCodeSchema,
  amount: decimalField({
    required: 'Ingrese el monto del pago',
    invalid: 'El monto del pago debe ser un número (use punto decimal)',
    min: 'positive',
    zero: 'El monto del pago debe ser mayor que cero',
    negative: 'El monto del pago no puede ser negativo',
    maxDecimals: 2,
    decimals: 'El monto del pago admite como máximo 2 decimales',
    maxDigits: 11,
    digits: 'El monto del pago es demasiado grande',
  }),
  /** Operation number of a card or wallet payment (optional). */
  reference: z
    .string({ error: 'Número de operación no válido' })
    .trim()
    .max(40, { error: 'El número de operación admite como máximo 40 caracteres' })
    .regex(/^[\p{L}\p{N} ./#-]*$/u, { error: 'El número de operación solo lleva letras, números, espacios y - . / #' })
    .optional(),
});
export type TenderInput = z.input<typeof TenderSchema>;
export type Tender = z.output<typeof TenderSchema>;

/** One settled payment, as stored with the document and printed. `applied` is what it paid of the total. */
export const SettledPaymentSchema = z.object({
  method: z.string(),
  label: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  /** What the customer handed over (cash: before change), 2 decimals. */
  tendered: z.string(),
  /** What of the total it paid (cash: tendered minus the change it gave). */
  applied: z.string(),
  reference: z.string(),
});
export type SettledPayment = z.infer<typeof SettledPaymentSchema>;

export type Settlement =
  | { ok: true; payments: SettledPayment[]; change: string }
  | { ok: false; message: string };

/**
 * Settles `tenders` against `total` (a 2-decimal string). No tenders: the total was paid in exact cash with the first
 * active cash method. Non-cash tenders may not exceed the total (they give no change); the sum must reach the total;
 * the change is taken from the cash tenders, last first. `symbol` prints amounts in messages ('S/').
 */
export function settleTenders(total: string, tenders: readonly Tender[], methods: readonly PaymentMethod[], symbol = 'S/'): Settlement {
  const due = new Dec(total);
  const byCode = new Map(methods.map((m) => [m.code, m]));
  if (tenders.length === 0) {
    const cash = methods.find((m) => m.kind === 'cash' && m.active);
    if (!cash) return { ok: false, message: 'No hay un medio de pago en efectivo activo: elija cómo se pagó' };
    const amount = fixed2(due);
    return { ok: true, payments: [{ method: cash.code, label: cash.label, kind: 'cash', tendered: amount, applied: amount, reference: '' }], change: '0.00' };
  }
  const payments: SettledPayment[] = [];
  let nonCash = ZERO;
  let paid = ZERO;
  for (const tender of tenders) {
    const method = byCode.get(tender.method);
    if (!method || !method.active) return { ok: false, message: `Medio de pago no disponible: ${tender.method}` };
    const amount = new Dec(tender.amount);
    paid = paid.plus(amount);
    if (method.kind !== 'cash') nonCash = nonCash.plus(amount);
    payments.push({
      method: method.code, label: method.label, kind: method.kind,
      tendered: fixed2(amount), applied: fixed2(amount), reference: method.kind === 'cash' ? '' : (tender.reference ?? ''),
    });
  }
  if (nonCash.greaterThan(due)) {
    return { ok: false, message: `Los pagos que no son en efectivo (${symbol} ${fixed2(nonCash)}) superan el total (${symbol} ${fixed2(due)}): solo el efectivo da vuelto` };
  }
  if (paid.lessThan(due)) return { ok: false, message: `Falta ${symbol} ${fixed2(due.minus(paid))}` };
  let change = paid.minus(due);
  const total2 = fixed2(change);
  for (let i = payments.length - 1; i >= 0 && change.greaterThan(0); i -= 1) {
    const payment = payments[i]!;
    if (payment.kind !== 'cash') continue;
    const keep = Dec.max(ZERO, new Dec(payment.applied).minus(change));
    change = change.minus(new Dec(payment.applied).minus(keep));
    payment.applied = fixed2(keep);
  }
  return { ok: true, payments, change: total2 };
}
