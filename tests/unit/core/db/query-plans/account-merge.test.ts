// The accounts merge's hot queries: every pass pushes this till's entries after a cursor, every pulled entry is looked
// up by its uid, each customer it touches is worked out again from their entries and each charge's dues, and a cashier
// picking another till's document finds its dues by its printed name. Each rests on its index.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { CHARGE_DUES_SQL, CUSTOMER_ENTRIES_SQL, KEY_DUES_SQL, OTHER_TILL_SALE_SQL, UNPUSHED_ACCOUNTS_SQL } from '../../../../../electron/core/accounts';
import type { Db } from '../../../../../electron/core/db';
import { expectFlat, expectFlatThrough, planOf, shopDatabase } from './plans';

let db: Db;

beforeAll(() => {
  db = shopDatabase(2_000);
  const s = db.sqlite;
  const customer = s.prepare("INSERT INTO account_customers (doc_type, doc_number, name, balance, updated_at) VALUES ('1', ?, 'X', '0.00', '2025-01-01')");
  const entry = s.prepare(`INSERT INTO account_entries (uid, doc_type, doc_number, kind, amount, balance, till, at, applies_to, label)
    VALUES (?, '1', ?, 'charge', '11.80', '11.80', 'CAJA-2', '2025-06-01T12:00:00Z', ?, ?)`);
  const due = s.prepare(`INSERT INTO account_dues (entry_id, document_id, doc_type, doc_number, position, amount, due_date, doc_key, label)
    VALUES (?, NULL, '1', ?, ?, '5.90', '2025-07-01', ?, ?)`);
  s.transaction(() => {
    for (let n = 0; n < 3_000; n++) customer.run(String(40_000_000 + n));
    // Another till's credit sales, each with two cuotas, for 3,000 customers.
    for (let i = 0; i < 12_000; i++) {
      const who = String(40_000_000 + (i % 3_000));
      const label = `F002-${String(i + 1).padStart(8, '0')}`;
      const id = Number(entry.run(`r-${i}`, who, `key-${i}`, label).lastInsertRowid);
      for (const position of [1, 2]) due.run(id, who, position, `key-${i}`, label);
    }
  })();
  s.exec('ANALYZE');
});
afterAll(() => db.close());

describe('customer accounts merged across tills: query plans', () => {
  it('the push reads entries after its cursor by their key; a pulled entry is known by its uid', () => {
    expectFlat(planOf(db, UNPUSHED_ACCOUNTS_SQL, [100, 500]));
    expectFlat(planOf(db, 'SELECT 1 FROM account_entries WHERE uid = ?', ['r-5']));
  });

  it("a customer worked out again reads their entries through account_entries_customer and each charge's dues by its key", () => {
    expectFlatThrough(db, 'account_entries_customer', CUSTOMER_ENTRIES_SQL, ['1', '40000007']);
    expectFlat(planOf(db, CHARGE_DUES_SQL, [7]));
  });

  it("another till's document: picked by its printed name through account_dues_other_till, its dues by its key", () => {
    expectFlatThrough(db, 'account_dues_other_till', OTHER_TILL_SALE_SQL, ['1', '40000007', 'F002-00000008']);
    expectFlatThrough(db, 'account_dues_doc_key', KEY_DUES_SQL, ['key-7']);
  });
});
