// Where the till meets the product catalogue: the exact-code lookup of a scan and the search as the cashier types
// a description. Both are plain functions so the lines table can be given others (tests, a till without catalogue).
import type { Product } from '../../../../shared/bridge';
import { call } from '../../pos';

export type LookupAnswer =
  | { status: 'found'; product: Product }
  | { status: 'unknown' }
  | { status: 'error'; message: string };

/** A scanned or typed code → the active product with exactly that code. */
export type ProductLookup = (code: string) => Promise<LookupAnswer>;

/** Words of a description → a few active products, best first. */
export type ProductSearch = (text: string) => Promise<{ ok: true; products: Product[] } | { ok: false; message: string }>;

/** User-timing mark set the moment the bridge answers a scan (read by the browser benchmark). */
export const PRODUCT_ANSWER_MARK = 'caja:product-answer';

/** How many matches the dropdown shows. */
export const SEARCH_LIMIT = 8;

export const noProductLookup: ProductLookup = async () => ({ status: 'unknown' });
export const noProductSearch: ProductSearch = async () => ({ ok: true, products: [] });

export const bridgeProductLookup: ProductLookup = async (code) => {
  const result = await call((api) => api.getProductByCode({ code }));
  // Only the latest mark is kept: a day of scans must not fill the performance buffer.
  performance.clearMarks(PRODUCT_ANSWER_MARK);
  performance.mark(PRODUCT_ANSWER_MARK);
  if (!result.ok) return { status: 'error', message: result.error.message };
  return result.value ? { status: 'found', product: result.value } : { status: 'unknown' };
};

export const bridgeProductSearch: ProductSearch = async (text) => {
  const result = await call((api) => api.listProducts({ text, limit: SEARCH_LIMIT }));
  return result.ok ? { ok: true, products: result.value.rows } : { ok: false, message: result.error.message };
};
