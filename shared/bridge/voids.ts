// Bridge schemas of voiding ("Anular"): a boleta through the resumen diario (summary/cancel), a factura
// through a comunicación de baja (voided/cancel); docs/api/provider-factiliza.md, "Credit and debit notes, voiding".
// Offered only for a document SUNAT accepted and within the deadline kept in Ajustes (docs/sunat/notes.md, § Deadlines
// (unsettled: keep them in settings)). One schema, imported by the renderer, the bridge and the core.
import { z } from 'zod';
import { clientKeyField } from './client-key';

export const VoidInputSchema = z.strictObject({
  /** The boleta or factura to void (documents.id). */
  of: z.number({ error: 'Elija el comprobante' }).int().positive(),
  /** Why, in the words SUNAT receives (anulacion_Motivo). */
  reason: z
    .string({ error: 'Indique el motivo de la anulación' })
    .trim()
    .min(3, { error: 'Indique el motivo de la anulación (al menos 3 caracteres)' })
    .max(100, { error: 'Como máximo 100 caracteres' }),
  ...clientKeyField,
});
export type VoidInput = z.input<typeof VoidInputSchema>;

export const VoidOfSchema = z.strictObject({ of: z.number().int().positive() });
/** "Reintentar" a void the API refused: a write, so it carries the dialog's key like the void itself. */
export const VoidRetryInputSchema = z.strictObject({ of: z.number().int().positive(), ...clientKeyField });

export const VOID_REQUEST_STATUSES = ['pending', 'sending', 'voided', 'refused', 'invalid', 'attention'] as const;
export type VoidRequestStatus = (typeof VOID_REQUEST_STATUSES)[number];

/** What the document's status shows about its void. */
export const VOID_STATUS_LABELS: Record<VoidRequestStatus, string> = {
  pending: 'Anulación pendiente',
  sending: 'Anulación pendiente',
  voided: 'Anulado',
  refused: 'Anulación rechazada',
  invalid: 'Anulación no enviada',
  attention: 'Anulación pendiente',
};

/** Each void status in one plain sentence. */
export const VOID_STATUS_EXPLANATIONS: Record<VoidRequestStatus, string> = {
  pending: 'La anulación está guardada y Caja la enviará a SUNAT en cuanto pueda; el comprobante sigue vigente hasta que SUNAT la acepte.',
  sending: 'Caja está enviando la anulación a SUNAT en este momento.',
  voided: 'SUNAT aceptó la anulación: el comprobante ya no tiene validez y su número no se vuelve a usar.',
  refused: 'SUNAT rechazó la anulación: el comprobante sigue vigente.',
  invalid: 'La API no aceptó la solicitud y nada se envió a SUNAT: el comprobante sigue vigente. Puede reintentarla.',
  attention:
    'La respuesta de SUNAT no fue clara: Caja volverá a consultar si el comprobante figura anulado antes de hacer nada más, sin enviar otra anulación.',
};

export const VoidRequestSchema = z.object({
  status: z.enum(VOID_REQUEST_STATUSES),
  label: z.string(),
  explanation: z.string(),
  endpoint: z.enum(['summary', 'voided']),
  reason: z.string(),
  requestedAt: z.string(),
  requestedBy: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  answer: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The API refused the request (nothing reached SUNAT): the same request may be sent again. */
  retryable: z.boolean(),
});
export type VoidRequest = z.infer<typeof VoidRequestSchema>;

/** The void state of a listed document (the documents list shows it beside SUNAT's status). */
export const VoidStateRowSchema = z.object({ documentId: z.number().int(), status: z.enum(VOID_REQUEST_STATUSES), label: z.string() });
export type VoidStateRow = z.infer<typeof VoidStateRowSchema>;
export const VoidStatesInputSchema = z.strictObject({ ids: z.array(z.number().int().positive()).max(1000) });

export const VoidViewSchema = z.object({
  documentId: z.number().int(),
  /** "Anular" may be asked now. */
  offered: z.boolean(),
  /** Why not, when it is not offered (and there is no request yet). */
  why: z.string().nullable(),
  /** boleta: resumen diario (summary/cancel); factura: comunicación de baja (voided/cancel). */
  endpoint: z.enum(['summary', 'voided']).nullable(),
  deadlineDays: z.number().int().nullable(),
  /** The last day (Lima, YYYY-MM-DD) a void may be asked. */
  lastDay: z.string().nullable(),
  request: VoidRequestSchema.nullable(),
});
export type VoidView = z.infer<typeof VoidViewSchema>;

/** Days after the issue date a void may still be asked (docs/sunat/notes.md: unsettled, kept in settings). */
export const VoidDeadlinesSchema = z.strictObject({
  boletaDays: z.number({ error: 'Ingrese los días' }).int({ error: 'Días enteros' }).min(1, { error: 'Al menos 1 día' }).max(30, { error: 'Como máximo 30 días' }),
  facturaDays: z.number({ error: 'Ingrese los días' }).int({ error: 'Días enteros' }).min(1, { error: 'Al menos 1 día' }).max(30, { error: 'Como máximo 30 días' }),
});
export type VoidDeadlines = z.infer<typeof VoidDeadlinesSchema>;

/**
 * Defaults: a factura's comunicación de baja "commonly 7 days from issue"; a boleta's resumen diario "3 or 7 days.
 * Default to the shorter one" (docs/sunat/notes.md).
 */
export const DEFAULT_VOID_DEADLINES: VoidDeadlines = { boletaDays: 3, facturaDays: 7 };

export const VoidSettingsViewSchema = z.object({
  deadlines: VoidDeadlinesSchema,
  /** This till's note series, read-only (they follow its invoice series). */
  noteSeries: z.object({ creditBoleta: z.string(), creditFactura: z.string(), debitBoleta: z.string(), debitFactura: z.string() }),
});
export type VoidSettingsView = z.infer<typeof VoidSettingsViewSchema>;
