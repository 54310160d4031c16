// This till's sums for a range of Lima days, read from the summary tables of migration 0034 (kept exact by its
// triggers inside the transactions that store and change documents). Each read walks the tables' primary key from
// the range's first day to its last; the rows are few (a day holds its hours × cashiers, its methods, its
// products), so they are added up in figures.ts rather than grouped by SQLite.
import type Database from 'better-sqlite3';
import type { Db } from '../db';
import type { MethodSumRow, PeriodSums, ProductSumRow, SalesSumRow } from './figures';

type Range = { from: string; to: string };

/** The hot reads of the owner's view, exported for their query-plan test. */
export const SUMMARY_SALES_SQL = `SELECT day, hour, currency, cashier, kind, documents, cents FROM summary_sales
  WHERE day BETWEEN @from AND @to AND documents <> 0`;
export const SUMMARY_METHODS_SQL = `SELECT currency, method, label, payments, cents FROM summary_methods
  WHERE day BETWEEN @from AND @to AND payments <> 0`;
export const SUMMARY_PRODUCTS_SQL = `SELECT currency, code, description, lines, cents FROM summary_products
  WHERE day BETWEEN @from AND @to AND lines <> 0`;

export class TillSums {
  private readonly sales: Database.Statement<[Range], SalesSumRow>;
  private readonly methods: Database.Statement<[Range], MethodSumRow>;
  private readonly products: Database.Statement<[Range], ProductSumRow>;

  constructor(db: Db) {
    this.sales = db.sqlite.prepare(SUMMARY_SALES_SQL);
    this.methods = db.sqlite.prepare(SUMMARY_METHODS_SQL);
    this.products = db.sqlite.prepare(SUMMARY_PRODUCTS_SQL);
  }

  between(from: string, to: string): PeriodSums {
    const range = { from, to };
    return { sales: this.sales.all(range), methods: this.methods.all(range), products: this.products.all(range) };
  }
}
