import type { CatalogEntry } from './entry';

/** Catalogue 06: customer identity document types (docs/sunat/reference.md §2.3). */
export type IdentityDocType = '0' | '1' | '4' | '6' | '7' | 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H';

export interface IdentityDocTypeEntry extends CatalogEntry<IdentityDocType> {
  /** Short name for narrow columns and tickets. */
  readonly short: string;
}

export const IDENTITY_DOC_TYPES = [
  { code: '0', label: 'Sin documento (DOC.TRIB.NO.DOM.SIN.RUC)', short: 'S/D' },
  { code: '1', label: 'DNI', short: 'DNI' },
  { code: '4', label: 'Carné de extranjería', short: 'CE' },
  { code: '6', label: 'RUC', short: 'RUC' },
  { code: '7', label: 'Pasaporte', short: 'PAS' },
  { code: 'A', label: 'Cédula diplomática de identidad', short: 'CDI' },
  { code: 'B', label: 'Documento de identidad del país de residencia (no domiciliado)', short: 'DIR' },
  { code: 'C', label: 'Tax Identification Number - TIN (no domiciliado)', short: 'TIN' },
  { code: 'D', label: 'Identification Number - IN (no domiciliado)', short: 'IN' },
  { code: 'E', label: 'Tarjeta Andina de Migración (TAM)', short: 'TAM' },
  { code: 'F', label: 'Permiso Temporal de Permanencia (PTP)', short: 'PTP' },
  { code: 'G', label: 'Salvoconducto', short: 'SALV' },
  { code: 'H', label: 'Carné de Permiso Temporal de Permanencia (CPP)', short: 'CPP' },
] as const satisfies readonly IdentityDocTypeEntry[];
