// A customer's ledger here made equal to what every till's entries add up to (./settle.ts): how each credit was
// applied, what each due has settled, each entry's running balance and what it left in favour, the customer's
// balance and credit in favour. Inside the caller's transaction; reads and writes one customer through their indexes.
import type Database from 'better-sqlite3';
import type { AccountCustomer, AccountEntryKind } from '../../../shared/bridge/accounts';
import { settle, type SettleEntry } from './settle';

/** A customer's entries, through account_entries_customer. */
export const CUSTOMER_ENTRIES_SQL = `SELECT id, uid, at, kind, amount, till, applies_to, intended, balance, left_in_favour, merge_note FROM account_entries
  WHERE doc_type = ? AND doc_number = ? ORDER BY id`;
/** A charge's dues, through their UNIQUE (entry_id, position). */
export const CHARGE_DUES_SQL = 'SELECT id, position, amount, due_date, settled, open FROM account_dues WHERE entry_id = ? ORDER BY position';

interface EntryRow {
  id: number;
  uid: string;
  at: string;
  kind: AccountEntryKind;
  amount: string;
  till: string;
  applies_to: string | null;
  intended: string | null;
  balance: string;
  left_in_favour: string;
  merge_note: string | null;
}

const statements = new WeakMap<Database.Database, ReturnType<typeof prepare>>();

function prepare(s: Database.Database) {
  return {
    entries: s.prepare<[string, string], EntryRow>(CUSTOMER_ENTRIES_SQL),
    dues: s.prepare<[number], { id: number; position: number; amount: string; due_date: string; settled: string; open: number }>(CHARGE_DUES_SQL),
    applied: s.prepare<[number], { due_id: number; amount: string }>('SELECT due_id, amount FROM account_applications WHERE entry_id = ? ORDER BY due_id'),
    forget: s.prepare<[number]>('DELETE FROM account_applications WHERE entry_id = ?'),
    application: s.prepare<[number, number, string]>('INSERT INTO account_applications (entry_id, due_id, amount) VALUES (?, ?, ?)'),
    due: s.prepare<[string, number, number]>('UPDATE account_dues SET settled = ?, open = ? WHERE id = ?'),
    entry: s.prepare<[string, string, string | null, number]>('UPDATE account_entries SET balance = ?, left_in_favour = ?, merge_note = ? WHERE id = ?'),
    customer: s.prepare<[string, string, string, string, string]>('UPDATE account_customers SET balance = ?, in_favour = ?, updated_at = ? WHERE doc_type = ? AND doc_number = ?'),
  };
}

export function settleCustomer(s: Database.Database, c: AccountCustomer, now: Date): void {
  let q = statements.get(s);
  if (!q) statements.set(s, (q = prepare(s)));
  const rows = q.entries.all(c.docType, c.docNumber);
  const dueIds = new Map<string, number>();
  const dueNow = new Map<number, string>();
  const input: SettleEntry[] = rows.map((e) => {
    const dues = e.kind === 'charge' ? q.dues.all(e.id) : [];
    for (const u of dues) {
      dueIds.set(`${e.uid}#${u.position}`, u.id);
      dueNow.set(u.id, `${u.settled}|${u.open}`);
    }
    const hash = e.intended?.lastIndexOf('#') ?? -1;
    return {
      uid: e.uid, at: e.at, kind: e.kind, amount: e.amount, till: e.till, appliesTo: e.applies_to,
      dues: dues.map((u) => ({ position: u.position, amount: u.amount, dueDate: u.due_date })),
      intended: e.intended && hash > 0 ? { key: e.intended.slice(0, hash), position: Number(e.intended.slice(hash + 1)) } : null,
    };
  });
  const done = settle(input);
  // Only what changed is written: another till's entry usually moves the last few entries of an account.
  for (const e of rows) {
    const out = done.entries.get(e.uid)!;
    const applied = out.applied.map((a) => ({ due_id: dueIds.get(`${a.charge}#${a.position}`)!, amount: a.amount })).sort((x, y) => x.due_id - y.due_id);
    if (JSON.stringify(q.applied.all(e.id)) !== JSON.stringify(applied)) {
      q.forget.run(e.id);
      for (const a of applied) q.application.run(e.id, a.due_id, a.amount);
    }
    if (e.balance !== out.balance || e.left_in_favour !== out.leftInFavour || e.merge_note !== out.note) q.entry.run(out.balance, out.leftInFavour, out.note, e.id);
  }
  for (const u of done.dues) {
    const id = dueIds.get(`${u.charge}#${u.position}`)!;
    if (dueNow.get(id) !== `${u.settled}|${u.open ? 1 : 0}`) q.due.run(u.settled, u.open ? 1 : 0, id);
  }
  q.customer.run(done.balance, done.inFavour, now.toISOString(), c.docType, c.docNumber);
}
