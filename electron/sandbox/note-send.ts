// POST /api/v1/note/send — credit (07) and debit (08) notes, the same path under both dialects
// (docs/api/provider-factiliza.md, "Credit and debit notes"). Duplicates, resends (1033 on a resend under
// 'sunat1033'), CDRs and registration are the invoice's (send.ts `declare`); the authority's rules differ. SUNAT-like
// checks, first that applies decides (codes chosen in SUNAT's rejection range 2000–3999; the texts are ours):
//  1. Series: 4 characters whose letter is the modified document's (B on a boleta, F on a factura; docs/sunat/notes.md)
//     -> EXCEPTION 1001, nothing registered.
//  2. The modified document is not registered here, was not accepted, or was voided -> REJECTED 2524.
//  3. The note's customer is not the modified document's -> REJECTED 2801.
//  4. A credit note whose total, with the earlier accepted credit notes on the same document, exceeds the document's
//     total -> REJECTED 3206.
//  5. Totals recomputed from the lines (totals.ts), as for the modified document's type -> its rejection or notes.
//  6. Otherwise ACCEPTED, code '0'.
import { NoteSchema, type Invoice, type Note } from '../../shared/api';
import { Dec } from '../../shared/billing/decimal';
import { isValidCorrelative } from '../../shared/ids';
import { EXCEPTION_TEXTS, type AuthorityOutcome } from './authority';
import { documentKey } from './canonical';
import { errorAnswer, type JsonAnswer } from './http';
import { describeIssues } from './issues';
import type { Registry } from './registry';
import { declare, variedRefusal, type SendContext } from './send';
import { checkTotals } from './totals';

export const NOTE_REJECTIONS = {
  '2524': 'El documento que modifica la nota no existe o no fue aceptado',
  '2801': 'El receptor de la nota no es el del documento que modifica',
  '3206': 'El total de las notas de credito excede el total del documento que modifica',
} as const;

export async function handleNoteSend(body: unknown, ctx: SendContext): Promise<JsonAnswer> {
  const parsed = NoteSchema.safeParse(body);
  if (!parsed.success) {
    const message = `Revise los datos enviados: ${describeIssues(parsed.error.issues, body)}`;
    return ctx.variation ? variedRefusal(message, parsed.error.issues, ctx.variation) : errorAnswer(400, message);
  }
  const note = parsed.data;
  const key = documentKey(note.empresa_Ruc, note.tipo_Doc, note.serie, note.correlativo);
  // A note travels through the invoice's registry: its fields are the invoice's but forma_pago (absent on notes).
  const asDocument = note as unknown as Invoice;
  const answer = await ctx.registry.exclusive(key, () => declare(asDocument, key, ctx, () => evaluateNote(note, ctx.registry)));
  return { status: 200, body: answer };
}

/** The authority's rules for a note, against what it has registered. */
export function evaluateNote(note: Note, registry: Registry): AuthorityOutcome {
  const [series = '', number = ''] = note.afectado_Num_Doc.split('-');
  const letter = note.afectado_Tipo_Doc === '01' ? 'F' : 'B';
  if (!/^[A-Z0-9]{4}$/.test(note.serie) || note.serie[0] !== letter || !isValidCorrelative(note.correlativo)) {
    return { kind: 'exception', code: '1001', description: EXCEPTION_TEXTS['1001'] };
  }
  const modifiedKey = documentKey(note.empresa_Ruc, note.afectado_Tipo_Doc, series, number);
  const modified = registry.get(modifiedKey);
  // A document voided here (void-cancel.ts) is no longer accepted.
  if (!modified || modified.status !== 'accepted' || registry.voidOf(modifiedKey)) return reject('2524');
  if (modified.invoice.cliente_Num_Doc !== note.cliente_Num_Doc || modified.invoice.cliente_Tipo_Doc !== note.cliente_Tipo_Doc) return reject('2801');
  if (note.tipo_Doc === '07') {
    const earlier = registry
      .all()
      .filter((r) => r.status === 'accepted' && r.key !== documentKey(note.empresa_Ruc, '07', note.serie, note.correlativo))
      .map((r) => r.invoice as unknown as Partial<Note>)
      .filter((n) => n.tipo_Doc === '07' && n.afectado_Tipo_Doc === note.afectado_Tipo_Doc && sameReference(n.afectado_Num_Doc, note.afectado_Num_Doc));
    const credited = earlier.reduce((sum, n) => sum.plus(String(n.monto_Imp_Venta ?? 0)), new Dec(0));
    if (credited.plus(String(note.monto_Imp_Venta)).gt(String(modified.invoice.monto_Imp_Venta))) return reject('3206');
  }
  const isFactura = note.afectado_Tipo_Doc === '01';
  const issues = checkTotals(note as unknown as Invoice);
  const blocking = issues.find((i) => isFactura || i.boletaCode === undefined);
  if (blocking) return { kind: 'rejected', code: blocking.facturaCode, description: blocking.facturaText, notes: [] };
  return { kind: 'accepted', code: '0', notes: issues.map((i) => `${i.boletaCode} - ${i.boletaText}`) };
}

/** 'B001-24' and 'B001-00000024' name the same document. */
function sameReference(a: string | undefined, b: string): boolean {
  const norm = (s: string) => s.replace(/-0+(?=\d)/, '-').toUpperCase();
  return a !== undefined && norm(a) === norm(b);
}

function reject(code: keyof typeof NOTE_REJECTIONS): AuthorityOutcome {
  return { kind: 'rejected', code, description: NOTE_REJECTIONS[code], notes: [] };
}
