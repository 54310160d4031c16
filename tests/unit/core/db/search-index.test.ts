// Migration 0025 and db/search-index.ts: the customer-name index is written after the commit that stores a document,
// and a search by name never misses one.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentsRepository, openDatabase, type Db } from '../../../../electron/core/db';
import { SEARCH_INDEX_AFTER_MS } from '../../../../electron/core/db/search-index';
import { folderUpTo, newDocument, steppingClock, tempDir } from './helpers';

let db: Db | undefined;
afterEach(() => db?.close());

function open(file = ':memory:', migrationsDir?: string): { db: Db; documents: DocumentsRepository } {
  db = openDatabase({ path: file, ...(migrationsDir ? { migrationsDir } : {}) });
  return { db, documents: new DocumentsRepository(db, steppingClock()) };
}

const indexed = (d: Db) => (d.sqlite.prepare('SELECT COUNT(*) FROM documents_fts_docsize').pluck().get() as number);
const names = (documents: DocumentsRepository, text: string) => documents.search({ customer: text }).map((r) => r.customer_name);
/** FTS5's own check of an external-content index against its table: throws when they disagree. */
const integrityCheck = (d: Db) => d.sqlite.prepare("INSERT INTO documents_fts (documents_fts, rank) VALUES ('integrity-check', 1)").run();

describe('the customer-name index', () => {
  it('is not written by the commit that stores a document, and a search by name still finds it', () => {
    const { db: d, documents } = open();
    documents.insert(newDocument({ number: 1, customer_name: 'ROSA HUAMAN QUISPE' }));
    expect(indexed(d)).toBe(0);
    expect(names(documents, 'huaman')).toEqual(['ROSA HUAMAN QUISPE']);
    expect(indexed(d)).toBe(1);
    integrityCheck(d);
  });

  it('catches up shortly after a document is stored', async () => {
    const { db: d, documents } = open();
    documents.insert(newDocument({ number: 1, customer_name: 'JUAN FLORES' }));
    documents.insert(newDocument({ number: 2, customer_name: 'ANA TORRES' }));
    expect(indexed(d)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, SEARCH_INDEX_AFTER_MS * 3));
    expect(indexed(d)).toBe(2);
  });

  it('a customer corrected before the index caught up is found by the new name only', () => {
    const { db: d, documents } = open();
    const id = documents.insert(newDocument({ number: 1, customer_name: 'CLIENTE EQUIVOCADO' }));
    d.sqlite.prepare("UPDATE documents SET customer_name = 'LUCIA RAMOS' WHERE id = ?").run(id);
    expect(names(documents, 'ramos')).toEqual(['LUCIA RAMOS']);
    expect(names(documents, 'equivocado')).toEqual([]);
    integrityCheck(d);
  });

  it('a customer corrected after the index caught up is found by the new name only', () => {
    const { db: d, documents } = open();
    const id = documents.insert(newDocument({ number: 1, customer_name: 'CLIENTE EQUIVOCADO' }));
    expect(names(documents, 'equivocado')).toEqual(['CLIENTE EQUIVOCADO']);
    d.sqlite.prepare("UPDATE documents SET customer_name = 'LUCIA RAMOS' WHERE id = ?").run(id);
    expect(names(documents, 'ramos')).toEqual(['LUCIA RAMOS']);
    expect(names(documents, 'equivocado')).toEqual([]);
    integrityCheck(d);
  });

  it('documents stored by SQL (a restore carries them so) are indexed by the next catch-up', () => {
    const file = path.join(tempDir(), 'caja.db');
    const first = open(file);
    first.documents.insert(newDocument({ number: 1, customer_name: 'CARMEN ROJAS' }));
    first.db.close();
    const { db: d, documents } = open(file);
    expect(indexed(d)).toBe(0);
    expect(documents.searchIndex.catchUp()).toBe(1);
    expect(documents.searchIndex.catchUp()).toBe(0);
    expect(names(documents, 'rojas')).toEqual(['CARMEN ROJAS']);
    integrityCheck(d);
  });

  it('a store from before 0025 keeps its index: the migration starts after its last document', () => {
    const file = path.join(tempDir(), 'caja.db');
    const old = openDatabase({ path: file, migrationsDir: folderUpTo(24) });
    old.sqlite.prepare(`INSERT INTO documents (id_base_dato, doc_type, series, number, issued_at, issue_date, currency,
      customer_doc_type, customer_doc_number, customer_name, total, igv, payload, status, created_at, updated_at)
      VALUES ('old-1', '03', 'B001', 1, '2025-03-01T10:00:00-05:00', '2025-03-01', 'PEN', '1', '12345678',
      'PEDRO CHAVEZ', '118.00', '18.00', '{}', 'accepted', '2025-03-01', '2025-03-01')`).run();
    expect(indexed(old)).toBe(1); // the old trigger indexed it inside the commit
    old.close();
    const { db: d, documents } = open(file);
    expect(d.sqlite.prepare('SELECT indexed_through FROM search_index_state').pluck().get()).toBe(1);
    expect(documents.searchIndex.catchUp()).toBe(0);
    expect(names(documents, 'chavez')).toEqual(['PEDRO CHAVEZ']);
    integrityCheck(d);
  });
});
