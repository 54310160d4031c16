// The product catalogue behind the bridge: the Productos screen (list, save, activate, CSV in and out) and the
// till (scan lookup, search as you type). Inputs arrive already checked by shared/bridge/products.ts.
import type {
  ImportMode,
  ImportProductsResult,
  Product,
  ProductList,
  ProductListInput,
  ProductsFile,
  SaveProductInputParsed,
} from '../../../shared/bridge/products';
import { PRODUCT_CODE_MAX, PRODUCT_CSV_MAX_CHARS, PRODUCT_CSV_TOO_BIG, sellsWholeUnits, type ImportProgress } from '../../../shared/bridge/products';
import type { CsvEncoding } from '../../../shared/bridge/csv-encoding';
import { limaDate } from '../../../shared/catalog';
import type { ProductFields, ProductRow, ProductsRepository } from '../db';
import { CoreError } from '../services/errors';
import { WorkerUnavailableError } from '../backup/script-worker';
import { cleanAndReadProductsCsv, writeProductsCsv } from './products-csv';
import { readProductsCsvOffThread } from './read-off-thread';

/** Files of fewer characters (about 3,000 rows, read in some 30 ms) are read on the calling thread. */
export const OFF_THREAD_MIN_CHARS = 256 * 1024;
/** Rows stored per transaction (new rows cost some 0.03-0.05 ms each: 15-25 ms); the event loop turns between two. */
export const IMPORT_CHUNK_ROWS = 500;

export class ProductsService {
  constructor(
    private readonly products: ProductsRepository,
    private readonly now: () => Date = () => new Date(),
    /** False: read every file on the calling thread (the off-thread path is then never tried). */
    private readonly offThread = true,
  ) {}

  /** A page of products matching the filter, and how many match in all. */
  listProducts(input: ProductListInput): ProductList {
    const rows = this.products.search(input).map(toProduct);
    return { rows, total: this.products.count(input) };
  }

  /** The scan path: the active product this code names (trimmed, any case), or null (unknown codes are an answer, not an error). */
  getProductByCode(input: { code: string }): Product | null {
    const code = input.code.trim().normalize('NFC');
    if (code === '' || code.length > PRODUCT_CODE_MAX) return null;
    const row = this.products.getByCode(code);
    return row ? toProduct(row) : null;
  }

  /** Creates a product (no originalCode) or updates the one whose code is originalCode. */
  saveProduct(input: SaveProductInputParsed): Product {
    const { originalCode, ...fields } = input;
    // A code that differs from another product's only in case names that product (getByCode): refused as taken, so
    // that a code typed at the till never stands for two products with two prices.
    const taken = this.products.getByCode(fields.code, { includeInactive: true });
    if (originalCode === undefined) {
      const row = taken ? undefined : this.products.insert(fields);
      if (!row) throw duplicateCode(taken?.code ?? fields.code);
      return toProduct(row);
    }
    if (taken && taken.code !== originalCode) throw duplicateCode(taken.code);
    const row = this.products.update(originalCode, fields satisfies ProductFields);
    if (!row) throw notFound(originalCode);
    return toProduct(row);
  }

  setProductActive(input: { code: string; active: boolean }): Product {
    const row = this.products.setActive(input.code, input.active);
    if (!row) throw notFound(input.code);
    return toProduct(row);
  }

  /**
   * Reads the CSV, reports every bad row, and stores: nothing when any row is bad in 'all_or_nothing' mode, the
   * good rows in 'good_rows' mode (never anything when the header is wrong).
   *
   * The size is checked before anything reads the text. A long file is read and checked in a worker
   * thread (read-off-thread.ts; here when no worker can run) and stored in transactions of IMPORT_CHUNK_ROWS rows with
   * a turn of the event loop between them, so the till never waits for an import; `onProgress` hears both phases.
   * Every row is checked before the first is stored, so "all or nothing" still stores nothing from a file with a bad
   * row; a file larger than one chunk is stored chunk by chunk (an interrupted import leaves the first chunks stored,
   * and importing the same file again completes it: rows already equal are unchanged).
   */
  async importProducts(input: { csv: string; mode: ImportMode; encoding?: CsvEncoding | undefined }, onProgress: (progress: ImportProgress) => void = () => {}): Promise<ImportProductsResult> {
    if (input.csv.length > PRODUCT_CSV_MAX_CHARS) throw new CoreError('too_large', `${PRODUCT_CSV_TOO_BIG}.`);
    const read = await this.read(input.csv, (done, total) => onProgress({ phase: 'reading', done, total }));
    // The bridge left the file's cleaning to this import (dispatch.ts): a refusal reads as the bridge's own.
    if ('problems' in read) throw new CoreError('validation', 'Revise los datos ingresados.', read.problems);
    const { reading } = read;
    const encoding = input.encoding === undefined ? {} : { encoding: input.encoding };
    const nothing = { rows: reading.rows, imported: 0, updated: 0, unchanged: 0, errors: reading.errors, ...encoding };
    if (reading.headerInvalid || reading.good.length === 0) return nothing;
    if (input.mode === 'all_or_nothing' && reading.errors.length > 0) return nothing;
    const items = reading.good.map((row) => row.item);
    const stored = { inserted: 0, updated: 0, unchanged: 0 };
    for (let at = 0; at < items.length; at += IMPORT_CHUNK_ROWS) {
      if (at > 0) await new Promise((resolve) => setImmediate(resolve));
      const chunk = this.products.bulkUpsert(items.slice(at, at + IMPORT_CHUNK_ROWS));
      stored.inserted += chunk.inserted;
      stored.updated += chunk.updated;
      stored.unchanged += chunk.unchanged;
      onProgress({ phase: 'saving', done: Math.min(items.length, at + IMPORT_CHUNK_ROWS), total: items.length });
    }
    return {
      rows: reading.rows,
      imported: stored.inserted,
      updated: stored.updated,
      unchanged: stored.unchanged,
      errors: reading.errors,
      ...encoding,
    };
  }

  /** A short file here (a worker costs more than it saves), a long one in a worker when one can run. */
  private async read(csv: string, onProgress: (done: number, total: number) => void): Promise<ReturnType<typeof cleanAndReadProductsCsv>> {
    if (csv.length < OFF_THREAD_MIN_CHARS || !this.offThread) return cleanAndReadProductsCsv(csv, onProgress);
    try {
      return await readProductsCsvOffThread(csv, onProgress);
    } catch (error) {
      if (!(error instanceof WorkerUnavailableError)) throw error;
      return cleanAndReadProductsCsv(csv, onProgress);
    }
  }

  /** The categories in use, for the Productos screen's list to pick from. */
  listProductCategories(): string[] {
    return this.products.categories();
  }

  /** Every product, active or not, as a CSV that importProducts reads back unchanged. */
  exportProducts(): ProductsFile {
    return { fileName: `productos-${limaDate(this.now())}.csv`, csv: writeProductsCsv(this.products.all()) };
  }
}

export function toProduct(row: ProductRow): Product {
  return {
    code: row.code,
    description: row.description,
    unit: row.unit,
    price: row.price,
    affectation: row.affectation,
    bag: row.bag === 1,
    wholeUnits: sellsWholeUnits({ unit: row.unit, bag: row.bag === 1, wholeUnits: row.whole_units === null ? null : row.whole_units === 1 }),
    freePrice: row.free_price === 1,
    category: row.category,
    active: row.active === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function duplicateCode(code: string): CoreError {
  return new CoreError('duplicate', `Ya existe un producto con el código ${code}.`, [
    { path: 'code', message: 'Este código ya está registrado' },
  ]);
}

function notFound(code: string): CoreError {
  return new CoreError('not_found', `No existe un producto con el código ${code}.`);
}
