// This till's side of the accounts merge through the shop server (electron/core/server/sync/account-exchange.ts):
// which of its own entries are still to go up, and how other tills' entries join the ledger here. This till's own
// entries keep their fast path (the ledger moves the balance in the entry's own transaction); when another till's
// entries arrive, the figures of their customers are worked out again from every entry in one order
// (./settle.ts), so every till holds the same balance, dues and credit in favour.
import type Database from 'better-sqlite3';
import type { OwnEntry, PulledEntry, TillAccounts } from '../server/sync/account-exchange';
import type { Db, SettingsRepository } from '../db';
import { ACCOUNT_ENTRY_KINDS, type AccountEntryKind } from '../../../shared/bridge/accounts';
import { printed } from './ledger';
import { settleCustomer } from './resettle';

/** The last local entry id the shop server holds (everything through it went up or was another till's). */
const PUSHED_KEY = 'accountsPushedThrough';
/** The last server version of account entries applied here. */
const PULLED_KEY = 'accountsPulledVersion';

const MONEY = /^-?\d{1,12}\.\d{2}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Local entries after a cursor, in order, with the document each names as this till prints it. */
export const UNPUSHED_ACCOUNTS_SQL = `SELECT e.id, e.uid, e.doc_type, e.doc_number, c.name, e.kind, e.amount, e.applies_to, e.method, e.method_label,
    e.method_kind, e.intended, e.till, e.at, e.by_name, e.label, d.series, d.number
  FROM account_entries e JOIN account_customers c ON c.doc_type = e.doc_type AND c.doc_number = e.doc_number
    LEFT JOIN documents d ON d.id = e.document_id
  WHERE e.id > ? ORDER BY e.id LIMIT ?`;

interface UnpushedRow {
  id: number;
  uid: string;
  doc_type: string;
  doc_number: string;
  name: string;
  kind: string;
  amount: string;
  applies_to: string | null;
  method: string | null;
  method_label: string | null;
  method_kind: string | null;
  intended: string | null;
  till: string;
  at: string;
  by_name: string | null;
  label: string | null;
  series: string | null;
  number: number | null;
}

export interface AccountMergeDeps {
  db: Db;
  settings: SettingsRepository;
  /** This till's terminal id: the entries written with it are this till's own. */
  terminalId: () => string;
  now: () => Date;
}

export class AccountMerge implements TillAccounts {
  private readonly s: Database.Database;
  private readonly after: Database.Statement<[number, number], UnpushedRow>;
  private readonly duesOf: Database.Statement<[number], { position: number; amount: string; due_date: string }>;
  private readonly known: Database.Statement<[string], number>;
  private readonly ensure: Database.Statement<[string, string, string, string]>;
  private readonly insert: Database.Statement<Record<string, unknown>>;
  private readonly insertDue: Database.Statement<Record<string, unknown>>;
  private readonly applyTx: (rows: readonly PulledEntry[], version: number) => number;

  constructor(private readonly d: AccountMergeDeps) {
    const s = (this.s = d.db.sqlite);
    this.after = s.prepare(UNPUSHED_ACCOUNTS_SQL);
    this.duesOf = s.prepare('SELECT position, amount, due_date FROM account_dues WHERE entry_id = ? ORDER BY position');
    this.known = s.prepare<[string], number>('SELECT 1 FROM account_entries WHERE uid = ?').pluck();
    this.ensure = s.prepare("INSERT INTO account_customers (doc_type, doc_number, name, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET name = excluded.name WHERE name = ''");
    this.insert = s.prepare(
      `INSERT INTO account_entries (uid, doc_type, doc_number, kind, amount, balance, document_id, method, method_label, method_kind, cash_session_id,
         left_in_favour, till, at, by_name, applies_to, label, intended)
       VALUES (@uid, @doc_type, @doc_number, @kind, @amount, '0.00', NULL, @method, @method_label, @method_kind, NULL,
         '0.00', @till, @at, @by_name, @applies_to, @label, @intended)`,
    );
    this.insertDue = s.prepare(
      `INSERT INTO account_dues (entry_id, document_id, doc_type, doc_number, position, amount, due_date, doc_key, label)
       VALUES (@entry_id, NULL, @doc_type, @doc_number, @position, @amount, @due_date, @doc_key, @label)`,
    );
    this.applyTx = s.transaction((rows: readonly PulledEntry[], version: number) => {
      const touched = new Map<string, { docType: string; docNumber: string }>();
      for (const r of rows) {
        if (this.applyOne(r)) touched.set(`${r.docType}\u0000${r.docNumber}`, { docType: r.docType, docNumber: r.docNumber });
      }
      for (const c of touched.values()) settleCustomer(this.s, c, this.d.now());
      this.d.settings.set(PULLED_KEY, version);
      return touched.size;
    }).immediate;
  }

  unpushed(limit: number): { own: OwnEntry[]; through: number; looked: number } {
    const rows = this.after.all(this.pushedThrough(), limit);
    const me = this.d.terminalId();
    const own = rows.filter((r) => r.till === me).map((r): OwnEntry => ({
      uid: r.uid, docType: r.doc_type, docNumber: r.doc_number, name: r.name, kind: r.kind, amount: r.amount, appliesTo: r.applies_to,
      document: r.series !== null && r.number !== null ? printed(r.series, r.number) : r.label,
      method: r.method, methodLabel: r.method_label, methodKind: r.method_kind,
      dues: r.kind === 'charge' ? this.duesOf.all(r.id).map((u) => ({ position: u.position, amount: u.amount, dueDate: u.due_date })) : [],
      intended: r.intended, at: r.at, by: r.by_name,
    }));
    return { own, through: rows.at(-1)?.id ?? this.pushedThrough(), looked: rows.length };
  }

  pushed(through: number): void {
    this.d.settings.set(PUSHED_KEY, through);
  }

  pulledVersion(): number {
    return Number(this.d.settings.get(PULLED_KEY) ?? 0);
  }

  apply(rows: readonly PulledEntry[], version: number): number {
    return this.applyTx(rows, version);
  }

  private pushedThrough(): number {
    return Number(this.d.settings.get(PUSHED_KEY) ?? 0);
  }

  /** One entry from the server, unless known here by its uid. A row this version cannot read is skipped. */
  private applyOne(r: PulledEntry): boolean {
    if (!(ACCOUNT_ENTRY_KINDS as readonly string[]).includes(r.kind) || !MONEY.test(r.amount)) return false;
    if ((r.kind === 'collection') !== (r.method !== null)) return false;
    if (r.dues.some((u) => !Number.isInteger(u.position) || u.position < 1 || !MONEY.test(u.amount) || !DATE.test(u.dueDate))) return false;
    if (this.known.get(r.uid) !== undefined) return false;
    this.ensure.run(r.docType, r.docNumber, r.name, r.at);
    // A charge's document is another till's: its dues are known by the document's key, which a charge always has.
    const key = r.appliesTo ?? (r.kind === 'charge' ? `entry:${r.uid}` : null);
    const id = Number(
      this.insert.run({
        uid: r.uid, doc_type: r.docType, doc_number: r.docNumber, kind: r.kind as AccountEntryKind, amount: r.amount, method: r.method,
        method_label: r.methodLabel, method_kind: r.methodKind, till: r.terminalId, at: r.at, by_name: r.by, applies_to: key,
        label: r.document, intended: r.intended,
      }).lastInsertRowid,
    );
    if (r.kind === 'charge') {
      for (const u of r.dues) {
        this.insertDue.run({ entry_id: id, doc_type: r.docType, doc_number: r.docNumber, position: u.position, amount: u.amount, due_date: u.dueDate, doc_key: key, label: r.document ?? key });
      }
    }
    return true;
  }
}
