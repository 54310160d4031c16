// The lines of SUNAT's permanent inventory books for the accountant: 12.1 (in physical units) and 13.1 (valued), one
// line per movement of the kardex in a period, each product opened by its balance at the start. The layout, the
// tables it names and the choices made where the layout leaves one: docs/sunat/ple-kardex.md.
import type Decimal from 'decimal.js';
import { Dec } from '../../../../shared/billing/decimal';

export type PleBook = '12.1' | '13.1';

/** SUNAT's book identifiers in the file name. */
const BOOK_ID: Record<PleBook, string> = { '12.1': '120100', '13.1': '130100' };

/**
 * LE<RUC><AAAA><MM>00<book>00<operativa 1><con información 1|0><soles 1><PLE 1>.txt: the file name PLE expects.
 */
export function kardexFileName(ruc: string, period: string, book: PleBook, hasLines: boolean): string {
  const [year, month] = period.split('-');
  return `LE${ruc}${year}${month}00${BOOK_ID[book]}001${hasLines ? '1' : '0'}11.txt`;
}

/** Tabla 12, the operation a movement stands for. */
export const OPERATION = {
  opening: '16', // SALDO INICIAL
  sale: '01', // VENTA NACIONAL
  purchase: '02', // COMPRA NACIONAL
  customerReturn: '24', // ENTRADA POR DEVOLUCIÓN DEL CLIENTE (a credit note that returned goods, a voided sale)
  count: '28', // AJUSTE POR DIFERENCIA DE INVENTARIO
  waste: '13', // MERMAS
  transferOut: '11', // SALIDA POR TRANSFERENCIA ENTRE ALMACENES
  transferIn: '21', // ENTRADA POR TRANSFERENCIA ENTRE ALMACENES
} as const;

/** One line's facts, whatever book it goes to. */
export interface KardexLine {
  /** Código Único de la Operación: the movement's own uid (stable across tills and files). */
  cuo: string;
  /** 'M1', 'M2'...: the line's number in the file. */
  correlative: string;
  code: string;
  description: string;
  /** Catálogo 03 / tabla 6 unit code ('NIU', 'KGM'). */
  unit: string;
  /** DD/MM/AAAA of the document behind it. */
  date: string;
  /** Tabla 10 ('01', '03', '07', '00' for an internal act), its series and number ('0' when none). */
  docType: string;
  series: string;
  number: string;
  operation: string;
  /** Signed: in > 0, out < 0. */
  quantity: Decimal;
  unitCost: Decimal;
  /** Signed, 2 decimals: quantity × unit cost as the ledger kept it. */
  value: Decimal;
  balance: Decimal;
  balanceValue: Decimal;
}

/** A number as the layout writes it: no thousands separator, at least 2 and at most `max` decimals, '-' first. */
export function pleNumber(d: Decimal, max: number): string {
  const rounded = d.toDecimalPlaces(max, Dec.ROUND_HALF_UP);
  const [int, frac = ''] = rounded.abs().toFixed().split('.');
  const text = `${int}.${frac.padEnd(2, '0')}`;
  return rounded.isNegative() && !rounded.isZero() ? `-${text}` : text;
}

/** Free text: the layout forbids "|", "/" and "\", and a line break would split the line. */
function pleText(value: string, max: number): string {
  return value.replace(/[|/\\\r\n\t]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, max);
}

/** The balance's unit cost: its value over its quantity, positive, or 0 with nothing on the shelf. */
function balanceUnitCost(l: KardexLine): Decimal {
  return l.balance.isZero() ? new Dec(0) : l.balanceValue.div(l.balance).abs();
}

const ZERO = '0.00';

/** Fields 1 to 16, shared by both books. */
function head(l: KardexLine, period: string): string[] {
  return [
    `${period.replace('-', '')}00`,
    pleText(l.cuo, 40),
    l.correlative,
    '0000', // the establishment registered in the RUC (the shop's own address)
    '9', // tabla 13: the shop's own codes
    '01', // tabla 5: mercaderías
    pleText(l.code, 24),
    '', // fields 8 and 9: no UNSPSC or GTIN catalogue is kept
    '',
    l.date,
    l.docType,
    pleText(l.series, 20) || '0',
    pleText(l.number, 20) || '0',
    l.operation,
    pleText(l.description, 80),
    l.unit,
  ];
}

/** A line of 13.1, fields separated and closed by "|". */
export function valuedLine(l: KardexLine, period: string): string {
  const isIn = l.quantity.greaterThanOrEqualTo(0);
  const inFields = isIn ? [pleNumber(l.quantity, 8), pleNumber(l.unitCost, 8), pleNumber(l.value, 2)] : [ZERO, ZERO, ZERO];
  const outFields = isIn ? [ZERO, ZERO, ZERO] : [pleNumber(l.quantity, 8), pleNumber(l.unitCost, 8), pleNumber(l.value, 2)];
  const fields = [
    ...head(l, period),
    '1', // tabla 14: promedio ponderado, the ledger's method
    ...inFields,
    ...outFields,
    pleNumber(l.balance, 8),
    pleNumber(balanceUnitCost(l), 8),
    pleNumber(l.balanceValue, 2),
    '1', // an operation of the period
  ];
  return `${fields.join('|')}|`;
}

/** A line of 12.1: the same movement in units only (the layout keeps 2 decimals). */
export function unitsLine(l: KardexLine, period: string): string {
  const isIn = l.quantity.greaterThanOrEqualTo(0);
  const fields = [...head(l, period), isIn ? pleNumber(l.quantity, 2) : ZERO, isIn ? ZERO : pleNumber(l.quantity, 2), '1'];
  return `${fields.join('|')}|`;
}
