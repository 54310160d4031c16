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

/**
 * What people write for a unit in a spreadsheet, by the catalogue 03 code it means. Caja's own prints say UND and KG,
 * and the printed names (unitName: UNIDAD, KILOGRAMO…) are here too, so a list copied from a receipt or an A4 reads
 * back. Keys are written as unitAliasKey() leaves them: upper case, no accents, single spaces, no final dot. A short
 * form that could mean two units (M: metro or mililitro? L is litro everywhere) is left out on purpose.
 */
export const UNIT_ALIASES: Readonly<Record<string, UnitCode>> = {
  UND: 'NIU', UNDS: 'NIU', UNID: 'NIU', UNIDS: 'NIU', UNIDAD: 'NIU', UNIDADES: 'NIU', UN: 'NIU', UNI: 'NIU', 'C/U': 'NIU',
  SERVICIO: 'ZZ', SERVICIOS: 'ZZ', SERV: 'ZZ',
  KG: 'KGM', KGS: 'KGM', KILO: 'KGM', KILOS: 'KGM', KILOGRAMO: 'KGM', KILOGRAMOS: 'KGM',
  G: 'GRM', GR: 'GRM', GRS: 'GRM', GRAMO: 'GRM', GRAMOS: 'GRM',
  L: 'LTR', LT: 'LTR', LTS: 'LTR', LITRO: 'LTR', LITROS: 'LTR',
  ML: 'MLT', MILILITRO: 'MLT', MILILITROS: 'MLT',
  GAL: 'GLL', GALON: 'GLL', GALONES: 'GLL',
  MT: 'MTR', MTS: 'MTR', METRO: 'MTR', METROS: 'MTR',
  CM: 'CMT', CENTIMETRO: 'CMT', CENTIMETROS: 'CMT',
  M2: 'MTK', 'METRO CUADRADO': 'MTK', 'METROS CUADRADOS': 'MTK',
  H: 'HUR', HR: 'HUR', HRS: 'HUR', HORA: 'HUR', HORAS: 'HUR',
  CJ: 'BX', CJA: 'BX', CAJA: 'BX', CAJAS: 'BX',
  PQ: 'PK', PQT: 'PK', PAQ: 'PK', PAQUETE: 'PK', PAQUETES: 'PK',
  DOC: 'DZN', DOCENA: 'DZN', DOCENAS: 'DZN',
  JGO: 'SET', JUEGO: 'SET', JUEGOS: 'SET',
  PAR: 'PR', PARES: 'PR',
  BOLSA: 'BG', BOLSAS: 'BG',
  BOT: 'BO', BOTELLA: 'BO', BOTELLAS: 'BO',
  LATA: 'CA', LATAS: 'CA',
};

/** ' kilos. ' → 'KILOS', 'Metro  cuadrado' → 'METRO CUADRADO': how a written unit is looked up in UNIT_ALIASES. */
export function unitAliasKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').trim().replace(/\.+$/, '').replace(/\s+/g, ' ').toUpperCase();
}

/**
 * The catalogue 03 code a written unit means: a code itself in any case (kgm, NIU) or an alias (UND, Kilos, LT);
 * undefined when it is neither.
 */
export function unitCodeOf(text: string): UnitCode | undefined {
  const key = unitAliasKey(text);
  const entry = UNITS.find((unit) => unit.code === key);
  return entry ? entry.code : UNIT_ALIASES[key];
}
