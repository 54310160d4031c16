// Migration 0016 rebuilds documents, series and the numbering tables so they admit notes (07, 08): every
// row stays as it was, the FTS and replication triggers and the indexes come back, and a note can be stored.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../electron/core/db';
import { folderUpTo, newDocument, tempDir } from './helpers';

const TABLES = ['documents', 'series', 'document_events', 'replication_queue', 'numbering_log'];
const schemaOf = (db: { sqlite: { prepare(s: string): { all(): unknown[] } } }) =>
  db.sqlite.prepare("SELECT name FROM sqlite_schema WHERE tbl_name = 'documents' AND type IN ('index', 'trigger') AND name NOT LIKE 'sqlite_%' ORDER BY name").all();

describe('migration 0016_notes', () => {
  it('keeps every row, index and trigger, and admits credit and debit notes', () => {
    const dbPath = path.join(tempDir(), 'caja.db');
    const old = openDatabase({ path: dbPath, migrationsDir: folderUpTo(15) });
    const at = '2026-11-01T15:00:00Z';
    const insertSql = `INSERT INTO documents (id_base_dato, doc_type, series, number, issued_at, issue_date, currency,
      customer_doc_type, customer_doc_number, customer_name, total, igv, payload, status, created_at, updated_at)
      VALUES (@id_base_dato, @doc_type, @series, @number, @issued_at, @issue_date, @currency, @customer_doc_type, @customer_doc_number,
      @customer_name, @total, @igv, @payload, 'accepted', @at, @at)`;
    const insert = old.sqlite.prepare(insertSql);
    for (let n = 1; n <= 5; n++) insert.run({ ...newDocument({ number: n }), at });
    old.sqlite.prepare("INSERT INTO series (doc_type, series, last_number) VALUES ('03', 'B009', 5)").run();
    const before = Object.fromEntries(TABLES.map((t) => [t, old.sqlite.prepare(`SELECT * FROM ${t} ORDER BY rowid`).all()]));
    const objects = schemaOf(old);
    old.close();

    const db = openDatabase({ path: dbPath, migrationsDir: folderUpTo(16) });
    try {
      for (const table of TABLES) expect(db.sqlite.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all(), table).toEqual(before[table]);
      expect(schemaOf(db)).toEqual(objects);
      db.sqlite.prepare("INSERT INTO series (doc_type, series, last_number) VALUES ('07', 'BC09', 0)").run();
      const insertNew = db.sqlite.prepare(insertSql);
      const note = insertNew.run({ ...newDocument({ number: 1 }), doc_type: '07', series: 'BC09', id_base_dato: 'note-1', at });
      db.sqlite.prepare("INSERT INTO note_details (document_id, modifies_id, reason, description, mode) VALUES (?, 1, '06', 'Devolución total', 'whole')").run(note.lastInsertRowid);
      // The triggers work on the rebuilt table: the note is queued for the shop server and searchable by name.
      expect(db.sqlite.prepare('SELECT COUNT(*) AS n FROM replication_queue').get()).toEqual({ n: 6 });
      expect(() => insertNew.run({ ...newDocument({ number: 2 }), doc_type: '09', series: 'BC09', id_base_dato: 'bad', at })).toThrow(/CHECK/);
    } finally {
      db.close();
    }
  });
});
