// This till's side of the stock merge (electron/core/stock/merge.ts): which movements go up (its own, each once the
// server answered), and how another till's movements join the running balance (with the value they had where they
// happened, once, whatever arrives twice or malformed).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, SettingsRepository, type Db } from '../../../../electron/core/db';
import { replayMovementsAfter, StockLedger, StockMerge } from '../../../../electron/core/stock';
import type { PulledMovement } from '../../../../electron/core/server/sync/stock-exchange';
import { Dec } from '../../../../shared/billing/decimal';

let db: Db;
let ledger: StockLedger;
let merge: StockMerge;

beforeEach(() => {
  db = openDatabase({ path: ':memory:' });
  db.sqlite.prepare(`INSERT INTO products (code, description, unit, price, affectation, created_at, updated_at)
    VALUES ('QUESO', 'Queso fresco', 'KGM', '24', '10', '2025-01-01', '2025-01-01')`).run();
  ledger = new StockLedger({ db, now: () => new Date('2026-11-20T15:00:00Z'), till: () => 'T-1', who: () => 'Ana' });
  merge = new StockMerge({ db, settings: new SettingsRepository(db), terminalId: () => 'T-1' });
});
afterEach(() => db.close());

const pulled = (over: Partial<PulledMovement> = {}): PulledMovement => ({
  uid: crypto.randomUUID(), terminalId: 'T-2', code: 'QUESO', kind: 'sale', quantity: '-0.375', unitCost: '20', value: '-7.50',
  document: 'B002-00000001', at: '2026-11-20T14:00:00.000Z', by: 'Luis', version: 1, ...over,
});

const balance = () => db.sqlite.prepare("SELECT quantity, value, average_cost FROM stock_balances WHERE product_code = 'QUESO'").get();

describe('the stock merge at a till', () => {
  it('sends its own movements once the server answered, never another till\'s', () => {
    ledger.record({ code: 'QUESO', kind: 'purchase', quantity: new Dec(10), unitCost: new Dec(20) });
    merge.apply([pulled({ version: 7 })], 7);
    ledger.record({ code: 'QUESO', kind: 'sale', quantity: new Dec('-1.25') });
    const first = merge.unpushed(500);
    expect(first.looked).toBe(3);
    expect(first.own.map((m) => [m.kind, m.quantity, m.value])).toEqual([['purchase', '10', '200.00'], ['sale', '-1.25', '-25.00']]);
    // No answer yet: the same movements are offered again.
    expect(merge.unpushed(500).own).toHaveLength(2);
    merge.pushed(first.through);
    expect(merge.unpushed(500)).toMatchObject({ own: [], looked: 0 });
  });

  it('adds another till\'s movement with its own value, once; a malformed one is skipped; the version is kept', () => {
    ledger.record({ code: 'QUESO', kind: 'purchase', quantity: new Dec(10), unitCost: new Dec(20) });
    const sale = pulled({ version: 4 });
    expect(merge.apply([sale, pulled({ quantity: '1e3', version: 5 }), pulled({ kind: 'gift', version: 6 })], 6)).toBe(1);
    expect(merge.apply([sale], 6)).toBe(0);
    expect(balance()).toEqual({ quantity: '9.625', value: '192.50', average_cost: '20' });
    expect(merge.pulledVersion()).toBe(6);
    // Below zero and back: the average stays until there is stock again, then it is value over quantity.
    merge.apply([pulled({ quantity: '-10', value: '-200.00', version: 7 }), pulled({ kind: 'purchase', quantity: '4.375', unitCost: '24', value: '105.00', version: 8 })], 8);
    expect(balance()).toEqual({ quantity: '4', value: '97.50', average_cost: '24.375' });
    const row = db.sqlite.prepare("SELECT till, by_name, below_zero, document_id FROM stock_movements WHERE uid = ?").get(sale.uid);
    expect(row).toEqual({ till: 'T-2', by_name: 'Luis', below_zero: 0, document_id: null });
  });

  it('a restore\'s replay keeps another till\'s movement at its own value, as the merge added it', () => {
    new SettingsRepository(db).set('terminalId', 'T-1');
    ledger.record({ code: 'QUESO', kind: 'purchase', quantity: new Dec(10), unitCost: new Dec(20) });
    // Sold at Caja 2, whose average was 30.
    merge.apply([pulled({ quantity: '-1', unitCost: '30', value: '-30.00', version: 2 })], 2);
    ledger.record({ code: 'QUESO', kind: 'sale', quantity: new Dec('-1') });
    const live = balance();
    expect(live).toEqual({ quantity: '8', value: '151.11', average_cost: '18.888889' });
    // Every movement carried again onto an empty shelf (as after a copy older than all of them).
    db.sqlite.exec('DELETE FROM stock_balances');
    replayMovementsAfter(db.sqlite, 0);
    expect(balance()).toEqual(live);
    expect(db.sqlite.prepare("SELECT value FROM stock_movements WHERE till = 'T-2'").pluck().get()).toBe('-30.00');
  });
});
