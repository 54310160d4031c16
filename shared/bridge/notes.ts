// Bridge schema of issueNote: a credit note (07) or a debit note (08) on a document of this till. One
// schema, imported by the renderer's forms, the bridge and the core. The core checks what depends on stored data
// (the document exists and was accepted, what is left after earlier notes) BEFORE a number is spent.
import { z } from 'zod';
import { NOTE_DOC_TYPES } from '../api/note';
import { noteReason, type NoteDocType } from '../catalog/note-reasons';
import { TenderSchema } from '../payments';
import { ClientKeySchema } from './client-key';
import { ApprovalSchema } from './users';

const DECIMAL = /^\d{1,12}(\.\d{1,10})?$/;
const MONEY = /^\d{1,12}(\.\d{1,2})?$/;

export const NoteLineInputSchema = z.strictObject({
  /** 1-based line of the modified document. */
  line: z.number({ error: 'Línea no válida' }).int({ error: 'Línea no válida' }).min(1, { error: 'Línea no válida' }).max(1000),
  quantity: z
    .string({ error: 'Ingrese la cantidad' })
    .trim()
    .regex(DECIMAL, { error: 'La cantidad debe ser un número positivo' })
    .refine((q) => Number(q) > 0, { error: 'La cantidad debe ser mayor que cero' }),
});
export type NoteLineInput = z.infer<typeof NoteLineInputSchema>;

/** The fields of a note, whatever it is issued on (a document of this till, or a sale of another till). */
const noteFields = {
  type: z.enum(NOTE_DOC_TYPES, { error: 'Elija nota de crédito o de débito' }),
  /** Catálogo 09 (credit) or 10 (debit): shared/catalog/note-reasons.ts. */
  reason: z.string({ error: 'Elija el motivo' }).regex(/^\d{2}$/, { error: 'Elija el motivo' }),
  description: z.string({ error: 'Describa el motivo' }).trim().min(3, { error: 'Describa el motivo' }).max(250, { error: 'Como máximo 250 caracteres' }),
  /** For a reason by lines (07, 03): which lines of the document and how much of each. */
  lines: z.array(NoteLineInputSchema).min(1, { error: 'Elija al menos una línea' }).max(1000).optional(),
  /** For a reason for an amount (09, 04, ..., every debit note): the sum, IGV included, positive. */
  amount: z
    .string({ error: 'Ingrese el monto' })
    .trim()
    .regex(MONEY, { error: 'El monto debe ser un número positivo con hasta 2 decimales' })
    .refine((a) => Number(a) > 0, { error: 'El monto debe ser mayor que cero' })
    .optional(),
  /**
   * What the cashier confirmed after the core asked, sent again on the retry of the same note: 'numbering_jump' (the
   * note series is held after a restore and nothing can confirm it: skip ahead past a safe margin, recorded).
   */
  confirmed: z.array(z.enum(['numbering_jump'])).max(1).optional(),
  /**
   * A supervisor's consent when a cashier issues the note (a return at the till): who and their PIN, typed before
   * the return starts and sent again with it; the core checks it as a cash out's. Not needed for a supervisor.
   */
  approval: ApprovalSchema.optional(),
  /** How a credit note's refund is paid out (cash leaves the drawer), as a sale's tenders. Absent: no refund. */
  refund: z.array(TenderSchema, { error: 'Pagos no válidos' }).max(10).optional(),
  /**
   * Idempotency key per note (required: a note retried after the core died must not credit, or charge, twice), made
   * when the form opens and kept across its retries, as a sale's clientKey.
   */
  clientKey: ClientKeySchema,
};

function refineNote(
  input: { type: string; reason: string; lines?: { line: number }[] | undefined; amount?: string | undefined; refund?: unknown[] | undefined },
  ctx: z.RefinementCtx,
): void {
  const reason = noteReason(input.type as NoteDocType, input.reason);
  if (!reason) {
    ctx.addIssue({ code: 'custom', path: ['reason'], message: `Motivo no válido para una nota de ${input.type === '07' ? 'crédito (catálogo 09)' : 'débito (catálogo 10)'}` });
    return;
  }
  if (reason.mode === 'lines' && !input.lines) ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Elija las líneas y cantidades' });
  if (reason.mode !== 'lines' && input.lines) ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Este motivo no va por líneas' });
  if (reason.mode === 'amount' && !input.amount) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Ingrese el monto' });
  if (reason.mode !== 'amount' && input.amount) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Este motivo no va por monto' });
  if (input.type === '08' && input.refund?.length) ctx.addIssue({ code: 'custom', path: ['refund'], message: 'Una nota de débito no devuelve dinero' });
  const seen = new Set<number>();
  for (const [i, l] of (input.lines ?? []).entries()) {
    if (seen.has(l.line)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'line'], message: 'Línea repetida' });
    seen.add(l.line);
  }
}

export const NoteInputSchema = z
  .strictObject({
    /** The document the note modifies (documents.id). */
    of: z.number({ error: 'Elija el comprobante' }).int().positive(),
    ...noteFields,
  })
  .superRefine(refineNote);
export type NoteInput = z.input<typeof NoteInputSchema>;
export type NoteInputParsed = z.output<typeof NoteInputSchema>;

/** A boleta or factura of any till, by its number as printed (the shop server's copy is found by it). */
export const ShopSaleRefSchema = z.strictObject({
  series: z.string({ error: 'Serie no válida' }).trim().toUpperCase().regex(/^[BF][A-Z0-9]{3}$/, { error: 'Serie no válida' }),
  number: z.number({ error: 'Número no válido' }).int({ error: 'Número no válido' }).min(1, { error: 'Número no válido' }).max(99999999, { error: 'Número no válido' }),
});
export type ShopSaleRef = z.infer<typeof ShopSaleRefSchema>;

/** A note on a sale made at another till, found through the shop server (several tills). */
export const ShopNoteInputSchema = z.strictObject({ sale: ShopSaleRefSchema, ...noteFields }).superRefine(refineNote);
export type ShopNoteInput = z.input<typeof ShopNoteInputSchema>;
export type ShopNoteInputParsed = z.output<typeof ShopNoteInputSchema>;

/**
 * A sale of another till as the shop server holds it, for a return at this one: its lines (the payload its till sent),
 * its status per the server's copy, and what every till already credited on it.
 */
export const ShopSaleSchema = z.object({
  idBaseDato: z.string(),
  terminal: z.string(),
  docType: z.enum(['01', '03']),
  series: z.string(),
  number: z.number().int(),
  issuedAt: z.string(),
  currency: z.string(),
  total: z.string(),
  status: z.string(),
  credited: z.string(),
  payload: z.string(),
});
export type ShopSale = z.infer<typeof ShopSaleSchema>;

/** A note's link, for the detail of a document (its notes) and of a note (what it modifies). */
export const NoteLinkSchema = z.object({
  id: z.number().int(),
  docType: z.enum(['01', '03', '07', '08']),
  series: z.string(),
  number: z.number().int(),
  issuedAt: z.string(),
  total: z.string(),
  status: z.string(),
  reason: z.string().nullable(),
  reasonLabel: z.string().nullable(),
});
export type NoteLink = z.infer<typeof NoteLinkSchema>;
