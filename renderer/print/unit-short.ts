// The unit as the A4 table prints it: a short form that never wraps in its narrow column ("UNIDA/D",
// "KILOG/RAMO" before). Catalogue 03 codes, abbreviated as Peruvian invoices usually print them.
const SHORT: Record<string, string> = {
  NIU: 'UND',
  ZZ: 'SERV',
  KGM: 'KG',
  GRM: 'G',
  LTR: 'L',
  MLT: 'ML',
  GLL: 'GAL',
  MTR: 'M',
  CMT: 'CM',
  MTK: 'M2',
  HUR: 'H',
  BX: 'CAJA',
  PK: 'PAQ',
  DZN: 'DOC',
  SET: 'JGO',
  PR: 'PAR',
  BG: 'BOLSA',
  BO: 'BOT',
  CA: 'LATA',
};

/** 'NIU' → 'UND', 'KGM' → 'KG'; an unknown code prints as itself (at most 5 characters wide). */
export function unitShort(code: string): string {
  return SHORT[code] ?? code;
}
