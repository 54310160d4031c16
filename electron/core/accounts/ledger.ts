// A customer's account as a ledger: every charge, collection, note and void is one appended entry, and the customer's
// running balance (account_customers.balance) moves in the same statement sequence, inside the caller's transaction:
// a crash never leaves one without the other, and no read sums the entries. The dues (cuotas as SUNAT received them,
// or one for a boleta on account) are copied once and never changed; what was applied to each is kept beside it.
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { Dec } from '../../../shared/billing/decimal';
import type { AccountCustomer, AccountEntryKind } from '../../../shared/bridge/accounts';
import type { Db } from '../db';

type D = InstanceType<typeof Dec>;

export const ZERO = new Dec(0);
/** Soles with 2 decimals, canonical. */
export const money = (d: D | string): string => new Dec(d).toFixed(2, Dec.ROUND_HALF_UP);

export interface CustomerRow {
  doc_type: string;
  doc_number: string;
  name: string;
  credit_limit: string | null;
  balance: string;
  in_favour: string;
}

export interface DueRow {
  id: number;
  /** NULL: another till's document (its charge came from the shop server). */
  document_id: number | null;
  position: number;
  amount: string;
  due_date: string;
  settled: string;
  /** The document as printed. */
  label: string;
  /** The document's id_Base_Dato, the same at every till. */
  key: string;
}

export interface Applied {
  dueId: number;
  documentId: number | null;
  document: string;
  cuota: number;
  amount: string;
  stillOpen: string;
}

export interface LedgerDeps {
  db: Db;
  now: () => Date;
  /** This till's terminal, written on every entry. */
  till: () => string;
  /** Who is signed in. */
  who: () => string | null;
}

export const printed = (series: string, number: number) => `${series}-${String(number).padStart(8, '0')}`;

/** A due's document as printed and by its key: this till's from documents, another till's kept on the due. */
const DUE_COLUMNS = `u.id, u.document_id, u.position, u.amount, u.due_date, u.settled,
  COALESCE(u.label, printf('%s-%08d', d.series, d.number)) AS label, COALESCE(u.doc_key, d.id_base_dato) AS key`;
/** A customer's open dues, oldest first, through account_dues_open. */
export const OPEN_DUES_SQL = `SELECT ${DUE_COLUMNS} FROM account_dues u LEFT JOIN documents d ON d.id = u.document_id
  WHERE u.doc_type = ? AND u.doc_number = ? AND u.open = 1 ORDER BY u.due_date, u.id`;
/** One document's open dues, by cuota, through its UNIQUE (document_id, position). */
export const DOCUMENT_DUES_SQL = `SELECT ${DUE_COLUMNS} FROM account_dues u LEFT JOIN documents d ON d.id = u.document_id
  WHERE u.document_id = ? AND u.open = 1 ORDER BY u.position`;
/** Another till's document's open dues, by cuota, through account_dues_doc_key. */
export const KEY_DUES_SQL = `SELECT ${DUE_COLUMNS} FROM account_dues u LEFT JOIN documents d ON d.id = u.document_id
  WHERE u.doc_key = ? AND u.open = 1 ORDER BY u.position`;

/** The charge of a sale, through account_entries_charge_once. */
export const CHARGE_OF_SQL = "SELECT id, doc_type, doc_number, amount FROM account_entries WHERE document_id = ? AND kind = 'charge'";

/** Reads and moves accounts. Every write must run inside the caller's transaction. */
export class AccountLedger {
  private readonly s: Database.Database;
  private readonly customer: Database.Statement<[string, string], CustomerRow>;
  private readonly ensure: Database.Statement<[string, string, string, string]>;
  private readonly rename: Database.Statement<[string, string, string]>;
  private readonly move: Database.Statement<[string, string, string, string, string]>;
  private readonly insert: Database.Statement<Record<string, unknown>>;
  private readonly openDues: Database.Statement<[string, string], DueRow>;
  private readonly documentDues: Database.Statement<[number], DueRow>;
  private readonly keyDues: Database.Statement<[string], DueRow>;
  private readonly keyOf: Database.Statement<[number], string>;
  private readonly insertDue: Database.Statement<[number, number, string, string, number, string, string]>;
  private readonly settle: Database.Statement<[string, number, number]>;
  private readonly application: Database.Statement<[number, number, string]>;
  private readonly chargeOf: Database.Statement<[number], { id: number; doc_type: string; doc_number: string; amount: string }>;

  constructor(private readonly d: LedgerDeps) {
    const s = (this.s = d.db.sqlite);
    this.customer = s.prepare('SELECT doc_type, doc_number, name, credit_limit, balance, in_favour FROM account_customers WHERE doc_type = ? AND doc_number = ?');
    this.ensure = s.prepare('INSERT INTO account_customers (doc_type, doc_number, name, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING');
    this.rename = s.prepare("UPDATE account_customers SET name = ? WHERE doc_type = ? AND doc_number = ? AND name = ''");
    this.move = s.prepare('UPDATE account_customers SET balance = ?, in_favour = ?, updated_at = ? WHERE doc_type = ? AND doc_number = ?');
    this.insert = s.prepare(
      `INSERT INTO account_entries (uid, doc_type, doc_number, kind, amount, balance, document_id, method, method_label, method_kind, cash_session_id,
         left_in_favour, till, at, by_name, applies_to)
       VALUES (@uid, @doc_type, @doc_number, @kind, @amount, @balance, @document_id, @method, @method_label, @method_kind, @cash_session_id,
         @left_in_favour, @till, @at, @by_name, @applies_to)`,
    );
    this.openDues = s.prepare(OPEN_DUES_SQL);
    this.documentDues = s.prepare(DOCUMENT_DUES_SQL);
    this.keyDues = s.prepare(KEY_DUES_SQL);
    this.keyOf = s.prepare<[number], string>('SELECT id_base_dato FROM documents WHERE id = ?').pluck();
    this.insertDue = s.prepare('INSERT INTO account_dues (entry_id, document_id, doc_type, doc_number, position, amount, due_date) VALUES (?, ?, ?, ?, ?, ?, ?)');
    this.settle = s.prepare('UPDATE account_dues SET settled = ?, open = ? WHERE id = ?');
    this.application = s.prepare('INSERT INTO account_applications (entry_id, due_id, amount) VALUES (?, ?, ?)');
    this.chargeOf = s.prepare(CHARGE_OF_SQL);
  }

  customerOf(c: AccountCustomer): CustomerRow | undefined {
    return this.customer.get(c.docType, c.docNumber);
  }

  /** The customer's account, made when it has none yet. */
  open(c: AccountCustomer, name = ''): CustomerRow {
    this.ensure.run(c.docType, c.docNumber, name, this.d.now().toISOString());
    if (name) this.rename.run(name, c.docType, c.docNumber);
    return this.customerOf(c)!;
  }

  /** The charge of a sale, if it was sold on credit or on account. */
  chargeOfDocument(documentId: number): { id: number; customer: AccountCustomer; amount: string } | undefined {
    const row = this.chargeOf.get(documentId);
    return row ? { id: row.id, customer: { docType: row.doc_type, docNumber: row.doc_number }, amount: row.amount } : undefined;
  }

  dues(c: AccountCustomer): DueRow[] {
    return this.openDues.all(c.docType, c.docNumber);
  }

  /**
   * A sale on credit: its total raises the balance and its dues are copied as they are. Credit in favour the customer
   * had pays the new dues first.
   */
  charge(documentId: number, c: AccountCustomer & { name: string }, total: D, dues: readonly { position: number; amount: string; dueDate: string }[]): number {
    const account = this.open(c, c.name);
    const balance = new Dec(account.balance).plus(total);
    const id = this.append(c, 'charge', total, balance, { document_id: documentId, applies_to: this.keyOf.get(documentId) ?? null });
    for (const due of dues) this.insertDue.run(id, documentId, c.docType, c.docNumber, due.position, money(due.amount), due.dueDate);
    const favour = new Dec(account.in_favour);
    const { left } = favour.gt(0) ? this.apply(id, this.documentDues.all(documentId), favour) : { left: favour };
    this.move.run(money(balance), money(left), this.d.now().toISOString(), c.docType, c.docNumber);
    return id;
  }

  /**
   * Money that lowers the balance (a collection, a note, a void): applied due by due to `first` (a picked document's
   * dues), then to `rest`, oldest first; what is left stays in favour of the customer.
   */
  credit(
    c: AccountCustomer,
    kind: Exclude<AccountEntryKind, 'charge'>,
    amount: D,
    order: { first: DueRow[]; rest: boolean },
    extra: { document_id?: number; method?: string; method_label?: string; method_kind?: string; cash_session_id?: number | null; applies_to?: string | null } = {},
  ): { id: number; before: string; after: string; applied: Applied[]; inFavour: string } {
    const account = this.open(c);
    const before = new Dec(account.balance);
    const after = before.minus(amount);
    const id = this.append(c, kind, amount.neg(), after, extra);
    const firstIds = new Set(order.first.map((x) => x.id));
    const dues = [...order.first, ...(order.rest ? this.dues(c).filter((x) => !firstIds.has(x.id)) : [])];
    const { applied, left } = this.apply(id, dues, amount);
    if (left.gt(0)) this.s.prepare('UPDATE account_entries SET left_in_favour = ? WHERE id = ?').run(money(left), id);
    // Where this till put the collection first, for the merge to tell when another till had collected it already.
    const firstDue = applied[0] && dues.find((x) => x.id === applied[0]!.dueId);
    if (kind === 'collection' && firstDue) this.s.prepare('UPDATE account_entries SET intended = ? WHERE id = ?').run(`${firstDue.key}#${firstDue.position}`, id);
    this.move.run(money(after), money(new Dec(account.in_favour).plus(left)), this.d.now().toISOString(), c.docType, c.docNumber);
    return { id, before: money(before), after: money(after), applied, inFavour: money(left) };
  }

  /** The open dues of one document, by cuota. */
  documentOpenDues(documentId: number): DueRow[] {
    return this.documentDues.all(documentId);
  }

  /** The open dues of another till's document, by its id_Base_Dato. */
  keyOpenDues(key: string): DueRow[] {
    return this.keyDues.all(key);
  }

  /** A document's id_Base_Dato. */
  keyOfDocument(documentId: number): string | null {
    return this.keyOf.get(documentId) ?? null;
  }

  private apply(entryId: number, dues: readonly DueRow[], amount: D): { applied: Applied[]; left: D } {
    let left = amount;
    const applied: Applied[] = [];
    for (const due of dues) {
      if (!left.gt(0)) break;
      const open = new Dec(due.amount).minus(due.settled);
      if (!open.gt(0)) continue;
      const take = Dec.min(open, left);
      const settled = new Dec(due.settled).plus(take);
      this.settle.run(money(settled), settled.gte(due.amount) ? 0 : 1, due.id);
      this.application.run(entryId, due.id, money(take));
      left = left.minus(take);
      applied.push({ dueId: due.id, documentId: due.document_id, document: due.label, cuota: due.position, amount: money(take), stillOpen: money(open.minus(take)) });
    }
    return { applied, left };
  }

  private append(c: AccountCustomer, kind: AccountEntryKind, amount: D, balance: D, extra: Record<string, unknown>): number {
    return Number(
      this.insert.run({
        uid: randomUUID(),
        doc_type: c.docType,
        doc_number: c.docNumber,
        kind,
        amount: money(amount),
        balance: money(balance),
        document_id: null,
        method: null,
        method_label: null,
        method_kind: null,
        cash_session_id: null,
        left_in_favour: '0.00',
        till: this.d.till(),
        at: this.d.now().toISOString(),
        by_name: this.d.who(),
        applies_to: null,
        ...extra,
      }).lastInsertRowid,
    );
  }
}
