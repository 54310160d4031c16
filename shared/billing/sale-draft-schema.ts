// The sale draft the cashier's form fills in. One schema for the form (zodResolver), the bridge and the core.
// Field errors come from the field schemas; business rules (sale-rules.ts) run as guarded refinements.
import { z } from 'zod';
import {
  IDENTITY_DOC_TYPES, LEGENDS, UNITS, isCodeOf, isIsoDate, limaDateOf, parseIsoInstant,
  type IdentityDocType, type LegendCode, type UnitCode,
} from '../catalog';
import { formatCorrelative, isValidCorrelative } from '../ids';
import { decimalField, missingOr, optionalText, requiredText, whenClean } from './schema-fields';
import {
  checkBoletaThreshold, checkCustomerDocument, checkCustomerForDocType, checkDueDates, checkTotalAndInstallments,
  checkLegendCodes, checkLineQuantity, checkSeries,
} from './sale-rules';

const QUANTITY = decimalField({
  required: 'Ingrese la cantidad', invalid: 'La cantidad debe ser un número (use punto decimal)',
  min: 'positive', zero: 'La cantidad debe ser mayor que cero', negative: 'La cantidad debe ser mayor que cero',
  maxDecimals: 10, decimals: 'La cantidad admite como máximo 10 decimales',
  maxDigits: 15, digits: 'La cantidad tiene demasiados dígitos (máximo 15)',
});

const UNIT_PRICE = decimalField({
  required: 'Ingrese el precio', invalid: 'El precio debe ser un número (use punto decimal)',
  min: 'positive', zero: 'El precio debe ser mayor que cero', negative: 'El precio no puede ser negativo',
  maxDecimals: 10, decimals: 'El precio admite como máximo 10 decimales',
  maxDigits: 15, digits: 'El precio tiene demasiados dígitos (máximo 15)',
});

const INSTALLMENT_AMOUNT = decimalField({
  required: 'Ingrese el monto de la cuota', invalid: 'El monto de la cuota debe ser un número (use punto decimal)',
  min: 'positive', zero: 'El monto de la cuota debe ser mayor que cero', negative: 'El monto de la cuota no puede ser negativo',
  maxDecimals: 2, decimals: 'El monto de la cuota admite como máximo 2 decimales',
  maxDigits: 14, digits: 'El monto de la cuota es demasiado grande',
});

const UNIT_CODES = UNITS.map((unit) => unit.code) as [UnitCode, ...UnitCode[]];
const LEGEND_CODES = LEGENDS.map((legend) => legend.code) as [LegendCode, ...LegendCode[]];

export const SaleLineSchema = z
  .object(
    {
      code: requiredText('Ingrese el código del producto', 30, 'El código admite como máximo 30 caracteres'),
      description: requiredText('Ingrese la descripción', 500, 'La descripción admite como máximo 500 caracteres'),
      unit: z.enum(UNIT_CODES, missingOr('Elija la unidad de medida', 'Unidad de medida no válida')),
      quantity: QUANTITY,
      unitPrice: UNIT_PRICE,
      affectation: z.enum(['10', '20'], missingOr(
        'Elija la afectación del IGV', 'Afectación no válida: use 10 (gravado) o 20 (exonerado)')),
      bag: z.boolean({ error: 'El indicador de bolsa plástica debe ser sí o no' }).optional(),
    },
    { error: 'Línea de venta no válida' },
  )
  .superRefine(checkLineQuantity, { when: whenClean('unit', 'quantity', 'unitPrice') });

const EMPTY_CUSTOMER = { docType: '' as IdentityDocType | '', docNumber: '', name: '', address: '' };

export const CustomerSchema = z
  .object(
    {
      docType: optionalText(1, 'Tipo de documento de identidad no válido', 'Tipo de documento de identidad no válido')
        .refine((code) => code === '' || isCodeOf(IDENTITY_DOC_TYPES, code), { error: 'Tipo de documento de identidad no válido' })
        .transform((code) => code as IdentityDocType | ''),
      docNumber: optionalText(15, 'El número de documento admite como máximo 15 caracteres', 'Número de documento no válido'),
      name: optionalText(1500, 'El nombre admite como máximo 1500 caracteres', 'Nombre no válido'),
      address: optionalText(500, 'La dirección admite como máximo 500 caracteres', 'Dirección no válida'),
    },
    { error: 'Datos del cliente no válidos' },
  )
  .superRefine(checkCustomerDocument, { when: whenClean('docType', 'docNumber', 'name') })
  .nullish()
  .transform((customer) => customer ?? EMPTY_CUSTOMER);

const DUE_DATE = z
  .string(missingOr('Ingrese la fecha de vencimiento', 'Fecha de vencimiento no válida: escríbala como dd/mm/aaaa'))
  .trim()
  .refine((text) => text !== '', { error: 'Ingrese la fecha de vencimiento' })
  .refine((text) => text === '' || isIsoDate(text) || parseIsoInstant(text) !== null, {
    error: 'Fecha de vencimiento no válida: escríbala como dd/mm/aaaa',
  })
  .transform((text) => limaDateOf(text) ?? text);

export const InstallmentSchema = z.object(
  { amount: INSTALLMENT_AMOUNT, dueDate: DUE_DATE },
  { error: 'Cuota no válida' },
);

export const SalePaymentSchema = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('CONTADO') }),
    z.object({
      method: z.literal('CREDITO'),
      installments: z
        .array(InstallmentSchema, missingOr('Agregue al menos una cuota', 'Cuotas no válidas'))
        .min(1, { error: 'Agregue al menos una cuota' })
        .max(999, { error: 'Como máximo 999 cuotas' }),
    }),
  ],
  { error: 'Forma de pago no válida: use CONTADO o CREDITO' },
);

export const SaleLegendSchema = z.object(
  {
    code: z.enum(LEGEND_CODES, missingOr('Ingrese el código de la leyenda', 'Código de leyenda no válido (catálogo 52)')),
    value: requiredText('Ingrese el texto de la leyenda', 200, 'La leyenda admite como máximo 200 caracteres')
      .refine((text) => !/[\r\n\t]/.test(text), { error: 'La leyenda no puede tener saltos de línea ni tabulaciones' }),
  },
  { error: 'Leyenda no válida' },
);

export const SaleDraftSchema = z
  .object(
    {
      docType: z.enum(['01', '03'], missingOr(
        'Elija el tipo de comprobante', 'Tipo de comprobante no válido: use 01 (factura) o 03 (boleta)')),
      series: requiredText('Ingrese la serie', 4, 'La serie tiene 4 caracteres (por ejemplo F001 o B001)'),
      number: z
        .union([z.string(), z.number()], missingOr('Ingrese el número', 'El número debe ser un entero entre 1 y 99999999'))
        .refine((n) => isValidCorrelative(typeof n === 'string' ? n.trim() : n), {
          error: 'El número debe ser un entero entre 1 y 99999999',
        })
        .transform((n) => formatCorrelative(typeof n === 'string' ? n.trim() : n)),
      issuedAt: z
        .string(missingOr('Ingrese la fecha de emisión', 'Fecha de emisión no válida'))
        .trim()
        .refine((text) => parseIsoInstant(text) !== null, {
          error: 'Fecha de emisión no válida: use fecha y hora con zona horaria (AAAA-MM-DDTHH:mm:ss-05:00)',
        }),
      currency: z.enum(['PEN', 'USD'], missingOr('Elija la moneda', 'Moneda no válida: use PEN o USD')),
      customer: CustomerSchema,
      lines: z
        .array(SaleLineSchema, missingOr('Agregue al menos un producto', 'Líneas de venta no válidas'))
        .min(1, { error: 'Agregue al menos un producto' })
        .max(1000, { error: 'Como máximo 1000 líneas por comprobante' }),
      payment: SalePaymentSchema.default({ method: 'CONTADO' }),
      legends: z
        .array(SaleLegendSchema, { error: 'Leyendas no válidas' })
        .superRefine(checkLegendCodes, { when: whenClean() })
        .optional(),
      idBaseDato: z
        .string({ error: 'Identificador interno no válido' })
        .trim()
        .min(1, { error: 'El identificador interno no puede estar vacío' })
        .max(100, { error: 'El identificador interno admite como máximo 100 caracteres' })
        .optional(),
    },
    { error: 'Los datos de la venta no son válidos' },
  )
  .superRefine(checkSeries, { when: whenClean('docType', 'series') })
  .superRefine(checkCustomerForDocType, { when: whenClean('docType', 'customer') })
  .superRefine(checkBoletaThreshold, { when: whenClean('docType', 'customer', 'lines', 'issuedAt') })
  .superRefine(checkTotalAndInstallments, { when: whenClean('lines', 'issuedAt', 'payment') })
  .superRefine(checkDueDates, { when: whenClean('issuedAt', 'payment') });

/** A validated sale draft: decimals as canonical strings, number without leading zeros, customer always present. */
export type SaleDraft = z.output<typeof SaleDraftSchema>;
/** What callers may pass: quantities and money as strings or numbers, customer and payment optional. */
export type SaleDraftInput = z.input<typeof SaleDraftSchema>;
export type SaleLine = z.output<typeof SaleLineSchema>;
export type SaleCustomer = z.output<typeof CustomerSchema>;
export type SalePayment = z.output<typeof SalePaymentSchema>;
