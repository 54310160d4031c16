// The permanent inventory books (12.1 units, 13.1 valued) of a period, read from this till's kardex: every tracked
// product that had stock or moved, opened by its balance when the period began, then its movements in order.
import type Database from 'better-sqlite3';
import type { KardexBook, KardexBookInput } from '../../../../shared/bridge/ple';
import { Dec } from '../../../../shared/billing/decimal';
import { limaDateOf } from '../../../../shared/catalog';
import type { Db } from '../../db';
import { kardexFileName, OPERATION, unitsLine, valuedLine, type KardexLine } from './kardex-lines';

/** The period's movements by product and time, through stock_movements_kardex (no sort of its own). */
export const PERIOD_MOVEMENTS_SQL = `SELECT m.uid, m.product_code, m.kind, m.quantity, m.unit_cost, m.value, m.balance, m.balance_value, m.at,
    m.count_id, d.doc_type, d.series, d.number, d.issue_date,
    pu.doc_type AS purchase_doc_type, pu.series AS purchase_series, pu.number AS purchase_number, pu.doc_date AS purchase_date
  FROM stock_movements m
  LEFT JOIN documents d ON d.id = m.document_id LEFT JOIN stock_purchases pu ON pu.id = m.purchase_id
  WHERE m.product_code = ? AND m.at >= ? AND m.at < ? ORDER BY m.at, m.id`;

/** A product's balance when the period began: its last movement before, through stock_movements_kardex. */
export const OPENING_SQL = `SELECT balance, balance_value FROM stock_movements
  WHERE product_code = ? AND at < ? ORDER BY at DESC, id DESC LIMIT 1`;

const PRODUCTS_SQL = 'SELECT code, description, unit FROM products WHERE stock_tracked = 1 ORDER BY code';

interface MovementRow {
  uid: string;
  product_code: string;
  kind: string;
  quantity: string;
  unit_cost: string;
  value: string;
  balance: string;
  balance_value: string;
  at: string;
  count_id: number | null;
  doc_type: string | null;
  series: string | null;
  number: number | null;
  issue_date: string | null;
  purchase_doc_type: string | null;
  purchase_series: string | null;
  purchase_number: number | null;
  purchase_date: string | null;
}

const dmy = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

/** The document behind a movement as the layout names it, and the operation of tabla 12. */
function documentOf(m: MovementRow): Pick<KardexLine, 'date' | 'docType' | 'series' | 'number' | 'operation'> {
  const own = { date: dmy(limaDateOf(m.at) ?? m.at), docType: '00', series: '0', number: '0' };
  if (m.kind === 'purchase' && m.purchase_doc_type) {
    return { date: dmy(m.purchase_date ?? m.at), docType: m.purchase_doc_type, series: m.purchase_series ?? '0', number: String(m.purchase_number ?? 0), operation: OPERATION.purchase };
  }
  const doc = m.doc_type ? { date: dmy(m.issue_date ?? m.at), docType: m.doc_type, series: m.series ?? '0', number: String(m.number ?? 0) } : own;
  switch (m.kind) {
    case 'sale':
      return { ...doc, operation: OPERATION.sale };
    case 'return':
    case 'void':
      return { ...doc, operation: OPERATION.customerReturn };
    case 'count':
      return { ...own, number: String(m.count_id ?? 0), operation: OPERATION.count };
    case 'waste':
      // A write-off is kept as an approved count: named by that count's number, like a count's adjustment.
      return { ...own, number: String(m.count_id ?? 0), operation: OPERATION.waste };
    case 'transfer':
      return { ...own, operation: new Dec(m.quantity).isNegative() ? OPERATION.transferOut : OPERATION.transferIn };
    default:
      return { ...own, operation: OPERATION.purchase };
  }
}

export class KardexBookService {
  private readonly products: Database.Statement<[], { code: string; description: string; unit: string }>;
  private readonly movements: Database.Statement<[string, string, string], MovementRow>;
  private readonly opening: Database.Statement<[string, string], { balance: string; balance_value: string }>;

  constructor(private readonly o: { db: Db; ruc: () => string }) {
    const s = o.db.sqlite;
    this.products = s.prepare(PRODUCTS_SQL);
    this.movements = s.prepare(PERIOD_MOVEMENTS_SQL);
    this.opening = s.prepare(OPENING_SQL);
  }

  export(input: KardexBookInput): KardexBook {
    const [year, month] = input.period.split('-').map(Number) as [number, number];
    const from = new Date(`${input.period}-01T00:00:00-05:00`).toISOString();
    const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
    const to = new Date(`${next}-01T00:00:00-05:00`).toISOString();
    const write = input.book === '13.1' ? valuedLine : unitsLine;
    const out: string[] = [];
    let products = 0;
    let movements = 0;
    const closing = { value: new Dec(0) };
    for (const p of this.products.all()) {
      const open = this.opening.get(p.code, from);
      const rows = this.movements.all(p.code, from, to);
      if (!open && rows.length === 0) continue;
      products += 1;
      const base = { code: p.code, description: p.description, unit: p.unit };
      // The first line of each product is its balance when the period began.
      const openQty = new Dec(open?.balance ?? 0);
      const openValue = new Dec(open?.balance_value ?? 0);
      out.push(write({
        ...base, cuo: `SI${input.period.replace('-', '')}${p.code}`, correlative: `M${out.length + 1}`, date: dmy(input.period + '-01'),
        docType: '00', series: '0', number: '0', operation: OPERATION.opening, quantity: openQty,
        unitCost: openQty.isZero() ? new Dec(0) : openValue.div(openQty).abs(), value: openValue, balance: openQty, balanceValue: openValue,
      }, input.period));
      let last = openValue;
      for (const m of rows) {
        movements += 1;
        out.push(write({
          ...base, ...documentOf(m), cuo: m.uid, correlative: `M${out.length + 1}`, quantity: new Dec(m.quantity), unitCost: new Dec(m.unit_cost),
          value: new Dec(m.value), balance: new Dec(m.balance), balanceValue: new Dec(m.balance_value),
        }, input.period));
        last = new Dec(m.balance_value);
      }
      closing.value = closing.value.plus(last);
    }
    return {
      fileName: kardexFileName(this.o.ruc(), input.period, input.book, out.length > 0),
      text: out.map((l) => `${l}\r\n`).join(''),
      products,
      movements,
      closingValue: closing.value.toFixed(2),
    };
  }
}
