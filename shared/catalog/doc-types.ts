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

/**
 * Every document type Caja stores in its outbox: the two it sells with, and since migration 0016 the credit note (07) and
 * the debit note (08) that modify them (docs/sunat/notes.md).
 */
export const ISSUED_DOC_TYPES = ['01', '03', '07', '08'] as const;
export type IssuedDocType = (typeof ISSUED_DOC_TYPES)[number];
