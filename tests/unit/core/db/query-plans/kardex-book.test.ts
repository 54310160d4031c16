// The permanent inventory books read each product's month and its balance when the month began: both rest on
// stock_movements_kardex, so a book of 20,000 products reads each product's own rows, never the whole kardex.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openDatabase, type Db } from '../../../../../electron/core/db';
import { OPENING_SQL, PERIOD_MOVEMENTS_SQL } from '../../../../../electron/core/export/ple/service';
import { expectFlatThrough } from './plans';

let db: Db;

beforeAll(() => {
  db = openDatabase({ path: ':memory:' });
  const s = db.sqlite;
  const at = '2025-01-01T00:00:00Z';
  const product = s.prepare(`INSERT INTO products (code, description, unit, price, affectation, created_at, updated_at) VALUES (?, ?, 'NIU', '1', '10', ?, ?)`);
  const movement = s.prepare(`INSERT INTO stock_movements (uid, product_code, kind, quantity, unit_cost, value, balance, balance_value, till, at)
    VALUES (?, ?, 'purchase', '1', '1', '1.00', '1', '1.00', 'CAJA-1', ?)`);
  s.transaction(() => {
    for (let n = 1; n <= 2_000; n++) product.run(`P${String(n).padStart(6, '0')}`, `Producto ${n}`, at, at);
    for (let n = 1; n <= 50_000; n++) {
      const day = new Date(Date.UTC(2025, 0, 1) + Math.floor(n / 200) * 86_400_000).toISOString();
      movement.run(`m-${n}`, `P${String(1 + (n % 2_000)).padStart(6, '0')}`, day);
    }
  })();
  s.exec('ANALYZE');
});
afterAll(() => db.close());

describe('the permanent inventory books: query plans', () => {
  it("a product's movements of the month, and its balance when the month began, read stock_movements_kardex", () => {
    expectFlatThrough(db, 'stock_movements_kardex', PERIOD_MOVEMENTS_SQL, ['P000001', '2025-03-01T05:00:00.000Z', '2025-04-01T05:00:00.000Z']);
    expectFlatThrough(db, 'stock_movements_kardex', OPENING_SQL, ['P000001', '2025-03-01T05:00:00.000Z']);
  });
});
