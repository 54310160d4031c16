// A return at this till of a sale made at another till of the shop (several tills). The sale is found on
// the shop server, and a note is issued on it with the lines and totals of the server's copy: the payload its till
// sent, byte for byte. The evidence a note stands on, checked again when the note is issued:
//  - the server holds the sale under that number, its payload readable and naming that same type, series and number
//    and this shop's RUC, and the server's total is the payload's;
//  - its till's status, as that till last pushed it to the server, is accepted or observed (a status the server has
//    not heard yet is no evidence: the sale must be accepted per the server's copy);
//  - SUNAT's word, which this till checks itself: a till's role writes its rows' status (and CDR) as it pleases, so a
//    row "accepted" is only that till's claim, and a stolen role could write a sale nobody made and have it paid out
//    in cash at another till. SUNAT's record of the sale (the API's lookup) must name it accepted and agree with the
//    payload, field by field as record-match.ts compares them, its total included; when the API cannot be asked (this
//    till offline), the CDR the server holds must be readable, accept it, and name this RUC, type, series, number and
//    customer (a CDR carries no total: the payload's is then the one the note stands on);
//  - what is left is decided by the shop server (sale-holds.ts): the note's amount and lines are held there before its
//    number is spent, in one transaction over every till's holds and notes, and released when the note is not stored;
//  - what is left is also counted here over every till: this till's notes on it (its own store, pushed or not) and the other
//    tills' credit notes the server holds (any status but rejected or conflict), their returned lines read from their
//    payloads. A note of another till that cannot be read refuses the return: what is left cannot be proven.
// A server that cannot be reached refuses the return in Spanish; nothing is spent (the limits run before a number).
import Decimal from 'decimal.js';
import { InvoiceSchema, type Invoice } from '../../../shared/api';
import type { NoteInputParsed, ShopNoteInputParsed, ShopSale, ShopSaleRef } from '../../../shared/bridge';
import { noteReason } from '../../../shared/catalog';
import type { Db, DocumentRow, DocumentsRepository } from '../db';
import { ShopNoteTargetsRepository, type ShopNoteSale } from '../db/repositories/shop-note-targets';
import { CoreError } from '../services/errors';
import { NOTE_TARGET_STATUSES, type NotePlan, type NoteService, type NoteTarget, type OtherCredits } from '../services/issue-note';
import { isApiError, type ApiClient } from '../api';
import { classifyCdr, readCdrZip, type CdrInfo } from '../cdr';
import { cdrEvidence } from '../outbox/reconcile';
import { RECEIPT_STATE_TEXT, receiptStateOf } from '../outbox/receipt-state';
import { compareAmount, compareRecord } from '../outbox/record-match';
import type { ShopSale as ServerSale } from './shop-notes';
import { findShopSale, shopSaleCdr } from './shop-notes';
import type { SaleHolds, SaleRef } from './sale-holds';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';

export interface ShopReturnsDeps {
  db: Db;
  documents: DocumentsRepository;
  notes: NoteService;
  /** A read on the shop server (ShopLink.readServer): refuses in Spanish when none is used or it does not answer. */
  read: <T>(fn: (pool: pg.Pool) => Promise<T>) => Promise<T>;
  /** This shop's RUC. */
  ruc: () => string;
  /** The shop server is in use and answered last time (a return at the counter never waits on a dead server). */
  online: () => boolean;
  /** Refuses a note on a document of this till while it is being voided (void-document.ts). */
  guardNote: (documentId: number) => void;
  /** The invoicing API: SUNAT's record of another till's sale is asked there. */
  api: Pick<ApiClient, 'receipt'>;
  /** False while the outbox knows the API unreachable: the record is not asked (no wait at the counter), the CDR stands. */
  apiReachable: () => boolean;
  /** The shop server's ledger of what is left of each sale. */
  holds: SaleHolds;
}

const printed = (series: string, number: number) => `${series}-${String(number).padStart(8, '0')}`;

export class ShopReturns {
  private readonly targets: ShopNoteTargetsRepository;

  constructor(private readonly d: ShopReturnsDeps) {
    this.targets = new ShopNoteTargetsRepository(d.db);
  }

  /** The sale of another till, as the server holds it, for the return dialog. */
  async find(ref: ShopSaleRef): Promise<ShopSale> {
    const { sale, invoice } = await this.fetch(ref);
    return {
      idBaseDato: sale.idBaseDato,
      terminal: sale.terminal,
      docType: sale.docType,
      series: sale.series,
      number: sale.number,
      issuedAt: sale.issuedAt,
      currency: invoice.tipo_Moneda,
      total: sale.total,
      status: sale.status,
      credited: sale.credited,
      payload: sale.payload ?? '',
    };
  }

  /**
   * Before a note on a sale of THIS till: the credit notes other tills issued on it, when the shop server is online.
   * Offline-first: without the server, this till's own notes are what is known (SUNAT's check of the credited total
   * still stands behind it). A note of another till that cannot be read refuses the return (what is left is unproven).
   */
  async othersOn(documentId: number): Promise<OtherCredits | undefined> {
    const row = this.d.documents.getById(documentId);
    if (!row || (row.doc_type !== '01' && row.doc_type !== '03') || !this.d.online()) return undefined;
    const sale = await this.d.read((pool) => findShopSale(pool, row.series, row.number)).catch(() => null);
    if (!sale || sale.idBaseDato !== row.id_base_dato) return undefined;
    const invoice = readInvoice(row.payload);
    if (!invoice) return undefined; // the note's own path refuses an unreadable payload
    const mine = new Set(sale.creditNotes.filter((n) => this.d.documents.getByIdBaseDato(n.idBaseDato)).map((n) => n.idBaseDato));
    const others = otherTillsReturned(sale, invoice, mine);
    if (others === 'unreadable') {
      throw new CoreError('note_exceeds', `Una nota de otra caja sobre ${printed(row.series, row.number)} no se puede leer en el servidor: no se puede comprobar lo que queda.`);
    }
    return others;
  }

  /** Issues the note; a sale of this till takes this till's own path (its notes are all here). */
  async issue(input: ShopNoteInputParsed): Promise<DocumentRow> {
    const { sale: ref, ...fields } = input;
    if (fields.clientKey) {
      const existing = this.d.documents.getByClientKey(fields.clientKey);
      if (existing) return existing;
    }
    const docType = ref.series.startsWith('F') ? '01' : '03';
    const local = this.d.documents.getBySeriesNumber(docType, ref.series, ref.number);
    if (local) {
      const others = await this.othersOn(local.id);
      this.d.guardNote(local.id);
      return this.issueOwn({ ...fields, of: local.id }, others);
    }
    const { sale, invoice } = await this.fetch(ref);
    if (!NOTE_TARGET_STATUSES.includes(sale.status)) {
      throw new CoreError(
        'not_notable',
        `${printed(sale.series, sale.number)} (de «${sale.terminal}») no figura aceptado por SUNAT en el servidor de la tienda: solo se emite una nota sobre un comprobante aceptado. ` +
          'Si esa caja ya lo declaró, espere a que lo informe al servidor.',
      );
    }
    await this.sunatAccepted(sale, invoice);
    const others = otherTillsReturned(sale, invoice, new Set(this.targets.countedCredits(sale.idBaseDato).map((n) => n.id_base_dato)));
    const target = this.target(sale, invoice, others);
    // Another till's sale is credited only with the server's word on what is left: no hold, no note.
    return this.held(sale, fields, () => this.d.notes.planOn(target, fields), (key) => this.d.notes.issueOn(target, fields, key), false);
  }

  /**
   * A note on a sale of this till: held on the shop server first when it answers (another till may credit the same
   * sale); without it, against this till's own ledger.
   */
  issueOwn(input: NoteInputParsed, others?: OtherCredits): Promise<DocumentRow> {
    const row = this.d.documents.getById(input.of);
    const docType = row?.doc_type;
    if (!row || (docType !== '01' && docType !== '03')) return Promise.resolve(this.d.notes.issue(input, others));
    const sale: SaleRef = { docType, series: row.series, number: row.number };
    return this.held(sale, input, () => this.d.notes.plan(input, others), (key) => this.d.notes.issue(input, others, key), true);
  }

  /**
   * Before a void of this till's sale is sent: held on the shop server when it answers, so that no till credits the
   * sale while its void stands, and refused (in Spanish) when some till's note already counts against it. Without the
   * server, this till's own notes decide (void-document.ts).
   */
  private async holdVoid(documentId: number): Promise<void> {
    const row = this.d.documents.getById(documentId);
    if (!row || (row.doc_type !== '01' && row.doc_type !== '03')) return;
    await this.d.holds.holdVoid({ docType: row.doc_type, series: row.series, number: row.number });
  }

  /** Before each send of a void: why it must not leave (a note of some till counts against the sale), or null. */
  async whyNotVoid(documentId: number): Promise<string | null> {
    try {
      await this.holdVoid(documentId);
      return null;
    } catch (e) {
      if (e instanceof CoreError && e.code === 'not_voidable') return `No se envió: ${e.message}`;
      // Any other failure of the server is its absence: the void goes on this till's own ledger, as offline.
      return null;
    }
  }

  /**
   * Plans the note (every limit checked, no number spent), holds it on the server under the note's id_Base_Dato, then
   * issues it; a note that is not stored releases its hold. A retry of a note already issued holds nothing.
   */
  private async held(
    sale: SaleRef,
    fields: { type: '07' | '08'; clientKey?: string | undefined },
    plan: () => NotePlan,
    issue: (idBaseDato: string) => DocumentRow,
    offlineOk: boolean,
  ): Promise<DocumentRow> {
    const existing = this.d.notes.issuedUnder(fields.clientKey);
    if (existing) return existing;
    const p = plan();
    const key = randomUUID();
    const held = await this.d.holds.hold({ key, sale, kind: fields.type, amount: fields.type === '07' ? p.total : '0', whole: p.whole, lines: p.taken });
    if (held === 'offline' && !offlineOk) {
      throw new CoreError('server_unavailable', `No se pudo reservar la devolución en el servidor de la tienda: ${printed(sale.series, sale.number)} es de otra caja y sin el servidor no se puede comprobar lo que queda.`);
    }
    try {
      return issue(key);
    } catch (e) {
      if (held === 'held') await this.d.holds.release(key);
      throw e;
    }
  }

  /**
   * SUNAT's evidence that the sale was accepted as the server's copy of it says, or a refusal in Spanish (before any
   * number is spent). The record, when the API answers, decides: one that differs, is not accepted, or is not there
   * refuses. Only when the API cannot be asked, or its record shows too little (no total), does the CDR stand.
   */
  private async sunatAccepted(sale: ServerSale, invoice: Invoice): Promise<void> {
    const label = printed(sale.series, sale.number);
    const refuse = (why: string) =>
      new CoreError('not_notable', `No se emite la nota: no se puede comprobar con SUNAT que ${label} (de «${sale.terminal}») fue aceptada; ${why}.`);
    if (compareAmount(sale.total, invoice.monto_Imp_Venta, 2) !== 'same') {
      throw new CoreError('unreadable_payload', `Los datos de ${label} en el servidor de la tienda no cuadran (total S/ ${sale.total}, sus líneas S/ ${String(invoice.monto_Imp_Venta)}): no se puede emitir la nota.`);
    }
    let unavailable = 'no hay conexión con SUNAT';
    if (this.d.apiReachable()) {
      try {
        const record = await this.d.api.receipt(sale.docType === '01' ? 'factura' : 'boleta', { ruc: invoice.empresa_Ruc, series: sale.series, number: String(sale.number) });
        const checks = compareRecord(record, invoice);
        const different = checks.filter((c) => c.verdict === 'different').map((c) => c.label);
        if (different.length > 0) throw refuse(`SUNAT registra otros datos (${different.join(', ')})`);
        const state = receiptStateOf(String(record.indicadorEstado ?? ''));
        if (state !== 'accepted') throw refuse(`SUNAT la tiene ${RECEIPT_STATE_TEXT[state]}`);
        const shown = (label: string) => checks.find((c) => c.label === label)?.verdict === 'same';
        if (shown('serie') && shown('número') && shown('importe total')) return;
        unavailable = 'el registro de SUNAT no muestra su importe';
      } catch (e) {
        if (e instanceof CoreError) throw e;
        if (isApiError(e) && e.kind === 'not_found') throw refuse('SUNAT no tiene registro de esa venta');
        unavailable = `no se pudo consultar a SUNAT (${isApiError(e) ? e.message : 'error inesperado'})`;
      }
    }
    const zip = await this.d.read((pool) => shopSaleCdr(pool, sale.idBaseDato));
    if (!zip) throw refuse(`${unavailable}, y el servidor de la tienda no tiene su constancia (CDR)`);
    let cdr: CdrInfo;
    try {
      cdr = await readCdrZip(zip);
    } catch {
      throw refuse(`${unavailable}, y su constancia (CDR) en el servidor de la tienda no se puede leer`);
    }
    const verdict = classifyCdr(cdr);
    if (verdict !== 'accepted' && verdict !== 'observed') throw refuse(`su constancia (CDR) no la acepta (código ${cdr.code})`);
    const evidence = cdrEvidence(cdr, zip, invoice);
    if (evidence.reference !== 'same' || !namesDocument(cdr.fileName ?? '', invoice.empresa_Ruc, sale.docType, sale.series, sale.number)) {
      throw refuse(`${unavailable}, y la constancia (CDR) del servidor de la tienda es de otro comprobante`);
    }
    if (evidence.recipient === 'different') throw refuse(`${unavailable}, y la constancia (CDR) del servidor de la tienda nombra a otro cliente`);
  }

  private async fetch(ref: ShopSaleRef): Promise<{ sale: ServerSale; invoice: Invoice }> {
    const label = printed(ref.series, ref.number);
    const sale = await this.d.read((pool) => findShopSale(pool, ref.series, ref.number)).catch((e: unknown) => {
      if (e instanceof CoreError && e.code === 'server_unavailable') {
        throw new CoreError('server_unavailable', `La venta ${label} no es de esta caja, y no se pudo buscar en el servidor de la tienda: ${e.message}`);
      }
      throw e;
    });
    if (!sale) throw new CoreError('not_found', `No se encontró la venta ${label} en esta caja ni en el servidor de la tienda.`);
    if (sale.payload === null) throw new CoreError('too_large', `La venta ${label} en el servidor de la tienda es demasiado grande para abrirla aquí.`);
    let invoice: Invoice;
    try {
      invoice = InvoiceSchema.parse(JSON.parse(sale.payload));
    } catch {
      throw new CoreError('unreadable_payload', `Los datos de ${label} en el servidor de la tienda no se pueden leer: no se puede emitir la nota.`);
    }
    if (invoice.tipo_Doc !== sale.docType || invoice.serie !== sale.series || Number(invoice.correlativo) !== sale.number) {
      throw new CoreError('unreadable_payload', `Los datos de ${label} en el servidor de la tienda nombran otro comprobante: no se puede emitir la nota.`);
    }
    if (invoice.empresa_Ruc !== this.d.ruc()) {
      throw new CoreError('not_notable', `${label} en el servidor de la tienda es de otro RUC (${invoice.empresa_Ruc}): esta caja no puede emitir una nota sobre él.`);
    }
    return { sale, invoice };
  }

  /** The sale as a note's target: this till's notes from its store, the other tills' from the server's copy. */
  private target(sale: ServerSale, invoice: Invoice, others: OtherTills): NoteTarget {
    const ref: ShopNoteSale = {
      idBaseDato: sale.idBaseDato, terminal: sale.terminal, docType: sale.docType, series: sale.series, number: sale.number,
      issuedAt: sale.issuedAt, total: sale.total, status: sale.status,
    };
    return {
      label: printed(sale.series, sale.number),
      docType: sale.docType,
      total: sale.total,
      invoice,
      credits: () => {
        if (others === 'unreadable') {
          throw new CoreError('note_exceeds', `Una nota de otra caja sobre ${printed(sale.series, sale.number)} no se puede leer en el servidor: no se puede comprobar lo que queda.`);
        }
        return {
          totals: [...this.targets.countedCredits(sale.idBaseDato).map((n) => n.total), ...others.totals],
          returned: [...this.targets.returnedQuantities(sale.idBaseDato), ...others.returned],
        };
      },
      record: (noteId, detail, taken) => this.targets.record(noteId, ref, detail, taken),
    };
  }
}

type OtherTills = OtherCredits | 'unreadable';

/** A CDR's response entry is named for the document it answers: 'R-20100070970-03-B001-1.xml' (folder left out). */
function namesDocument(fileName: string, ruc: string, docType: string, series: string, number: number): boolean {
  const m = /^R-(\d{11})-(\d{2})-([A-Z0-9]{4})-0*(\d{1,8})\.xml$/i.exec(fileName.split('/').pop() ?? '');
  return !!m && m[1] === ruc && m[2] === docType && m[3]!.toUpperCase() === series.toUpperCase() && Number(m[4]) === number;
}

function readInvoice(payload: string): Invoice | null {
  try {
    return InvoiceSchema.parse(JSON.parse(payload));
  } catch {
    return null;
  }
}

interface NoteLine {
  cantidad: number | string;
  cod_Producto: string;
  descripcion: string;
  unidad: string;
}

/**
 * The other tills' counted credit notes on the sale (not this till's: its own store knows those better), and the
 * quantities they took back per line of the sale, read from their payloads: a whole return takes every line; a return
 * by lines takes each of its lines from the sale's lines of the same product, description and unit (identical lines
 * are interchangeable, filled in order up to what was sold); an amount takes no line. A note whose lines cannot be
 * placed makes the whole reading 'unreadable'.
 */
export function otherTillsReturned(sale: ServerSale, invoice: Invoice, mine: ReadonlySet<string>): OtherTills {
  const totals: string[] = [];
  const taken = invoice.detalle.map(() => new Decimal(0));
  for (const n of sale.creditNotes.filter((c) => !mine.has(c.idBaseDato))) {
    totals.push(n.total);
    let note: { motivo_Cod?: unknown; detalle?: NoteLine[] };
    try {
      note = JSON.parse(n.payload ?? '') as typeof note;
    } catch {
      return 'unreadable';
    }
    const mode = noteReason('07', String(note.motivo_Cod ?? ''))?.mode;
    if (mode === 'amount') continue;
    if (mode === 'whole') {
      invoice.detalle.forEach((l, i) => (taken[i] = new Decimal(String(l.cantidad))));
      continue;
    }
    if (mode !== 'lines' || !Array.isArray(note.detalle)) return 'unreadable';
    for (const nl of note.detalle) {
      let left = new Decimal(String(nl.cantidad));
      invoice.detalle.forEach((l, i) => {
        if (left.lte(0) || l.cod_Producto !== nl.cod_Producto || l.descripcion !== nl.descripcion || l.unidad !== nl.unidad) return;
        const room = Decimal.max(new Decimal(String(l.cantidad)).minus(taken[i]!), 0);
        const take = Decimal.min(room, left);
        taken[i] = taken[i]!.plus(take);
        left = left.minus(take);
      });
      if (left.gt(0)) return 'unreadable';
    }
  }
  const returned = taken.flatMap((q, i) => (q.gt(0) ? [{ line: i + 1, quantity: q.toString() }] : []));
  return { totals, returned };
}
