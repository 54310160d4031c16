// The body of a void: a boleta to `POST {billing}/summary/cancel`, a factura to `POST {billing}/voided/cancel`.
// Names as the provider's docs write them for the boleta (docs/api/provider-factiliza.md, "Credit and debit notes,
// voiding": empresa_Ruc, tipo_Doc, serie, correlativo, anulacion_Motivo, estado_Documento "0", ×1); the factura's six
// fields were listed without names, so the same names are used (the most likely, said there). The same body under
// both dialects; the answer is shaped like a send's. The core builds it, the sandbox checks it with this schema.
import { z } from 'zod';

export const VOID_ENDPOINTS = { summary: '03', voided: '01' } as const;

export const VoidRequestBodySchema = z.strictObject({
  empresa_Ruc: z.string().regex(/^\d{11}$/, { error: 'El RUC del emisor debe tener 11 dígitos' }),
  tipo_Doc: z.enum(['01', '03'], { error: 'El tipo de documento debe ser 01 (factura) o 03 (boleta)' }),
  serie: z.string().regex(/^[A-Z0-9]{4}$/, { error: 'La serie debe tener 4 caracteres (letras mayúsculas o dígitos)' }),
  /** Without zero padding, as on an invoice. */
  correlativo: z.string().regex(/^[1-9]\d{0,7}$/, { error: 'El correlativo debe tener de 1 a 8 dígitos, sin ceros a la izquierda' }),
  anulacion_Motivo: z.string().trim().min(3, { error: 'Indique el motivo de la anulación' }).max(100, { error: 'El motivo admite hasta 100 caracteres' }),
  /** "siempre 0" in the provider's docs. */
  estado_Documento: z.literal('0', { error: 'estado_Documento debe ser "0"' }),
});
export type VoidRequestBody = z.infer<typeof VoidRequestBodySchema>;
