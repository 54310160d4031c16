// A sold product's category for the owner's view: the catalogue's current one (the category a product has now, not
// when it was sold, so a product moved to another category moves its sales with it). A code the catalogue does not
// know (a free line, a product removed) has none, and is summed under "Sin categoría".
import type Database from 'better-sqlite3';
import type { Db } from '../db';

/** One product's category, found by products' unique code (once per product sold in the period, never per line). */
export const PRODUCT_CATEGORY_SQL = 'SELECT category FROM products WHERE code = ?';

export class ProductCategories {
  private readonly one: Database.Statement<[string], string>;

  constructor(db: Db) {
    this.one = db.sqlite.prepare<[string], string>(PRODUCT_CATEGORY_SQL).pluck();
  }

  /** The category of `code` ('' when none or unknown). */
  of(code: string): string {
    return this.one.get(code) ?? '';
  }
}
