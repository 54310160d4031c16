// Credit notes (07) and debit notes (08) on a document of this till. A note is a document of the same
// outbox (migration 0016): one immediate transaction takes the next number of the note series, builds the payload
// with the line math of a sale (shared/billing/build-note.ts), checks it against the strict NoteSchema and stores it
// 'pending' with a fresh id_Base_Dato, its link to the modified document and the quantities it takes back. The
// limits are checked inside that transaction BEFORE the number is taken (docs/sunat/notes.md: "a credit note never
// credits more than the document was worth, counting earlier notes"); a refusal rolls back and spends nothing.
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { InvoiceSchema, type Invoice, type Note } from '../../../shared/api';
import { buildNote, SaleValidationError } from '../../../shared/billing';
import { checkedReason, type EarlierCredits } from '../../../shared/billing/build-note';
import type { NoteInputParsed } from '../../../shared/bridge';
import { CURRENCIES, findEntry, limaDate, limaDateOf, limaDateTime, noteReason } from '../../../shared/catalog';
import { settleTenders, type SettledPayment } from '../../../shared/payments';
import type { Db, DocumentRow, DocumentsRepository, NotesRepository, PaymentsRepository, SeriesRepository } from '../db';
import type { NoteMode } from '../db/repositories/notes';
import { CoreError } from './errors';
import { checkRefund, type SaleMoney } from './refund-limits';
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
  /** The soles the open session's drawer should hold (null: no session open): a cash refund never exceeds it. */
  drawerCash?: () => string | null;
  /** The open cash session a refund leaves the drawer from (null when none is required). */
  cashSession?: () => number | null;
  seriesGuard?: () => void;
  /** Goods a credit note takes back return to the shelf in the note's own transaction (electron/core/stock/ledger.ts). */
  stock?: { returned(noteId: number, saleId: number | undefined, lines: readonly { line: number; code: string; quantity: string }[]): void };
  /**
   * A credit note on a sale charged to a customer's account lowers what the customer owes, in the note's own
   * transaction, and never gives money back (electron/core/accounts).
   */
  accounts?: { isCharged(documentId: number): boolean; noted(noteId: number, saleId: number | undefined, total: string): void };
}

/**
 * The credit note reasons that put goods back on the shelf: devolución total (06) and por ítem (07). A discount (04,
 * 05), a decrease in value (09) and the rest move money, not goods.
 */
export const RETURNS_GOODS: ReadonlySet<string> = new Set(['06', '07']);

/** A note is made only on a document SUNAT took: accepted, or accepted with observations. */
export const NOTE_TARGET_STATUSES = ['accepted', 'observed'];

/**
 * What a note is issued on: a document of this till, or a sale of another till as the shop server holds it
 * (electron/core/server/shop-returns.ts). Its earlier credit notes are read inside the transaction that spends the number.
 */
export interface NoteTarget {
  /** As printed: 'B001-00000024'. */
  label: string;
  /** The document's id in this till's database, when it is one of this till's. */
  documentId?: number;
  docType: '01' | '03';
  total: string;
  invoice: Invoice;
  /**
   * The credit notes that count against it: their totals, and per line (1-based) the quantities they took back. When
   * every one of them can be read: per line the amounts they credited (IGV included), and the IGV of each note. A line
   * return then takes exactly what is left of its line; without them, what is left is estimated from the quantities.
   */
  credits(): { totals: string[]; returned: { line: number; quantity: string }[]; credited?: { line: number; amount: string }[] | undefined; igv?: string[] | undefined };
  /** What the sale brought in and earlier notes gave back, by method; undefined when this till cannot know. */
  money?(): SaleMoney | undefined;
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

/** What a note would take from its document, worked out without spending a number (the shop server's hold). */
export interface NotePlan {
  /** The note's total, 2 decimals. */
  total: string;
  whole: boolean;
  /** The document's lines (1-based) it takes back. */
  taken: { line: number; quantity: string }[];
}

/** A note's draft: everything it will be, with the number it was drafted with. */
interface NoteDraft {
  at: Date;
  seriesName: string;
  number: number;
  note: Note;
  total: string;
  payments: SettledPayment[];
  mode: NoteMode;
  taken: { line: number; quantity: string }[];
}

const printed = (row: Pick<DocumentRow, 'series' | 'number'>) => `${row.series}-${String(row.number).padStart(8, '0')}`;
const money = (n: number) => new Decimal(String(n)).toFixed(2);

export class NoteService {
  private readonly tx: (input: NoteInputParsed, others: OtherCredits | undefined, idBaseDato: string) => DocumentRow;
  private readonly txOn: (target: NoteTarget, input: NoteFields, idBaseDato: string) => DocumentRow;

  constructor(private readonly d: NoteDeps) {
    this.tx = d.db.sqlite.transaction((input: NoteInputParsed, others: OtherCredits | undefined, idBaseDato: string) => this.store(input, others, idBaseDato)).immediate;
    this.txOn = d.db.sqlite.transaction((target: NoteTarget, input: NoteFields, idBaseDato: string) => {
      const existing = input.clientKey ? d.documents.getByClientKey(input.clientKey) : undefined;
      return existing ?? this.storeOn(target, input, idBaseDato);
    }).immediate;
  }

  /** Issues a note on a target that is not a document of this till (a sale of another till), once per client key. */
  issueOn(target: NoteTarget, input: NoteFields, idBaseDato: string = randomUUID()): DocumentRow {
    if (input.clientKey) {
      const existing = this.d.documents.getByClientKey(input.clientKey);
      if (existing) return existing;
    }
    this.d.seriesGuard?.();
    return this.txOn(target, input, idBaseDato);
  }

  /** The note already issued under this client key (a retry), if any. */
  issuedUnder(clientKey: string | undefined): DocumentRow | undefined {
    return clientKey ? this.d.documents.getByClientKey(clientKey) : undefined;
  }

  /** What a note on a document of this till would take: every check of `issue` runs, no number is spent. */
  plan(input: NoteInputParsed, others?: OtherCredits): NotePlan {
    return planOf(this.draft(this.targetOf(input, others), input, () => 1, randomUUID()));
  }

  /** What a note on another till's sale would take: every check of `issueOn` runs, no number is spent. */
  planOn(target: NoteTarget, input: NoteFields): NotePlan {
    return planOf(this.draft(target, input, () => 1, randomUUID()));
  }

  /**
   * Issues the note, once per client key (a retry of the same return answers the note already issued). `others`: the
   * credit notes other tills of the shop issued on this document, as the shop server holds them (shop-returns.ts).
   */
  issue(input: NoteInputParsed, others?: OtherCredits, idBaseDato: string = randomUUID()): DocumentRow {
    if (input.clientKey) {
      const existing = this.d.documents.getByClientKey(input.clientKey);
      if (existing) return existing;
    }
    this.d.seriesGuard?.();
    return this.tx(input, others, idBaseDato);
  }

  private store(input: NoteInputParsed, others: OtherCredits | undefined, idBaseDato: string): DocumentRow {
    const existing = input.clientKey ? this.d.documents.getByClientKey(input.clientKey) : undefined;
    if (existing) return existing;
    return this.storeOn(this.targetOf(input, others), input, idBaseDato);
  }

  /** A document of this till as a note's target, once it may take one. */
  private targetOf(input: NoteInputParsed, others?: OtherCredits): NoteTarget {
    const { documents } = this.d;
    const of = documents.getById(input.of);
    if (!of) throw new CoreError('not_found', `No existe el comprobante ${input.of}.`);
    if (of.doc_type !== '01' && of.doc_type !== '03') throw new CoreError('not_notable', 'Una nota se emite sobre una boleta o una factura, no sobre otra nota.');
    if (!NOTE_TARGET_STATUSES.includes(of.status)) {
      throw new CoreError('not_notable', `${printed(of)} no fue aceptado por SUNAT: solo se emite una nota sobre un comprobante aceptado.`);
    }
    // A document undone whole (anulación, devolución total) takes no more notes, not even a debit note.
    const whole = this.d.notes.notesOf(of.id).find((n) => n.doc_type === '07' && n.mode === 'whole' && n.status !== 'rejected' && n.status !== 'conflict');
    if (whole) throw new CoreError('not_notable', `${printed(of)} ya se anuló o devolvió completo con la nota de crédito ${printed(whole)}: no admite más notas.`);
    return localTarget(of, storedInvoice(of), this.d.notes, this.d.payments, this.d.db, others);
  }

  private storeOn(target: NoteTarget, input: NoteFields, idBaseDato: string): DocumentRow {
    const { documents, series } = this.d;
    const { at, seriesName, number, note, total, payments, mode, taken } = this.draft(target, input, (name) => series.nextNumber(input.type, name), idBaseDato);
    const cashier = this.d.cashier?.() ?? null;
    const id = documents.insert({
      id_base_dato: note.id_Base_Dato ?? idBaseDato,
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
    target.record(id, { reason: input.reason, description: input.description, mode }, taken);
    if (input.type === '07' && RETURNS_GOODS.has(input.reason)) {
      const back = taken.map((t) => ({ ...t, code: target.invoice.detalle[t.line - 1]?.cod_Producto ?? '' }));
      this.d.stock?.returned(id, target.documentId, back);
    }
    if (input.type === '07') this.d.accounts?.noted(id, target.documentId, total);
    this.d.payments.record(id, payments);
    const row = documents.getById(id);
    if (!row) throw new CoreError('internal', 'No se pudo leer la nota recién guardada.');
    return row;
  }

  /**
   * The note as it will be, every limit checked in order (reason, date, what is left, refund), the number taken from
   * `number` once the limits passed: a refusal spends nothing.
   */
  private draft(target: NoteTarget, input: NoteFields, number: (series: string) => number, idBaseDato: string): NoteDraft {
    const original = target.invoice;
    const at = this.d.now();
    this.checkReason(input);
    this.checkDate(target, at);
    const earlier = this.checkLimits(target, input);
    const seriesName = this.seriesFor(input.type, target.docType);
    const n = number(seriesName);
    let note: Note;
    try {
      note = buildNote(original, input, { series: seriesName, number: n, issuedAt: limaDateTime(at), idBaseDato }, earlier);
    } catch (e) {
      if (e instanceof SaleValidationError) throw new CoreError('validation', `No se puede emitir la nota: ${e.errors[0]?.message ?? 'datos no válidos'}.`, [...e.errors]);
      throw e;
    }
    const total = money(note.monto_Imp_Venta);
    if (input.type === '07') this.checkTotal(target, total);
    const payments = this.refund(note, total, input, target);
    const mode = noteReason(input.type, input.reason)?.mode ?? 'amount';
    const taken = input.type !== '07' ? [] : mode === 'whole' ? original.detalle.map((l, i) => ({ line: i + 1, quantity: String(l.cantidad) })) : mode === 'lines' ? (input.lines ?? []) : [];
    return { at, seriesName, number: n, note, total, payments, mode, taken };
  }

  /** The note series of this till for a note type on a document type: the letter follows the document. */
  private seriesFor(type: '07' | '08', of: '01' | '03'): string {
    const n = this.d.settings.noteSeriesNames();
    if (type === '07') return of === '01' ? n.creditFactura : n.creditBoleta;
    return of === '01' ? n.debitFactura : n.debitBoleta;
  }

  /** A reason Caja cannot build (SUNAT wants what a shop's sale never has) is refused whoever asks for it. */
  private checkReason(input: NoteFields): void {
    try {
      checkedReason(input.type, input.reason);
    } catch (e) {
      if (e instanceof SaleValidationError) throw new CoreError('validation', e.errors[0]?.message ?? 'Motivo no válido para este tipo de nota.', [...e.errors]);
      throw e;
    }
  }

  /**
   * SUNAT refuses a note dated before the document it modifies. The note is dated by this PC's clock (Lima), so a clock
   * set back would spend a number on a note SUNAT refuses: refused here, before the number.
   */
  private checkDate(target: NoteTarget, at: Date): void {
    const day = limaDate(at);
    const of = limaDateOf(target.invoice.fecha_Emision);
    if (of !== null && day < of) {
      throw new CoreError(
        'note_date',
        `La fecha de la nota (${day}) sería anterior a la de ${target.label} (${of}), y SUNAT la rechaza. Revise la fecha y la hora de esta computadora.`,
      );
    }
  }

  /**
   * What is left after earlier credit notes: a whole-document reason only when nothing was credited; lines by quantity.
   * Answers what the earlier notes took, for the note's amounts (build-note.ts).
   */
  private checkLimits(target: NoteTarget, input: NoteFields): EarlierCredits | undefined {
    if (input.type !== '07') return undefined;
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
    return {
      returned: earlier.returned,
      credited: earlier.credited,
      igv: earlier.igv?.reduce((sum, t) => sum.plus(t), new Decimal(0)).toFixed(2),
    };
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
  private refund(note: Note, total: string, input: NoteFields, target: NoteTarget): SettledPayment[] {
    if (!input.refund || input.type !== '07') return [];
    if (input.refund.length > 0 && target.documentId !== undefined && this.d.accounts?.isCharged(target.documentId)) {
      const message = 'Es una venta al crédito: la nota se descuenta de lo que debe el cliente y no devuelve dinero. Emítala sin devolución.';
      throw new CoreError('refund_exceeds', message, [{ path: 'refund', message }]);
    }
    const symbol = findEntry(CURRENCIES, note.tipo_Moneda)?.symbol ?? note.tipo_Moneda;
    const settled = settleTenders(total, input.refund, this.d.settings.paymentMethods(), symbol);
    if (!settled.ok) throw new CoreError('validation', `Devolución: ${settled.message}.`, [{ path: 'refund', message: settled.message }]);
    checkRefund(settled.payments, target.money?.(), note.tipo_Moneda === 'PEN' ? (this.d.drawerCash?.() ?? null) : null, symbol);
    return settled.payments;
  }
}

const planOf = (d: NoteDraft): NotePlan => ({ total: d.total, whole: d.mode === 'whole', taken: d.taken });

/**
 * A boleta or factura of this till: its earlier notes from note_details and note_lines; what they credited per line and
 * their IGV from their payloads, unless other tills' notes (known by quantities only) took lines or money too.
 */
function localTarget(of: DocumentRow, invoice: Invoice, notes: NotesRepository, payments: PaymentsRepository, db: Db, others?: OtherCredits): NoteTarget {
  return {
    money: () => {
      const paid = payments.of(of.id);
      const credit = invoice.forma_pago.some((p) => p.tipo === 'CREDITO');
      // A cash sale with no payments stored predates them: what it brought in is unknown, the drawer still bounds it.
      if (paid.length === 0 && !credit) return undefined;
      const counted = notes.notesOf(of.id).filter((n) => n.doc_type === '07' && n.status !== 'rejected' && n.status !== 'conflict');
      return { paid, refunded: counted.flatMap((n) => payments.of(n.id)), credit };
    },
    label: printed(of),
    documentId: of.id,
    docType: of.doc_type as '01' | '03',
    total: of.total,
    invoice,
    credits: () => {
      const own = creditedHere(db, of.id);
      return {
        totals: [...notes.countedCredits(of.id).map((n) => n.total), ...(others?.totals ?? [])],
        returned: [...notes.returnedQuantities(of.id), ...(others?.returned ?? [])],
        credited: (others?.returned.length ?? 0) === 0 ? own.credited : undefined,
        igv: (others?.totals.length ?? 0) === 0 ? own.igv : undefined,
      };
    },
    record: (noteId, detail, taken) => notes.record(noteId, { modifies_id: of.id, ...detail }, taken),
  };
}

/**
 * The credit notes of this till that count against a document (as NotesRepository counts them: any status but
 * rejected or conflict), read from their payloads: per line of the document the amount each took (its note_lines rows
 * and its payload's lines are in the same order, both written from the same list), and each note's IGV. `credited` is
 * undefined when a payload cannot be read.
 */
function creditedHere(db: Db, documentId: number): { credited: { line: number; amount: string }[] | undefined; igv: string[] } {
  const rows = db.sqlite
    .prepare(
      `SELECT l.document_id AS note, l.line, d.payload FROM note_lines l JOIN note_details n ON n.document_id = l.document_id
         JOIN documents d ON d.id = l.document_id
        WHERE n.modifies_id = ? AND d.doc_type = '07' AND d.status NOT IN ('rejected', 'conflict') ORDER BY l.document_id, l.rowid`,
    )
    .all(documentId) as { note: number; line: number; payload: string }[];
  const igv = db.sqlite
    .prepare(
      `SELECT d.igv FROM note_details n JOIN documents d ON d.id = n.document_id
        WHERE n.modifies_id = ? AND d.doc_type = '07' AND d.status NOT IN ('rejected', 'conflict')`,
    )
    .pluck()
    .all(documentId) as string[];
  const credited: { line: number; amount: string }[] = [];
  const lines = new Map<number, { monto_Valor_Venta?: unknown; igv?: unknown }[] | null>();
  const seen = new Map<number, number>();
  for (const r of rows) {
    if (!lines.has(r.note)) lines.set(r.note, payloadLines(r.payload));
    const k = seen.get(r.note) ?? 0;
    seen.set(r.note, k + 1);
    const l = lines.get(r.note)?.[k];
    if (!l || typeof l.monto_Valor_Venta !== 'number' || typeof l.igv !== 'number') return { credited: undefined, igv };
    credited.push({ line: r.line, amount: new Decimal(String(l.monto_Valor_Venta)).plus(String(l.igv)).toFixed(2) });
  }
  for (const [note, count] of seen) if (lines.get(note)?.length !== count) return { credited: undefined, igv };
  return { credited, igv };
}

function payloadLines(payload: string): { monto_Valor_Venta?: unknown; igv?: unknown }[] | null {
  try {
    const detalle = (JSON.parse(payload) as { detalle?: unknown }).detalle;
    return Array.isArray(detalle) ? (detalle as { monto_Valor_Venta?: unknown; igv?: unknown }[]) : null;
  } catch {
    return null;
  }
}

/** The stored payload of a boleta or factura. */
function storedInvoice(row: DocumentRow): Invoice {
  try {
    return InvoiceSchema.parse(JSON.parse(row.payload));
  } catch {
    throw new CoreError('unreadable_payload', `Los datos guardados de ${printed(row)} no se pueden leer: no se puede emitir la nota.`);
  }
}
