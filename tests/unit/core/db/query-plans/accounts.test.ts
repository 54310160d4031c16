// Customer accounts' hot queries: every credit sale looks its charge up, every collection reads the customer's open
// dues oldest first, the account shows its latest entries, the X and the Z read a session's collections, the sales
// report a range of them, and the overdue list every open due past its date. Each rests on its index: a shop with
// thousands of customers and years of entries never reads a whole table for one customer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLIED_SQL, CHARGE_OF_SQL, NOTED_SQL, DOCUMENT_DUES_SQL, ENTRIES_SQL, OPEN_DUES_SQL, OVERDUE_SQL, RANGE_COLLECTIONS_SQL, SESSION_COLLECTIONS_SQL,
} from '../../../../../electron/core/accounts';
import type { Db } from '../../../../../electron/core/db';
import { expectFlat, expectFlatThrough, planOf, shopDatabase } from './plans';

let db: Db;

beforeAll(() => {
  db = shopDatabase(20_000);
  const s = db.sqlite;
  const customer = s.prepare("INSERT INTO account_customers (doc_type, doc_number, name, balance, updated_at) VALUES ('1', ?, 'X', '0.00', '2025-01-01')");
  const entry = s.prepare(`INSERT INTO account_entries (uid, doc_type, doc_number, kind, amount, balance, document_id, method, method_label, method_kind,
      cash_session_id, till, at) VALUES (?, '1', ?, ?, '11.80', '11.80', ?, ?, ?, ?, ?, 'CAJA-1', ?)`);
  const due = s.prepare(`INSERT INTO account_dues (entry_id, document_id, doc_type, doc_number, position, amount, due_date, settled, open)
    VALUES (?, ?, '1', ?, 1, '11.80', ?, ?, ?)`);
  const apply = s.prepare('INSERT INTO account_applications (entry_id, due_id, amount) VALUES (?, ?, ?)');
  const docs = s.prepare("SELECT id, customer_doc_number, issue_date, cash_session_id FROM documents WHERE doc_type IN ('01', '03')").all() as {
    id: number; customer_doc_number: string; issue_date: string; cash_session_id: number;
  }[];
  s.transaction(() => {
    for (let n = 0; n < 3_000; n++) customer.run(String(40_000_000 + n));
    docs.forEach((d, i) => {
      // One sale in four on credit, for one of 3,000 customers; most of them paid long ago.
      if (i % 4 !== 0) return;
      const who = String(40_000_000 + (i % 3_000));
      const charge = Number(entry.run(`c-${i}`, who, 'charge', d.id, null, null, null, null, `${d.issue_date}T12:00:00Z`).lastInsertRowid);
      const paid = i < docs.length - 800;
      const dueId = Number(due.run(charge, d.id, who, d.issue_date, paid ? '11.80' : '0.00', paid ? 0 : 1).lastInsertRowid);
      if (paid) {
        const at = `${d.issue_date}T18:00:00Z`;
        const c = Number(entry.run(`p-${i}`, who, 'collection', null, 'efectivo', 'Efectivo', 'cash', d.cash_session_id, at).lastInsertRowid);
        apply.run(c, dueId, '11.80');
      }
    });
  })();
  s.exec('ANALYZE');
});
afterAll(() => db.close());

describe('customer accounts: query plans', () => {
  it("a sale's charge is found by its document (account_entries_document, or the charge's own unique index)", () => {
    expectFlat(planOf(db, CHARGE_OF_SQL, [1]));
    expect(planOf(db, CHARGE_OF_SQL, [1]).join(' | ')).toMatch(/\baccount_entries_(document|charge_once)\b/);
  });

  it("a voided sale's notes are found through note_details_modifies, their entries through account_entries_document", () => {
    expectFlatThrough(db, 'account_entries_document', NOTED_SQL, [1]);
  });

  it("a customer's open dues, oldest first, read account_dues_open; one document's by its key", () => {
    expectFlatThrough(db, 'account_dues_open', OPEN_DUES_SQL, ['1', '40000007']);
    expectFlat(planOf(db, DOCUMENT_DUES_SQL, [1]));
  });

  it("a customer's latest entries read account_entries_customer backwards; a collection's documents by its key", () => {
    expectFlatThrough(db, 'account_entries_customer', ENTRIES_SQL, ['1', '40000007', 1000]);
    expectFlat(planOf(db, APPLIED_SQL, [1]));
  });

  it("the overdue list reads account_dues_overdue; a session's and a range's collections their own indexes", () => {
    expectFlatThrough(db, 'account_dues_overdue', OVERDUE_SQL, ['2025-12-01']);
    expectFlatThrough(db, 'account_entries_session', SESSION_COLLECTIONS_SQL, [120]);
    expectFlatThrough(db, 'account_entries_collections_at', RANGE_COLLECTIONS_SQL, ['2025-03-01T05:00:00.000Z', '2025-03-02T05:00:00.000Z']);
  });
});
