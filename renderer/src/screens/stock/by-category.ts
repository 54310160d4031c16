// Stock read by category: the categories present in a list of stock rows, the rows of one, and the value of each
// (summed with decimal.js: values are decimal strings). A product without a category is under "Sin categoría".
import { Dec } from '../../../../shared/billing/decimal';
import { NO_CATEGORY_LABEL, type StockRow } from '../../../../shared/bridge';

/** What a category is called on screen ('' is "Sin categoría"). */
export const categoryLabel = (category: string): string => (category === '' ? NO_CATEGORY_LABEL : category);

/** The categories of these rows, in alphabetical order, "Sin categoría" last. */
export function categoriesOf(rows: readonly Pick<StockRow, 'category'>[]): string[] {
  const named = [...new Set(rows.map((r) => r.category).filter((c) => c !== ''))].sort((a, b) => a.localeCompare(b, 'es'));
  return rows.some((r) => r.category === '') ? [...named, ''] : named;
}

/** The rows of one category; null: every row. */
export function inCategory<R extends Pick<StockRow, 'category'>>(rows: readonly R[], category: string | null): R[] {
  return category === null ? [...rows] : rows.filter((r) => r.category === category);
}

export interface CategoryValue {
  category: string;
  products: number;
  /** Two decimals. */
  value: string;
}

/** Each category's products and stock value, in the order of categoriesOf. */
export function valueByCategory(rows: readonly StockRow[]): CategoryValue[] {
  const sums = new Map<string, { products: number; value: Dec }>();
  for (const r of rows) {
    const sum = sums.get(r.category) ?? { products: 0, value: new Dec(0) };
    sums.set(r.category, { products: sum.products + 1, value: sum.value.plus(r.value) });
  }
  return categoriesOf(rows).map((category) => {
    const sum = sums.get(category)!;
    return { category, products: sum.products, value: sum.value.toFixed(2) };
  });
}
