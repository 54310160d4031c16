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
import { PRODUCT_CODE_MAX, sellsWholeUnits } from '../../../shared/bridge/products';
import { limaDate } from '../../../shared/catalog';
import type { ProductFields, ProductRow, ProductsRepository } from '../db';
import { CoreError } from '../services/errors';
import { readProductsCsv, writeProductsCsv } from './products-csv';

export class ProductsService {
  constructor(
    private readonly products: ProductsRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A page of products matching the filter, and how many match in all. */
  listProducts(input: ProductListInput): ProductList {
    const rows = this.products.search(input).map(toProduct);
    return { rows, total: this.products.count(input) };
  }

  /** The scan path: the active product with exactly this code, or null (unknown codes are an answer, not an error). */
  getProductByCode(input: { code: string }): Product | null {
    const code = input.code.trim().normalize('NFC');
    if (code === '' || code.length > PRODUCT_CODE_MAX) return null;
    const row = this.products.getByCode(code);
    return row ? toProduct(row) : null;
  }

  /** Creates a product (no originalCode) or updates the one whose code is originalCode. */
  saveProduct(input: SaveProductInputParsed): Product {
    const { originalCode, ...fields } = input;
    if (originalCode === undefined) {
      const row = this.products.insert(fields);
      if (!row) throw duplicateCode(fields.code);
      return toProduct(row);
    }
    if (fields.code !== originalCode && this.products.getByCode(fields.code, { includeInactive: true })) {
      throw duplicateCode(fields.code);
    }
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
   * good rows in 'good_rows' mode (never anything when the header is wrong). One transaction either way.
   */
  importProducts(input: { csv: string; mode: ImportMode }): ImportProductsResult {
    const reading = readProductsCsv(input.csv);
    const nothing = { rows: reading.rows, imported: 0, updated: 0, unchanged: 0, errors: reading.errors };
    if (reading.headerInvalid || reading.good.length === 0) return nothing;
    if (input.mode === 'all_or_nothing' && reading.errors.length > 0) return nothing;
    const stored = this.products.bulkUpsert(reading.good.map((row) => row.item));
    return {
      rows: reading.rows,
      imported: stored.inserted,
      updated: stored.updated,
      unchanged: stored.unchanged,
      errors: reading.errors,
    };
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
