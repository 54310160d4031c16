import { z } from 'zod';
import { ISSUED_DOC_TYPES } from '../catalog/doc-types';
import { ShopServerStatusSchema } from '../server/settings';

const digits = (n: number, what: string) => z.string().trim().regex(new RegExp(`^\\d{${n}}$`), `${what} tiene ${n} dígitos`);
const ruc = digits(11, 'El RUC');
const seriesText = z.string().trim().toUpperCase().regex(/^[A-Z0-9]{4}$/, 'La serie tiene 4 caracteres (ej. B001)');
const numberText = z.string().trim().regex(/^\d{1,8}$/, 'El número tiene de 1 a 8 dígitos');

export const CustomerLookupInputSchema = z.strictObject({
  docType: z.enum(['1', '6']),
  docNumber: z.string().trim().regex(/^\d{8}$|^\d{11}$/, 'Documento incompleto'),
});

export const CustomerSchema = z.object({
  docType: z.string(),
  docNumber: z.string(),
  name: z.string(),
  address: z.string(),
});
export type Customer = z.infer<typeof CustomerSchema>;

/** A customer lookup never fails the sale: not found and offline are answers, not errors. */
export const CustomerLookupResultSchema = z.object({
  found: z.boolean(),
  customer: CustomerSchema.optional(),
  source: z.enum(['book', 'api', 'cache', 'none']),
  /** Why nothing came from the API (offline, not found, no token). */
  note: z.string().optional(),
  /** RUC lookup: SUNAT's state and condition, and a warning when the taxpayer is not ACTIVO and HABIDO. */
  taxpayer: z.object({ estado: z.string(), condicion: z.string(), fetchedAt: z.string() }).optional(),
  warning: z.string().optional(),
});
export type CustomerLookupResult = z.infer<typeof CustomerLookupResultSchema>;

export const CustomerSearchInputSchema = z.strictObject({ text: z.string().trim().min(1).max(100) });

export const ReceiptLookupInputSchema = z.strictObject({
  kind: z.enum(['boleta', 'factura']),
  ruc,
  series: seriesText,
  number: numberText,
});
export type ReceiptLookupInput = z.infer<typeof ReceiptLookupInputSchema>;

export const GuideLookupInputSchema = z.strictObject({
  ruc,
  type: z.enum(['09', '31']),
  series: seriesText,
  number: numberText,
});
export type GuideLookupInput = z.infer<typeof GuideLookupInputSchema>;

export const GuideXmlSchema = z.object({ fileName: z.string(), xml: z.string() });

export const CdrQueryInputSchema = z.strictObject({
  ruc,
  /** Tax-portal user; when empty the remembered credentials are used. */
  usuario: z.string().trim().max(100),
  password: z.string().max(200),
  tipo_doc: z.enum(ISSUED_DOC_TYPES),
  serie: seriesText,
  correlativo: numberText,
  remember: z.boolean(),
});
export type CdrQueryInput = z.infer<typeof CdrQueryInputSchema>;

export const CdrQueryResultSchema = z.object({
  code: z.string(),
  description: z.string(),
  notes: z.array(z.string()),
  xml: z.string(),
  /** The local document the CDR was attached to, when it is one of ours. */
  attachedToDocumentId: z.number().int().optional(),
  /** What the query did or did not do to a local document or to the kept credentials, in Spanish. */
  remarks: z.array(z.string()).default([]),
});
export type CdrQueryResult = z.infer<typeof CdrQueryResultSchema>;

export const AppStatusSchema = z.object({
  demo: z.boolean(),
  online: z.boolean().nullable(),
  pending: z.number().int(),
  lastSuccessAt: z.string().nullable(),
  authBlocked: z.boolean(),
  companyConfigured: z.boolean(),
  /**
   * What the last exchange with the API says: online; offline (no connection); unresponsive (the service does not
   * answer in time, or fails); auth_rejected (the token was refused). Null before the first exchange.
   */
  connection: z.enum(['online', 'offline', 'unresponsive', 'auth_rejected']).nullable().default(null),
  /** While the token is refused: when the next automatic check runs (UTC ISO). */
  authRetryAt: z.string().nullable().default(null),
  /** Minutes the PC clock is off from the API's (only when beyond 5 minutes). */
  clockOffMinutes: z.number().int().nullable().default(null),
  /**
   * Documents that need a person: "requiere atención", "número ocupado", rejected and refused by the API
   * ('invalid'), leaving out those already re-issued under a new number.
   */
  needsAttention: z.number().int().default(0),
  /** Of those, the ones the API refused ('invalid', not re-issued): «Reintentar todos» sends them again, once. */
  invalid: z.number().int().default(0),
  /** Void requests not yet settled by SUNAT's evidence: waiting, being sent, or needing a person. */
  voidsWaiting: z.number().int().default(0),
  /** Notes possibly declared that only their CDR can prove, waiting because no SOL credentials are saved. */
  notesAwaitingSol: z.number().int().default(0),
  /** First run: nothing chosen yet, the setup wizard is shown. */
  setupRequired: z.boolean().default(false),
  /** The shop server: null while none is set. */
  shopServer: ShopServerStatusSchema.nullable().default(null),
  /** Said while the check of the whole database file (after start, in the background) found it damaged; else null. */
  storageDamage: z.string().nullable().default(null),
});
export type AppStatus = z.infer<typeof AppStatusSchema>;
