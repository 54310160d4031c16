// The goods a sale took and a void put back travel with their documents through a restore and a -wal salvage, and
// the shelf's running balance is worked out again after the copy's own movements: a restore never recounts the shelf
// as if the sales after the copy had not happened.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyRestore, BackupService } from '../../../../electron/core/backup';
import { carrySalvage, removeSalvage, salvageDatabase } from '../../../../electron/core/backup/salvage';
import { defaultMigrationsDir, openDatabase, type Db } from '../../../../electron/core/db';
import { StockLedger } from '../../../../electron/core/stock';
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
});
