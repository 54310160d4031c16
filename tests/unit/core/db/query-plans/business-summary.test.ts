// The owner's view reads its sums by the summary tables' primary key (day first), one range walk each, and the
// triggers that keep those sums read one document's contribution by its id: nothing grows with the history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../../electron/core/db';
import { PRODUCT_CATEGORY_SQL, SUMMARY_CASHIERS_SQL, SUMMARY_METHODS_SQL, SUMMARY_PRODUCTS_SQL, SUMMARY_SALES_SQL } from '../../../../../electron/core/summary';
import { expectFlat, planOf, shopDatabase } from './plans';

let db: Db;
beforeAll(() => {
  db = shopDatabase(5_000);
});
afterAll(() => db.close());

const month = { from: '2025-06-01', to: '2025-06-30' };

describe('the owner\'s view', () => {
  it('reads summary_sales by its primary key over the range of days', () => {
    const plan = planOf(db, SUMMARY_SALES_SQL, month);
    expectFlat(plan);
    expect(plan).toEqual(['SEARCH summary_sales USING PRIMARY KEY (day>? AND day<?)']);
  });

  // These add their rows up per cashier, method or product: SQLite sorts the range's rows to group them (at most
  // days × products rows, never the history), so the one temporary B-tree allowed is the GROUP BY's.
  it.each([
    ['summary_cashiers', SUMMARY_CASHIERS_SQL],
    ['summary_methods', SUMMARY_METHODS_SQL],
    ['summary_products', SUMMARY_PRODUCTS_SQL],
  ])('reads %s by its primary key over the range of days, grouped', (table, sql) => {
    const plan = planOf(db, sql, month);
    expect(plan).toEqual([`SEARCH ${table} USING PRIMARY KEY (day>? AND day<?)`, 'USE TEMP B-TREE FOR GROUP BY']);
  });

  it.each(['summary_document_kinds', 'summary_document_methods', 'summary_document_lines'])('keeps its sums from %s by one document\'s id', (view) => {
    const plan = planOf(db, `SELECT * FROM ${view} WHERE id = ?`, [1]);
    expectFlat(plan, { scanAllowed: /^SCAN (summary_document_methods|l VIRTUAL TABLE)/ });
    expect(plan.filter((l) => /^(SEARCH|SCAN) d /.test(l)).every((l) => /USING INTEGER PRIMARY KEY \(rowid=\?\)/.test(l))).toBe(true);
  });
});

describe('the owner\'s view by category', () => {
  it('finds each sold product\'s category by products\' unique code, one row', () => {
    // The unique code's own index (it cannot be dropped to show the plan without it).
    const plan = planOf(db, PRODUCT_CATEGORY_SQL, ['P000123']);
    expectFlat(plan);
    expect(plan).toEqual(['SEARCH products USING INDEX sqlite_autoindex_products_1 (code=?)']);
  });
});
