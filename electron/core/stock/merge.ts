// This till's side of the stock merge through the shop server (electron/core/server/sync/stock-exchange.ts): which
// of its own movements are still to go up, and how another till's movements join the running balances here. Another
// till's movement keeps the cost and value it had where it happened: every till adds the same values, so each one's
// balance (quantity and value) is the sum of every till's movements, whatever order they arrived in.
import type Database from 'better-sqlite3';
import { Dec } from '../../../shared/billing/decimal';
import type { OwnMovement, PulledMovement, TillStock } from '../server/sync/stock-exchange';
import type { Db, SettingsRepository } from '../db';
import { cost, money, qty, stepAsHappened, type BalanceRow } from './ledger';

/** The last local movement id the shop server holds (everything through it went up or was another till's). */
const PUSHED_KEY = 'stockPushedThrough';
/** The last server version of stock movements applied here. */
const PULLED_KEY = 'stockPulledVersion';

const KINDS: ReadonlySet<string> = new Set(['sale', 'return', 'void', 'purchase', 'count', 'transfer', 'waste']);
const NUMBER = /^-?\d{1,15}(\.\d{1,12})?$/;

/** Local movements after a cursor, in order, with the document each names as the shop reads it. */
export const UNPUSHED_SQL = `SELECT m.id, m.uid, m.product_code, m.kind, m.quantity, m.unit_cost, m.value, m.at, m.by_name, m.till, m.count_id,
    d.series AS doc_series, d.number AS doc_number, p.series AS purchase_series, p.number AS purchase_number
  FROM stock_movements m LEFT JOIN documents d ON d.id = m.document_id LEFT JOIN stock_purchases p ON p.id = m.purchase_id
  WHERE m.id > ? ORDER BY m.id LIMIT ?`;

interface UnpushedRow {
  id: number;
  uid: string;
  product_code: string;
  kind: string;
  quantity: string;
  unit_cost: string;
  value: string;
  at: string;
  by_name: string | null;
  till: string;
  count_id: number | null;
  doc_series: string | null;
  doc_number: number | null;
  purchase_series: string | null;
  purchase_number: number | null;
}

const printed = (series: string, number: number) => `${series}-${String(number).padStart(8, '0')}`;

function documentOf(r: UnpushedRow): string | null {
  if (r.doc_series !== null && r.doc_number !== null) return printed(r.doc_series, r.doc_number);
  if (r.purchase_series !== null && r.purchase_number !== null) return `Compra ${printed(r.purchase_series, r.purchase_number)}`;
  return r.count_id !== null ? `Inventario ${r.count_id}` : null;
}

export interface StockMergeDeps {
  db: Db;
  settings: SettingsRepository;
  /** This till's terminal id: the movements written with it are this till's own. */
  terminalId: () => string;
}

export class StockMerge implements TillStock {
  private readonly s: Database.Database;
  private readonly after: Database.Statement<[number, number], UnpushedRow>;
  private readonly known: Database.Statement<[string], number>;
  private readonly balance: Database.Statement<[string], BalanceRow>;
  private readonly insert: Database.Statement<Record<string, unknown>>;
  private readonly upsert: Database.Statement<Record<string, unknown>>;
  private readonly applyTx: (rows: readonly PulledMovement[], version: number) => number;

  constructor(private readonly d: StockMergeDeps) {
    this.s = d.db.sqlite;
    this.after = this.s.prepare(UNPUSHED_SQL);
    this.known = this.s.prepare<[string], number>('SELECT 1 FROM stock_movements WHERE uid = ?').pluck();
    this.balance = this.s.prepare('SELECT product_code, quantity, value, average_cost, last_movement FROM stock_balances WHERE product_code = ?');
    this.insert = this.s.prepare(
      `INSERT INTO stock_movements (uid, product_code, kind, quantity, unit_cost, value, balance, balance_value, below_zero, till, at, by_name)
       VALUES (@uid, @code, @kind, @quantity, @unit_cost, @value, @balance, @balance_value, 0, @till, @at, @by_name)`,
    );
    this.upsert = this.s.prepare(
      `INSERT INTO stock_balances (product_code, quantity, value, average_cost, last_movement, updated_at)
       VALUES (@code, @quantity, @value, @average_cost, @last_movement, @at)
       ON CONFLICT (product_code) DO UPDATE SET quantity = excluded.quantity, value = excluded.value,
         average_cost = excluded.average_cost, last_movement = excluded.last_movement, updated_at = excluded.updated_at`,
    );
    this.applyTx = this.s.transaction((rows: readonly PulledMovement[], version: number) => {
      let applied = 0;
      for (const r of rows) if (this.applyOne(r)) applied += 1;
      this.d.settings.set(PULLED_KEY, version);
      return applied;
    }).immediate;
  }

  unpushed(limit: number): { own: OwnMovement[]; through: number; looked: number } {
    const rows = this.after.all(this.pushedThrough(), limit);
    const me = this.d.terminalId();
    const own = rows.filter((r) => r.till === me).map((r): OwnMovement => ({
      uid: r.uid, code: r.product_code, kind: r.kind, quantity: r.quantity, unitCost: r.unit_cost, value: r.value,
      document: documentOf(r), at: r.at, by: r.by_name,
    }));
    return { own, through: rows.at(-1)?.id ?? this.pushedThrough(), looked: rows.length };
  }

  pushed(through: number): void {
    this.d.settings.set(PUSHED_KEY, through);
  }

  pulledVersion(): number {
    return Number(this.d.settings.get(PULLED_KEY) ?? 0);
  }

  apply(rows: readonly PulledMovement[], version: number): number {
    return this.applyTx(rows, version);
  }

  private pushedThrough(): number {
    return Number(this.d.settings.get(PUSHED_KEY) ?? 0);
  }

  /**
   * One movement from the server, unless known here by its uid (this till's own, or pulled before). It keeps its
   * quantity, cost and value; the running balance here moves by them. A row this version cannot read is skipped.
   */
  private applyOne(r: PulledMovement): boolean {
    if (!KINDS.has(r.kind) || !NUMBER.test(r.quantity) || !NUMBER.test(r.unitCost) || !NUMBER.test(r.value)) return false;
    if (this.known.get(r.uid) !== undefined) return false;
    const q = new Dec(r.quantity);
    if (q.isZero()) return false;
    const { quantity, balanceValue: value, average } = stepAsHappened(this.balance.get(r.code), q, new Dec(r.value), new Dec(r.unitCost));
    const id = Number(
      this.insert.run({
        uid: r.uid, code: r.code, kind: r.kind, quantity: qty(q), unit_cost: cost(new Dec(r.unitCost)), value: money(new Dec(r.value)),
        balance: qty(quantity), balance_value: money(value), till: r.terminalId, at: r.at, by_name: r.by,
      }).lastInsertRowid,
    );
    this.upsert.run({ code: r.code, quantity: qty(quantity), value: money(value), average_cost: cost(average), last_movement: id, at: r.at });
    return true;
  }
}
