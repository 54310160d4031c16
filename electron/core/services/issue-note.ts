// Credit notes (07) and debit notes (08) on a document of this till (issue 24). A note is a document of the same
// outbox (migration 0016): one immediate transaction takes the next number of the note series, builds the payload
// with the line math of a sale (shared/billing/build-note.ts), checks it against the strict NoteSchema and stores it
// 'pending' with a fresh id_Base_Dato, its link to the modified document and the quantities it takes back. The
// limits are checked inside that transaction BEFORE the number is taken (docs/sunat/notes.md: "a credit note never
// credits more than the document was worth, counting earlier notes"); a refusal rolls back and spends nothing.
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { InvoiceSchema, type Invoice, type Note } from '../../../shared/api';
import { buildNote, SaleValidationError } from '../../../shared/billing';
import type { NoteInputParsed } from '../../../shared/bridge';
import { CURRENCIES, findEntry, limaDate, limaDateTime, noteReason } from '../../../shared/catalog';
import { settleTenders, type SettledPayment } from '../../../shared/payments';
import type { Db, DocumentRow, DocumentsRepository, NotesRepository, PaymentsRepository, SeriesRepository } from '../db';
import type { NoteMode } from '../db/repositories/notes';
import { CoreError } from './errors';
import type { SettingsService } from './settings';

export interface NoteDeps {
  db: Db;
  documents: DocumentsRepository;
  notes: NotesRepository;
  payments: PaymentsRepository;
  series: SeriesRepository;
  settings: SettingsService;
  now: () => Date;
  cashier?: () => { id: number; name: string } | null;
  /** The open cash session a refund leaves the drawer from (null when none is required). */
  cashSession?: () => number | null;
  seriesGuard?: () => void;
}

/** A note is made only on a document SUNAT took: accepted, or accepted with observations. */
export const NOTE_TARGET_STATUSES = ['accepted', 'observed'];

/**
 * What a note is issued on: a document of this till, or a sale of another till as the shop server holds it
 * (electron/core/server/shop-returns.ts). Its earlier credit notes are read inside the transaction that spends the number.
 */
export interface NoteTarget {
  /** As printed: 'B001-00000024'. */
  label: string;
  docType: '01' | '03';
  total: string;
  invoice: Invoice;
  /** The credit notes that count against it: their totals, and per line (1-based) the quantities they took back. */
  credits(): { totals: string[]; returned: { line: number; quantity: string }[] };
  /** Records the note's link to it and the quantities it takes back. */
  record(noteId: number, detail: { reason: string; description: string; mode: NoteMode }, taken: { line: number; quantity: string }[]): void;
}

/** Credit notes of other tills on a document, as the shop server holds them: totals, and per line what they took. */
export interface OtherCredits {
  totals: string[];
  returned: { line: number; quantity: string }[];
}

/** The input of a note, whatever it is issued on. */
export type NoteFields = Omit<NoteInputParsed, 'of'>;

const printed = (row: Pick<DocumentRow, 'series' | 'number'>) => `${row.series}-${String(row.number).padStart(8, '0')}`;
const money = (n: number) => new Decimal(String(n)).toFixed(2);

export class NoteService {
  private readonly tx: (input: NoteInputParsed, others?: OtherCredits) => DocumentRow;
  private readonly txOn: (target: NoteTarget, input: NoteFields) => DocumentRow;

  constructor(private readonly d: NoteDeps) {
    this.tx = d.db.sqlite.transaction((input: NoteInputParsed, others?: OtherCredits) => this.store(input, others)).immediate;
    this.txOn = d.db.sqlite.transaction((target: NoteTarget, input: NoteFields) => {
      const existing = input.clientKey ? d.documents.getByClientKey(input.clientKey) : undefined;
      return existing ?? this.storeOn(target, input);
    }).immediate;
  }

  /** Issues a note on a target that is not a document of this till (a sale of another till), once per client key. */
  issueOn(target: NoteTarget, input: NoteFields): DocumentRow {
    if (input.clientKey) {
      const existing = this.d.documents.getByClientKey(input.clientKey);
      if (existing) return existing;
    }
    this.d.seriesGuard?.();
    return this.txOn(target, input);
  }

  /**
   * Issues the note, once per client key (a retry of the same return answers the note already issued). `others`: the
   * credit notes other tills of the shop issued on this document, as the shop server holds them (shop-returns.ts).
   */
  issue(input: NoteInputParsed, others?: OtherCredits): DocumentRow {
    if (input.clientKey) {
      const existing = this.d.documents.getByClientKey(input.clientKey);
      if (existing) return existing;
    }
    this.d.seriesGuard?.();
    return this.tx(input, others);
  }

  private store(input: NoteInputParsed, others?: OtherCredits): DocumentRow {
    const { documents } = this.d;
    const existing = input.clientKey ? documents.getByClientKey(input.clientKey) : undefined;
    if (existing) return existing;
    const of = documents.getById(input.of);
    if (!of) throw new CoreError('not_found', `No existe el comprobante ${input.of}.`);
    if (of.doc_type !== '01' && of.doc_type !== '03') throw new CoreError('not_notable', 'Una nota se emite sobre una boleta o una factura, no sobre otra nota.');
    if (!NOTE_TARGET_STATUSES.includes(of.status)) {
      throw new CoreError('not_notable', `${printed(of)} no fue aceptado por SUNAT: solo se emite una nota sobre un comprobante aceptado.`);
    }
    return this.storeOn(localTarget(of, storedInvoice(of), this.d.notes, others), input);
  }

  private storeOn(target: NoteTarget, input: NoteFields): DocumentRow {
    const { documents, series, now } = this.d;
    const original = target.invoice;
    this.checkLimits(target, input);
    const seriesName = this.seriesFor(input.type, target.docType);
    const at = now();
    const number = series.nextNumber(input.type, seriesName);
    let note: Note;
    try {
      note = buildNote(original, input, { series: seriesName, number, issuedAt: limaDateTime(at), idBaseDato: randomUUID() });
    } catch (e) {
      if (e instanceof SaleValidationError) throw new CoreError('validation', `No se puede emitir la nota: ${e.errors[0]?.message ?? 'datos no válidos'}.`, [...e.errors]);
      throw e;
    }
    const total = money(note.monto_Imp_Venta);
    if (input.type === '07') this.checkTotal(target, total);
    const payments = this.refund(note, total, input);
    const cashier = this.d.cashier?.() ?? null;
    const id = documents.insert({
      id_base_dato: note.id_Base_Dato ?? randomUUID(),
      doc_type: input.type,
      series: seriesName,
      number,
      issued_at: note.fecha_Emision,
      issue_date: limaDate(at),
      currency: note.tipo_Moneda,
      customer_doc_type: note.cliente_Tipo_Doc,
      customer_doc_number: note.cliente_Num_Doc,
      customer_name: note.cliente_Razon_Social,
      total,
      igv: money(note.monto_Igv),
      payload: JSON.stringify(note),
      client_key: input.clientKey ?? null,
      demo: this.d.settings.isDemo(),
      cashier_id: cashier?.id ?? null,
      cashier_name: cashier?.name ?? null,
      cash_session_id: payments.length > 0 ? (this.d.cashSession?.() ?? null) : null,
    });
    const mode = noteReason(input.type, input.reason)?.mode ?? 'amount';
    const taken = input.type !== '07' ? [] : mode === 'whole' ? original.detalle.map((l, i) => ({ line: i + 1, quantity: String(l.cantidad) })) : mode === 'lines' ? (input.lines ?? []) : [];
    target.record(id, { reason: input.reason, description: input.description, mode }, taken);
    this.d.payments.record(id, payments);
    const row = documents.getById(id);
    if (!row) throw new CoreError('internal', 'No se pudo leer la nota recién guardada.');
    return row;
  }

  /** The note series of this till for a note type on a document type: the letter follows the document. */
  private seriesFor(type: '07' | '08', of: '01' | '03'): string {
    const n = this.d.settings.noteSeriesNames();
    if (type === '07') return of === '01' ? n.creditFactura : n.creditBoleta;
    return of === '01' ? n.debitFactura : n.debitBoleta;
  }

  /** What is left after earlier credit notes: a whole-document reason only when nothing was credited; lines by quantity. */
  private checkLimits(target: NoteTarget, input: NoteFields): void {
    if (input.type !== '07') return;
    const original = target.invoice;
    const mode = noteReason(input.type, input.reason)?.mode;
    const earlier = target.credits();
    if (mode === 'whole' && earlier.totals.length > 0) {
      throw new CoreError('note_exceeds', `${target.label} ya tiene notas de crédito: no se puede devolver o anular completo. Elija las líneas o el monto que quedan.`);
    }
    if (mode === 'lines') {
      const returned = new Map<number, Decimal>();
      for (const r of earlier.returned) returned.set(r.line, (returned.get(r.line) ?? new Decimal(0)).plus(r.quantity));
      const fields = (input.lines ?? []).flatMap((l, i) => {
        const sold = original.detalle[l.line - 1];
        if (!sold) return [{ path: `lines.${i}.line`, message: `El comprobante no tiene la línea ${l.line}` }];
        const left = new Decimal(String(sold.cantidad)).minus(returned.get(l.line) ?? 0);
        return new Decimal(l.quantity).gt(left) ? [{ path: `lines.${i}.quantity`, message: `De la línea ${l.line} quedan ${left.toString()} por devolver` }] : [];
      });
      if (fields.length > 0) throw new CoreError('note_exceeds', `La devolución excede lo que queda de ${target.label}: ${fields[0]!.message}.`, fields);
    }
    if (mode === 'amount') this.checkTotal(target, new Decimal(input.amount ?? '0').toFixed(2));
  }

  /** The credit notes' total never exceeds the document's total. */
  private checkTotal(target: NoteTarget, adding: string): void {
    const credited = target.credits().totals.reduce((sum, t) => sum.plus(t), new Decimal(0));
    const left = new Decimal(target.total).minus(credited);
    if (new Decimal(adding).gt(left)) {
      throw new CoreError('note_exceeds', `La nota excede lo que queda de ${target.label}: quedan ${left.toFixed(2)} de ${target.total}.`, [
        { path: 'amount', message: `Quedan ${left.toFixed(2)}` },
      ]);
    }
  }

  /** How a credit note's refund leaves the till: as a sale's payments, for the note's total. */
  private refund(note: Note, total: string, input: NoteFields): SettledPayment[] {
    if (!input.refund || input.type !== '07') return [];
    const symbol = findEntry(CURRENCIES, note.tipo_Moneda)?.symbol ?? note.tipo_Moneda;
    const settled = settleTenders(total, input.refund, this.d.settings.paymentMethods(), symbol);
    if (!settled.ok) throw new CoreError('validation', `Devolución: ${settled.message}.`, [{ path: 'refund', message: settled.message }]);
    return settled.payments;
  }
}

/** A boleta or factura of this till: its earlier notes from note_details and note_lines. */
function localTarget(of: DocumentRow, invoice: Invoice, notes: NotesRepository, others?: OtherCredits): NoteTarget {
  return {
    label: printed(of),
    docType: of.doc_type as '01' | '03',
    total: of.total,
    invoice,
    credits: () => ({
      totals: [...notes.countedCredits(of.id).map((n) => n.total), ...(others?.totals ?? [])],
      returned: [...notes.returnedQuantities(of.id), ...(others?.returned ?? [])],
    }),
    record: (noteId, detail, taken) => notes.record(noteId, { modifies_id: of.id, ...detail }, taken),
  };
}

/** The stored payload of a boleta or factura. */
function storedInvoice(row: DocumentRow): Invoice {
  try {
    return InvoiceSchema.parse(JSON.parse(row.payload));
  } catch {
    throw new CoreError('unreadable_payload', `Los datos guardados de ${printed(row)} no se pueden leer: no se puede emitir la nota.`);
  }
}
