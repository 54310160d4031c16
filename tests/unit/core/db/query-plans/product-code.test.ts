// A sale's line is looked up in the catalogue by its code, trimmed and regardless of case (a cashier typing "a001"
// sells "A001", at its price). That lookup runs for every line of every sale: it reads products_code_nocase, never
// the whole catalogue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, ProductsRepository, type Db } from '../../../../../electron/core/db';
import { PRODUCT_BY_CODE_ANY_CASE_SQL, PRODUCT_CATEGORIES_SQL } from '../../../../../electron/core/db/repositories/products';
import { expectFlatThrough, planOf, problemsOf, sourceOf } from './plans';

let db: Db;
let products: ProductsRepository;

beforeAll(() => {
  db = openDatabase({ path: ':memory:' });
  products = new ProductsRepository(db);
  const at = '2025-01-01T00:00:00Z';
  const insert = db.sqlite.prepare(`INSERT INTO products (code, description, unit, price, affectation, active, created_at, updated_at)
    VALUES (?, ?, 'NIU', ?, '10', ?, ?, ?)`);
  db.sqlite.transaction(() => {
    for (let n = 1; n <= 20_000; n++) insert.run(`P${String(n).padStart(6, '0')}`, `Producto ${n}`, String(1 + (n % 97)), n % 10 === 0 ? 0 : 1, at, at);
  })();
  db.sqlite.exec('ANALYZE');
});
afterAll(() => db.close());

describe('the catalogue lookup by code, any case', () => {
  it('reads products_code_nocase, for the active products and for all', () => {
    expectFlatThrough(db, 'products_code_nocase', PRODUCT_BY_CODE_ANY_CASE_SQL, ['p000123']);
    expectFlatThrough(db, 'products_code_nocase', `${PRODUCT_BY_CODE_ANY_CASE_SQL} AND active = 1`, ['p000123']);
  });

  it('the statements the repository prepares are those', () => {
    expect(sourceOf(products, 'selectByCodeAnyCase')).toBe(PRODUCT_BY_CODE_ANY_CASE_SQL);
    expect(sourceOf(products, 'selectActiveByCodeAnyCase')).toBe(`${PRODUCT_BY_CODE_ANY_CASE_SQL} AND active = 1`);
  });

  it('finds the product whatever the case and spaces typed; the exact code first', () => {
    expect(products.getByCode(' p000123 ')?.code).toBe('P000123');
    expect(products.getByCode('p000120')).toBeUndefined(); // inactive
    expect(products.getByCode('p000120', { includeInactive: true })?.code).toBe('P000120');
    expect(products.getByCode('   ')).toBeUndefined();
  });
});

describe('the categories in use', () => {
  it('are read off products_category in order (no sort, no read of the table)', () => {
    const plan = planOf(db, PRODUCT_CATEGORIES_SQL);
    expect(plan.join(' | ')).toMatch(/USING COVERING INDEX products_category\b/);
    expect(problemsOf(plan, { scanAllowed: /USING COVERING INDEX products_category\b/ }), plan.join(' | ')).toEqual([]);
    expect(sourceOf(products, 'selectCategories')).toBe(PRODUCT_CATEGORIES_SQL);
  });
});
