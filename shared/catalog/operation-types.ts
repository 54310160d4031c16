import type { CatalogEntry } from './entry';

/** Catalogue 51 (operation type), the entries a retail POS may meet (docs/sunat/reference.md §2.2). Caja uses 0101 only. */
export const OPERATION_TYPES = [
  { code: '0101', label: 'Venta interna' },
  { code: '0112', label: 'Venta interna - Sustenta gastos deducibles persona natural' },
  { code: '0113', label: 'Venta interna - NRUS' },
  { code: '0200', label: 'Exportación de bienes' },
  { code: '0401', label: 'Ventas no domiciliados que no califican como exportación' },
  { code: '1001', label: 'Operación sujeta a detracción' },
  { code: '2001', label: 'Operación sujeta a percepción' },
] as const satisfies readonly CatalogEntry[];

export type OperationTypeCode = (typeof OPERATION_TYPES)[number]['code'];

export const DEFAULT_OPERATION_TYPE = '0101' satisfies OperationTypeCode;
