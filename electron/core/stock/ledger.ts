// The kardex: every change of stock is one appended movement, and the product's running balance (stock_balances) is
// moved in the same statement sequence, inside the caller's transaction (a sale, a note, a void, a purchase, a count):
// a crash never leaves one without the other. Weighted average cost: goods come in at their own cost and move the
// average; goods go out at the average. The balance's value is always the sum of the movements' values.
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { Dec } from '../../../shared/billing/decimal';
import type { StockMovementKind } from '../../../shared/bridge/stock';
import type { Db } from '../db';

type D = InstanceType<typeof Dec>;

export interface MovementInput {
  /** The catalogue's code (stock_product() gives it). */
  code: string;
  kind: StockMovementKind;
  /** Signed: positive comes in, negative goes out. */
  quantity: D;
  /** The cost of one unit coming in (a purchase, a return at the cost it left at); absent: the average. */
  unitCost?: D;
  documentId?: number;
  documentLine?: number;
  purchaseId?: number;
  countId?: number;
}

export interface MovementRow {
  id: number;
  uid: string;
  product_code: string;
  kind: StockMovementKind;
  quantity: string;
  unit_cost: string;
  value: string;
  balance: string;
  balance_value: string;
  below_zero: 0 | 1;
  document_id: number | null;
  document_line: number | null;
  purchase_id: number | null;
  count_id: number | null;
  till: string;
  at: string;
  by_name: string | null;
}

export interface BalanceRow {
  product_code: string;
  quantity: string;
  value: string;
  average_cost: string;
  last_movement: number;
}

/** A product as stock sees it: its catalogue code, whether it is tracked, its IGV and its pack. */
export interface StockProduct {
  code: string;
  stock_tracked: 0 | 1;
  affectation: '10' | '20';
  pack_size: string | null;
  stock_minimum: string | null;
}

export const ZERO = new Dec(0);
/** Canonical text of a quantity: no trailing zeros, no exponent. */
export const qty = (d: D): string => d.toString();
/** A unit cost: 6 decimals at most, canonical. */
export const cost = (d: D): string => d.toDecimalPlaces(6, Dec.ROUND_HALF_UP).toString();
/** A value: 2 decimals. */
export const money = (d: D): string => d.toFixed(2, Dec.ROUND_HALF_UP);

export interface LedgerDeps {
  db: Db;
  now: () => Date;
  /** This till's terminal, written on every movement. */
  till: () => string;
  /** Who is signed in. */
  who: () => string | null;
}

/** Reads and moves stock. Every write must run inside the caller's transaction. */
export class StockLedger {
  private readonly product: Database.Statement<[string], StockProduct>;
  private readonly balance: Database.Statement<[string], BalanceRow>;
  private readonly insert: Database.Statement<Record<string, unknown>>;
  private readonly upsert: Database.Statement<Record<string, unknown>>;
  private readonly ofDocument: Database.Statement<[number], MovementRow>;
  private readonly hasVoid: Database.Statement<[number], { n: number }>;

  constructor(private readonly d: LedgerDeps) {
    const s = d.db.sqlite;
    this.product = s.prepare('SELECT code, stock_tracked, affectation, pack_size, stock_minimum FROM products WHERE code = ? COLLATE NOCASE');
    this.balance = s.prepare('SELECT product_code, quantity, value, average_cost, last_movement FROM stock_balances WHERE product_code = ?');
    this.insert = s.prepare(
      `INSERT INTO stock_movements (uid, product_code, kind, quantity, unit_cost, value, balance, balance_value, below_zero,
         document_id, document_line, purchase_id, count_id, till, at, by_name)
       VALUES (@uid, @code, @kind, @quantity, @unit_cost, @value, @balance, @balance_value, @below_zero,
         @document_id, @document_line, @purchase_id, @count_id, @till, @at, @by_name)`,
    );
    this.upsert = s.prepare(
      `INSERT INTO stock_balances (product_code, quantity, value, average_cost, last_movement, updated_at)
       VALUES (@code, @quantity, @value, @average_cost, @last_movement, @at)
       ON CONFLICT (product_code) DO UPDATE SET quantity = excluded.quantity, value = excluded.value,
         average_cost = excluded.average_cost, last_movement = excluded.last_movement, updated_at = excluded.updated_at`,
    );
    this.ofDocument = s.prepare('SELECT * FROM stock_movements WHERE document_id = ? ORDER BY id');
    this.hasVoid = s.prepare("SELECT COUNT(*) AS n FROM stock_movements WHERE document_id = ? AND kind = 'void'");
  }

  /** The catalogue's product under a code typed in any case; undefined when there is none. */
  productOf(code: string): StockProduct | undefined {
    return this.product.get(code.trim());
  }

  balanceOf(code: string): BalanceRow | undefined {
    return this.balance.get(code);
  }

  /** Appends one movement and moves the product's balance; answers the movement's id (0 when the quantity is 0). */
  record(m: MovementInput): number {
    if (m.quantity.isZero()) return 0;
    const prev = this.balance.get(m.code);
    const next = step(prev, m.quantity, m.unitCost);
    const at = this.d.now().toISOString();
    const id = Number(
      this.insert.run({
        uid: randomUUID(),
        code: m.code,
        kind: m.kind,
        quantity: qty(m.quantity),
        unit_cost: cost(next.unitCost),
        value: money(next.value),
        balance: qty(next.quantity),
        balance_value: money(next.balanceValue),
        below_zero: m.kind === 'sale' && next.quantity.isNegative() ? 1 : 0,
        document_id: m.documentId ?? null,
        document_line: m.documentLine ?? null,
        purchase_id: m.purchaseId ?? null,
        count_id: m.countId ?? null,
        till: this.d.till(),
        at,
        by_name: this.d.who(),
      }).lastInsertRowid,
    );
    this.upsert.run({ code: m.code, quantity: qty(next.quantity), value: money(next.balanceValue), average_cost: cost(next.average), last_movement: id, at });
    return id;
  }

  /** A sale's lines go out (tracked products of the catalogue only; a service or a free line moves nothing). */
  sold(documentId: number, lines: readonly { code: string; quantity: string | number }[]): void {
    lines.forEach((line, i) => {
      const p = this.productOf(line.code);
      if (!p || p.stock_tracked !== 1) return;
      this.record({ code: p.code, kind: 'sale', quantity: new Dec(String(line.quantity)).neg(), documentId, documentLine: i + 1 });
    });
  }

  /**
   * A credit note that returns goods puts them back, each at the cost it left at (the sale's movement for that line),
   * else at the average (a sale of another till, or one from before stock was kept).
   */
  returned(noteId: number, saleId: number | undefined, lines: readonly { line: number; code: string; quantity: string }[]): void {
    const left = saleId === undefined ? [] : this.ofDocument.all(saleId).filter((r) => r.kind === 'sale');
    for (const l of lines) {
      const p = this.productOf(l.code);
      if (!p || p.stock_tracked !== 1) continue;
      const out = left.find((r) => r.document_line === l.line && r.product_code === p.code);
      this.record({ code: p.code, kind: 'return', quantity: new Dec(l.quantity), ...(out ? { unitCost: new Dec(out.unit_cost) } : {}), documentId: noteId, documentLine: l.line });
    }
  }

  /** A voided sale's movements are reversed, once, each at its own cost. */
  reverse(documentId: number): void {
    if ((this.hasVoid.get(documentId)?.n ?? 0) > 0) return;
    for (const r of this.ofDocument.all(documentId)) {
      if (r.kind !== 'sale') continue;
      this.record({ code: r.product_code, kind: 'void', quantity: new Dec(r.quantity).neg(), unitCost: new Dec(r.unit_cost), documentId, ...(r.document_line !== null ? { documentLine: r.document_line } : {}) });
    }
  }
}

interface Step {
  quantity: D;
  balanceValue: D;
  average: D;
  unitCost: D;
  value: D;
}

/**
 * One movement on a balance, by weighted average. In: the value grows by quantity x cost, the average is value over
 * quantity; coming in over a balance at or under zero (sold below zero), the balance is valued afresh at the incoming
 * cost. Out: at the average, and the last unit out takes whatever value is left, so an empty shelf is worth exactly 0.
 * The balance's value is always the previous one plus the movement's value.
 */
export function step(prev: Pick<BalanceRow, 'quantity' | 'value' | 'average_cost'> | undefined, q: D, unitCost?: D): Step {
  const quantity0 = new Dec(prev?.quantity ?? 0);
  const value0 = new Dec(prev?.value ?? 0);
  const average0 = new Dec(prev?.average_cost ?? 0);
  const quantity = quantity0.plus(q);
  if (q.isPositive()) {
    const c = unitCost ?? average0;
    const balanceValue = quantity0.lte(0) ? round2(quantity.times(c)) : value0.plus(round2(q.times(c)));
    const average = quantity.gt(0) ? balanceValue.div(quantity).toDecimalPlaces(6, Dec.ROUND_HALF_UP) : c;
    return { quantity, balanceValue, average, unitCost: c, value: balanceValue.minus(value0) };
  }
  const c = unitCost ?? average0;
  const value = quantity.isZero() ? value0.neg() : round2(q.times(c));
  const balanceValue = value0.plus(value);
  return { quantity, balanceValue, average: average0, unitCost: c, value };
}

const round2 = (d: D) => d.toDecimalPlaces(2, Dec.ROUND_HALF_UP);

/**
 * Another till's movement on this till's balance (electron/core/stock/merge.ts): it keeps the value it had where it
 * happened, so every till adds the same values and the valued stock agrees across tills. The average is value over
 * quantity while there is stock, else it stays.
 */
export function stepAsHappened(prev: Pick<BalanceRow, 'quantity' | 'value' | 'average_cost'> | undefined, q: D, value: D, unitCost: D): Pick<Step, 'quantity' | 'balanceValue' | 'average'> {
  const quantity = new Dec(prev?.quantity ?? 0).plus(q);
  const balanceValue = new Dec(prev?.value ?? 0).plus(value);
  const average = quantity.gt(0) ? balanceValue.div(quantity).toDecimalPlaces(6, Dec.ROUND_HALF_UP) : new Dec(prev?.average_cost ?? unitCost);
  return { quantity, balanceValue, average };
}

/** Kinds whose movements come in at their own cost; the others go out (or are adjusted) at the average. */
const OWN_COST: ReadonlySet<string> = new Set(['purchase', 'return', 'void']);

/**
 * Movements carried into another file (a restore, a salvage) after its own: each is appended to that file's running
 * balance in order, its figures worked out again from the balance it now follows, so the balance stays the sum of the
 * movements. Another till's movement (pulled from the shop server) keeps its value, as when it was pulled: the
 * restored till's valued stock still agrees with the server's. Inside the caller's transaction; answers how many.
 */
export function replayMovementsAfter(sqlite: Database.Database, afterId: number): number {
  const rows = sqlite
    .prepare<[number], Pick<MovementRow, 'id' | 'product_code' | 'kind' | 'quantity' | 'unit_cost' | 'value' | 'till' | 'at'>>(
      'SELECT id, product_code, kind, quantity, unit_cost, value, till, at FROM main.stock_movements WHERE id > ? ORDER BY id',
    )
    .all(afterId);
  // This till's id on the shop server (a copy keeps it); none: no movement here came from another till.
  const stored = sqlite.prepare<[], string>("SELECT value FROM main.settings WHERE key = 'terminalId'").pluck().get();
  const me = stored === undefined ? undefined : (JSON.parse(stored) as unknown);
  const balance = sqlite.prepare<[string], BalanceRow>('SELECT product_code, quantity, value, average_cost, last_movement FROM main.stock_balances WHERE product_code = ?');
  const update = sqlite.prepare(
    'UPDATE main.stock_movements SET unit_cost = ?, value = ?, balance = ?, balance_value = ?, below_zero = ? WHERE id = ?',
  );
  const upsert = sqlite.prepare(
    `INSERT INTO main.stock_balances (product_code, quantity, value, average_cost, last_movement, updated_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (product_code) DO UPDATE SET quantity = excluded.quantity, value = excluded.value,
       average_cost = excluded.average_cost, last_movement = excluded.last_movement, updated_at = excluded.updated_at`,
  );
  for (const r of rows) {
    const q = new Dec(r.quantity);
    if (typeof me === 'string' && r.till !== me) {
      const merged = stepAsHappened(balance.get(r.product_code), q, new Dec(r.value), new Dec(r.unit_cost));
      update.run(r.unit_cost, r.value, qty(merged.quantity), money(merged.balanceValue), 0, r.id);
      upsert.run(r.product_code, qty(merged.quantity), money(merged.balanceValue), cost(merged.average), r.id, r.at);
      continue;
    }
    const next = step(balance.get(r.product_code), q, OWN_COST.has(r.kind) ? new Dec(r.unit_cost) : undefined);
    update.run(cost(next.unitCost), money(next.value), qty(next.quantity), money(next.balanceValue), r.kind === 'sale' && next.quantity.isNegative() ? 1 : 0, r.id);
    upsert.run(r.product_code, qty(next.quantity), money(next.balanceValue), cost(next.average), r.id, r.at);
  }
  return rows.length;
}
