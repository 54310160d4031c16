// The goods a sale took and a void put back travel with their documents through a restore and a -wal salvage, and
// the shelf's running balance is worked out again after the copy's own movements: a restore never recounts the shelf
// as if the sales after the copy had not happened.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyRestore, BackupService } from '../../../../electron/core/backup';
import { carrySalvage, removeSalvage, salvageDatabase } from '../../../../electron/core/backup/salvage';
import { defaultMigrationsDir, openDatabase, type Db } from '../../../../electron/core/db';
import { StockLedger, StockService } from '../../../../electron/core/stock';
import { PurchaseInputSchema } from '../../../../shared/bridge/stock';
import { Dec } from '../../../../shared/billing/decimal';
import { tempDir } from '../db/helpers';
import { openStore, type Store } from './helpers';

const migrationsDir = defaultMigrationsDir();
const open: { close(): void }[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

const ledgerOf = (db: Db) => new StockLedger({ db, now: () => new Date('2025-03-01T15:00:00Z'), till: () => 'CAJA-1', who: () => 'Ana' });

/** 10 bought at 5; sale A takes 2 before the copy. After it: sale B takes 3, and sale A is voided (2 back). */
async function liveWithStockAfterCopy(): Promise<{ s: Store; backupPath: string; saleA: string; saleB: string }> {
  const s = openStore();
  open.push(s);
  s.repos.settings.set('backup', { folder: path.join(s.dir, 'copias') });
  s.db.sqlite
    .prepare("INSERT INTO products (code, description, unit, price, affectation, created_at, updated_at) VALUES ('P001', 'Arroz', 'NIU', '5.9', '10', 'x', 'x')")
    .run();
  const ledger = ledgerOf(s.db);
  const [a] = s.issue(1);
  s.db.sqlite.transaction(() => {
    ledger.record({ code: 'P001', kind: 'purchase', quantity: new Dec(10), unitCost: new Dec(5) });
    ledger.sold(a!, [{ code: 'P001', quantity: '2' }]);
  })();
  const backup = await new BackupService({ db: s.db, settings: s.repos.settings, dataDir: s.dir, migrationsDir }).backupNow('manual');
  const [b] = s.issue(1);
  s.db.sqlite.transaction(() => {
    ledger.sold(b!, [{ code: 'P001', quantity: '3' }]);
    ledger.reverse(a!);
  })();
  const key = (id: number) => s.db.sqlite.prepare('SELECT id_base_dato FROM documents WHERE id = ?').pluck().get(id) as string;
  return { s, backupPath: backup.path, saleA: key(a!), saleB: key(b!) };
}

function expectStockCarried(db: Db, saleA: string, saleB: string): void {
  const id = (key: string) => db.sqlite.prepare('SELECT id FROM documents WHERE id_base_dato = ?').pluck().get(key) as number;
  const rows = db.sqlite
    .prepare('SELECT kind, quantity, balance, balance_value, document_id FROM stock_movements WHERE product_code = ? ORDER BY id')
    .all('P001');
  expect(rows).toEqual([
    { kind: 'purchase', quantity: '10', balance: '10', balance_value: '50.00', document_id: null },
    { kind: 'sale', quantity: '-2', balance: '8', balance_value: '40.00', document_id: id(saleA) },
    { kind: 'sale', quantity: '-3', balance: '5', balance_value: '25.00', document_id: id(saleB) },
    { kind: 'void', quantity: '2', balance: '7', balance_value: '35.00', document_id: id(saleA) },
  ]);
  expect(db.sqlite.prepare('SELECT quantity, value, average_cost FROM stock_balances WHERE product_code = ?').get('P001')).toEqual({
    quantity: '7', value: '35.00', average_cost: '5',
  });
}

describe('stock movements travel with their documents', () => {
  it('through a restore over a sound database', async () => {
    const { s, backupPath, saleA, saleB } = await liveWithStockAfterCopy();
    s.close();
    await applyRestore(backupPath, s.path, { backupFolder: path.join(s.dir, 'copias'), migrationsDir });
    const db = openDatabase({ path: s.path, migrationsDir });
    open.push(db);
    expectStockCarried(db, saleA, saleB);
  });

  it('through the salvage of a damaged -wal carried into the copy', async () => {
    const { s, backupPath, saleA, saleB } = await liveWithStockAfterCopy();
    s.close();
    const target = path.join(tempDir('caja-carry-stock-'), 'caja.db');
    fs.copyFileSync(backupPath, target);
    const db = openDatabase({ path: target, migrationsDir });
    open.push(db);
    const salvage = salvageDatabase(s.path, path.join(path.dirname(target), 'salvage.tmp'), migrationsDir);
    try {
      carrySalvage(db.sqlite, salvage.file, salvage.known);
    } finally {
      removeSalvage(salvage.file);
    }
    expectStockCarried(db, saleA, saleB);
  });

  it('with the purchases, counts and other tills\' movements entered after the copy, a count approved since keeping its approval', async () => {
    const s = openStore();
    open.push(s);
    s.repos.settings.set('backup', { folder: path.join(s.dir, 'copias') });
    for (const code of ['P001', 'P002']) {
      s.db.sqlite
        .prepare("INSERT INTO products (code, description, unit, price, affectation, created_at, updated_at) VALUES (?, 'x', 'NIU', '5.9', '10', 'x', 'x')")
        .run(code);
    }
    const stock = new StockService({ db: s.db, now: () => new Date('2025-03-01T15:00:00Z'), till: () => 'CAJA-1', who: () => 'Ana' });
    const purchase = (number: string, code: string, quantity: string, unitCost: string) =>
      stock.recordPurchase(PurchaseInputSchema.parse({
        clientKey: crypto.randomUUID(),
        supplier: { docType: '6', docNumber: '20100070970', name: 'Distribuidora Lima SAC' },
        document: { type: '01', series: 'F001', number, date: '2025-03-01' },
        lines: [{ code, quantity, unitCost, costIncludesIgv: false }],
      }));
    purchase('1', 'P001', '10', '5');
    // Counted before the copy, approved after it.
    const pending = stock.recordCount([{ code: 'P001', counted: '9' }]);
    const backup = await new BackupService({ db: s.db, settings: s.repos.settings, dataDir: s.dir, migrationsDir }).backupNow('manual');

    stock.approveCount(pending.id, 'merma');
    purchase('2', 'P002', '4', '2.50');
    // Another till's sale, pulled from the shop server: no document of this till behind it.
    ledgerOf(s.db).record({ code: 'P002', kind: 'sale', quantity: new Dec(-1), unitCost: new Dec('2.50') });
    s.db.sqlite.prepare("UPDATE stock_movements SET till = 'CAJA-2' WHERE id = (SELECT MAX(id) FROM stock_movements)").run();
    const second = stock.recordCount([{ code: 'P002', counted: '2' }]);
    stock.approveCount(second.id, 'rotura');
    const before = (db: Db) => ({
      purchases: db.sqlite.prepare('SELECT supplier_doc_number, series, number, total_cost FROM stock_purchases ORDER BY number').all(),
      purchaseLines: db.sqlite.prepare('SELECT p.number, l.product_code, l.units FROM stock_purchase_lines l JOIN stock_purchases p ON p.id = l.purchase_id ORDER BY p.number').all(),
      counts: db.sqlite.prepare('SELECT uid, status, reason FROM stock_counts ORDER BY uid').all(),
      countLines: db.sqlite.prepare('SELECT c.uid, l.product_code, l.difference FROM stock_count_lines l JOIN stock_counts c ON c.id = l.count_id ORDER BY c.uid').all(),
      movements: db.sqlite
        .prepare(`SELECT m.uid, m.kind, m.quantity, m.balance, m.till, p.number AS purchase, c.uid AS count FROM stock_movements m
          LEFT JOIN stock_purchases p ON p.id = m.purchase_id LEFT JOIN stock_counts c ON c.id = m.count_id ORDER BY m.uid`)
        .all(),
      balances: db.sqlite.prepare('SELECT product_code, quantity, value FROM stock_balances ORDER BY product_code').all(),
    });
    const live = before(s.db);
    expect(live.balances).toEqual([
      { product_code: 'P001', quantity: '9', value: '45.00' },
      { product_code: 'P002', quantity: '2', value: '5.00' },
    ]);
    s.close();

    await applyRestore(backup.path, s.path, { backupFolder: path.join(s.dir, 'copias'), migrationsDir });
    const db = openDatabase({ path: s.path, migrationsDir });
    open.push(db);
    const restored = before(db);
    expect(restored.purchases).toEqual(live.purchases);
    expect(restored.purchaseLines).toEqual(live.purchaseLines);
    expect(restored.counts).toEqual(live.counts);
    expect(restored.countLines).toEqual(live.countLines);
    const withoutBalance = (rows: unknown[]) => (rows as Record<string, unknown>[]).map(({ balance: _b, ...r }) => r);
    expect(withoutBalance(restored.movements)).toEqual(withoutBalance(live.movements));
    expect(restored.balances).toEqual(live.balances);
  });
});
