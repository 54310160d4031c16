// Stock's hot queries: every sale line looks its product up and moves its balance, a void and a return read a sale's
// movements, the kardex reads a product's period, the stock list reads every balance. Each rests on its index: a shop
// with 20,000 products and a product with many movements never reads a whole table for one product.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../../../electron/core/db';
import { BALANCE_AT_SQL, BELOW_ZERO_SQL, KARDEX_LATEST_SQL, KARDEX_SQL, STOCK_ALL_SQL, STOCK_ONE_SQL, StockLedger, UNPUSHED_SQL } from '../../../../../electron/core/stock';
import { expectFlat, expectFlatThrough, planOf, sourceOf } from './plans';

let db: Db;
let ledger: StockLedger;

beforeAll(() => {
  db = openDatabase({ path: ':memory:' });
  ledger = new StockLedger({ db, now: () => new Date('2025-01-01T00:00:00Z'), till: () => 'CAJA-1', who: () => null });
  const at = '2025-01-01T00:00:00Z';
  const s = db.sqlite;
  const product = s.prepare(`INSERT INTO products (code, description, unit, price, affectation, created_at, updated_at) VALUES (?, ?, 'NIU', '1', '10', ?, ?)`);
  const balance = s.prepare(`INSERT INTO stock_balances (product_code, quantity, value, average_cost, last_movement, updated_at) VALUES (?, '5', '5.00', '1', 0, ?)`);
  const document = s.prepare(`INSERT INTO documents (id_base_dato, doc_type, series, number, issued_at, issue_date, currency, customer_doc_type,
      customer_doc_number, customer_name, total, igv, payload, status, demo, created_at, updated_at)
    VALUES (?, '03', 'B001', ?, ?, '2025-01-01', 'PEN', '1', '00000000', 'X', '1.00', '0.15', '{}', 'accepted', 0, ?, ?)`);
  const movement = s.prepare(`INSERT INTO stock_movements (uid, product_code, kind, quantity, unit_cost, value, balance, balance_value, below_zero,
      document_id, document_line, till, at) VALUES (?, ?, 'sale', '-1', '1', '-1.00', '4', '4.00', ?, ?, 1, 'CAJA-1', ?)`);
  s.transaction(() => {
    for (let n = 1; n <= 20_000; n++) {
      const code = `P${String(n).padStart(6, '0')}`;
      product.run(code, `Producto ${n}`, at, at);
      balance.run(code, at);
    }
    for (let n = 1; n <= 60_000; n++) {
      const day = new Date(Date.UTC(2025, 0, 1) + Math.floor(n / 200) * 86_400_000).toISOString();
      const doc = Number(document.run(`doc-${n}`, n, day, day, day).lastInsertRowid);
      // A few best sellers carry most movements, as in a shop.
      const code = `P${String(n % 3 === 0 ? 1 : 1 + (n % 2_000)).padStart(6, '0')}`;
      movement.run(`m-${n}`, code, n % 997 === 0 ? 1 : 0, doc, day);
    }
  })();
  s.exec('ANALYZE');
});
afterAll(() => db.close());

describe('stock: query plans', () => {
  it('a product\'s kardex over a period, and its latest movements, read stock_movements_kardex in order', () => {
    expectFlatThrough(db, 'stock_movements_kardex', KARDEX_SQL, { code: 'P000001', from: '2025-03-01', to: '2025-04-01\uffff', limit: 1000 });
    expectFlatThrough(db, 'stock_movements_kardex', KARDEX_LATEST_SQL, { code: 'P000001', limit: 1000 });
  });

  it('a product\'s balance at the moment it was counted reads stock_movements_kardex backwards, one row', () => {
    expectFlatThrough(db, 'stock_movements_kardex', BALANCE_AT_SQL, ['P000001', '2025-06-01T00:00:00.000Z']);
  });

  it('what sold below zero reads stock_movements_below_zero, newest first', () => {
    expectFlatThrough(db, 'stock_movements_below_zero', BELOW_ZERO_SQL, { from: '2025-03-01', to: '\uffff', limit: 1000 });
  });

  it('the stock of one product finds its row by products_code_nocase and its balance by key', () => {
    expectFlatThrough(db, 'products_code_nocase', STOCK_ONE_SQL, ['p000123']);
    expect(planOf(db, STOCK_ONE_SQL, ['p000123']).join(' | ')).toMatch(/SEARCH b USING PRIMARY KEY/);
  });

  it('the stock of every product walks the catalogue in code order, without sorting, each balance found by key', () => {
    const plan = planOf(db, STOCK_ALL_SQL);
    // The co-routine's rows feed the JSON aggregate as they come: scanning them is reading the walk, not a table.
    expectFlat(plan, { scanAllowed: /^SCAN (p USING INDEX sqlite_autoindex_products_1|\(subquery-1\))$/ });
    expect(plan.join(' | ')).toMatch(/SEARCH b USING PRIMARY KEY/);
    const rows = JSON.parse(db.sqlite.prepare(STOCK_ALL_SQL).pluck().get() as string) as string[][];
    expect(rows).toHaveLength(20_000);
    expect(rows.every((r, i) => i === 0 || rows[i - 1]![0]! < r[0]!)).toBe(true);
    expect(rows[0]).toEqual(['P000001', 'Producto 1', '5', null, '1', '5.00', '']);
  });

  it('what a sale line, a return and a void read: the product by products_code_nocase, the balance by key, a sale\'s movements by stock_movements_document', () => {
    expectFlatThrough(db, 'products_code_nocase', sourceOf(ledger, 'product'), ['p000123']);
    expectFlat(planOf(db, sourceOf(ledger, 'balance'), ['P000123']));
    expectFlatThrough(db, 'stock_movements_document', sourceOf(ledger, 'ofDocument'), [42]);
    expectFlatThrough(db, 'stock_movements_document', sourceOf(ledger, 'hasVoid'), [42]);
  });

  it('the movements still to go up to the shop server are a range of ids, each document and purchase found by key', () => {
    const plan = planOf(db, UNPUSHED_SQL, [30_000, 500]);
    expectFlat(plan);
    expect(plan[0]).toMatch(/^SEARCH m USING INTEGER PRIMARY KEY \(rowid>\?\)$/);
    expect(plan.join(' | ')).toMatch(/SEARCH d USING INTEGER PRIMARY KEY/);
  });
});
