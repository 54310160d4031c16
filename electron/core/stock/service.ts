// Stock's bridge methods: purchases, the stock of each product, its kardex, and physical counts with a supervisor's
// approval. Every write runs in one transaction with its movements (ledger.ts).
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { Dec } from '../../../shared/billing/decimal';
import type { BelowZeroRow, KardexRow, PurchaseInputParsed, StockCount, StockMovementKind, StockRow } from '../../../shared/bridge/stock';
import { igvRateFor, limaDate } from '../../../shared/catalog';
import { CoreError } from '../services/errors';
import { cost, money, qty, type LedgerDeps, StockLedger, type StockProduct } from './ledger';

type D = InstanceType<typeof Dec>;

/** A kardex without a period shows this many of the latest movements unless asked for more. */
export const DEFAULT_KARDEX_LIMIT = 1000;

/** A product's kardex over a period, in order, through stock_movements_kardex. */
export const KARDEX_SQL = `SELECT m.at, m.kind, m.quantity, m.unit_cost, m.balance, m.balance_value, m.count_id,
    d.series AS doc_series, d.number AS doc_number, p.series AS purchase_series, p.number AS purchase_number
  FROM stock_movements m LEFT JOIN documents d ON d.id = m.document_id LEFT JOIN stock_purchases p ON p.id = m.purchase_id
  WHERE m.product_code = @code AND m.at >= @from AND m.at <= @to ORDER BY m.at, m.id LIMIT @limit`;
/** The latest movements of a product, newest first (read back in order). */
export const KARDEX_LATEST_SQL = `SELECT m.at, m.kind, m.quantity, m.unit_cost, m.balance, m.balance_value, m.count_id,
    d.series AS doc_series, d.number AS doc_number, p.series AS purchase_series, p.number AS purchase_number
  FROM stock_movements m LEFT JOIN documents d ON d.id = m.document_id LEFT JOIN stock_purchases p ON p.id = m.purchase_id
  WHERE m.product_code = @code ORDER BY m.at DESC, m.id DESC LIMIT @limit`;
/**
 * The stock of every tracked product, by code: its balance found by primary key, never summed. Built as one JSON text
 * of one array per product inside SQLite: 20,000 products read row by row cost a value crossing into JavaScript per
 * column (120,000), most of getStock's time; one text without repeated keys, parsed once, costs a third of it. The rows
 * come in the walk's order (the co-routine feeds the aggregate in code order, no sort). Columns: StockAllRow.
 */
export const STOCK_ALL_SQL = `SELECT json_group_array(json_array(code, description, COALESCE(quantity, '0'), stock_minimum, COALESCE(average_cost, '0'),
    COALESCE(value, '0.00'), category))
  FROM (SELECT p.code, p.description, p.stock_minimum, p.category, b.quantity, b.value, b.average_cost
    FROM products p LEFT JOIN stock_balances b ON b.product_code = p.code WHERE p.stock_tracked = 1 ORDER BY p.code)`;
type StockAllRow = [code: string, description: string, quantity: string, minimum: string | null, averageCost: string, value: string, category: string];
export const STOCK_ONE_SQL = `SELECT p.code, p.description, p.stock_minimum, p.category, b.quantity, b.value, b.average_cost
  FROM products p LEFT JOIN stock_balances b ON b.product_code = p.code WHERE p.code = ? COLLATE NOCASE`;

/** Sales that left a product below zero in a period, newest first, through stock_movements_below_zero. */
export const BELOW_ZERO_SQL = `SELECT m.at, m.product_code, m.quantity, m.balance, d.series AS doc_series, d.number AS doc_number
  FROM stock_movements m LEFT JOIN documents d ON d.id = m.document_id
  WHERE m.below_zero = 1 AND m.at >= @from AND m.at <= @to ORDER BY m.at DESC LIMIT @limit`;

/** A product's balance at an instant: the running balance of its last movement then, through stock_movements_kardex. */
export const BALANCE_AT_SQL = 'SELECT balance FROM stock_movements WHERE product_code = ? AND at <= ? ORDER BY at DESC, id DESC LIMIT 1';

/** A counted product; `at`, when it was counted. */
interface CountedLine {
  code: string;
  counted: string;
  at?: string | undefined;
}

interface KardexSqlRow {
  at: string;
  kind: StockMovementKind;
  quantity: string;
  unit_cost: string;
  balance: string;
  balance_value: string;
  count_id: number | null;
  doc_series: string | null;
  doc_number: number | null;
  purchase_series: string | null;
  purchase_number: number | null;
}

interface StockSqlRow {
  code: string;
  description: string;
  stock_minimum: string | null;
  category: string;
  quantity: string | null;
  value: string | null;
  average_cost: string | null;
}

/** YYYY-MM-DD as the shop reads it: dd/mm/aaaa. */
const day = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

const printed = (series: string, number: number) => `${series}-${String(number).padStart(8, '0')}`;

export class StockService {
  readonly ledger: StockLedger;
  private readonly s: Database.Database;
  private readonly purchaseTx: (input: PurchaseInputParsed) => { id: number };
  private readonly countTx: (lines: readonly CountedLine[]) => StockCount;
  private readonly balanceAt: Database.Statement<[string, string], { balance: string }>;
  private readonly approveTx: (id: number, reason: string | undefined) => StockCount;
  private readonly kardexPeriod: Database.Statement<Record<string, unknown>, KardexSqlRow>;
  private readonly kardexLatest: Database.Statement<Record<string, unknown>, KardexSqlRow>;
  private readonly stockAll: Database.Statement<[], string>;
  private readonly stockOne: Database.Statement<[string], StockSqlRow>;
  private readonly belowZeroRows: Database.Statement<
    Record<string, unknown>,
    { at: string; product_code: string; quantity: string; balance: string; doc_series: string | null; doc_number: number | null }
  >;

  constructor(private readonly d: LedgerDeps) {
    this.ledger = new StockLedger(d);
    this.s = d.db.sqlite;
    this.purchaseTx = this.s.transaction((input: PurchaseInputParsed) => this.storePurchase(input)).immediate;
    this.countTx = this.s.transaction((lines: readonly CountedLine[]) => this.storeCount(lines)).immediate;
    this.balanceAt = this.s.prepare(BALANCE_AT_SQL);
    this.approveTx = this.s.transaction((id: number, reason: string | undefined) => this.storeApproval(id, reason)).immediate;
    this.kardexPeriod = this.s.prepare(KARDEX_SQL);
    this.kardexLatest = this.s.prepare(KARDEX_LATEST_SQL);
    this.stockAll = this.s.prepare<[], string>(STOCK_ALL_SQL).pluck();
    this.stockOne = this.s.prepare(STOCK_ONE_SQL);
    this.belowZeroRows = this.s.prepare(BELOW_ZERO_SQL);
  }

  recordPurchase(input: PurchaseInputParsed): { id: number } {
    return this.purchaseTx(input);
  }

  private storePurchase(input: PurchaseInputParsed): { id: number } {
    const { supplier, document } = input;
    const number = Number(document.number);
    const earlier = this.s
      .prepare<[string, string, string, string, number], { at: string }>(
        'SELECT at FROM stock_purchases WHERE supplier_doc_type = ? AND supplier_doc_number = ? AND doc_type = ? AND series = ? AND number = ?',
      )
      .get(supplier.docType, supplier.docNumber, document.type, document.series, number);
    if (earlier) {
      throw new CoreError(
        'purchase_duplicate',
        `La compra ${printed(document.series, number)} de ${supplier.name} (${supplier.docNumber}) ya se registró el ${day(limaDate(new Date(earlier.at)))}: no se registra dos veces.`,
        [{ path: 'document.number', message: 'Este comprobante del proveedor ya se registró' }],
      );
    }
    const igv = new Dec(1).plus(igvRateFor('general', `${document.date}T12:00:00-05:00`));
    const lines = input.lines.map((l, i) => {
      const product = this.tracked(l.code, `lines.${i}.code`);
      const pack = new Dec(l.pack ?? 1);
      const gross = new Dec(l.unitCost).div(pack);
      const net = l.costIncludesIgv && product.affectation === '10' ? gross.div(igv) : gross;
      return { l, product, units: new Dec(l.quantity).times(pack), net };
    });
    const total = lines.reduce((sum, x) => sum.plus(x.units.times(cost(x.net))), new Dec(0));
    const id = Number(
      this.s
        .prepare(
          `INSERT INTO stock_purchases (uid, supplier_doc_type, supplier_doc_number, supplier_name, doc_type, series, number, doc_date,
             total_cost, till, at, by_name) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(randomUUID(), supplier.docType, supplier.docNumber, supplier.name, document.type, document.series, number, document.date,
          money(total), this.d.till(), this.d.now().toISOString(), this.d.who()).lastInsertRowid,
    );
    const line = this.s.prepare(
      `INSERT INTO stock_purchase_lines (purchase_id, position, product_code, quantity, pack, unit_cost, cost_includes_igv, units, unit_cost_net)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    lines.forEach(({ l, product, units, net }, i) => {
      line.run(id, i + 1, product.code, qty(new Dec(l.quantity)), l.pack ? qty(new Dec(l.pack)) : null, cost(new Dec(l.unitCost)), l.costIncludesIgv ? 1 : 0, qty(units), cost(net));
      this.ledger.record({ code: product.code, kind: 'purchase', quantity: units, unitCost: new Dec(cost(net)), purchaseId: id });
    });
    return { id };
  }

  /** A product of the catalogue whose stock is kept; refused in Spanish otherwise. */
  private tracked(code: string, path: string): StockProduct {
    const product = this.ledger.productOf(code);
    if (!product) throw new CoreError('validation', `No existe el producto ${code.trim()} en el catálogo.`, [{ path, message: 'Producto no encontrado' }]);
    if (product.stock_tracked !== 1) {
      throw new CoreError('validation', `El producto ${product.code} no lleva stock (por ejemplo, un servicio).`, [{ path, message: 'No lleva stock' }]);
    }
    return product;
  }

  stock(codes?: readonly string[], low = false): StockRow[] {
    const rows: StockRow[] = codes
      ? codes.flatMap((c) => {
          const r = this.stockOne.get(c.trim());
          return r
            ? [{
                code: r.code, description: r.description, quantity: r.quantity ?? '0', minimum: r.stock_minimum, averageCost: r.average_cost ?? '0',
                value: r.value ?? '0.00', category: r.category,
              }]
            : [];
        })
      : (JSON.parse(this.stockAll.get() ?? '[]') as StockAllRow[]).map(([code, description, quantity, minimum, averageCost, value, category]) => ({
          code, description, quantity, minimum, averageCost, value, category,
        }));
    // Decimal only where a minimum is set: the "stock bajo" list compares exactly, the full list needs no arithmetic.
    return low ? rows.filter((r) => r.minimum !== null && new Dec(r.quantity).lt(r.minimum)) : rows;
  }

  /** A product's stock settings; answers its stock row. Not a catalogue edit: nothing is queued for the shop server. */
  setSettings(input: { code: string; tracked: boolean; minimum: string | null; packSize: string | null }): StockRow {
    const product = this.ledger.productOf(input.code);
    if (!product) throw new CoreError('not_found', `No existe el producto ${input.code.trim()} en el catálogo.`);
    this.s
      .prepare('UPDATE products SET stock_tracked = ?, stock_minimum = ?, pack_size = ? WHERE code = ?')
      .run(input.tracked ? 1 : 0, input.minimum === null ? null : qty(new Dec(input.minimum)), input.packSize === null ? null : qty(new Dec(input.packSize)), product.code);
    return this.stock([product.code])[0]!;
  }

  kardex(input: { code: string; from?: string | undefined; to?: string | undefined; limit?: number | undefined }): KardexRow[] {
    const product = this.ledger.productOf(input.code);
    if (!product) throw new CoreError('not_found', `No existe el producto ${input.code.trim()} en el catálogo.`);
    const limit = input.limit ?? DEFAULT_KARDEX_LIMIT;
    const period = input.from !== undefined || input.to !== undefined;
    const rows = period
      ? this.kardexPeriod.all({
          code: product.code,
          from: input.from ?? '',
          // A day given alone includes the whole day.
          to: input.to === undefined ? '\uffff' : input.to.length === 10 ? `${input.to}\uffff` : input.to,
          limit,
        })
      : this.kardexLatest.all({ code: product.code, limit }).reverse();
    return rows.map((r) => {
      const q = new Dec(r.quantity);
      return {
        at: r.at,
        kind: r.kind,
        document:
          r.doc_series !== null && r.doc_number !== null
            ? printed(r.doc_series, r.doc_number)
            : r.purchase_series !== null && r.purchase_number !== null
              ? `Compra ${printed(r.purchase_series, r.purchase_number)}`
              : r.count_id !== null
                ? `Inventario ${r.count_id}`
                : null,
        quantityIn: q.isPositive() ? qty(q) : '0',
        quantityOut: q.isNegative() ? qty(q.neg()) : '0',
        balance: r.balance,
        unitCost: r.unit_cost,
        balanceValue: r.balance_value,
      };
    });
  }

  belowZero(input: { from?: string | undefined; to?: string | undefined; limit?: number | undefined }): BelowZeroRow[] {
    return this.belowZeroRows
      .all({ from: input.from ?? '', to: input.to === undefined ? '\uffff' : input.to.length === 10 ? `${input.to}\uffff` : input.to, limit: input.limit ?? DEFAULT_KARDEX_LIMIT })
      .map((r) => ({
        at: r.at,
        code: r.product_code,
        document: r.doc_series !== null && r.doc_number !== null ? printed(r.doc_series, r.doc_number) : null,
        quantity: qty(new Dec(r.quantity).neg()),
        balance: r.balance,
      }));
  }

  recordCount(lines: readonly CountedLine[]): StockCount {
    return this.countTx(lines);
  }

  private storeCount(lines: readonly CountedLine[]): StockCount {
    const products = lines.map((l, i) => this.tracked(l.code, `lines.${i}.code`));
    const seen = new Set<string>();
    products.forEach((p, i) => {
      if (seen.has(p.code)) throw new CoreError('validation', `El producto ${p.code} figura dos veces en el conteo: sume lo contado en una sola línea.`, [{ path: `lines.${i}.code`, message: 'Repetido' }]);
      seen.add(p.code);
    });
    const id = Number(
      this.s
        .prepare('INSERT INTO stock_counts (uid, till, at, by_name) VALUES (?, ?, ?, ?)')
        .run(randomUUID(), this.d.till(), this.d.now().toISOString(), this.d.who()).lastInsertRowid,
    );
    const insert = this.s.prepare('INSERT INTO stock_count_lines (count_id, product_code, counted, expected, difference) VALUES (?, ?, ?, ?, ?)');
    lines.forEach((l, i) => {
      const code = products[i]!.code;
      // The stock of the moment this product was counted: sales after it still count when the difference is applied.
      const now = this.d.now().toISOString();
      const at = l.at === undefined ? now : new Date(l.at).toISOString();
      const expected: D = new Dec(at >= now ? (this.ledger.balanceOf(code)?.quantity ?? 0) : (this.balanceAt.get(code, at)?.balance ?? 0));
      const counted = new Dec(l.counted);
      insert.run(id, code, qty(counted), qty(expected), qty(counted.minus(expected)));
    });
    return this.count(id);
  }

  approveCount(id: number, reason?: string): StockCount {
    return this.approveTx(id, reason);
  }

  private storeApproval(id: number, reason: string | undefined): StockCount {
    const count = this.count(id);
    if (count.status === 'approved') return count;
    for (const line of count.lines) {
      this.ledger.record({ code: line.code, kind: 'count', quantity: new Dec(line.difference), countId: id });
    }
    this.s
      .prepare("UPDATE stock_counts SET status = 'approved', approved_at = ?, approved_by = ?, reason = ? WHERE id = ?")
      .run(this.d.now().toISOString(), this.d.who(), reason ?? null, id);
    return this.count(id);
  }

  private count(id: number): StockCount {
    const row = this.s.prepare<[number], { id: number; status: 'pending' | 'approved' }>('SELECT id, status FROM stock_counts WHERE id = ?').get(id);
    if (!row) throw new CoreError('not_found', `No existe el conteo ${id}.`);
    const lines = this.s
      .prepare<[number], { code: string; counted: string; expected: string; difference: string }>(
        'SELECT product_code AS code, counted, expected, difference FROM stock_count_lines WHERE count_id = ? ORDER BY rowid',
      )
      .all(id);
    return { id: row.id, status: row.status, lines };
  }
}
