// A restore never loses what a customer owes or paid: the account entries the copy lacks (a credit sale, a
// collection, a note on a credit sale made since the copy) come along with their dues and how each was applied,
// matched by the entry's uid (stable across tills and files) and re-pointed at the documents' ids in the copy. The
// ledger's figures are then worked out again from what both hold, so they always add up:
// - a due is settled by what was applied to it, and open while that is less than its amount;
// - a customer's balance is the sum of their entries, and each entry's balance the running sum up to it;
// - what is in the customer's favour is every credit's money not applied to a due.
// The copy holds a prefix of the live history (or, after a salvage, part of it): the union of both, worked out again,
// is what the live ledger shows.
import type Database from 'better-sqlite3';

/** The account tables, parents first (the salvage reads them in this order). */
export const ACCOUNT_TABLES = ['account_customers', 'account_entries', 'account_dues', 'account_applications'] as const;

function has(sqlite: Database.Database, schema: string, table: string): boolean {
  return (sqlite.prepare('SELECT COUNT(*) FROM pragma_table_info(?, ?)').pluck().get(table, schema) as number) > 0;
}

/** A live document id's id in the copy (temp.carry_map, made by carryMissingDocuments). */
const mapped = (col: string) => `(SELECT main_id FROM temp.carry_map WHERE live_id = ${col})`;

/**
 * Inside carryMissingDocuments' transaction (the live database attached as `live`, temp.carry_map filled). Answers
 * how many entries came along.
 */
export function carryAccounts(restored: Database.Database): number {
  if (!ACCOUNT_TABLES.every((t) => has(restored, 'live', t) && has(restored, 'main', t))) return 0;
  // Customers the copy lacks; a limit set since the copy stands.
  restored.exec(`INSERT INTO main.account_customers (doc_type, doc_number, name, credit_limit, limit_set_by, limit_set_at, updated_at)
    SELECT doc_type, doc_number, name, credit_limit, limit_set_by, limit_set_at, updated_at FROM live.account_customers l
    WHERE NOT EXISTS (SELECT 1 FROM main.account_customers m WHERE m.doc_type = l.doc_type AND m.doc_number = l.doc_number)`);
  restored.exec(`UPDATE main.account_customers AS m SET credit_limit = l.credit_limit, limit_set_by = l.limit_set_by, limit_set_at = l.limit_set_at
    FROM live.account_customers AS l WHERE l.doc_type = m.doc_type AND l.doc_number = m.doc_number
      AND l.limit_set_at IS NOT NULL AND (m.limit_set_at IS NULL OR l.limit_set_at > m.limit_set_at)`);
  // The name a later sale gave the customer (an account opened by its limit has none yet).
  restored.exec(`UPDATE main.account_customers AS m SET name = l.name FROM live.account_customers AS l
    WHERE l.doc_type = m.doc_type AND l.doc_number = m.doc_number AND l.name <> '' AND l.name <> m.name AND l.updated_at >= m.updated_at`);
  // Entries the copy lacks, in the order they happened. One that names a document the copy does not get (it was not
  // readable) stays behind: a charge of no sale would be a debt nobody can show.
  const carried = restored.prepare(`INSERT INTO main.account_entries (uid, doc_type, doc_number, kind, amount, balance, document_id, method,
      method_label, method_kind, cash_session_id, left_in_favour, till, at, by_name, applies_to, label, intended, merge_note)
    SELECT l.uid, l.doc_type, l.doc_number, l.kind, l.amount, l.balance, ${mapped('l.document_id')}, l.method, l.method_label, l.method_kind,
      NULL, l.left_in_favour, l.till, l.at, l.by_name, l.applies_to, l.label, l.intended, l.merge_note
    FROM live.account_entries l
    WHERE NOT EXISTS (SELECT 1 FROM main.account_entries m WHERE m.uid = l.uid)
      AND (l.document_id IS NULL OR ${mapped('l.document_id')} IS NOT NULL)
    ORDER BY l.id`).run().changes;
  // The dues of those charges, as SUNAT received them; another till's charge keeps its dues by the document's key.
  restored.exec(`INSERT INTO main.account_dues (entry_id, document_id, doc_type, doc_number, position, amount, due_date, doc_key, label)
    SELECT me.id, ${mapped('l.document_id')}, l.doc_type, l.doc_number, l.position, l.amount, l.due_date, l.doc_key, l.label
    FROM live.account_dues l JOIN live.account_entries le ON le.id = l.entry_id JOIN main.account_entries me ON me.uid = le.uid
    WHERE (l.document_id IS NULL OR ${mapped('l.document_id')} IS NOT NULL)
      AND NOT EXISTS (SELECT 1 FROM main.account_dues m WHERE m.entry_id = me.id AND m.position = l.position)
    ORDER BY l.id`);
  // How each entry was applied, due by due: the entry by uid, the due by its charge's uid and cuota.
  restored.exec(`INSERT INTO main.account_applications (entry_id, due_id, amount)
    SELECT me.id, md.id, a.amount
    FROM live.account_applications a
      JOIN live.account_entries le ON le.id = a.entry_id JOIN main.account_entries me ON me.uid = le.uid
      JOIN live.account_dues ld ON ld.id = a.due_id
      JOIN live.account_entries lc ON lc.id = ld.entry_id JOIN main.account_entries mc ON mc.uid = lc.uid
      JOIN main.account_dues md ON md.entry_id = mc.id AND md.position = ld.position
    WHERE NOT EXISTS (SELECT 1 FROM main.account_applications x WHERE x.entry_id = me.id AND x.due_id = md.id)`);
  recomputeAccounts(restored);
  return carried;
}

/** The ledger's figures from its entries and applications (see the top of this file). */
export function recomputeAccounts(sqlite: Database.Database): void {
  // One pass over each table (a restore reads them whole once), sums in exact cents.
  const settledOf = new Map<number, bigint>();
  for (const a of sqlite.prepare('SELECT due_id, amount FROM main.account_applications').all() as { due_id: number; amount: string }[]) {
    settledOf.set(a.due_id, (settledOf.get(a.due_id) ?? 0n) + cents(a.amount));
  }
  const setDue = sqlite.prepare('UPDATE main.account_dues SET settled = ?, open = ? WHERE id = ?');
  for (const due of sqlite.prepare('SELECT id, amount FROM main.account_dues').all() as { id: number; amount: string }[]) {
    const settled = settledOf.get(due.id) ?? 0n;
    setDue.run(text(settled), settled >= cents(due.amount) ? 0 : 1, due.id);
  }
  const entries = sqlite.prepare('SELECT id, doc_type, doc_number, amount FROM main.account_entries ORDER BY doc_type, doc_number, id').all() as {
    id: number; doc_type: string; doc_number: string; amount: string;
  }[];
  const setEntry = sqlite.prepare('UPDATE main.account_entries SET balance = ? WHERE id = ?');
  const totals = new Map<string, bigint>();
  for (const e of entries) {
    const key = `${e.doc_type}\u0000${e.doc_number}`;
    const running = (totals.get(key) ?? 0n) + cents(e.amount);
    totals.set(key, running);
    setEntry.run(text(running), e.id);
  }
  const favourOf = new Map<string, bigint>();
  for (const e of sqlite.prepare(`SELECT doc_type, doc_number, amount FROM main.account_entries WHERE kind <> 'charge'`).all() as { doc_type: string; doc_number: string; amount: string }[]) {
    const key = `${e.doc_type}\u0000${e.doc_number}`;
    favourOf.set(key, (favourOf.get(key) ?? 0n) - cents(e.amount));
  }
  for (const a of sqlite.prepare('SELECT d.doc_type, d.doc_number, a.amount FROM main.account_applications a JOIN main.account_dues d ON d.id = a.due_id').all() as { doc_type: string; doc_number: string; amount: string }[]) {
    const key = `${a.doc_type}\u0000${a.doc_number}`;
    favourOf.set(key, (favourOf.get(key) ?? 0n) - cents(a.amount));
  }
  const setCustomer = sqlite.prepare('UPDATE main.account_customers SET balance = ?, in_favour = ? WHERE doc_type = ? AND doc_number = ?');
  for (const c of sqlite.prepare('SELECT doc_type, doc_number FROM main.account_customers').all() as { doc_type: string; doc_number: string }[]) {
    const key = `${c.doc_type}\u0000${c.doc_number}`;
    const favour = favourOf.get(key) ?? 0n;
    setCustomer.run(text(totals.get(key) ?? 0n), text(favour > 0n ? favour : 0n), c.doc_type, c.doc_number);
  }
}

/** '12.50' → 1250n; the ledger writes every amount with 2 decimals. */
function cents(amount: string): bigint {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (!m) throw new Error(`account amount not in cents: ${amount}`);
  const value = BigInt(m[2]!) * 100n + BigInt(m[3]!);
  return m[1] ? -value : value;
}

function text(c: bigint): string {
  const sign = c < 0n ? '-' : '';
  const abs = c < 0n ? -c : c;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
