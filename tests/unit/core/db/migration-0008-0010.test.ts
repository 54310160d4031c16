// Migrations 0008 (cash sessions), 0009 (discounts) and 0010 (the shop server's queue) add
// their tables and columns without touching a single existing row.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../electron/core/db';
import { folderUpTo, newDocument, tempDir } from './helpers';

const TABLES = ['documents', 'document_payments', 'document_events', 'users', 'settings', 'products'];

describe('migrations 0008_cash_sessions and 0009_document_discounts', () => {
  it('keeps every document, payment, event and user as it was; old sales belong to no session', () => {
    const dbPath = path.join(tempDir(), 'caja.db');
    const old = openDatabase({ path: dbPath, migrationsDir: folderUpTo(7) });
    const at = '2026-11-01T15:00:00Z';
    old.sqlite.prepare("INSERT INTO users (name, role, pin_hash, pin_salt, created_at, updated_at) VALUES ('Luis', 'cajero', 'h', 's', ?, ?)").run(at, at);
    const insert = old.sqlite.prepare(`INSERT INTO documents (id_base_dato, doc_type, series, number, issued_at, issue_date, currency,
      customer_doc_type, customer_doc_number, customer_name, total, igv, payload, status, created_at, updated_at, cashier_id, cashier_name)
      VALUES (@id_base_dato, @doc_type, @series, @number, @issued_at, @issue_date, @currency, @customer_doc_type, @customer_doc_number,
      @customer_name, @total, @igv, @payload, 'accepted', @at, @at, 1, 'Luis')`);
    const pay = old.sqlite.prepare("INSERT INTO document_payments (document_id, position, method, label, kind, tendered, applied) VALUES (?, 0, 'efectivo', 'Efectivo', 'cash', '20.00', '11.80')");
    for (let n = 1; n <= 20; n++) pay.run(insert.run({ ...newDocument({ number: n }), at }).lastInsertRowid);
    const before = Object.fromEntries(TABLES.map((t) => [t, old.sqlite.prepare(`SELECT * FROM ${t} ORDER BY rowid`).all()]));
    old.close();

    const db = openDatabase({ path: dbPath, migrationsDir: folderUpTo(10) });
    try {
      for (const table of TABLES) {
        const after = db.sqlite.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all() as Record<string, unknown>[];
        const kept = table === 'documents'
          ? after.map(({ cash_session_id, discount_total, discount_approved_by, ...rest }) => {
              expect([cash_session_id, discount_total, discount_approved_by]).toEqual([null, null, null]);
              return rest;
            })
          : after;
        expect(kept, table).toEqual(before[table]);
      }
      expect(db.sqlite.prepare('SELECT COUNT(*) AS n FROM cash_sessions').get()).toEqual({ n: 0 });
      expect(db.sqlite.prepare('SELECT COUNT(*) AS n FROM document_discounts').get()).toEqual({ n: 0 });
      // 0010 queues every existing document once for the shop server, touching none of them.
      expect(db.sqlite.prepare('SELECT COUNT(*) AS n, MAX(version) AS v FROM replication_queue').get()).toEqual({ n: 20, v: 1 });
      expect(db.sqlite.pragma('foreign_key_check')).toEqual([]);
    } finally {
      db.close();
    }
  });
});
