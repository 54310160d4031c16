// Operations 6 and 7 (GET {query_base_url}/v1/authority/boleta|factura/{numRuc}-{serie}-{numero}):
// receipt / invoice record, docs/api/invoicing-api.md §2.8. Line amounts are carried as numeric strings.
import { z } from 'zod';
import { dayMonthYearOrDash, numericString, statusCode } from './common';

/** Element of `detalleComprobanteBean`. */
export const ReceiptRecordLineSchema = z.object({
  identificador: z.int(),
  descripcion: z.string(),
  cantidad: numericString,
  precioUnitario: numericString,
  codigoItem: z.string(),
  codigoUnidadMedida: z.string(),
  unidadMedidaDesc: z.string(),
  valorVtaUnitario: numericString,
});
export type ReceiptRecordLine = z.infer<typeof ReceiptRecordLineSchema>;

export const ReceiptRecordSchema = z.object({
  numeroRuc: z.string(),
  razonSocial: z.string(),
  razonComercial: z.string(),
  tipoComprobante: z.enum(['01', '03'], { error: 'Tipo de comprobante no válido: se espera 01 o 03' }),
  serieComprobante: z.string(),
  numeroComprobante: z.int(),
  subTipoComprobante: z.string(),
  nombreCalle: z.string(),
  nombreDistrito: z.string(),
  nombreProvincia: z.string(),
  nombreDepartamento: z.string(),
  codigoMoneda: z.string(),
  simboloMoneda: z.string(),
  fechaEmision: dayMonthYearOrDash,
  fechaVencimiento: dayMonthYearOrDash,
  tipoDocumentoCliente: z.string(),
  desTipoDocumentoCliente: z.string(),
  numeroDocumentoCliente: z.string(),
  nombreCliente: z.string(),
  /** A dash when absent. */
  observacion: z.string(),
  /** A dash when absent. */
  glosa: z.string(),
  montoTotalGeneral: z.number(),
  montoTotalTexto: z.string(),
  totalDescuentos: z.number(),
  totalAnticipos: z.number(),
  totalISC: z.number(),
  totalIGV: z.number(),
  totalOtrosCargos: z.number(),
  totalOtrosTributos: z.number(),
  totalValorVenta: z.number(),
  totalValorVentaExonerado: z.number(),
  totalInafOner: z.number(),
  totalGravOner: z.number(),
  totalValorVentaOperaGratuitas: z.number(),
  indicadorEstado: z.string(),
  documentoRelacionadoBean: z.array(z.unknown()),
  detalleComprobanteBean: z.array(ReceiptRecordLineSchema),
});
export type ReceiptRecord = z.infer<typeof ReceiptRecordSchema>;

/** Envelope. `success` is documented as part of the response; tolerated when absent. */
export const ReceiptRecordResponseSchema = z.object({
  status: statusCode,
  message: z.string(),
  data: ReceiptRecordSchema,
  success: z.boolean().optional(),
});
export type ReceiptRecordResponse = z.infer<typeof ReceiptRecordResponseSchema>;
