import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { InvoiceSchema, type Invoice } from '../../../shared/api';
import { buildInvoice, type SaleDraftInput } from '../../../shared/billing';
import type { SaleInputParsed } from '../../../shared/bridge';
import { CURRENCIES, findEntry, limaDate, limaDateTime } from '../../../shared/catalog';
import { discountNeedsApproval, discountSale } from '../../../shared/discounts';
import { settleTenders, type SettledPayment, type Tender } from '../../../shared/payments';
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
  /** Who is signed in (issue 13): recorded on the document and printed on the ticket. */
  cashier?: () => { id: number; name: string } | null;
  /** Refuses selling when this till's series belongs to another till on the shop server (issue 15). */
  seriesGuard?: () => void;
  /** The cash session the sale belongs to (issue 13); throws when selling needs an open one and there is none. */
  cashSession?: () => number | null;
  /**
   * A supervisor's consent for discounts beyond the limit (issue 13): who approved, or a refusal (CoreError) asking for
   * the PIN. Without it no discount needs approval (test rigs).
   */
  approveDiscount?: (what: string, approval: Approval | undefined) => { name: string } | null;
  /** Failures after the commit are reported here and never fail the sale. */
  log?: { warn(message: string, data?: Record<string, unknown>): void };
}

/** What the discounts of a sale leave on record: per discounted line, and for the whole document. */
interface DiscountRecord {
  lines: LineDiscountRecord[];
  total: string;
  approvedBy: string | null;
}

type Draft = Omit<SaleDraftInput, 'number'> & { clientKey?: string; tenders?: Tender[]; discounts?: DiscountRecord };

/**
 * The hot path (architecture §2.2): in ONE immediate transaction take the next number of the terminal's series,
 * build the Invoice JSON, check it against the strict API schema and store it as `pending`. The returned document
 * is printable before any network call; the outbox sends it later.
 */
export class IssueService {
  private readonly tx: (draft: Draft) => { row: DocumentRow; invoice: Invoice | undefined };
  private readonly reissueTx: (old: DocumentRow) => DocumentRow;

  constructor(private readonly deps: IssueDeps) {
    this.tx = deps.db.sqlite.transaction((draft: Draft) => this.store(draft)).immediate;
    this.reissueTx = deps.db.sqlite.transaction((old: DocumentRow) => this.storeReissue(old)).immediate;
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
    const discounted = discountSale(sale.lines, lineDiscounts, saleDiscount);
    if (!discounted.ok) throw new CoreError('validation', 'Revise los descuentos.', discounted.errors);
    const discounts = discounted.plan ? this.discountRecord(discounted.plan, approval) : undefined;
    const draft = {
      ...sale,
      lines: discounted.lines,
      ...(discounts ? { discounts } : {}),
      series,
      issuedAt: limaDateTime(now()),
      idBaseDato: randomUUID(),
    };
    // An invalid draft makes buildInvoice throw SaleValidationError inside the transaction, which rolls back: no
    // number is spent, and the dispatcher reports the fields in Spanish.
    const { row, invoice } = this.tx(draft);
    if (invoice) {
      try {
        this.deps.customers.remember({
          docType: invoice.cliente_Tipo_Doc,
          docNumber: invoice.cliente_Num_Doc,
          name: invoice.cliente_Razon_Social,
          address: invoice.cliente_Direccion === '-' ? '' : invoice.cliente_Direccion,
        });
      } catch (e) {
        this.deps.log?.warn('issue: remembering the customer failed', { error: e instanceof Error ? e.message : String(e) });
      }
    }
    return row;
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
   * A document whose number turned out to be taken by another ('conflict') is issued again, same sale, under the
   * next number of its series, linked to the old one. The old one stays as it is, for the record.
   */
  reissue(id: number): DocumentRow {
    const old = this.deps.documents.getById(id);
    if (!old) throw new CoreError('not_found', `No existe el documento ${id}.`);
    if (old.status !== 'conflict') {
      throw new CoreError('not_reissuable', 'Solo se reemite un comprobante cuyo número está ocupado por otro.');
    }
    return this.reissueTx(old);
  }

  private storeReissue(old: DocumentRow): DocumentRow {
    const { documents, series, now } = this.deps;
    const done = documents.findReissueOf(old.id);
    if (done) return done;
    const number = series.nextNumber(old.doc_type, old.series);
    const before = InvoiceSchema.parse(JSON.parse(old.payload));
    const invoice = InvoiceSchema.parse({
      ...before,
      correlativo: String(number),
      fecha_Emision: limaDateTime(now()),
      id_Base_Dato: randomUUID(),
    });
    // Same sale, same payments, same cash session: the new document carries what the customer paid for the old one.
    const cashier = { cashier_id: old.cashier_id, cashier_name: old.cashier_name, cash_session_id: old.cash_session_id };
    const discounts = { discount_total: old.discount_total, discount_approved_by: old.discount_approved_by };
    return this.insert(invoice, number, { reissue_of: old.id, demo: old.demo === 1, ...cashier, ...discounts }, this.deps.payments.of(old.id), this.deps.discounts.of(old.id));
  }

  private company() {
    const c = this.deps.settings.company();
    return { ruc: c.ruc, igvRegime: c.igvRegime };
  }

  private store(draft: Draft): { row: DocumentRow; invoice: Invoice | undefined } {
    const { documents, series, settings } = this.deps;
    const { clientKey, tenders, discounts, ...sale } = draft;
    // Checked again inside the transaction: two calls racing with one key still make one document.
    const existing = clientKey ? documents.getByClientKey(clientKey) : undefined;
    if (existing) return { row: existing, invoice: undefined };
    const cashSessionId = this.deps.cashSession?.() ?? null;
    const number = series.nextNumber(sale.docType as '01' | '03', sale.series as string);
    const invoice = InvoiceSchema.parse(buildInvoice({ ...sale, number }, this.company()));
    const payments = this.settle(invoice, tenders ?? []);
    const cashier = this.deps.cashier?.() ?? null;
    const who = { cashier_id: cashier?.id ?? null, cashier_name: cashier?.name ?? null, cash_session_id: cashSessionId };
    const discounted = { discount_total: discounts?.total ?? null, discount_approved_by: discounts?.approvedBy ?? null };
    const extra = { client_key: clientKey ?? null, demo: settings.isDemo(), ...who, ...discounted };
    return { row: this.insert(invoice, number, extra, payments, discounts?.lines ?? []), invoice };
  }

  /**
   * The payments of a sale against its document's total (issue 13). A credit sale takes none; a CONTADO sale short of
   * its total, or paying more than it with cards and wallets, is refused: the transaction rolls back, no number is spent.
   */
  private settle(invoice: Invoice, tenders: readonly Tender[]): SettledPayment[] {
    const credit = invoice.forma_pago.some((p) => p.tipo === 'CREDITO');
    if (credit) {
      if (tenders.length > 0) throw new CoreError('validation', 'Una venta al crédito no registra pagos al emitirla.', [{ path: 'tenders', message: 'Quite los pagos o elija contado' }]);
      return [];
    }
    const symbol = findEntry(CURRENCIES, invoice.tipo_Moneda)?.symbol ?? invoice.tipo_Moneda;
    const settled = settleTenders(money(invoice.monto_Imp_Venta), tenders, this.deps.settings.paymentMethods(), symbol);
    if (!settled.ok) throw new CoreError('validation', `Pago incompleto: ${settled.message}.`, [{ path: 'tenders', message: settled.message }]);
    return settled.payments;
  }

  private insert(
    invoice: Invoice,
    number: number,
    extra: Pick<NewDocumentExtra, 'demo' | 'cashier_id' | 'cashier_name' | 'cash_session_id' | 'discount_total' | 'discount_approved_by'> & { client_key?: string | null; reissue_of?: number },
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

type NewDocumentExtra = { demo: boolean; cashier_id: number | null; cashier_name: string | null; cash_session_id: number | null; discount_total: string | null; discount_approved_by: string | null };

/** A JSON money number (at most 2 decimals) as a fixed 2-decimal string, without float arithmetic. */
const money = (n: number) => new Decimal(String(n)).toFixed(2);
