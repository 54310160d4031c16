// Migration 0025: the name index's catch-up runs before every search by name and shortly after each sale. Its check
// and its pass read documents by id range (the table's own key): no scan of documents, no sort.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../../electron/core/db';
import { SearchIndexer } from '../../../../../electron/core/db/search-index';
import { expectFlat, planOf, shopDatabase, sourceOf } from './plans';

let db: Db;
let indexer: SearchIndexer;

beforeAll(() => {
  db = shopDatabase();
  indexer = new SearchIndexer(db.sqlite);
});
afterAll(() => db.close());

describe('the name index catch-up', () => {
  it('checks what is pending by the last id, without reading documents', () => {
    const plan = planOf(db, sourceOf(indexer, 'pending'));
    expectFlat(plan);
    expect(plan.join(' | ')).not.toMatch(/SCAN documents/);
  });

  it('reads only the documents above the mark, in id order, through the primary key', () => {
    const plan = planOf(db, sourceOf(indexer, 'index'), [29_000]);
    expectFlat(plan);
    expect(plan.join(' | ')).toMatch(/SEARCH documents USING INTEGER PRIMARY KEY \(rowid>\?\)/);
  });
});
