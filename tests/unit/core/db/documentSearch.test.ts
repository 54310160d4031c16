import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DocumentsRepository, openDatabase, type Db, type NewDocument } from '../../../../electron/core/db';
import { newDocument, steppingClock } from './helpers';

let db: Db;
let documents: DocumentsRepository;
const ids: Record<string, number> = {};

function add(key: string, overrides: Partial<NewDocument>): void {
  ids[key] = documents.insert(newDocument(overrides));
}

function idsOf(rows: { id: number }[]): number[] {
  return rows.map((row) => row.id);
}

beforeEach(() => {
  db = openDatabase({ path: ':memory:' });
  documents = new DocumentsRepository(db, steppingClock());
  add('maria', { number: 1, issue_date: '2025-02-27', customer_name: 'María Peña Quispe', customer_doc_number: '40123456' });
  add('jose', { number: 2, issue_date: '2025-02-28', customer_name: 'JOSÉ MARIÁTEGUI', customer_doc_number: '10203040' });
  add('factura', {
    doc_type: '01', series: 'F001', number: 1, issue_date: '2025-03-01',
    customer_doc_type: '6', customer_doc_number: '20100070970', customer_name: 'Bodega San Martín S.A.C.',
  });
  add('varios', { number: 3, issue_date: '2025-03-02', customer_name: 'CLIENTES VARIOS', customer_doc_number: '00000000' });
  documents.updateStatus(ids.jose as number, { status: 'accepted' });
});

afterEach(() => db.close());

describe('DocumentsRepository.search', () => {
  it('returns everything newest first, without the heavy columns', () => {
    const rows = documents.search();
    expect(idsOf(rows)).toEqual([ids.varios, ids.factura, ids.jose, ids.maria]);
    for (const row of rows) {
      expect(row).not.toHaveProperty('payload');
      expect(row).not.toHaveProperty('cdr_zip');
      expect(row).not.toHaveProperty('cdr_xml');
      expect(row).toHaveProperty('customer_name');
    }
  });

  it('finds by number, by series and number, and by type', () => {
    expect(idsOf(documents.search({ number: 1 }))).toEqual([ids.factura, ids.maria]);
    expect(idsOf(documents.search({ series: 'F001', number: 1 }))).toEqual([ids.factura]);
    expect(idsOf(documents.search({ series: ' b001 ', number: 1 }))).toEqual([ids.maria]);
    expect(idsOf(documents.search({ docType: '01' }))).toEqual([ids.factura]);
  });

  it('finds by customer name prefix, ignoring accents and case', () => {
    expect(idsOf(documents.search({ customer: 'MARIA' }))).toEqual([ids.jose, ids.maria]); // María and MARIÁTEGUI
    expect(idsOf(documents.search({ customer: 'maría pe' }))).toEqual([ids.maria]);
    expect(idsOf(documents.search({ customer: 'pena' }))).toEqual([ids.maria]);
    expect(idsOf(documents.search({ customer: 'jose' }))).toEqual([ids.jose]);
    expect(idsOf(documents.search({ customer: 'san martin' }))).toEqual([ids.factura]);
    expect(documents.search({ customer: 'quispez' })).toEqual([]);
  });

  it('finds by exact customer document number', () => {
    expect(idsOf(documents.search({ customer: '20100070970' }))).toEqual([ids.factura]);
    expect(documents.search({ customer: '2010007097' })).toEqual([]); // exact, not prefix
  });

  it('treats FTS syntax in the text as plain words', () => {
    expect(() => documents.search({ customer: '"MARIA" OR NEAR(' })).not.toThrow();
    expect(idsOf(documents.search({ customer: 'maria*' }))).toEqual([ids.jose, ids.maria]);
    expect(documents.search({ customer: '***' })).toEqual([]);
  });

  it('filters by an inclusive issue date range', () => {
    expect(idsOf(documents.search({ from: '2025-02-28', to: '2025-03-01' }))).toEqual([ids.factura, ids.jose]);
    expect(idsOf(documents.search({ from: '2025-03-02' }))).toEqual([ids.varios]);
    expect(idsOf(documents.search({ to: '2025-02-27' }))).toEqual([ids.maria]);
  });

  it('filters by status and combines filters', () => {
    expect(idsOf(documents.search({ status: 'accepted' }))).toEqual([ids.jose]);
    expect(idsOf(documents.search({ status: 'pending', customer: 'maria' }))).toEqual([ids.maria]);
    expect(documents.search({ status: 'rejected' })).toEqual([]);
  });

  it('ignores empty strings coming from forms', () => {
    expect(documents.search({ from: '', series: '', customer: '  ' })).toHaveLength(4);
  });

  it('pages with limit and offset, capping the limit at 500', () => {
    expect(idsOf(documents.search({ limit: 2 }))).toEqual([ids.varios, ids.factura]);
    expect(idsOf(documents.search({ limit: 2, offset: 2 }))).toEqual([ids.jose, ids.maria]);
    const insertMany = db.sqlite.transaction(() => {
      for (let n = 100; n < 700; n++) documents.insert(newDocument({ number: n }));
    });
    insertMany();
    expect(documents.search({ limit: 10_000 })).toHaveLength(500);
    expect(documents.search()).toHaveLength(100);
  });

  it('follows a change of the customer name (FTS kept in sync)', () => {
    db.sqlite.prepare('UPDATE documents SET customer_name = ? WHERE id = ?').run('Rosa Huamán', ids.maria);
    expect(idsOf(documents.search({ customer: 'peña' }))).toEqual([]);
    expect(idsOf(documents.search({ customer: 'huaman' }))).toEqual([ids.maria]);
  });
});
