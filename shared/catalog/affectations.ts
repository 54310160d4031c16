import type { CatalogEntry } from './entry';

/**
 * Catalogue 07 (IGV affectation), restricted to what Caja can issue.
 * The invoicing API's Invoice schema only has totals for taxed (monto_Oper_Gravadas) and exonerated
 * (monto_Oper_Exoneradas) operations: it has no fields for inafecto (30-37), export (40) or free lines
 * (11-16, 21, 31-37), so those codes are deliberately not offered.
 */
export type AffectationCode = '10' | '20';

export interface AffectationEntry extends CatalogEntry<AffectationCode> {
  /** True when the line carries IGV (code 10). */
  readonly taxed: boolean;
  /** Catalogue 05 tribute the line falls under: 1000 IGV, 9997 EXO. */
  readonly tribute: '1000' | '9997';
}

export const AFFECTATIONS = [
  { code: '10', label: 'Gravado - Operación onerosa', taxed: true, tribute: '1000' },
  { code: '20', label: 'Exonerado - Operación onerosa', taxed: false, tribute: '9997' },
] as const satisfies readonly AffectationEntry[];
