// The product catalogue: lookup by code (the till's scan), search as you type, and the CSV import's bulk upsert.
// Values are stored as given: the caller passes fields already checked by shared/bridge/products.ts (trimmed code,
// canonical price string, known unit). The SQL CHECKs in 0002_products.sql refuse anything malformed.
import type Database from 'better-sqlite3';
import { Dec } from '../../../../shared/billing/decimal';
import type { Clock, Db } from '../types';
import { ProductSearch } from './productSearch';


/** The categories in use, read off products_category (0037). */
export const PRODUCT_CATEGORIES_SQL = "SELECT DISTINCT category FROM products WHERE category <> '' ORDER BY category";

/** Products whose code equals the parameter but for case: read through products_code_nocase (0028), never the table. */
export const PRODUCT_BY_CODE_ANY_CASE_SQL = 'SELECT * FROM products WHERE code = ? COLLATE NOCASE';

export interface ProductRow {
  id: number;
  code: string;
  description: string;
  unit: string;
  /** Canonical decimal string with IGV, e.g. '3.5'. */
  price: string;
  affectation: '10' | '20';
  bag: 0 | 1;
  active: 0 | 1;
  /** "Se vende por unidades enteras" (0005): null follows the unit. */
  whole_units: 0 | 1 | null;
  /** "Precio libre" (0018): 1 when a lower price at the till is not a discount. */
  free_price: 0 | 1;
  /** Categoría (0037): '' when none. */
  category: string;
  /** The shop server's version of this row (0011): null until it went up or came down. */
  server_version?: number | null;
  created_at: string;
  updated_at: string;
}

/** Everything a product has, as the form sends it. */
export interface ProductFields {
  code: string;
  description: string;
  unit: string;
  price: string;
  affectation: '10' | '20';
  bag: boolean;
  active: boolean;
  /** Null or absent: as the unit says. */
  wholeUnits?: boolean | null;
  /** "Precio libre"; absent keeps what is stored (a new product: no). */
  freePrice?: boolean;
  /** Categoría ('' none); absent keeps what is stored (a new product: none). */
  category?: string;
}

/**
 * An import row: bag, active and wholeUnits left undefined keep what is stored (a new product gets bag no, active
 * yes, whole units as the unit says).
 */
export type ProductUpsert = Omit<ProductFields, 'bag' | 'active' | 'wholeUnits'> & {
  bag?: boolean;
  active?: boolean;
  wholeUnits?: boolean | null;
};

export type UpsertOutcome = 'inserted' | 'updated' | 'unchanged';

export interface BulkUpsertResult {
  inserted: number;
  updated: number;
  unchanged: number;
}

export interface ProductFilter {
  /** Words that descriptions (or codes) must start with, accents and case ignored; a single word also matches the start of a code. */
  text?: string;
  /** Default false: only active products. */
  includeInactive?: boolean;
  /** Default 50, at most 500. */
  limit?: number;
  offset?: number;
}

interface WriteParams {
  code: string;
  description: string;
  unit: string;
  price: string;
  affectation: string;
  bag: number;
  active: number;
  whole_units: number | null;
  free_price: number;
  category: string;
  at: string;
}

export class ProductsRepository {
  private readonly now: Clock;
  private readonly selectByCode: Database.Statement<[string], ProductRow>;
  private readonly selectActiveByCode: Database.Statement<[string], ProductRow>;
  private readonly selectByCodeAnyCase: Database.Statement<[string], ProductRow>;
  private readonly selectActiveByCodeAnyCase: Database.Statement<[string], ProductRow>;
  private readonly selectById: Database.Statement<[number], ProductRow>;
  private readonly insertOne: Database.Statement<[WriteParams], ProductRow>;
  private readonly updateOne: Database.Statement<[WriteParams & { id: number }], ProductRow>;
  private readonly selectAllByCode: Database.Statement<[], ProductRow>;
  private readonly countAll: Database.Statement<[], { n: number }>;
  private readonly selectCategories: Database.Statement<[], string>;
  private readonly searcher: ProductSearch;
  private readonly bulkTx: Database.Transaction<(items: readonly ProductUpsert[]) => BulkUpsertResult>;

  constructor(db: Db, now: Clock = () => new Date()) {
    const { sqlite } = db;
    this.now = now;
    this.selectByCode = sqlite.prepare('SELECT * FROM products WHERE code = ?');
    this.selectActiveByCode = sqlite.prepare('SELECT * FROM products WHERE code = ? AND active = 1');
    this.selectByCodeAnyCase = sqlite.prepare(PRODUCT_BY_CODE_ANY_CASE_SQL);
    this.selectActiveByCodeAnyCase = sqlite.prepare(`${PRODUCT_BY_CODE_ANY_CASE_SQL} AND active = 1`);
    this.selectById = sqlite.prepare('SELECT * FROM products WHERE id = ?');
    this.insertOne = sqlite.prepare(`INSERT INTO products
      (code, description, unit, price, affectation, bag, active, whole_units, free_price, category, created_at, updated_at)
      VALUES (@code, @description, @unit, @price, @affectation, @bag, @active, @whole_units, @free_price, @category, @at, @at)
      ON CONFLICT (code) DO NOTHING RETURNING *`);
    this.updateOne = sqlite.prepare(`UPDATE products SET code = @code, description = @description, unit = @unit,
      price = @price, affectation = @affectation, bag = @bag, active = @active,
      whole_units = @whole_units, free_price = @free_price, category = @category, updated_at = @at
      WHERE id = @id RETURNING *`);
    this.selectAllByCode = sqlite.prepare('SELECT * FROM products ORDER BY code');
    this.countAll = sqlite.prepare('SELECT COUNT(*) AS n FROM products');
    this.selectCategories = sqlite.prepare<[], string>(PRODUCT_CATEGORIES_SQL).pluck();
    this.searcher = new ProductSearch(sqlite);
    this.bulkTx = sqlite.transaction((items: readonly ProductUpsert[]) => {
      const result: BulkUpsertResult = { inserted: 0, updated: 0, unchanged: 0 };
      const at = this.timestamp();
      for (const item of items) result[this.upsertRow(item, at).outcome] += 1;
      return result;
    });
  }

  /**
   * The product this code names, trimmed and regardless of case: the one with exactly this code, else one whose code
   * differs only in case (a cashier typing "a001" sells the catalogue's "A001", at its price and under its rules).
   * Should several differ only in case from it (the catalogue's code is case-sensitive), the dearest: a price typed
   * below any of them then counts as a cut. By default only an active one: the scan path and a sale's lines.
   */
  getByCode(code: string, options: { includeInactive?: boolean } = {}): ProductRow | undefined {
    const wanted = code.trim();
    if (wanted === '') return undefined;
    const exact = options.includeInactive ? this.selectByCode.get(wanted) : this.selectActiveByCode.get(wanted);
    if (exact) return exact;
    const matches = (options.includeInactive ? this.selectByCodeAnyCase : this.selectActiveByCodeAnyCase).all(wanted);
    let best: ProductRow | undefined;
    for (const row of matches) if (!best || new Dec(row.price).gt(best.price)) best = row;
    return best;
  }

  getById(id: number): ProductRow | undefined {
    return this.selectById.get(id);
  }

  /** Stores a new product; undefined when its code is already taken (nothing is changed then). */
  insert(fields: ProductFields): ProductRow | undefined {
    return this.insertOne.get(writeParams(fields, this.timestamp()));
  }

  /**
   * Replaces every field of the product with code `code` (the code itself may change; the caller checks that the
   * new one is free, or SQLite refuses it). Nothing is written, updated_at included, when nothing differs.
   * Undefined when there is no product with that code.
   */
  update(code: string, fields: ProductFields): ProductRow | undefined {
    const current = this.selectByCode.get(code);
    if (!current) return undefined;
    const merged = { ...fields, freePrice: fields.freePrice ?? current.free_price === 1, category: fields.category ?? current.category };
    if (sameAs(current, merged)) return current;
    return this.updateOne.get({ ...writeParams(merged, this.timestamp()), id: current.id });
  }

  /** Inserts or updates by code. See ProductUpsert for undefined bag/active/wholeUnits. */
  upsert(item: ProductUpsert): { row: ProductRow; outcome: UpsertOutcome } {
    return this.upsertRow(item, this.timestamp());
  }

  /** Upserts every item in one transaction (all or none are stored) and counts what happened. */
  bulkUpsert(items: readonly ProductUpsert[]): BulkUpsertResult {
    return this.bulkTx.immediate(items);
  }

  /** Switches a product on or off (updated_at moves only when the flag changes); undefined for an unknown code. */
  setActive(code: string, active: boolean): ProductRow | undefined {
    const current = this.selectByCode.get(code);
    if (!current) return undefined;
    return this.update(code, { ...fieldsOf(current), active });
  }

  activate(code: string): ProductRow | undefined {
    return this.setActive(code, true);
  }

  deactivate(code: string): ProductRow | undefined {
    return this.setActive(code, false);
  }

  /**
   * Products matching the filter. No text: all, by description. Text: products whose description or code has a
   * word starting with each typed word (accents and case ignored), by description. When the text is a single
   * word, codes starting with it (case-sensitive) come first, by code, so the exact code is at the very top; a
   * digits-only word is then looked for in descriptions only (its code matches are the code range already).
   */
  search(filter: ProductFilter = {}): ProductRow[] {
    return this.searcher.run(filter);
  }

  /** How many products match the filter (limit and offset ignored); with no filter, every stored product. */
  count(filter?: ProductFilter): number {
    return filter ? this.searcher.count(filter) : (this.countAll.get()?.n ?? 0);
  }

  /** The categories some product has (active or not), in order; none: empty. */
  categories(): string[] {
    return this.selectCategories.all();
  }

  /** Every product (active or not), by code: what the CSV export writes. */
  all(): ProductRow[] {
    return this.selectAllByCode.all();
  }

  private upsertRow(item: ProductUpsert, at: string): { row: ProductRow; outcome: UpsertOutcome } {
    const current = this.selectByCode.get(item.code);
    if (!current) {
      const row = this.insertOne.get(writeParams({ ...item, bag: item.bag ?? false, active: item.active ?? true, wholeUnits: item.wholeUnits ?? null }, at));
      if (!row) throw new Error(`El producto ${item.code} no se pudo guardar`);
      return { row, outcome: 'inserted' };
    }
    const fields: ProductFields = {
      ...item,
      bag: item.bag ?? current.bag === 1,
      active: item.active ?? current.active === 1,
      wholeUnits: item.wholeUnits === undefined ? wholeUnitsOf(current) : item.wholeUnits,
      freePrice: item.freePrice ?? current.free_price === 1,
      category: item.category ?? current.category,
    };
    if (sameAs(current, fields)) return { row: current, outcome: 'unchanged' };
    const row = this.updateOne.get({ ...writeParams(fields, at), id: current.id });
    if (!row) throw new Error(`El producto ${item.code} no se pudo guardar`);
    return { row, outcome: 'updated' };
  }

  private timestamp(): string {
    return this.now().toISOString();
  }
}

function writeParams(fields: ProductFields, at: string): WriteParams {
  return {
    code: fields.code,
    description: fields.description,
    unit: fields.unit,
    price: fields.price,
    affectation: fields.affectation,
    bag: fields.bag ? 1 : 0,
    active: fields.active ? 1 : 0,
    whole_units: fields.wholeUnits == null ? null : fields.wholeUnits ? 1 : 0,
    free_price: fields.freePrice ? 1 : 0,
    category: fields.category ?? '',
    at,
  };
}

/** The stored row as form fields. */
export function fieldsOf(row: ProductRow): ProductFields {
  return {
    code: row.code,
    description: row.description,
    unit: row.unit,
    price: row.price,
    affectation: row.affectation,
    bag: row.bag === 1,
    active: row.active === 1,
    wholeUnits: wholeUnitsOf(row),
    freePrice: row.free_price === 1,
    category: row.category,
  };
}

/** The row's own whole-units flag (null: as the unit says). */
function wholeUnitsOf(row: ProductRow): boolean | null {
  return row.whole_units === null ? null : row.whole_units === 1;
}

function sameAs(row: ProductRow, fields: ProductFields): boolean {
  return (
    row.code === fields.code &&
    row.description === fields.description &&
    row.unit === fields.unit &&
    row.price === fields.price &&
    row.affectation === fields.affectation &&
    row.bag === (fields.bag ? 1 : 0) &&
    row.active === (fields.active ? 1 : 0) &&
    wholeUnitsOf(row) === (fields.wholeUnits ?? null) &&
    (fields.freePrice === undefined || row.free_price === (fields.freePrice ? 1 : 0)) &&
    (fields.category === undefined || row.category === fields.category)
  );
}
