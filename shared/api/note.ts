// Note: request body of POST {billing}/note/send, a credit (07) or debit (08) note. Per
// docs/api/provider-factiliza.md ("Credit and debit notes"): the invoice's header, customer, totals, detalle[] and
// legend[], plus afectado_Tipo_Doc, afectado_Num_Doc (series-number WITHOUT zero padding: "B001-24"), motivo_Cod,
// motivo_Des, Manual (capital M on notes) and Observacion; there is no forma_pago. Amounts are positive.
import { z } from 'zod';
import { InvoiceSchema } from './invoice';

export const NOTE_DOC_TYPES = ['07', '08'] as const;

export const NoteSchema = InvoiceSchema.omit({ tipo_Doc: true, forma_pago: true, manual: true }).extend({
  tipo_Doc: z.enum(NOTE_DOC_TYPES, { error: 'El tipo de nota debe ser 07 (crédito) o 08 (débito)' }),
  afectado_Tipo_Doc: z.enum(['01', '03'], { error: 'El documento modificado debe ser una factura (01) o una boleta (03)' }),
  afectado_Num_Doc: z.string().regex(/^[BF][A-Z0-9]{3}-[1-9]\d{0,7}$/, { error: 'Documento modificado: serie y número sin ceros a la izquierda (ej. B001-24)' }),
  motivo_Cod: z.string().regex(/^\d{2}$/, { error: 'Código de motivo no válido (catálogos 09 y 10)' }),
  motivo_Des: z.string().min(1, { error: 'Describa el motivo de la nota' }).max(250),
  Manual: z.literal(false, { error: 'Manual debe ser false al integrar por esta interfaz' }),
  Observacion: z.string().max(500),
});
export type Note = z.infer<typeof NoteSchema>;

/** "B001-24": the modified document's reference as the note names it (no zero padding). */
export const affectedNumber = (series: string, number: number | string): string => `${series}-${Number(number)}`;
