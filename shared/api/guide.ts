// Operation 4 (GET {query_base_url}/v2/authority/guia/json/{numRuc}-{tipo}-{serie}-{numero}):
// transport guide, docs/api/invoicing-api.md §2.6. Dates are strings without offset, kept as text.
// Response objects are not strict: unknown keys are ignored. Nullable fields also tolerate absence.
import { z } from 'zod';
import { nullableText, statusCode, unknownShape } from './common';
import { GuidePartySchema, GuideTransferSchema } from './guide-transfer';

export const GuideIssueSchema = z.object({
  fecEmision: z.string(),
  indSEE: z.string(),
  indOrigen: z.string(),
  desHashQr: z.string(),
  desQr: z.string(),
  /** Issue date as year-month-day digits, e.g. 20260220. */
  numFecEmision: z.int(),
  numRangoHora: z.int(),
  firma: z.object({
    idCertificado: z.string(),
    digestValue: z.string(),
    fecFirma: nullableText(),
  }),
  desNota: nullableText(),
  receptorObs: nullableText(),
  pse: unknownShape(),
  numIpCliente: nullableText(),
});
export type GuideIssue = z.infer<typeof GuideIssueSchema>;

export const GuideIssuerSchema = z.object({
  desNombre: z.string(),
  indSubContratacion: z.string(),
  numAutorizacionMtc: nullableText(),
  indEncAuthNumAutorizacionMtc: nullableText(),
  autorizacion: unknownShape(),
  subContratador: unknownShape(),
});
export type GuideIssuer = z.infer<typeof GuideIssuerSchema>;

/** Cancellation block, present with codEstado 02 (Baja). */
export const GuideCancellationSchema = z.object({
  fecRegistro: z.string(),
  codUsuario: z.string(),
  codMotivo: z.string(),
  desMotivo: z.string(),
});
export type GuideCancellation = z.infer<typeof GuideCancellationSchema>;

export const GuideAuditSchema = z.object({
  codUsuRegis: z.string(),
  fecRegis: z.string(),
  codUsuModif: z.string(),
  fecModif: z.string(),
  numSchemaVersion: z.string(),
});
export type GuideAudit = z.infer<typeof GuideAuditSchema>;

export const GuideSchema = z.object({
  id: z.string(),
  codCpe: z.string(),
  numRuc: z.string(),
  codTipoCpe: z.string(),
  numSerie: z.string(),
  numCpe: z.int(),
  codEstado: z.string(),
  desEstado: z.string(),
  desTipoCpe: z.string(),
  emision: GuideIssueSchema,
  emisor: GuideIssuerSchema,
  traslado: GuideTransferSchema,
  receptor: GuidePartySchema,
  // Documented alongside state 02 (Baja); a guide that is not cancelled is not expected to carry it.
  baja: GuideCancellationSchema.nullish(),
  auditoria: GuideAuditSchema,
  cantidad: unknownShape(),
  observacion: unknownShape(),
  remitente: unknownShape(),
  docRelacionado: unknownShape(),
  docGrePorEvento: unknownShape(),
  noConformidad: unknownShape(),
});
export type Guide = z.infer<typeof GuideSchema>;

/** Envelope. The documented envelope has no success field; it is accepted if present. */
export const GuideResponseSchema = z.object({
  status: statusCode,
  message: z.string(),
  data: GuideSchema,
  success: z.boolean().optional(),
});
export type GuideResponse = z.infer<typeof GuideResponseSchema>;
