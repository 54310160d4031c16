// What a printed document shows, independent of where it comes from: a local document (its stored Invoice payload)
// or a receipt record looked up through the API (record-data.ts). Both templates (80/58 mm ticket, A4) and the raw
// ESC/POS job (electron/core/printing/escpos/) read this.
import Decimal from 'decimal.js';
import type { Invoice, Note } from '../api';
import type { DocStatus, DocumentDetail, SettingsView } from '../bridge';
import { cancellingNote, limaDateOf, noteReason, noteTitle, type NoteDocType } from '../catalog';
import { anonymous, cashAndChange, currencyOf, docLabel, docNameOf, exchangeRateText, money, padded, unitName, unitPriceText } from './format';
import { NOT_DECLARED_MARKS, OPEN_STATUSES } from '../bridge/status';
import { qrText } from './qr-text';
import { dollarChangeInSoles } from '../cash/dollars';

export interface TicketLine {
  quantity: string;
  unit: string;
  /** The unit as printed ('UNIDAD', 'KILOGRAMO'), never the catalogue code. */
  unitName: string;
  code: string;
  description: string;
  /** Unit price including IGV, with the decimals it has (2 to 10). */
  unitPrice: string;
  /** Exonerated from IGV (affectation 20): marked on the line. */
  exonerated: boolean;
  /** What the line costs the customer (IGV included, ICBPER apart), 2 decimals. */
  total: string;
  bag: boolean;
  /** A discounted line: its list price and total, and what was taken off (line and sale share). */
  discount?: { listPrice: string; listTotal: string; amount: string };
}

export interface Installment {
  number: number;
  amount: string;
  /** YYYY-MM-DD */
  dueDate: string;
}

export interface TicketData {
  issuer: { ruc: string; name: string; tradeName: string; address: string };
  docType: '01' | '03' | '07' | '08';
  /** 'BOLETA DE VENTA ELECTRÓNICA', 'FACTURA ELECTRÓNICA', 'NOTA DE CRÉDITO ELECTRÓNICA' or 'NOTA DE DÉBITO ELECTRÓNICA'. */
  docName: string;
  /**
   * A note: the document it modifies, as printed ('BOLETA DE VENTA B001-00000024'), its issue date
   * (dd/mm/yyyy, when known) and the reason ('07 Devolución por ítem: ...').
   */
  modifies?: { document: string; issueDate: string | null; reason: string };
  series: string;
  /** The correlative without padding. */
  number: string;
  /** 'B001-00000001'. */
  seriesNumber: string;
  /** Issue date (and time when known) as printed: '01/03/2026 10:30:00'. */
  issuedAt: string;
  /** Lima issue date, YYYY-MM-DD ('' when unknown). */
  issueDate: string;
  /** Due date of a credit sale as printed (dd/mm/yyyy), when known. */
  dueDate: string | null;
  currency: string;
  currencySymbol: string;
  currencyWords: string;
  /** A dollar document's exchange rate as printed ('S/ 3.751 por US$ 1'); absent for soles. */
  exchangeRate?: string | null;
  /** null for an anonymous buyer. */
  customer: { docType: string; docLabel: string; docNumber: string; name: string; address: string } | null;
  lines: TicketLine[];
  /** igvRate: the IGV percentage of the taxed lines ('18', '10.5'), null when none is known. */
  totals: { gravadas: string; exoneradas: string; igv: string; icbper: string; total: string; igvRate: string | null };
  /** The amount in words (legend 1000). */
  words: string;
  /** Other legends. */
  legends: { code: string; value: string }[];
  payment: {
    /** null when the source does not say (a lookup record carries no payment form). */
    method: 'CONTADO' | 'CREDITO' | null;
    installments: Installment[];
    /** Cash received and change due, when only the till's screen knows them (a document older than its payments). */
    cash: { received: string; change: string } | null;
    /** How the sale was paid, as stored with the document: method, amount handed over, operation number. */
    tenders: { label: string; amount: string; reference: string }[];
    /** The change given, when the payments are stored. */
    change: string | null;
    /** A dollar sale's change, handed back in soles at its exchange rate ('12.60' for US$ 3.36 at 3.751). */
    changeInSoles?: string | null;
  };
  /** The "Resumen" (digest value), once the API returned it. */
  hash: string | null;
  /** The QR code's text. */
  qr: string;
  /** A copy: prints "REIMPRESIÓN". */
  copy: boolean;
  /** Which copy this is (1 = first reprint), when known. */
  copyNumber: number | null;
  /** Who issued it, when known. */
  cashier: string | null;
  /** Every discount of the sale together, when it had any. */
  discountTotal: string | null;
  demo: boolean;
  status?: DocStatus;
  /** Not yet accepted by SUNAT (issued offline or still being sent): the ticket says so. */
  awaitingSunat?: boolean;
  /**
   * Without tax validity: 'RECHAZADO' (SUNAT rejected it) or 'NO DECLARADO' (the API refused it), printed
   * prominently near the top of every copy, with why; absent for any other status.
   */
  notDeclared?: { mark: string; reason: string; replacedBy: string | null };
}

/** Why a printed document has no tax validity, in one line under its mark. */
const NOT_DECLARED_REASONS: Partial<Record<DocStatus, string>> = {
  rejected: 'Este comprobante no tiene validez tributaria: SUNAT lo rechazó.',
  invalid: 'Este comprobante no tiene validez tributaria: no fue declarado a SUNAT.',
};

/** A document whose void SUNAT accepted: its own status may still read accepted, its copies must not look valid. */
const VOIDED_MARK = { mark: 'ANULADO', reason: 'SUNAT aceptó su anulación: este comprobante no tiene validez tributaria.', replacedBy: null };

/** What says, above everything else, that a printed document no longer stands (or never did). */
function markOf(detail: DocumentDetail): Pick<TicketData, 'notDeclared'> {
  if (detail.voided) return { notDeclared: VOIDED_MARK };
  const cancelling = cancellingNote(detail.notes ?? []);
  if (cancelling) {
    const by = padded(cancelling.series, cancelling.number);
    return { notDeclared: { mark: 'ANULADO', reason: `Anulado mediante la nota de crédito ${by}: este comprobante ya no tiene efecto.`, replacedBy: null } };
  }
  const mark = notDeclaredOf(detail.status, detail.reissuedAs ?? null);
  return mark ? { notDeclared: mark } : {};
}

/** The mark of a rejected or invalid document, or undefined for any other status. */
export function notDeclaredOf(status: DocStatus, replacedBy: { series: string; number: number } | null = null): TicketData['notDeclared'] {
  const mark = NOT_DECLARED_MARKS[status];
  const reason = NOT_DECLARED_REASONS[status];
  if (!mark || !reason) return undefined;
  return { mark, reason, replacedBy: replacedBy ? padded(replacedBy.series, replacedBy.number) : null };
}

/** '2026-03-01T10:30:00-05:00' → '01/03/2026 10:30:00' (the Lima wall-clock time as written). */
function printedDateTime(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2}:\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}` : iso;
}

export interface DocumentTicketOptions {
  /** A copy of a document printed before. */
  copy: boolean;
  /** The cash the customer handed over, when the till knows it (right after issuing). */
  cashReceived?: string;
}

/** A local document: its payload is the Invoice exactly as sent; the issuer's names come from Ajustes. */
export function ticketFromDocument(detail: DocumentDetail, company: SettingsView['company'], options: DocumentTicketOptions): TicketData {
  const data = ticketOfDocument(detail, company, options);
  // A dollar sale gives its change in soles, at the rate it was converted at.
  const change = data.payment.change ?? data.payment.cash?.change ?? null;
  if (data.currency !== 'USD' || !detail.exchangeRate || change === null || !new Decimal(change).greaterThan(0)) return data;
  return { ...data, payment: { ...data.payment, changeInSoles: dollarChangeInSoles(change, detail.exchangeRate) } };
}

function ticketOfDocument(detail: DocumentDetail, company: SettingsView['company'], options: DocumentTicketOptions): TicketData {
  // A note's payload is an invoice's without forma_pago, plus its reference and reason (shared/api/note.ts).
  const invoice = JSON.parse(detail.payload) as Invoice & Partial<Pick<Note, 'afectado_Tipo_Doc' | 'afectado_Num_Doc' | 'motivo_Cod' | 'motivo_Des'>>;
  const isNote = (invoice.tipo_Doc as string) === '07' || (invoice.tipo_Doc as string) === '08';
  const docType = invoice.tipo_Doc as TicketData['docType'];
  const words = invoice.legend.find((l) => l.legend_Code === '1000')?.legend_Value ?? '';
  const icbper = new Decimal(invoice.total_Impuestos).minus(invoice.monto_Igv);
  const currency = currencyOf(invoice.tipo_Moneda);
  const issueDate = limaDateOf(invoice.fecha_Emision) ?? invoice.fecha_Emision.slice(0, 10);
  const total = money(invoice.monto_Imp_Venta);
  const credit = (invoice.forma_pago ?? []).filter((p) => p.tipo === 'CREDITO');
  const identified = !anonymous(invoice.cliente_Tipo_Doc, invoice.cliente_Num_Doc);
  return {
    issuer: { ruc: invoice.empresa_Ruc, name: company.name, tradeName: company.tradeName, address: company.address },
    docType,
    docName: isNote ? noteTitle(docType as NoteDocType) : docNameOf(invoice.tipo_Doc),
    ...(isNote ? { modifies: modifiesOf(invoice, detail) } : {}),
    series: invoice.serie,
    number: String(Number(invoice.correlativo)),
    seriesNumber: padded(invoice.serie, Number(invoice.correlativo)),
    issuedAt: printedDateTime(invoice.fecha_Emision),
    issueDate,
    dueDate: null,
    currency: invoice.tipo_Moneda,
    currencySymbol: currency.symbol,
    currencyWords: currency.words,
    exchangeRate: detail.exchangeRate ? exchangeRateText(detail.exchangeRate) : null,
    customer: identified
      ? {
          docType: invoice.cliente_Tipo_Doc,
          docLabel: docLabel(invoice.cliente_Tipo_Doc),
          docNumber: invoice.cliente_Num_Doc,
          name: invoice.cliente_Razon_Social,
          address: invoice.cliente_Direccion === '-' ? '' : invoice.cliente_Direccion,
        }
      : null,
    lines: invoice.detalle.map((l, i) => ({
      quantity: String(l.cantidad),
      unit: l.unidad,
      unitName: unitName(l.unidad),
      code: l.cod_Producto,
      description: l.descripcion,
      unitPrice: unitPriceText(l.monto_Precio_Unitario),
      exonerated: l.tip_Afe_Igv === '20',
      total: money(new Decimal(l.monto_Valor_Venta).plus(l.igv)),
      bag: l.factor_Icbper !== undefined,
      ...discountOf(detail, i),
    })),
    totals: {
      gravadas: money(invoice.monto_Oper_Gravadas),
      exoneradas: money(invoice.monto_Oper_Exoneradas ?? 0),
      igv: money(invoice.monto_Igv),
      icbper: money(icbper),
      total,
      igvRate: igvRateOf(invoice),
    },
    words,
    legends: invoice.legend.filter((l) => l.legend_Code !== '1000').map((l) => ({ code: l.legend_Code, value: l.legend_Value })),
    // A note has no payment form of its own: it prints only the money it gave back, if any, under "Devolución".
    payment: isNote
      ? { method: null, installments: [], cash: null, tenders: (detail.payments ?? []).map((p) => ({ label: p.label, amount: p.applied, reference: p.reference })), change: null }
      : {
          method: credit.length > 0 ? 'CREDITO' : 'CONTADO',
          installments: credit.map((p, i) => ({ number: p.cuota ?? i + 1, amount: money(p.monto), dueDate: p.fecha_Pago.slice(0, 10) })),
          ...paymentsOf(detail, credit.length > 0, options.cashReceived, total),
        },
    hash: detail.hash,
    qr: qrText({
      ruc: invoice.empresa_Ruc,
      docType,
      series: invoice.serie,
      number: invoice.correlativo,
      igv: invoice.monto_Igv,
      total: invoice.monto_Imp_Venta,
      issueDate,
      customerDocType: invoice.cliente_Tipo_Doc,
      customerDocNumber: invoice.cliente_Num_Doc,
      hash: detail.hash,
    }),
    copy: options.copy,
    copyNumber: options.copy ? detail.reprints + 1 : null,
    cashier: detail.cashierName ?? null,
    discountTotal: detail.discountTotal ?? null,
    demo: detail.demo,
    status: detail.status,
    awaitingSunat: !detail.voided && OPEN_STATUSES.includes(detail.status),
    ...markOf(detail),
  };
}

/** The same words, whatever their case and spacing. */
const sameText = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/** What a note modifies, as printed: "BOLETA DE VENTA B001-00000024", its date, and the reason with its code. */
function modifiesOf(note: { tipo_Doc: string } & Partial<Pick<Note, 'afectado_Tipo_Doc' | 'afectado_Num_Doc' | 'motivo_Cod' | 'motivo_Des'>>, detail: DocumentDetail): NonNullable<TicketData['modifies']> {
  const [series = '', number = ''] = (note.afectado_Num_Doc ?? '').split('-');
  const kind = note.afectado_Tipo_Doc === '01' ? 'FACTURA' : 'BOLETA DE VENTA';
  const type = (note.tipo_Doc === '08' ? '08' : '07') as NoteDocType;
  const label = noteReason(type, note.motivo_Cod ?? '')?.label ?? '';
  const issued = detail.modifies?.issuedAt ? limaDateOf(detail.modifies.issuedAt) : null;
  return {
    document: `${kind} ${padded(series, Number(number) || number)}`,
    issueDate: issued ? `${issued.slice(8, 10)}/${issued.slice(5, 7)}/${issued.slice(0, 4)}` : null,
    // The description after the reason's label, unless it only repeats it (a return at the till describes itself by
    // the label): the reason is printed once.
    reason: `${note.motivo_Cod ?? ''} ${label}${note.motivo_Des && !sameText(note.motivo_Des, label) ? `: ${note.motivo_Des}` : ''}`.trim(),
  };
}

/** The list price and discount of line `position`, when it was discounted. */
function discountOf(detail: DocumentDetail, position: number): Pick<TicketLine, 'discount'> {
  const d = (detail.discounts ?? []).find((x) => x.position === position);
  if (!d) return {};
  return { discount: { listPrice: unitPriceText(d.listPrice), listTotal: money(d.listTotal), amount: money(new Decimal(d.lineDiscount).plus(d.saleShare)) } };
}

/** The IGV percentage of the taxed lines (affectation 10), as printed: '18', '10.5'. */
function igvRateOf(invoice: Invoice): string | null {
  const taxed = invoice.detalle.find((l) => l.tip_Afe_Igv === '10');
  return taxed ? new Decimal(taxed.porcentaje_Igv).toString() : null;
}

export { ticketFromRecord } from './record-data';

/** The stored payments of the document when it has them; else the cash typed on the till, as before payments were stored. */
function paymentsOf(detail: DocumentDetail, credit: boolean, cashReceived: string | undefined, total: string): Pick<TicketData['payment'], 'cash' | 'tenders' | 'change'> {
  if (credit) return { cash: null, tenders: [], change: null };
  const stored = detail.payments ?? [];
  if (stored.length === 0) return { cash: cashAndChange(cashReceived, total), tenders: [], change: null };
  const change = stored.reduce((sum, p) => sum.plus(p.tendered).minus(p.applied), new Decimal(0));
  return {
    cash: null,
    tenders: stored.map((p) => ({ label: p.label, amount: p.tendered, reference: p.reference })),
    change: money(change),
  };
}
