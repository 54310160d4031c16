import type { CatalogEntry } from './entry';

/** Catalogue 01, restricted to the two documents Caja issues. */
export type DocType = '01' | '03';

export interface DocTypeEntry extends CatalogEntry<DocType> {
  /** First letter of every electronic series of this type (F001, B001). */
  readonly seriesPrefix: 'F' | 'B';
}

export const DOC_TYPES = [
  { code: '01', label: 'Factura', seriesPrefix: 'F' },
  { code: '03', label: 'Boleta de venta', seriesPrefix: 'B' },
] as const satisfies readonly DocTypeEntry[];
