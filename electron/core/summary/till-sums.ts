// This till's sums for a range of Lima days, read from the summary tables of migration 0034 (kept exact by its
// triggers inside the transactions that store and change documents). Each read walks the tables' primary key from
// the range's first day to its last. The sales rows are few (a day holds its hours × kinds) and are added
// up in figures.ts, once for the totals, the hours, the days and the cashiers.
import type Database from 'better-sqlite3';
import type { Db } from '../db';
import type { CashierSumRow, MethodSumRow, PeriodSums, ProductSumRow, SalesSumRow } from './figures';

type Range = { from: string; to: string };

/** The hot reads of the owner's view, exported for their query-plan test. */
export const SUMMARY_SALES_SQL = `SELECT day, hour, currency, kind, documents, cents FROM summary_sales
  WHERE day BETWEEN @from AND @to AND documents <> 0`;
export const SUMMARY_CASHIERS_SQL = `SELECT currency, cashier, sum(documents) AS documents, sum(cents) AS cents
  FROM summary_cashiers WHERE day BETWEEN @from AND @to GROUP BY currency, cashier HAVING sum(documents) <> 0`;
// Cashiers, methods and products are added up by SQLite: a month holds a row per day and product (thousands), and only the
// sums per product cross into JavaScript. The grouping sorts at most days × products rows, never the history.
export const SUMMARY_METHODS_SQL = `SELECT currency, method, min(label) AS label, sum(payments) AS payments, sum(cents) AS cents
  FROM summary_methods WHERE day BETWEEN @from AND @to GROUP BY currency, method HAVING sum(payments) <> 0`;
export const SUMMARY_PRODUCTS_SQL = `SELECT currency, code, max(description) AS description, sum(lines) AS lines, sum(cents) AS cents
  FROM summary_products WHERE day BETWEEN @from AND @to GROUP BY currency, code HAVING sum(lines) <> 0`;

export class TillSums {
  private readonly sales: Database.Statement<[Range], SalesSumRow>;
  private readonly cashiers: Database.Statement<[Range], CashierSumRow>;
  private readonly methods: Database.Statement<[Range], MethodSumRow>;
  private readonly products: Database.Statement<[Range], ProductSumRow>;

  constructor(db: Db) {
    this.sales = db.sqlite.prepare(SUMMARY_SALES_SQL);
    this.cashiers = db.sqlite.prepare(SUMMARY_CASHIERS_SQL);
    this.methods = db.sqlite.prepare(SUMMARY_METHODS_SQL);
    this.products = db.sqlite.prepare(SUMMARY_PRODUCTS_SQL);
  }

  between(from: string, to: string): PeriodSums {
    const range = { from, to };
    return { sales: this.sales.all(range), cashiers: this.cashiers.all(range), methods: this.methods.all(range), products: this.products.all(range) };
  }
}
