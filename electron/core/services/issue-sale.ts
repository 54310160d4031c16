import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { InvoiceSchema, type Invoice } from '../../../shared/api';
import {
  buildInvoice, draftFromInvoice, installmentsDueBy, linesInDollars, NO_RATE_MESSAGE, SaleValidationError, solesToDollars,
  type DueInstallment, type SaleCustomer, type SaleDraftInput,
} from '../../../shared/billing';
import type { SaleInputParsed } from '../../../shared/bridge';
import { REISSUABLE_STATUSES } from '../../../shared/bridge/status';
import { CURRENCIES, findEntry, limaDate, limaDateTime } from '../../../shared/catalog';
import { Dec } from '../../../shared/billing/decimal';
import { discountNeedsApproval, discountSale } from '../../../shared/discounts';
import { priceCutsAsDiscounts, type CatalogPrice } from '../../../shared/discounts/price-cuts';
import { missingOperationNumbers, OPERATION_NUMBER_MISSING, operationNumberMessage, settleTenders, type SettledPayment, type Tender } from '../../../shared/payments';
import type { Approval } from '../../../shared/bridge';
import type { Db, DiscountsRepository, DocumentRow, DocumentsRepository, LineDiscountRecord, PaymentsRepository, SeriesRepository } from '../db';
import type { CustomersService } from './customers';
import { CoreError } from './errors';
import type { SettingsService } from './settings';

export interface IssueDeps {
  db: Db;
  documents: DocumentsRepository;
  payments: PaymentsRepository;
  discounts: DiscountsRepository;
  series: SeriesRepository;
  settings: SettingsService;
  customers: CustomersService;
  now: () => Date;
  /** Who is signed in: recorded on the document and printed on the ticket. */
  cashier?: () => { id: number; name: string } | null;
  /** Refuses selling when this till's series belongs to another till on the shop server. */
  seriesGuard?: () => void;
  /** The cash session the sale belongs to; throws when selling needs an open one and there is none. */
  cashSession?: () => number | null;
  /**
   * A supervisor's consent for discounts beyond the limit: who approved, or a refusal (CoreError) asking for
   * the PIN. Without it no discount needs approval (test rigs).
   */
  approveDiscount?: (what: string, approval: Approval | undefined) => { name: string } | null;
  /** Today's exchange rate (soles per dollar) a dollar sale converts at; null: none yet, dollar sales are refused. */
  exchangeRate?: () => string | null;
  /** The catalogue's price of a code (a lower price typed at the till is a discount); undefined: none. */
  catalogPrice?: (code: string) => CatalogPrice | undefined;
  /** Failures after the commit are reported here and never fail the sale. */
  log?: { warn(message: string, data?: Record<string, unknown>): void };
  /** The sale's goods leave the shelf in the sale's own transaction (electron/core/stock/ledger.ts). */
  stock?: { sold(documentId: number, lines: readonly { code: string; quantity: string | number }[]): void };
  /**
   * A sale on credit (a factura with cuotas, a boleta on account) charges the customer's account: the limit is checked
   * before the transaction (a supervisor beyond it), the charge is written in the sale's own (electron/core/accounts).
   */
  accounts?: {
    checkSale(invoice: Invoice, onAccount: boolean, approval: Approval | undefined): void;
    chargeSale(documentId: number, invoice: Invoice, onAccount: boolean): void;
  };
}

/** What the discounts of a sale leave on record: per discounted line, and for the whole document. */
interface DiscountRecord {
  lines: LineDiscountRecord[];
  total: string;
  approvedBy: string | null;
}

type Draft = Omit<SaleDraftInput, 'number'> & { clientKey?: string; tenders?: Tender[]; discounts?: DiscountRecord; exchangeRate?: string; onAccount?: boolean };

/**
 * The hot path (docs/architecture.md §2, step 2): in ONE immediate transaction take the next number of the terminal's series,
 * build the Invoice JSON, check it against the strict API schema and store it as `pending`. The returned document
 * is printable before any network call; the outbox sends it later.
 */
export class IssueService {
  private readonly tx: (draft: Draft, built: Invoice) => { row: DocumentRow; invoice: Invoice | undefined };
  private readonly reissueTx: (old: DocumentRow) => DocumentRow;
  private readonly correctTx: (old: DocumentRow, customer: SaleCustomer) => { row: DocumentRow; invoice: Invoice };

  constructor(private readonly deps: IssueDeps) {
    this.tx = deps.db.sqlite.transaction((draft: Draft, built: Invoice) => this.store(draft, built)).immediate;
    this.reissueTx = deps.db.sqlite.transaction((old: DocumentRow) => this.storeReissue(old)).immediate;
    this.correctTx = deps.db.sqlite.transaction((old: DocumentRow, customer: SaleCustomer) => this.storeCorrection(old, customer)).immediate;
  }

  /**
   * Issues the sale, once per client key: a second call with the key of a sale already issued (the cashier pressed
   * F12 again after an error) returns the same document and spends no number.
   */
  issue(input: SaleInputParsed): DocumentRow {
    const { settings, now } = this.deps;
    if (input.clientKey) {
      const existing = this.deps.documents.getByClientKey(input.clientKey);
      if (existing) return existing;
    }
    this.deps.seriesGuard?.();
    const names = settings.seriesNames();
    const series = input.docType === '01' ? names.factura : names.boleta;
    const { lineDiscounts, saleDiscount, approval, ...sale } = input;
    // A dollar sale is priced from the catalogue's soles at today's rate: without a rate there is no price to charge.
    const exchangeRate = sale.currency === 'USD' ? this.deps.exchangeRate?.() ?? null : null;
    if (sale.currency === 'USD' && !exchangeRate) {
      throw new CoreError('exchange_rate_missing', NO_RATE_MESSAGE, [{ path: 'currency', message: 'Falta el tipo de cambio de hoy' }]);
    }
    // A catalogue line below the catalogue's price is a discount like any other (limit, approval, X/Z). The
    // till's lines are in soles whatever the document's currency, so the catalogue's price compares with them.
    const catalog = this.deps.catalogPrice;
    const cuts = catalog ? priceCutsAsDiscounts(sale.lines, lineDiscounts, catalog) : null;
    const discounted = cuts ? discountSale(cuts.lines, cuts.lineDiscounts, saleDiscount) : discountSale(sale.lines, lineDiscounts, saleDiscount);
    if (!discounted.ok) throw new CoreError('validation', 'Revise los descuentos.', discounted.errors);
    const discounts = discounted.plan ? this.discountRecord(discounted.plan, approval) : undefined;
    // A line whose only discount is its lower price is declared at the price typed (the same total, to the cent).
    const ownDiscount = new Set((lineDiscounts ?? []).map((d) => d.line));
    const declared = discounted.lines.map((l, i) => {
      const typed = cuts?.typed[i];
      return typed && !ownDiscount.has(i) && discounted.plan?.lines[i]?.saleShare === '0.00' ? { ...l, unitPrice: typed } : l;
    });
    // Discounts are taken in soles, as typed at the till; the net prices then become dollars at the day's rate, and
    // the discounts' record is kept in dollars like the rest of the document.
    const lines = exchangeRate ? linesInDollars(declared, exchangeRate) : declared;
    const record = discounts && exchangeRate ? discountsInDollars(discounts, declared, lines, exchangeRate) : discounts;
    const draft = {
      ...sale,
      lines,
      ...(exchangeRate ? { exchangeRate } : {}),
      ...(record ? { discounts: record } : {}),
      series,
      issuedAt: limaDateTime(now()),
      idBaseDato: randomUUID(),
    };
    // The invoice is built and checked against the API's schema before the transaction (only its correlativo
    // depends on the number), so the write lock is held for the number, the rows and the commit only. An invalid draft
    // makes buildInvoice throw SaleValidationError before any number is taken, and the dispatcher reports the fields
    // in Spanish.
    const { clientKey: _key, tenders: _tenders, discounts: _discounts, exchangeRate: _rate, onAccount, ...forInvoice } = draft;
    const built = InvoiceSchema.parse(buildInvoice({ ...forInvoice, number: 1 }, this.company()));
    this.deps.accounts?.checkSale(built, onAccount === true, approval);
    const { row, invoice } = this.tx(draft, built);
    if (invoice) this.rememberCustomer(invoice, 'issue');
    return row;
  }

  /** The customer book learns the sale's customer after the commit; a failure there never fails the sale. */
  private rememberCustomer(invoice: Invoice, what: string): void {
    try {
      this.deps.customers.remember({
        docType: invoice.cliente_Tipo_Doc,
        docNumber: invoice.cliente_Num_Doc,
        name: invoice.cliente_Razon_Social,
        address: invoice.cliente_Direccion === '-' ? '' : invoice.cliente_Direccion,
      });
    } catch (e) {
      this.deps.log?.warn(`${what}: remembering the customer failed`, { error: e instanceof Error ? e.message : String(e) });
    }
  }

  /** The discounts' record; asks for a supervisor when they go beyond the limit of Ajustes → Caja. */
  private discountRecord(plan: NonNullable<Extract<ReturnType<typeof discountSale>, { ok: true }>['plan']>, approval: Approval | undefined): DiscountRecord {
    let approvedBy: string | null = null;
    if (discountNeedsApproval(plan, this.deps.settings.shift().discountLimit)) {
      approvedBy = this.deps.approveDiscount?.(`Un descuento de ${plan.percent} % (S/ ${plan.discount})`, approval)?.name ?? null;
    }
    const lines = plan.lines.flatMap((l, position) =>
      l.lineDiscount === '0.00' && l.saleShare === '0.00' ? [] : [{ position, listPrice: l.listPrice, listTotal: l.listTotal, lineDiscount: l.lineDiscount, saleShare: l.saleShare }],
    );
    return { lines, total: plan.discount, approvedBy };
  }

  /**
   * A document whose number turned out to be taken by another ('conflict'), that SUNAT rejected ('rejected': the
   * number is spent) or that the API refused ('invalid': nothing was declared) is issued again, same sale, under the
   * next number of its series, linked to the old one. The old one stays as it is, for the record. The new
   * document is built by the rules a new sale runs (schema, sale rules, line math) with today's issue date; when one
   * fails, nothing is stored and no number is spent.
   */
  reissue(id: number): DocumentRow {
    const old = this.deps.documents.getById(id);
    if (!old) throw new CoreError('not_found', `No existe el documento ${id}.`);
    if (old.doc_type === '07' || old.doc_type === '08') {
      throw new CoreError('not_reissuable', 'Una nota no se reemite: emita una nueva nota sobre el comprobante que modifica.');
    }
    if (!REISSUABLE_STATUSES.includes(old.status)) {
      throw new CoreError(
        'not_reissuable',
        'Solo se reemite un comprobante rechazado por SUNAT, no aceptado por la API (inválido) o cuyo número está ocupado por otro.',
      );
    }
    return this.reissueTx(old);
  }

  private storeReissue(old: DocumentRow): DocumentRow {
    const { documents, series, now } = this.deps;
    const done = documents.findReissueOf(old.id);
    if (done) return done;
    const before = storedInvoice(old);
    const at = now();
    const issuedAt = limaDateTime(at);
    // The instalments agreed with the customer travel with the sale. One that is now due on or before the new issue day
    // cannot: Caja does not move dates the customer agreed to on its own, it refuses and says which (below).
    const late = installmentsDueBy(before, limaDate(at));
    if (late.length > 0) throw lateInstallments(old, late, limaDate(at));
    const number = series.nextNumber(old.doc_type, old.series);
    const invoice = this.rebuild(
      { ...draftFromInvoice(before), number, issuedAt, idBaseDato: randomUUID() },
      this.company(),
      (first) => `No se puede reemitir ${printedNumber(old)}: ${first} Corrija la venta emitiendo una nueva.`,
      'not_reissuable',
    );
    if (money(invoice.monto_Imp_Venta) !== old.total) {
      const symbol = findEntry(CURRENCIES, invoice.tipo_Moneda)?.symbol ?? invoice.tipo_Moneda;
      throw new CoreError(
        'not_reissuable',
        `No se puede reemitir ${printedNumber(old)}: emitido hoy, su total sería ${symbol} ${money(invoice.monto_Imp_Venta)} y no ` +
          `${symbol} ${old.total} como se cobró (cambió una tasa). Emita una nueva venta.`,
      );
    }
    // Same sale, same payments, same cash session: the new document carries what the customer paid for the old one.
    const cashier = { cashier_id: old.cashier_id, cashier_name: old.cashier_name, cash_session_id: old.cash_session_id };
    const discounts = { discount_total: old.discount_total, discount_approved_by: old.discount_approved_by };
    const rate = { exchange_rate: old.exchange_rate };
    return this.insert(invoice, number, { reissue_of: old.id, demo: old.demo === 1, ...cashier, ...discounts, ...rate }, this.deps.payments.of(old.id), this.deps.discounts.of(old.id));
  }

  /**
   * "Corregir y reenviar": a document the API refused ('invalid': nothing was declared, the number is not
   * registered at SUNAT) takes new customer data and goes back to the queue under the SAME number and id_Base_Dato.
   * The payload is rebuilt from the stored sale with the new customer by the rules of a new sale (a factura needs a
   * customer with RUC, a boleta of 700 or more an identified one), checked by the strict API schema, and stored with
   * the documents row's customer columns in one transaction, with an event "Corregido por <user>". Payments,
   * discounts, cash session and issue date stay. Refused for any other status.
   */
  correct(id: number, customer: SaleCustomer): DocumentRow {
    const old = this.deps.documents.getById(id);
    if (!old) throw new CoreError('not_found', `No existe el documento ${id}.`);
    if (old.doc_type === '07' || old.doc_type === '08') {
      throw new CoreError('not_correctable', 'Una nota lleva el cliente del comprobante que modifica: no se corrige. Use «Reenviar».');
    }
    if (old.status !== 'invalid') {
      throw new CoreError(
        'not_correctable',
        'Solo se corrige y reenvía un comprobante que la API no aceptó (inválido): los demás ya fueron enviados a SUNAT o están por enviarse.',
      );
    }
    const replacement = this.deps.documents.findReissueOf(id);
    if (replacement) {
      throw new CoreError('not_correctable', `Este comprobante ya se reemitió como ${printedNumber(replacement)}: no se corrige.`);
    }
    const { row, invoice } = this.correctTx(old, customer);
    this.rememberCustomer(invoice, 'correct');
    return row;
  }

  private storeCorrection(old: DocumentRow, customer: SaleCustomer): { row: DocumentRow; invoice: Invoice } {
    const before = storedInvoice(old);
    const invoice = this.rebuild(
      { ...draftFromInvoice(before), customer, idBaseDato: before.id_Base_Dato ?? old.id_base_dato },
      companyOfInvoice(before, this.deps.settings.company().igvRegime),
      (first) => `Revise los datos del cliente: ${first}`,
      'validation',
    );
    if (money(invoice.monto_Imp_Venta) !== old.total || invoice.correlativo !== before.correlativo) {
      throw new CoreError('internal', 'No se pudo rehacer el comprobante con los mismos importes: no se corrigió.');
    }
    const who = this.deps.cashier?.()?.name ?? 'Caja';
    const row = this.deps.documents.correctCustomer(
      old.id,
      {
        payload: JSON.stringify(invoice),
        customer_doc_type: invoice.cliente_Tipo_Doc,
        customer_doc_number: invoice.cliente_Num_Doc,
        customer_name: invoice.cliente_Razon_Social,
      },
      `Corregido por ${who}: cliente ${invoice.cliente_Num_Doc} ${invoice.cliente_Razon_Social} (antes ${before.cliente_Num_Doc} ${before.cliente_Razon_Social}); se reenvía con el mismo número`,
    );
    return { row, invoice };
  }

  /**
   * A sale draft built by the rules of a new sale and checked by the strict API schema. A rule that fails becomes a
   * CoreError with the Spanish message `say(first message)` and every field at fault; the transaction rolls back.
   */
  private rebuild(draft: SaleDraftInput, company: { ruc: string; igvRegime?: 'general' | 'special'; igvRate?: string }, say: (first: string) => string, code: string): Invoice {
    try {
      return InvoiceSchema.parse(buildInvoice(draft, company));
    } catch (e) {
      if (e instanceof SaleValidationError) {
        const first = e.errors[0]?.message ?? 'los datos no son válidos';
        throw new CoreError(code, say(sentence(first)), [...e.errors]);
      }
      throw e;
    }
  }

  private company() {
    const c = this.deps.settings.company();
    return { ruc: c.ruc, igvRegime: c.igvRegime };
  }

  private store(draft: Draft, built: Invoice): { row: DocumentRow; invoice: Invoice | undefined } {
    const { documents, series, settings } = this.deps;
    const { clientKey, tenders, discounts, exchangeRate, onAccount, ...sale } = draft;
    // Checked again inside the transaction: two calls racing with one key still make one document.
    const existing = clientKey ? documents.getByClientKey(clientKey) : undefined;
    if (existing) return { row: existing, invoice: undefined };
    const cashSessionId = this.deps.cashSession?.() ?? null;
    const number = series.nextNumber(sale.docType as '01' | '03', sale.series as string);
    const invoice: Invoice = { ...built, serie: sale.series as string, correlativo: String(number) };
    const payments = this.settle(invoice, tenders ?? [], onAccount === true);
    const cashier = this.deps.cashier?.() ?? null;
    const who = { cashier_id: cashier?.id ?? null, cashier_name: cashier?.name ?? null, cash_session_id: cashSessionId };
    const discounted = { discount_total: discounts?.total ?? null, discount_approved_by: discounts?.approvedBy ?? null };
    const extra = { client_key: clientKey ?? null, demo: settings.isDemo(), exchange_rate: exchangeRate ?? null, ...who, ...discounted };
    const row = this.insert(invoice, number, extra, payments, discounts?.lines ?? []);
    // A re-issue is the same sale (its goods left once): only a new sale moves stock.
    this.deps.stock?.sold(row.id, sale.lines);
    this.deps.accounts?.chargeSale(row.id, invoice, onAccount === true);
    return { row, invoice };
  }

  /**
   * The payments of a sale against its document's total. A credit sale takes none; a CONTADO sale short of
   * its total, or paying more than it with cards and wallets, is refused: the transaction rolls back, no number is spent.
   */
  private settle(invoice: Invoice, tenders: readonly Tender[], onAccount: boolean): SettledPayment[] {
    const credit = invoice.forma_pago.some((p) => p.tipo === 'CREDITO');
    if (onAccount) {
      if (tenders.length > 0) throw new CoreError('validation', 'Una venta a cuenta no registra pagos al emitirla.', [{ path: 'tenders', message: 'Quite los pagos o cobre al contado' }]);
      return [];
    }
    if (credit) {
      if (tenders.length > 0) throw new CoreError('validation', 'Una venta al crédito no registra pagos al emitirla.', [{ path: 'tenders', message: 'Quite los pagos o elija contado' }]);
      return [];
    }
    const symbol = findEntry(CURRENCIES, invoice.tipo_Moneda)?.symbol ?? invoice.tipo_Moneda;
    const settled = settleTenders(money(invoice.monto_Imp_Venta), tenders, this.deps.settings.paymentMethods(), symbol);
    if (!settled.ok) throw new CoreError('validation', `Pago incompleto: ${settled.message}.`, [{ path: 'tenders', message: settled.message }]);
    // Without it the owner cannot match the payment with the wallet's or the bank's statement.
    const missing = this.deps.settings.requireOperationNumber() ? missingOperationNumbers(tenders, this.deps.settings.paymentMethods()) : [];
    if (missing.length > 0) {
      throw new CoreError('validation', operationNumberMessage(missing[0]!.label), missing.map((m) => ({ path: `tenders.${m.index}.reference`, message: OPERATION_NUMBER_MISSING })));
    }
    return settled.payments;
  }

  private insert(
    invoice: Invoice,
    number: number,
    extra: NewDocumentExtra & { client_key?: string | null; reissue_of?: number },
    payments: readonly SettledPayment[],
    discounts: readonly LineDiscountRecord[],
  ): DocumentRow {
    const { documents } = this.deps;
    const id = documents.insert({
      id_base_dato: invoice.id_Base_Dato ?? randomUUID(),
      doc_type: invoice.tipo_Doc,
      series: invoice.serie,
      number,
      issued_at: invoice.fecha_Emision,
      issue_date: limaDate(new Date(Date.parse(invoice.fecha_Emision))),
      currency: invoice.tipo_Moneda,
      customer_doc_type: invoice.cliente_Tipo_Doc,
      customer_doc_number: invoice.cliente_Num_Doc,
      customer_name: invoice.cliente_Razon_Social,
      total: money(invoice.monto_Imp_Venta),
      igv: money(invoice.monto_Igv),
      payload: JSON.stringify(invoice),
      ...extra,
    });
    this.deps.payments.record(id, payments);
    this.deps.discounts.record(id, discounts);
    const row = documents.getById(id);
    if (!row) throw new CoreError('internal', 'No se pudo leer el comprobante recién guardado.');
    return row;
  }
}

type NewDocumentExtra = {
  demo: boolean; cashier_id: number | null; cashier_name: string | null; cash_session_id: number | null;
  discount_total: string | null; discount_approved_by: string | null; exchange_rate: string | null;
};

/**
 * A dollar sale's discounts in dollars: each discounted line's list price converted like its price, and what was
 * taken off as the difference between its list and net totals in dollars, so that list − discount = net to the cent.
 * The sale's share keeps its converted amount (never more than the line's), the line's own discount the rest.
 */
function discountsInDollars(
  record: DiscountRecord,
  soles: readonly { quantity: string }[],
  dollars: readonly { unitPrice: string }[],
  rate: string,
): DiscountRecord {
  let total = new Dec(0);
  const lines = record.lines.map((l) => {
    const quantity = new Dec(soles[l.position]?.quantity ?? '0');
    const listPrice = solesToDollars(l.listPrice, rate);
    const listTotal = quantity.times(listPrice).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
    const net = quantity.times(dollars[l.position]?.unitPrice ?? listPrice).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
    const off = Dec.max(0, listTotal.minus(net));
    const saleShare = Dec.min(off, new Dec(l.saleShare).div(rate).toDecimalPlaces(2, Dec.ROUND_HALF_UP));
    total = total.plus(off);
    return { position: l.position, listPrice, listTotal: listTotal.toFixed(2), lineDiscount: off.minus(saleShare).toFixed(2), saleShare: saleShare.toFixed(2) };
  });
  return { ...record, lines, total: total.toFixed(2) };
}

/** A JSON money number (at most 2 decimals) as a fixed 2-decimal string, without float arithmetic. */
const money = (n: number) => new Decimal(String(n)).toFixed(2);

/** 'B001-00000007', as printed. */
const printedNumber = (row: Pick<DocumentRow, 'series' | 'number'>) => `${row.series}-${String(row.number).padStart(8, '0')}`;

/** A rule's message as a sentence: its first letter as written, a full stop at the end. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** YYYY-MM-DD as the back office reads it: dd/mm/aaaa. */
const day = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** The refusal of a re-issue whose instalments fall due on or before its new issue day, naming each one. */
function lateInstallments(old: DocumentRow, late: readonly DueInstallment[], issueDay: string): CoreError {
  const list = late.map((i) => `${i.number} (${day(i.dueDate)})`);
  const which = list.length === 1 ? `la cuota ${list[0]} vence` : `las cuotas ${list.slice(0, -1).join(', ')} y ${list.at(-1)} vencen`;
  return new CoreError(
    'not_reissuable',
    `No se puede reemitir ${printedNumber(old)}: ${which} antes de la nueva fecha de emisión o ese mismo día (hoy, ${day(issueDay)}), ` +
      'y cada cuota debe vencer después de la emisión. Caja no cambia las fechas pactadas con el cliente: emita una nueva venta al ' +
      'crédito con las cuotas y fechas que acuerden ahora.',
    late.map((i) => ({ path: `payment.installments.${i.number - 1}.dueDate`, message: `La cuota ${i.number} vence el ${day(i.dueDate)}` })),
  );
}

/**
 * The issuer data that built a stored invoice: its RUC and, from its taxed lines, the IGV rate it used (so a correction
 * rebuilds the same amounts whatever Ajustes says today); without taxed lines the regime of Ajustes.
 */
function companyOfInvoice(invoice: Invoice, igvRegime: 'general' | 'special' | undefined): { ruc: string; igvRegime?: 'general' | 'special'; igvRate?: string } {
  const taxed = invoice.detalle.find((l) => l.tip_Afe_Igv === '10');
  return {
    ruc: invoice.empresa_Ruc,
    ...(igvRegime ? { igvRegime } : {}),
    ...(taxed ? { igvRate: new Dec(String(taxed.porcentaje_Igv)).div(100).toString() } : {}),
  };
}

/**
 * The stored payload of a document as the sale it was built from. Read leniently: the API may have refused it for a
 * field our schema lets through (that is what 'invalid' means), and the rebuilt document is checked strictly anyway.
 */
function storedInvoice(row: DocumentRow): Invoice {
  let payload: unknown;
  try {
    payload = JSON.parse(row.payload);
  } catch {
    payload = null;
  }
  const strict = InvoiceSchema.safeParse(payload);
  if (strict.success) return strict.data;
  const p = payload as Partial<Record<keyof Invoice, unknown>> | null;
  if (p && typeof p === 'object' && Array.isArray(p.detalle) && Array.isArray(p.forma_pago) && Array.isArray(p.legend)) return p as Invoice;
  throw new CoreError('unreadable_payload', `Los datos guardados de ${printedNumber(row)} no se pueden leer: emita una nueva venta.`);
}
