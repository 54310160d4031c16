// Customer accounts' bridge methods and the hooks of the sale, the note and the void: a sale on credit charges the
// account in the sale's own transaction (over the limit only with a supervisor), a collection is applied oldest first
// in the open cash session, a credit note on a credit sale lowers the balance and never pays cash.
import type Database from 'better-sqlite3';
import type { Invoice } from '../../../shared/api';
import { Dec } from '../../../shared/billing/decimal';
import type { AccountCustomer, Collection, CustomerAccount, OverdueRow } from '../../../shared/bridge/accounts';
import type { Approval } from '../../../shared/bridge/users';
import { limaDate, limaDateOf } from '../../../shared/catalog';
import type { PaymentMethod } from '../../../shared/payments';
import { CoreError } from '../services/errors';
import { AccountLedger, type LedgerDeps, money, type DueRow } from './ledger';
import { AccountReads, collectionMessage } from './reads';

export interface AccountsDeps extends LedgerDeps {
  /** The open cash session of this till, or null. */
  cashSession: () => number | null;
  paymentMethods: () => readonly PaymentMethod[];
  /** A supervisor's consent: who approved, or a refusal (CoreError) asking for the PIN. */
  approve: (what: string, approval: Approval | undefined) => { name: string } | null;
}

/** What a sale's credit notes credited to its account, through note_details_modifies and account_entries_document. */
export const NOTED_SQL = `SELECT group_concat(e.amount, '|') AS amount FROM note_details n
  JOIN account_entries e ON e.document_id = n.document_id AND e.kind = 'note' WHERE n.modifies_id = ?`;

/** A boleta on account has no cuotas at SUNAT: it falls due this many days after the sale. */
export const ON_ACCOUNT_DAYS = 30;

/** Identity documents that name a person or a company (catálogo 06): an anonymous customer carries no account. */
const identified = (docType: string, docNumber: string) => docType !== '0' && docType !== '-' && docNumber.trim() !== '' && !/^[0-]+$/.test(docNumber);

interface SaleCharge {
  customer: AccountCustomer & { name: string };
  total: InstanceType<typeof Dec>;
  dues: { position: number; amount: string; dueDate: string }[];
}

export class AccountsService {
  readonly ledger: AccountLedger;
  readonly reads: AccountReads;
  private readonly s: Database.Database;
  private readonly collectTx: (input: CollectionRequest) => Collection;

  constructor(private readonly d: AccountsDeps) {
    this.ledger = new AccountLedger(d);
    this.reads = new AccountReads(d.db.sqlite, d.now);
    this.s = d.db.sqlite;
    this.collectTx = this.s.transaction((input: CollectionRequest) => this.storeCollection(input)).immediate;
  }

  /** A supervisor (the bridge checks the role) sets the limit; answers the account. */
  setCreditLimit(customer: AccountCustomer, limit: string): CustomerAccount {
    this.ledger.open(customer, this.reads.bookName(customer));
    this.s
      .prepare('UPDATE account_customers SET credit_limit = ?, limit_set_by = ?, limit_set_at = ?, updated_at = ? WHERE doc_type = ? AND doc_number = ?')
      .run(money(limit), this.d.who(), this.d.now().toISOString(), this.d.now().toISOString(), customer.docType, customer.docNumber);
    return this.account(customer);
  }

  account(customer: AccountCustomer, limit?: number): CustomerAccount {
    return this.reads.account(customer, this.ledger.customerOf(customer), limit);
  }

  overdue(): OverdueRow[] {
    return this.reads.overdue();
  }

  collection(id: number): Collection {
    const c = this.reads.collection(id);
    if (!c) throw new CoreError('not_found', `No existe la cobranza ${id}.`);
    return c;
  }

  // ---- the sale ----

  /** What a sale charges to the customer's account, or null when it is paid at the counter (or not in soles). */
  private saleCharge(invoice: Invoice, onAccount: boolean): SaleCharge | null {
    const credit = invoice.forma_pago.filter((p) => p.tipo === 'CREDITO');
    if (credit.length === 0 && !onAccount) return null;
    const customer = { docType: invoice.cliente_Tipo_Doc, docNumber: invoice.cliente_Num_Doc, name: invoice.cliente_Razon_Social };
    if (onAccount) {
      if (invoice.tipo_Doc !== '03') throw new CoreError('validation', 'Solo una boleta se vende a cuenta; una factura al crédito lleva sus cuotas.', [{ path: 'onAccount', message: 'Use la forma de pago al crédito' }]);
      if (!identified(customer.docType, customer.docNumber)) {
        throw new CoreError('validation', 'Una venta a cuenta necesita un cliente identificado (DNI, RUC o carné).', [{ path: 'customer.docNumber', message: 'Identifique al cliente' }]);
      }
      if (invoice.tipo_Moneda !== 'PEN') throw new CoreError('validation', 'Una venta a cuenta se hace en soles.', [{ path: 'currency', message: 'Use soles' }]);
    }
    // The account is kept in soles: a dollar credit sale keeps its cuotas on the document only.
    if (invoice.tipo_Moneda !== 'PEN' || !identified(customer.docType, customer.docNumber)) return null;
    if (onAccount) {
      const issued = limaDateOf(invoice.fecha_Emision) ?? limaDate(this.d.now());
      const due = new Date(Date.parse(`${issued}T12:00:00Z`) + ON_ACCOUNT_DAYS * 86_400_000).toISOString().slice(0, 10);
      const total = new Dec(invoice.monto_Imp_Venta);
      return { customer, total, dues: [{ position: 1, amount: money(total), dueDate: due }] };
    }
    const dues = credit
      .map((p, i) => ({ position: p.cuota ?? i + 1, amount: money(new Dec(p.monto)), dueDate: limaDateOf(p.fecha_Pago) ?? p.fecha_Pago.slice(0, 10) }))
      .sort((a, b) => a.position - b.position);
    return { customer, total: dues.reduce((sum, x) => sum.plus(x.amount), new Dec(0)), dues };
  }

  /**
   * Before the sale's transaction: a sale on credit that takes the customer beyond the limit a supervisor set needs a
   * supervisor's consent (the sale's `approval`). No limit set: credit is not bounded.
   */
  checkSale(invoice: Invoice, onAccount: boolean, approval: Approval | undefined): void {
    const charge = this.saleCharge(invoice, onAccount);
    if (!charge) return;
    const account = this.ledger.customerOf(charge.customer);
    if (!account || account.credit_limit === null) return;
    const after = new Dec(account.balance).plus(charge.total);
    if (after.lte(account.credit_limit)) return;
    this.d.approve(
      `Una venta al crédito de S/ ${money(charge.total)} que lleva la deuda de ${charge.customer.name || charge.customer.docNumber} a S/ ${money(after)} (límite S/ ${account.credit_limit})`,
      approval,
    );
  }

  /** Inside the sale's transaction: the charge and its dues. */
  chargeSale(documentId: number, invoice: Invoice, onAccount: boolean): void {
    const charge = this.saleCharge(invoice, onAccount);
    if (charge) this.ledger.charge(documentId, charge.customer, charge.total, charge.dues);
  }

  // ---- notes and voids ----

  /** A sale charged to an account gives no money back by a note: the note lowers what is owed. */
  isCharged(documentId: number): boolean {
    return this.ledger.chargeOfDocument(documentId) !== undefined;
  }

  /** Inside the note's transaction: a credit note on a charged sale lowers the balance, first on that sale's dues. */
  noted(noteId: number, saleId: number | undefined, total: string): void {
    const charge = saleId === undefined ? undefined : this.ledger.chargeOfDocument(saleId);
    if (!charge) return;
    this.ledger.credit(charge.customer, 'note', new Dec(total), { first: this.ledger.documentOpenDues(saleId!), rest: false }, {
      document_id: noteId,
      applies_to: this.ledger.keyOfDocument(saleId!),
    });
  }

  /**
   * Inside the void's transaction: a voided sale owes nothing. What its credit notes had not already credited leaves the
   * balance: first its open dues, then what the customer had paid on it goes to their other open dues, or in favour.
   */
  voided(documentId: number): void {
    const charge = this.ledger.chargeOfDocument(documentId);
    if (!charge) return;
    const noted = this.s
      .prepare<[number], { amount: string | null }>(
        NOTED_SQL,
      )
      .get(documentId)?.amount;
    const credited = (noted ?? '').split('|').filter(Boolean).reduce((sum, x) => sum.minus(x), new Dec(0));
    const left = new Dec(charge.amount).minus(credited);
    if (left.gt(0)) {
      this.ledger.credit(charge.customer, 'void', left, { first: this.ledger.documentOpenDues(documentId), rest: true }, {
        document_id: documentId,
        applies_to: this.ledger.keyOfDocument(documentId),
      });
    }
  }

  // ---- collections ----

  recordCollection(input: CollectionRequest): Collection {
    return this.collectTx(input);
  }

  private storeCollection(input: CollectionRequest): Collection {
    const { customer } = input;
    const account = this.ledger.customerOf(customer);
    if (!account) throw new CoreError('not_found', `El cliente ${customer.docNumber} no tiene cuenta: no hay nada que cobrar.`, [{ path: 'customer', message: 'Sin cuenta' }]);
    if (!new Dec(account.balance).gt(0)) {
      throw new CoreError('nothing_owed', `${account.name || customer.docNumber} no debe nada (saldo S/ ${account.balance}).`, [{ path: 'amount', message: 'No hay deuda' }]);
    }
    const method = this.d.paymentMethods().find((m) => m.code === input.method && m.active);
    if (!method) throw new CoreError('validation', `Medio de pago no válido: ${input.method}.`, [{ path: 'method', message: 'Elija un medio de pago' }]);
    const session = this.d.cashSession();
    if (session === null) throw new CoreError('cash_closed', 'La caja está cerrada: ábrala antes de cobrar.', [{ path: 'cash', message: 'Abra la caja' }]);
    let first: DueRow[] = [];
    let pickedPaid: string | null = null;
    let picked: string | null = null;
    if (input.document) {
      const doc = this.reads.saleOf(input.document.series, input.document.number);
      const charge = doc ? this.ledger.chargeOfDocument(doc.id) : undefined;
      // Another till's credit sale, known here by its charge pulled from the shop server.
      const other = doc ? undefined : this.reads.otherTillSale(customer, input.document.series, input.document.number);
      if (other) {
        first = this.ledger.keyOpenDues(other.key);
        picked = other.key;
        if (first.length === 0) pickedPaid = other.label;
      } else if (!doc || !charge || charge.customer.docType !== customer.docType || charge.customer.docNumber !== customer.docNumber) {
        throw new CoreError('validation', `${doc?.label ?? `${input.document.series}-${input.document.number}`} no es una venta al crédito de este cliente.`, [{ path: 'document', message: 'No es de este cliente' }]);
      } else {
        first = this.ledger.documentOpenDues(doc.id);
        picked = this.ledger.keyOfDocument(doc.id);
        if (first.length === 0) pickedPaid = doc.label;
      }
    }
    const done = this.ledger.credit(customer, 'collection', new Dec(input.amount), { first, rest: true }, {
      method: method.code,
      method_label: method.label,
      method_kind: method.kind,
      cash_session_id: session,
      applies_to: picked,
    });
    const applied = done.applied.map(({ document, cuota, amount, stillOpen }) => ({ document, cuota, amount, stillOpen }));
    const summary = { amount: money(input.amount), applied, inFavour: done.inFavour, balanceAfter: done.after };
    return {
      id: done.id,
      at: this.d.now().toISOString(),
      customer: { docType: customer.docType, docNumber: customer.docNumber, name: account.name },
      amount: money(input.amount),
      method: method.code,
      methodLabel: method.label,
      balanceBefore: done.before,
      balanceAfter: done.after,
      applied,
      inFavour: done.inFavour,
      message: collectionMessage(summary, pickedPaid),
      cashier: this.d.who(),
    };
  }
}


export interface CollectionRequest {
  customer: AccountCustomer;
  amount: string;
  method: string;
  document?: { series: string; number: number } | undefined;
}
