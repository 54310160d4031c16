// Invoice: request body of operation 1 (POST {billing_base_url}/invoice/send), docs/api/invoicing-api.md §2.1.
// The server rejects unknown properties, so every object here is strict.
import { z } from 'zod';
import {
  icbperFactor,
  isoDateTimeWithOffset,
  money,
  percentage,
  quantity,
  unitAmount,
} from './common';

const text = (label: string) => z.string({ error: `${label}: debe ser texto` }).min(1, { error: `${label}: no puede estar vacío` });

/** Element of `detalle`. Every field required except factor_Icbper. */
export const InvoiceLineSchema = z.strictObject({
  unidad: z.string().regex(/^[A-Z0-9]{1,3}$/, { error: 'Código de unidad de medida no válido' }),
  cantidad: quantity,
  cod_Producto: text('cod_Producto'),
  descripcion: text('descripcion').max(500),
  monto_Valor_Unitario: unitAmount,
  monto_Base_Igv: money,
  porcentaje_Igv: percentage,
  igv: money,
  tip_Afe_Igv: z.string().regex(/^\d{2}$/, { error: 'Tipo de afectación del IGV no válido (catálogo 07)' }),
  total_Impuestos: money,
  monto_Precio_Unitario: unitAmount,
  monto_Valor_Venta: money,
  factor_Icbper: icbperFactor.optional(),
});
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>;

export const PAYMENT_TYPES = ['CONTADO', 'CREDITO'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** Element of `forma_pago`. Required: tipo, monto, fecha_Pago. */
export const PaymentSchema = z.strictObject({
  tipo: z.enum(PAYMENT_TYPES, { error: 'La forma de pago debe ser CONTADO o CREDITO' }),
  monto: money,
  cuota: z.int({ error: 'El número de cuota debe ser un entero' }).nonnegative().optional(),
  fecha_Pago: isoDateTimeWithOffset,
});
export type Payment = z.infer<typeof PaymentSchema>;

/** Element of `legend`. Both fields required; SUNAT allows 1–200 characters without line breaks or tabs. */
export const LegendSchema = z.strictObject({
  legend_Code: z.string().regex(/^\d{4}$/, { error: 'Código de leyenda no válido (catálogo 52)' }),
  legend_Value: text('legend_Value')
    .max(200, { error: 'La leyenda admite como máximo 200 caracteres' })
    .regex(/^[^\r\n\t]*$/, { error: 'La leyenda no puede tener saltos de línea ni tabulaciones' }),
});
export type Legend = z.infer<typeof LegendSchema>;

export const INVOICE_DOC_TYPES = ['01', '03'] as const;
export type InvoiceDocType = (typeof INVOICE_DOC_TYPES)[number];

export const InvoiceSchema = z.strictObject({
  tipo_Operacion: z.string().regex(/^\d{4}$/, { error: 'Tipo de operación no válido (catálogo 51)' }),
  tipo_Doc: z.enum(INVOICE_DOC_TYPES, { error: 'El tipo de documento debe ser 01 (factura) o 03 (boleta)' }),
  serie: z.string().regex(/^[A-Z0-9]{4}$/, { error: 'La serie debe tener 4 caracteres (letras mayúsculas o dígitos)' }),
  correlativo: z.string().regex(/^\d{1,8}$/, { error: 'El correlativo debe tener de 1 a 8 dígitos' }),
  tipo_Moneda: z.string().regex(/^[A-Z]{3}$/, { error: 'Código de moneda no válido (ISO 4217)' }),
  fecha_Emision: isoDateTimeWithOffset,
  empresa_Ruc: z.string().regex(/^\d{11}$/, { error: 'El RUC del emisor debe tener 11 dígitos' }),
  cliente_Tipo_Doc: z.string().regex(/^[0-9A-Z-]$/, { error: 'Tipo de documento del cliente no válido (catálogo 06)' }),
  cliente_Num_Doc: text('cliente_Num_Doc').max(15),
  cliente_Razon_Social: text('cliente_Razon_Social').max(1500),
  // Required, but an anonymous customer may have no address: an empty string is allowed.
  cliente_Direccion: z.string({ error: 'cliente_Direccion: debe ser texto' }),
  monto_Oper_Gravadas: money,
  monto_Igv: money,
  total_Impuestos: money,
  valor_Venta: money,
  sub_Total: money,
  monto_Imp_Venta: money,
  monto_Oper_Exoneradas: money.optional(),
  estado_Documento: z.literal('0', { error: 'estado_Documento solo admite "0" (declarar al enviar)' }).optional(),
  manual: z.literal(false, { error: 'manual debe ser false al integrar por esta interfaz' }).optional(),
  id_Base_Dato: text('id_Base_Dato').optional(),
  detalle: z.array(InvoiceLineSchema).min(1, { error: 'El comprobante debe tener al menos una línea' }),
  forma_pago: z.array(PaymentSchema).min(1, { error: 'El comprobante debe tener al menos una forma de pago' }),
  legend: z.array(LegendSchema).min(1, { error: 'El comprobante debe tener al menos una leyenda' }),
});
export type Invoice = z.infer<typeof InvoiceSchema>;
