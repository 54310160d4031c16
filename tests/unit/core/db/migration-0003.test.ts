// Migration 0003 rebuilds `documents` (new statuses, columns) and must keep every row, event and the name search.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocumentsRepository, openDatabase } from '../../../../electron/core/db';
import { folderUpTo, newDocument, steppingClock, tempDir } from './helpers';

describe('migration 0003_outbox_integrity', () => {
  it('keeps every document, event and the customer-name search, and allows the new statuses', () => {
    const dbPath = path.join(tempDir(), 'caja.db');
    const old = openDatabase({ path: dbPath, migrationsDir: folderUpTo(2) });
    const insert = old.sqlite.prepare(`INSERT INTO documents (id_base_dato, doc_type, series, number, issued_at, issue_date,
      currency, customer_doc_type, customer_doc_number, customer_name, total, igv, payload, status, created_at, updated_at,
      uncertain, attempts) VALUES (@id_base_dato, @doc_type, @series, @number, @issued_at, @issue_date, @currency,
      @customer_doc_type, @customer_doc_number, @customer_name, @total, @igv, @payload, @status, @at, @at, @uncertain, 2)`);
    const event = old.sqlite.prepare(
      "INSERT INTO document_events (document_id, at, from_status, to_status, detail) VALUES (?, '2025-03-01T15:00:00Z', NULL, 'pending', 'x')",
    );
    for (let n = 1; n <= 30; n++) {
      const d = newDocument({ number: n, customer_name: n === 7 ? 'José Ñahui' : `Cliente ${n}` });
      const id = insert.run({ ...d, status: n % 3 === 0 ? 'accepted' : 'pending', at: '2025-03-01T15:00:00Z', uncertain: n % 2 }).lastInsertRowid;
      event.run(id);
    }
    const before = old.sqlite.prepare('SELECT * FROM documents ORDER BY id').all();
    old.close();

    const db = openDatabase({ path: dbPath });
    try {
      const after = db.sqlite.prepare('SELECT * FROM documents ORDER BY id').all() as Record<string, unknown>[];
      expect(after).toHaveLength(30);
      after.forEach((row, i) => {
        const { client_key, reissue_of, cdr_missing, cashier_id, cashier_name, cash_session_id, discount_total, discount_approved_by, exchange_rate, ...rest } = row;
        expect(rest).toEqual(before[i]);
        // New columns of 0003, 0007, 0008 and 0009 (who issued it, in which cash session, its discounts)
        // and 0029 (a dollar document's exchange rate) start empty.
        expect([client_key, reissue_of, cdr_missing, cashier_id, cashier_name, cash_session_id, discount_total, discount_approved_by, exchange_rate]).toEqual([null, null, 0, null, null, null, null, null, null]);
      });
      expect(db.sqlite.prepare('SELECT COUNT(*) AS n, MIN(repeats) AS r FROM document_events').get()).toEqual({ n: 30, r: 1 });
      const docs = new DocumentsRepository(db, steppingClock());
      expect(docs.search({ customer: 'jose nahui' }).map((d) => d.number)).toEqual([7]);
      docs.updateStatus(1, { status: 'sending' });
      expect(docs.updateStatus(1, { status: 'attention' }).status).toBe('attention');
      // the name search follows new rows and renamed customers (the triggers were recreated)
      const id = docs.insert(newDocument({ number: 31, customer_name: 'Rosa Quispe' }));
      expect(docs.search({ customer: 'quispe' }).map((d) => d.id)).toEqual([id]);
      expect(db.sqlite.pragma('foreign_key_check')).toEqual([]);
      expect(db.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  });
});
