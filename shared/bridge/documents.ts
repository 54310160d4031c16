import { z } from 'zod';
import { IsoDaySchema } from '../validation/day';
import { SettledPaymentSchema } from '../payments';
import { CustomerSchema } from '../billing/sale-draft-schema';
import { DOC_STATUSES, NEEDS_ATTENTION_FILTER } from './status';
import { ISSUED_DOC_TYPES } from '../catalog/doc-types';
import { NoteLinkSchema } from './notes';
import { clientKeyField } from './client-key';
import { DocumentEmailSchema } from './mail';


export const DocumentFilterSchema = z.strictObject({
  from: IsoDaySchema.optional(),
  to: IsoDaySchema.optional(),
  docType: z.enum(ISSUED_DOC_TYPES).optional(),
  series: z.string().trim().toUpperCase().max(4).optional(),
  number: z.coerce.number().int().positive().max(99_999_999).optional(),
  customer: z.string().trim().max(100).optional(),
  /** One status, or NEEDS_ATTENTION_FILTER: every status that needs a person, not yet re-issued. */
  status: z.enum([...DOC_STATUSES, NEEDS_ATTENTION_FILTER]).optional(),
  limit: z.number().int().min(1).max(500).optional(),
  offset: z.number().int().min(0).optional(),
});
export type DocumentFilter = z.infer<typeof DocumentFilterSchema>;

export const DeadlineSchema = z.object({ lastDay: z.string(), overdue: z.boolean(), atRisk: z.boolean() });

/** One row of the documents list: no payload, no CDR. */
export const DocumentSummarySchema = z.object({
  id: z.number().int(),
  idBaseDato: z.string(),
  docType: z.enum(ISSUED_DOC_TYPES),
  series: z.string(),
  number: z.number().int(),
  issuedAt: z.string(),
  issueDate: z.string(),
  currency: z.string(),
  customerDocType: z.string(),
  customerDocNumber: z.string(),
  customerName: z.string(),
  total: z.string(),
  igv: z.string(),
  status: z.enum(DOC_STATUSES),
  demo: z.boolean(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  cdrCode: z.string().nullable(),
  hash: z.string().nullable(),
  reprints: z.number().int(),
  deadline: DeadlineSchema,
});
export type DocumentSummary = z.infer<typeof DocumentSummarySchema>;

export const DocumentEventSchema = z.object({
  at: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  detail: z.string().nullable(),
  /** Identical attempts collapse into one event: how many times it happened (1 = once), and the latest time. */
  repeats: z.number().int().min(1),
  lastAt: z.string().nullable(),
});

/** Everything about one document, for the detail view and for printing. */
export const DocumentDetailSchema = DocumentSummarySchema.extend({
  /** The Invoice JSON exactly as it is sent. */
  payload: z.string(),
  cdrDescription: z.string().nullable(),
  cdrNotes: z.array(z.string()),
  cdrXml: z.string().nullable(),
  hasCdrZip: z.boolean(),
  /** Accepted by reconciliation from the receipt record, without a CDR: "Obtener CDR" is offered. */
  cdrMissing: z.boolean(),
  /** The document this one replaces (reissued under a new number after a conflict, a rejection or a refusal). */
  reissueOf: z.number().int().nullable(),
  /** The document that replaces this one, once it was re-issued: then the replacement carries the sale. */
  reissuedAs: z.object({ id: z.number().int(), series: z.string(), number: z.number().int() }).nullable().default(null),
  nextAttemptAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  /** How the sale was paid, in the order taken; empty for credit and for documents older than 0006. */
  payments: z.array(SettledPaymentSchema),
  /** Who issued it; null for documents issued before cashiers existed. */
  cashierName: z.string().nullable(),
  /** The discounted lines: position in the invoice's details, list price and total, what was taken off. */
  discounts: z.array(z.object({ position: z.number().int(), listPrice: z.string(), listTotal: z.string(), lineDiscount: z.string(), saleShare: z.string() })),
  /** Every discount together (null: none), and the supervisor who approved it beyond the limit. */
  discountTotal: z.string().nullable(),
  discountApprovedBy: z.string().nullable(),
  /** A dollar document's exchange rate (soles per dollar) its soles prices were converted at; null for soles. */
  exchangeRate: z.string().nullable().default(null),
  events: z.array(DocumentEventSchema),
  /** The credit and debit notes on this document, oldest first. */
  notes: z.array(NoteLinkSchema).default([]),
  /** What its credit notes (not rejected) returned, by line (1-based) and quantity: the return shows what is left (absent from the shop server's copies). */
  returned: z.array(z.object({ line: z.number().int(), quantity: z.string() })).optional(),
  /** For a note, the document it modifies (with the note's own reason). */
  modifies: NoteLinkSchema.nullable().default(null),
  /** SUNAT accepted its void: whatever its own status says, it has no tax validity and every copy says ANULADO. */
  voided: z.boolean().default(false),
  /** Where it was sent by email and when, or why not yet (absent from the shop server's copies). */
  emails: z.array(DocumentEmailSchema).optional(),
});
export type DocumentDetail = z.infer<typeof DocumentDetailSchema>;

export const DocumentListSchema = z.object({
  rows: z.array(DocumentSummarySchema),
  pending: z.number().int(),
});
export type DocumentList = z.infer<typeof DocumentListSchema>;

export const DocumentIdSchema = z.strictObject({ id: z.number().int().positive() });
/** A write on one document (a re-issue, a reprint counted): with the window's idempotency key. */
export const KeyedDocumentIdSchema = z.strictObject({ id: z.number().int().positive(), ...clientKeyField });

/**
 * "Corregir y reenviar": new customer data for a document the API refused ('invalid'), sent again under
 * the same number and id_Base_Dato. The customer is checked by the sale's own schema (DNI of 8 digits, a valid RUC,
 * a name); the core then runs every sale rule (a factura needs a RUC customer) before anything is stored.
 */
export const CorrectDocumentInputSchema = z.strictObject({
  id: z.number().int().positive(),
  customer: CustomerSchema,
  ...clientKeyField,
});
export type CorrectDocumentInput = z.input<typeof CorrectDocumentInputSchema>;

export const FileSchema = z.object({ fileName: z.string(), base64: z.string() });
export type FileData = z.infer<typeof FileSchema>;
