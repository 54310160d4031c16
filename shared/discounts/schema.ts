// A discount as the cashier gives it: a percentage or an amount in the sale's currency, on one line or on
// the whole sale. The API has no discount fields, so a discount lowers the declared price (apply.ts).
import { z } from 'zod';
import { Dec } from '../billing/decimal';
import { decimalField } from '../billing/schema-fields';

const PERCENT = decimalField({
  required: 'Ingrese el porcentaje de descuento',
  invalid: 'El descuento debe ser un número (use punto decimal)',
  min: 'positive',
  zero: 'El descuento debe ser mayor que cero',
  negative: 'El descuento no puede ser negativo',
  below: { value: '100', message: 'El descuento debe ser menor que 100 %' },
  maxDecimals: 2,
  decimals: 'El porcentaje admite como máximo 2 decimales',
  maxDigits: 5,
  digits: 'Porcentaje no válido',
});

const AMOUNT = decimalField({
  required: 'Ingrese el monto del descuento',
  invalid: 'El descuento debe ser un número (use punto decimal)',
  min: 'positive',
  zero: 'El descuento debe ser mayor que cero',
  negative: 'El descuento no puede ser negativo',
  maxDecimals: 2,
  decimals: 'El descuento admite como máximo 2 decimales',
  maxDigits: 14,
  digits: 'El descuento es demasiado grande',
});

export const DiscountSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('percent'), value: PERCENT }),
  z.strictObject({ kind: z.literal('amount'), value: AMOUNT }),
], { error: 'Descuento no válido' });
export type Discount = z.output<typeof DiscountSchema>;

/** A line's discount: `line` is its index in the sale's lines. */
export const LineDiscountSchema = z.strictObject({
  line: z.number({ error: 'Línea no válida' }).int().min(0).max(999),
  discount: DiscountSchema,
});

/** The limit above which a discount needs a supervisor: a percentage of the sale's list total ('10' = 10 %). */
export const DiscountLimitSchema = z
  .string({ error: 'Ingrese el límite de descuento' })
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, { error: 'El límite es un porcentaje (ej. 10)' })
  .refine((v) => new Dec(v).lte(100), { error: 'El límite está entre 0 y 100 %' });
