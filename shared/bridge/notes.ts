// Bridge schema of issueNote (issue 24): a credit note (07) or a debit note (08) on a document of this till. One
// schema, imported by the renderer's forms, the bridge and the core. The core checks what depends on stored data
// (the document exists and was accepted, what is left after earlier notes) BEFORE a number is spent.
import { z } from 'zod';
import { NOTE_DOC_TYPES } from '../api/note';
import { noteReason, type NoteDocType } from '../catalog/note-reasons';
import { TenderSchema } from '../payments';

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

export const NoteInputSchema = z
  .strictObject({
    /** The document the note modifies (documents.id). */
    of: z.number({ error: 'Elija el comprobante' }).int().positive(),
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
    /** How a credit note's refund is paid out (cash leaves the drawer), as a sale's tenders. Absent: no refund. */
    refund: z.array(TenderSchema, { error: 'Pagos no válidos' }).max(10).optional(),
    /** Idempotency key per return, as a sale's clientKey. */
    clientKey: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, { error: 'Clave no válida' }).optional(),
  })
  .superRefine((input, ctx) => {
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
  });
export type NoteInput = z.input<typeof NoteInputSchema>;
export type NoteInputParsed = z.output<typeof NoteInputSchema>;

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
