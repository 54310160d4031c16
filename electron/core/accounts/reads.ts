// What the accounts show: a customer's account (its balance as kept, its open dues and its entries), the overdue list,
// and the collections of a cash session or of a range of days for the X, the Z and the sales report.
import type Database from 'better-sqlite3';
import { Dec } from '../../../shared/billing/decimal';
import type { AccountCustomer, AccountEntryKind, Collection, CustomerAccount, OverdueRow } from '../../../shared/bridge/accounts';
import type { ReportCollection } from '../../../shared/cash/collections';
import { limaDate } from '../../../shared/catalog';
import { type CustomerRow, type DueRow, money, OPEN_DUES_SQL, printed } from './ledger';
import { byOrder } from './settle';

/** Whole days from one YYYY-MM-DD to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** A customer's latest entries with the document behind each, in the order this till learnt of them, through account_entries_customer. */
export const ENTRIES_SQL = `SELECT e.id, e.uid, e.till, e.at, e.kind, e.amount, e.balance, e.method_label, d.series, d.number, e.label, e.merge_note
  FROM account_entries e LEFT JOIN documents d ON d.id = e.document_id
  WHERE e.doc_type = ? AND e.doc_number = ? ORDER BY e.id DESC LIMIT ?`;
/** The documents a collection was applied to, in the order applied (its applications' primary key). */
export const APPLIED_SQL = `SELECT COALESCE(u.label, printf('%s-%08d', d.series, d.number)) AS label FROM account_applications a
  JOIN account_dues u ON u.id = a.due_id LEFT JOIN documents d ON d.id = u.document_id WHERE a.entry_id = ? ORDER BY a.due_id`;

/** Every open due past its date, with its customer, through account_dues_overdue. */
export const OVERDUE_SQL = `SELECT u.doc_type, u.doc_number, c.name, c.balance, u.amount, u.settled, u.due_date
  FROM account_dues u JOIN account_customers c ON c.doc_type = u.doc_type AND c.doc_number = u.doc_number
  WHERE u.open = 1 AND u.due_date < ? ORDER BY u.due_date`;

/** Another till's credit sale to a customer by its printed name: its dues, kept with their key, through account_dues_open. */
export const OTHER_TILL_SALE_SQL = `SELECT u.doc_key AS key, u.label FROM account_dues u
  WHERE u.doc_type = ? AND u.doc_number = ? AND u.label = ? AND u.doc_key IS NOT NULL LIMIT 1`;

/** A cash session's collections, through account_entries_session. */
export const SESSION_COLLECTIONS_SQL = `SELECT e.amount, e.method, e.method_label, e.method_kind, e.at FROM account_entries e
  WHERE e.cash_session_id = ? AND e.kind = 'collection' ORDER BY e.id`;
/** Collections of a range of instants, through account_entries_collections_at. */
export const RANGE_COLLECTIONS_SQL = `SELECT e.amount, e.method, e.method_label, e.method_kind, e.at FROM account_entries e
  WHERE e.kind = 'collection' AND e.at >= ? AND e.at < ? AND e.cash_session_id IS NOT NULL ORDER BY e.at`;

interface EntrySqlRow {
  id: number;
  uid: string;
  till: string;
  at: string;
  kind: AccountEntryKind;
  amount: string;
  balance: string;
  method_label: string | null;
  series: string | null;
  number: number | null;
  /** Another till's entry: its document as that till printed it. */
  label: string | null;
  merge_note: string | null;
}

/** A collection as recorded, with its customer, for its constancia. */
export const COLLECTION_SQL = `SELECT e.id, e.at, e.amount, e.balance, e.method, e.method_label, e.left_in_favour, e.by_name, e.doc_type, e.doc_number, c.name,
    e.merge_note
  FROM account_entries e JOIN account_customers c ON c.doc_type = e.doc_type AND c.doc_number = e.doc_number
  WHERE e.id = ? AND e.kind = 'collection'`;
/** How a collection was applied, due by due, and what each due still had open right after it. */
export const COLLECTION_APPLIED_SQL = `SELECT COALESCE(u.label, printf('%s-%08d', d.series, d.number)) AS label, u.position, a.amount, u.amount AS due_amount,
    (SELECT group_concat(b.amount, '|') FROM account_applications b WHERE b.due_id = a.due_id AND b.entry_id <= a.entry_id) AS settled
  FROM account_applications a JOIN account_dues u ON u.id = a.due_id LEFT JOIN documents d ON d.id = u.document_id
  WHERE a.entry_id = ? ORDER BY a.due_id`;

interface CollectionSqlRow {
  amount: string;
  method: string;
  method_label: string;
  method_kind: string;
  at: string;
}

export class AccountReads {
  private readonly entries: Database.Statement<[string, string, number], EntrySqlRow>;
  private readonly appliedTo: Database.Statement<[number], { label: string }>;
  private readonly otherSale: Database.Statement<[string, string, string], { key: string; label: string }>;
  private readonly dues: Database.Statement<[string, string], DueRow>;
  private readonly overdueRows: Database.Statement<[string], { doc_type: string; doc_number: string; name: string; balance: string; amount: string; settled: string; due_date: string }>;
  private readonly sessionRows: Database.Statement<[number], CollectionSqlRow>;
  private readonly rangeRows: Database.Statement<[string, string], CollectionSqlRow>;
  private readonly sale: Database.Statement<[string, number], { id: number; series: string; number: number }>;
  private readonly book: Database.Statement<[string, string], { name: string }>;
  private readonly collectionRow: Database.Statement<[number], {
    id: number; at: string; amount: string; balance: string; method: string; method_label: string; left_in_favour: string; by_name: string | null;
    doc_type: string; doc_number: string; name: string; merge_note: string | null;
  }>;
  private readonly collectionApplied: Database.Statement<[number], { label: string; position: number; amount: string; due_amount: string; settled: string }>;

  constructor(s: Database.Database, private readonly now: () => Date) {
    this.entries = s.prepare(ENTRIES_SQL);
    this.appliedTo = s.prepare(APPLIED_SQL);
    this.dues = s.prepare(OPEN_DUES_SQL);
    this.overdueRows = s.prepare(OVERDUE_SQL);
    this.sessionRows = s.prepare(SESSION_COLLECTIONS_SQL);
    this.rangeRows = s.prepare(RANGE_COLLECTIONS_SQL);
    this.sale = s.prepare("SELECT id, series, number FROM documents WHERE series = ? AND number = ? AND doc_type IN ('01', '03')");
    this.book = s.prepare('SELECT name FROM customers WHERE doc_type = ? AND doc_number = ?');
    this.collectionRow = s.prepare(COLLECTION_SQL);
    this.collectionApplied = s.prepare(COLLECTION_APPLIED_SQL);
    this.otherSale = s.prepare(OTHER_TILL_SALE_SQL);
  }

  /** Another till's credit sale to this customer, by its printed name (its dues came with its charge). */
  otherTillSale(c: AccountCustomer, series: string, number: number): { key: string; label: string } | undefined {
    return this.otherSale.get(c.docType, c.docNumber, printed(series, number));
  }

  /** The customer book's name, when it knows the customer. */
  bookName(c: AccountCustomer): string {
    return this.book.get(c.docType, c.docNumber)?.name ?? '';
  }

  saleOf(series: string, number: number): { id: number; label: string } | undefined {
    const row = this.sale.get(series, number);
    return row ? { id: row.id, label: printed(row.series, row.number) } : undefined;
  }

  account(c: AccountCustomer, row: CustomerRow | undefined, limit = 100_000): CustomerAccount {
    const today = limaDate(this.now());
    const dues = row ? this.dues.all(c.docType, c.docNumber) : [];
    const overdue = dues.filter((d) => d.due_date < today).reduce((sum, d) => sum.plus(d.amount).minus(d.settled), new Dec(0));
    const entries = row ? this.entries.all(c.docType, c.docNumber, limit).reverse() : [];
    // An account with entries of several tills is listed in the order they were settled in (settle.ts), the same at
    // every till, so each balance follows from the one before; one till's own entries stay in the order it made them.
    if (new Set(entries.map((e) => e.till)).size > 1) entries.sort(byOrder);
    return {
      customer: { docType: c.docType, docNumber: c.docNumber, name: row?.name || this.bookName(c) },
      balance: row?.balance ?? '0.00',
      limit: row?.credit_limit ?? null,
      overdue: money(overdue),
      inFavour: row?.in_favour ?? '0.00',
      dues: dues.map((d) => ({
        document: d.label,
        cuota: d.position,
        dueDate: d.due_date,
        amount: d.amount,
        open: money(new Dec(d.amount).minus(d.settled)),
        daysLate: Math.max(0, daysBetween(d.due_date, today)),
      })),
      entries: entries.map((e) => ({
        at: e.at,
        kind: e.kind,
        document: e.series !== null && e.number !== null ? printed(e.series, e.number) : e.kind === 'collection' ? this.documentsOf(e.id) : e.label,
        amount: e.amount,
        balance: e.balance,
        method: e.method_label,
        ...(e.merge_note ? { note: e.merge_note } : {}),
      })),
    };
  }

  /** The documents a collection paid, each once, as printed; null when it paid none (all in favour). */
  private documentsOf(entryId: number): string | null {
    const names = [...new Set(this.appliedTo.all(entryId).map((r) => r.label))];
    return names.length > 0 ? names.join(', ') : null;
  }

  /** A collection as it was recorded (its constancia, printed again); undefined when there is none. */
  collection(id: number): Collection | undefined {
    const row = this.collectionRow.get(id);
    if (!row) return undefined;
    const amount = new Dec(row.amount).neg();
    const applied = this.collectionApplied.all(id).map((a) => ({
      document: a.label,
      cuota: a.position,
      amount: a.amount,
      stillOpen: money(a.settled.split('|').reduce((left, x) => left.minus(x), new Dec(a.due_amount))),
    }));
    const c: Collection = {
      id: row.id,
      at: row.at,
      customer: { docType: row.doc_type, docNumber: row.doc_number, name: row.name },
      amount: money(amount),
      method: row.method,
      methodLabel: row.method_label,
      balanceBefore: money(new Dec(row.balance).plus(amount)),
      balanceAfter: row.balance,
      applied,
      inFavour: row.left_in_favour,
      message: '',
      cashier: row.by_name,
    };
    return { ...c, message: [collectionMessage(c), row.merge_note].filter(Boolean).join(' ') };
  }

  overdue(): OverdueRow[] {
    const today = limaDate(this.now());
    const by = new Map<string, OverdueRow>();
    for (const r of this.overdueRows.all(today)) {
      const key = `${r.doc_type}|${r.doc_number}`;
      const open = new Dec(r.amount).minus(r.settled);
      const row = by.get(key);
      if (row) {
        row.overdue = money(new Dec(row.overdue).plus(open));
        continue;
      }
      by.set(key, {
        customer: { docType: r.doc_type, docNumber: r.doc_number, name: r.name },
        balance: r.balance,
        overdue: money(open),
        daysLate: daysBetween(r.due_date, today),
        oldestDue: r.due_date,
      });
    }
    return [...by.values()].sort((a, b) => b.daysLate - a.daysLate);
  }

  /** The collections taken in a cash session. */
  ofSession(sessionId: number): ReportCollection[] {
    return this.sessionRows.all(sessionId).map(collectionOf);
  }

  /** The collections between two instants (ISO, `to` excluded). */
  between(from: string, to: string): ReportCollection[] {
    return this.rangeRows.all(from, to).map(collectionOf);
  }
}

/** A collection lowers the balance (negative entry): the report counts the money received. */
const collectionOf = (r: CollectionSqlRow): ReportCollection => ({ amount: money(new Dec(r.amount).neg()), method: r.method, label: r.method_label, cash: r.method_kind === 'cash' });

/** What a collection did, in one sentence for the cashier and the constancia. */
export function collectionMessage(c: Pick<Collection, 'amount' | 'applied' | 'inFavour' | 'balanceAfter'>, pickedPaid: string | null = null): string {
  const parts = c.applied.map((a) => `${a.document} cuota ${a.cuota} (S/ ${a.amount}${a.stillOpen === '0.00' ? ', pagada' : `, quedan S/ ${a.stillOpen}`})`);
  const after = new Dec(c.balanceAfter);
  return [
    pickedPaid ? `${pickedPaid} ya estaba pagado: se aplicó a lo siguiente.` : '',
    parts.length > 0 ? `Cobranza de S/ ${c.amount} aplicada a ${parts.join(', ')}.` : `Cobranza de S/ ${c.amount}.`,
    c.inFavour !== '0.00' ? `Quedan S/ ${c.inFavour} a favor del cliente.` : '',
    after.isNegative() ? `Saldo a favor S/ ${money(after.neg())}.` : `Debe S/ ${c.balanceAfter}.`,
  ].filter(Boolean).join(' ');
}
