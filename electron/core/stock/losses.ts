// A write-off (merma, desmedro, rotura, robo): goods that left the shelf without a sale, recorded by a supervisor with
// the reason. It is kept as an approved count of what is left — the balance of the moment minus what was lost — so it
// travels wherever counts travel (a restore carries counts by uid, the shop server merges their movements), and each
// product moves out as a 'waste' movement at the average cost, in one transaction.
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { StockCount } from '../../../shared/bridge/stock';
import type { StockLossInput } from '../../../shared/bridge/stock-losses';
import { Dec } from '../../../shared/billing/decimal';
import { CoreError } from '../services/errors';
import { qty, type LedgerDeps, type StockLedger } from './ledger';

export class StockLosses {
  private readonly s: Database.Database;
  private readonly tx: (input: StockLossInput) => StockCount;

  constructor(private readonly d: LedgerDeps & { ledger: StockLedger }) {
    this.s = d.db.sqlite;
    this.tx = this.s.transaction((input: StockLossInput) => this.store(input)).immediate;
  }

  record(input: StockLossInput): StockCount {
    return this.tx(input);
  }

  private store(input: StockLossInput): StockCount {
    const seen = new Set<string>();
    const products = input.lines.map((l, i) => {
      const product = this.d.ledger.productOf(l.code);
      const path = `lines.${i}.code`;
      if (!product) throw new CoreError('validation', `No existe el producto ${l.code.trim()} en el catálogo.`, [{ path, message: 'Producto no encontrado' }]);
      if (product.stock_tracked !== 1) {
        throw new CoreError('validation', `El producto ${product.code} no lleva stock (por ejemplo, un servicio).`, [{ path, message: 'No lleva stock' }]);
      }
      if (seen.has(product.code)) {
        throw new CoreError('validation', `El producto ${product.code} figura dos veces: sume lo perdido en una sola línea.`, [{ path, message: 'Repetido' }]);
      }
      seen.add(product.code);
      return product;
    });
    const at = this.d.now().toISOString();
    const who = this.d.who();
    const id = Number(
      this.s
        .prepare("INSERT INTO stock_counts (uid, status, till, at, by_name, approved_at, approved_by, reason) VALUES (?, 'approved', ?, ?, ?, ?, ?, ?)")
        .run(randomUUID(), this.d.till(), at, who, at, who, `Merma: ${input.reason}`).lastInsertRowid,
    );
    const line = this.s.prepare('INSERT INTO stock_count_lines (count_id, product_code, counted, expected, difference) VALUES (?, ?, ?, ?, ?)');
    input.lines.forEach((l, i) => {
      const code = products[i]!.code;
      const lost = new Dec(l.quantity);
      const expected = new Dec(this.d.ledger.balanceOf(code)?.quantity ?? 0);
      line.run(id, code, qty(expected.minus(lost)), qty(expected), qty(lost.neg()));
      this.d.ledger.record({ code, kind: 'waste', quantity: lost.neg(), countId: id });
    });
    const lines = this.s
      .prepare<[number], StockCount['lines'][number]>('SELECT product_code AS code, counted, expected, difference FROM stock_count_lines WHERE count_id = ? ORDER BY rowid')
      .all(id);
    return { id, status: 'approved', lines };
  }
}
