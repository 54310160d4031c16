// Own converter: the npm options checked (n2words 4.0.0, written-number 0.11.1) write "veintiuno mil" and "uno millón".
import type Decimal from 'decimal.js';
import { CURRENCIES, type CurrencyCode } from '../catalog';
import { Dec, round2 } from './decimal';

const UNDER_30 = [
  'CERO', 'UNO', 'DOS', 'TRES', 'CUATRO', 'CINCO', 'SEIS', 'SIETE', 'OCHO', 'NUEVE',
  'DIEZ', 'ONCE', 'DOCE', 'TRECE', 'CATORCE', 'QUINCE', 'DIECISÉIS', 'DIECISIETE', 'DIECIOCHO', 'DIECINUEVE',
  'VEINTE', 'VEINTIUNO', 'VEINTIDÓS', 'VEINTITRÉS', 'VEINTICUATRO', 'VEINTICINCO', 'VEINTISÉIS', 'VEINTISIETE',
  'VEINTIOCHO', 'VEINTINUEVE',
] as const;
const TENS = ['', '', '', 'TREINTA', 'CUARENTA', 'CINCUENTA', 'SESENTA', 'SETENTA', 'OCHENTA', 'NOVENTA'] as const;
const HUNDREDS = [
  '', 'CIENTO', 'DOSCIENTOS', 'TRESCIENTOS', 'CUATROCIENTOS', 'QUINIENTOS', 'SEISCIENTOS', 'SETECIENTOS',
  'OCHOCIENTOS', 'NOVECIENTOS',
] as const;

/** Largest amount n(12,2) can hold. */
const MAX_AMOUNT = new Dec('999999999999.99');

/**
 * Words of 1..99. `beforeNoun` gives the apocopated form used before MIL / MILLÓN(ES):
 * UNO → UN, VEINTIUNO → VEINTIÚN, TREINTA Y UNO → TREINTA Y UN.
 */
function underHundred(n: number, beforeNoun: boolean): string {
  if (n < 30) {
    if (beforeNoun && n === 1) return 'UN';
    if (beforeNoun && n === 21) return 'VEINTIÚN';
    return UNDER_30[n]!;
  }
  const tens = TENS[Math.floor(n / 10)]!;
  const unit = n % 10;
  if (unit === 0) return tens;
  return `${tens} Y ${beforeNoun && unit === 1 ? 'UN' : UNDER_30[unit]!}`;
}

/** Words of 1..999 (100 is CIEN, 101 CIENTO UNO). */
function underThousand(n: number, beforeNoun: boolean): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 0) return underHundred(rest, beforeNoun);
  if (rest === 0) return hundreds === 1 ? 'CIEN' : HUNDREDS[hundreds]!;
  return `${HUNDREDS[hundreds]!} ${underHundred(rest, beforeNoun)}`;
}

/** Words of 1..999 999 (1000 is MIL, never UN MIL; 21 000 VEINTIÚN MIL). */
function underMillion(n: number, beforeNoun: boolean): string {
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (thousands === 1) parts.push('MIL');
  else if (thousands > 1) parts.push(`${underThousand(thousands, true)} MIL`);
  if (rest > 0) parts.push(underThousand(rest, beforeNoun));
  return parts.join(' ');
}

/** Words of a whole number 0..999 999 999 999, uppercase with accents (UN MILLÓN, DOS MILLONES, MIL MILLONES). */
export function integerInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n > 999_999_999_999) {
    throw new RangeError('Importe fuera de rango para convertir a letras');
  }
  if (n === 0) return 'CERO';
  const millions = Math.floor(n / 1_000_000);
  const rest = n % 1_000_000;
  const parts: string[] = [];
  if (millions === 1) parts.push('UN MILLÓN');
  else if (millions > 1) parts.push(`${underMillion(millions, true)} MILLONES`);
  if (rest > 0) parts.push(underMillion(rest, false));
  return parts.join(' ');
}

/**
 * Text of legend 1000: `SON <INTEGER IN WORDS> CON <CC>/100 <CURRENCY WORDS>`, from the total rounded half up
 * to 2 decimals. Example: 1858.59 PEN → 'SON MIL OCHOCIENTOS CINCUENTA Y OCHO CON 59/100 SOLES'.
 * `total` is a decimal string, a number or a Decimal; throws RangeError when negative, unreadable or above
 * 999 999 999 999.99.
 */
export function amountInWords(total: string | number | Decimal, currency: CurrencyCode = 'PEN'): string {
  let amount: Decimal;
  try {
    amount = round2(new Dec(total));
    if (amount.isZero()) amount = new Dec(0); // -0 and -0.001 read as zero
  } catch {
    throw new RangeError('Importe no válido para convertir a letras');
  }
  if (!amount.isFinite() || amount.isNeg() || amount.gt(MAX_AMOUNT)) {
    throw new RangeError('Importe fuera de rango para convertir a letras');
  }
  const currencyEntry = CURRENCIES.find((c) => c.code === currency);
  if (!currencyEntry) throw new RangeError('Moneda no válida');
  const [integerPart = '0', cents = '00'] = amount.toFixed(2).split('.');
  return `SON ${integerInWords(Number(integerPart))} CON ${cents}/100 ${currencyEntry.words}`;
}
