// Every shape of the back office's search (Documentos, "Requiere atención") walks an index newest first and
// stops at its LIMIT: no scan of documents, no sort of the matches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentsRepository, type Db, type DocumentSearchFilter } from '../../../../../electron/core/db';
import { NEEDS_ATTENTION_FILTER } from '../../../../../shared/bridge/status';
import { expectFlat, expectFlatThrough, planOf, shopDatabase } from './plans';

let db: Db;
let documents: DocumentsRepository;
const PARAMS = {
  limit: 100, offset: 0, from: '2025-06-02', to: '2025-06-08', docType: '07', series: 'B001', number: 1234, status: 'rejected',
  customerName: '"quispe"*', customerNumber: '40001234',
};

beforeAll(() => {
  db = shopDatabase();
  documents = new DocumentsRepository(db);
});
afterAll(() => db.close());

const sql = (filter: DocumentSearchFilter) => documents.searchSource(filter);

describe('the search', () => {
  it.each<[string, DocumentSearchFilter, string]>([
    ['by series and number', { series: 'B001', number: 1234 }, 'documents_series_number'],
    ['by date range', { from: '2025-06-02', to: '2025-06-08' }, 'documents_issue_date'],
    ['by type', { docType: '07' }, 'documents_doc_type'],
    ['by type and date range', { docType: '07', from: '2025-06-02', to: '2025-06-08' }, 'documents_issue_date'],
    ['by status', { status: 'rejected' }, 'documents_status'],
    ['by status and date range', { status: 'rejected', from: '2025-06-02', to: '2025-06-08' }, 'documents_issue_date'],
    ['by customer name and date range', { customer: 'QUISPE', from: '2025-06-02', to: '2025-06-08' }, 'documents_issue_date'],
    ['needing attention (the list)', { status: NEEDS_ATTENTION_FILTER }, 'documents_needs_attention'],
    ['needing attention, re-issued ones left out', { status: NEEDS_ATTENTION_FILTER }, 'documents_reissue_of'],
  ])('%s walks %s', (_name, filter, index) => {
    expectFlatThrough(db, index, sql(filter), PARAMS);
  });

  it('by customer name is driven by the full-text index, newest match first', () => {
    const plan = planOf(db, sql({ customer: 'QUISPE' }), PARAMS);
    expectFlat(plan);
    expect(plan.join(' | ')).toMatch(/SCAN documents_fts VIRTUAL TABLE/);
  });

  it('by text that may be a name or a document number: two walks, by name (full text) and by number (its index)', () => {
    const [byName, byNumber] = documents.searchSources({ customer: '40001234' });
    expect(byName).toMatch(/documents_fts MATCH/);
    expectFlat(planOf(db, byName ?? '', PARAMS));
    expectFlatThrough(db, 'documents_customer_doc_number', byNumber ?? '', PARAMS);
  });

  it('by text that may be a name or a document number: one page, newest first, each document once', () => {
    db.sqlite.prepare("UPDATE documents SET customer_name = 'ROSA 40001234 SAC' WHERE id IN (25, 9234, 19234)").run();
    const all = documents.search({ customer: '40001234', limit: 500 });
    const expected = db.sqlite.prepare(`SELECT id FROM documents WHERE customer_doc_number = '40001234' OR id IN (25, 9234, 19234)
      ORDER BY id DESC`).all() as { id: number }[];
    expect(all.map((d) => d.id)).toEqual(expected.map((e) => e.id));
    const page = documents.search({ customer: '40001234', limit: 2, offset: 1 });
    expect(page.map((d) => d.id)).toEqual(expected.slice(1, 3).map((e) => e.id));
  });

  it('unfiltered, it reads the table newest first and stops at its LIMIT', () => {
    const plan = planOf(db, sql({}), PARAMS);
    expectFlat(plan, { scanAllowed: /^SCAN d$/ });
    expect(sql({})).toMatch(/ORDER BY d\.id DESC LIMIT @limit/);
  });

  it('finds what the table holds (the plans answer the same question)', () => {
    const byType = documents.search({ docType: '07', from: '2025-06-02', to: '2025-06-08' });
    const expected = db.sqlite.prepare("SELECT COUNT(*) AS n FROM documents WHERE doc_type = '07' AND issue_date BETWEEN '2025-06-02' AND '2025-06-08'").get() as { n: number };
    expect(byType.length).toBe(expected.n);
    expect(byType.length).toBeGreaterThan(0);
    expect(byType.map((d) => d.id)).toEqual([...byType.map((d) => d.id)].sort((a, b) => b - a));
  });
});
