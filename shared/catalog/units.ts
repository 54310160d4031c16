import type { CatalogEntry } from './entry';

/** Catalogue 03 (UN/ECE Rec. 20 units), the subset a retail shop uses. */
export interface UnitEntry extends CatalogEntry {
  /** Whether a quantity in this unit may have decimals (0.755 kg yes, 1.5 units no). */
  readonly allowsDecimals: boolean;
}

export const UNITS = [
  { code: 'NIU', label: 'Unidad (bienes)', allowsDecimals: false },
  { code: 'ZZ', label: 'Unidad (servicios)', allowsDecimals: false },
  { code: 'KGM', label: 'Kilogramo', allowsDecimals: true },
  { code: 'GRM', label: 'Gramo', allowsDecimals: true },
  { code: 'LTR', label: 'Litro', allowsDecimals: true },
  { code: 'MLT', label: 'Mililitro', allowsDecimals: true },
  { code: 'GLL', label: 'Galón', allowsDecimals: true },
  { code: 'MTR', label: 'Metro', allowsDecimals: true },
  { code: 'CMT', label: 'Centímetro', allowsDecimals: true },
  { code: 'MTK', label: 'Metro cuadrado', allowsDecimals: true },
  { code: 'HUR', label: 'Hora', allowsDecimals: true },
  { code: 'BX', label: 'Caja', allowsDecimals: false },
  { code: 'PK', label: 'Paquete', allowsDecimals: false },
  { code: 'DZN', label: 'Docena', allowsDecimals: false },
  { code: 'SET', label: 'Juego', allowsDecimals: false },
  { code: 'PR', label: 'Par', allowsDecimals: false },
  { code: 'BG', label: 'Bolsa', allowsDecimals: false },
  { code: 'BO', label: 'Botella', allowsDecimals: false },
  { code: 'CA', label: 'Lata', allowsDecimals: false },
] as const satisfies readonly UnitEntry[];

export type UnitCode = (typeof UNITS)[number]['code'];
