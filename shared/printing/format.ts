// Small pure helpers shared by the builders of TicketData (local documents and lookup records).
import Decimal from 'decimal.js';
import { CURRENCIES, IDENTITY_DOC_TYPES, UNITS } from '../catalog';

export const money = (n: number | string | Decimal) => new Decimal(n).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/**
 * A unit price with the decimals it has (at least 2, at most 10, trailing zeros trimmed), so that quantity × price
 * = amount on paper: 0.125 prints as 0.125, not 0.13.
 */
export const unitPriceText = (n: number | string | Decimal) => {
  const d = new Decimal(n).toDecimalPlaces(10, Decimal.ROUND_HALF_UP);
  return d.decimalPlaces() <= 2 ? d.toFixed(2) : d.toFixed();
};

/** The unit's printed name (catalogue 03 label without the qualifier): 'NIU' → 'UNIDAD', 'KGM' → 'KILOGRAMO'. */
export function unitName(code: string): string {
  const entry = UNITS.find((u) => u.code === code);
  return entry ? entry.label.replace(/\s*\(.*\)$/, '').toUpperCase() : code;
}
export const docNameOf = (type: '01' | '03') => (type === '01' ? 'FACTURA ELECTRÓNICA' : 'BOLETA DE VENTA ELECTRÓNICA');
export const padded = (series: string, number: string | number) => `${series}-${String(number).padStart(8, '0')}`;

export function currencyOf(code: string): { symbol: string; words: string } {
  const entry = CURRENCIES.find((c) => c.code === code);
  return { symbol: entry?.symbol ?? code, words: entry?.words ?? code };
}

export function docLabel(code: string): string {
  if (code === '0' || code === '-') return 'S/D';
  return IDENTITY_DOC_TYPES.find((d) => d.code === code)?.short ?? code;
}

/** True for the anonymous customer of a boleta ("CLIENTES VARIOS", no document). */
export function anonymous(docType: string, docNumber: string): boolean {
  return (docType === '0' || docType === '-' || docType === '') && /^(0*|-)$/.test(docNumber);
}

/** Cash and change, when the cash received is a number that covers the total. */
export function cashAndChange(cashReceived: string | undefined, total: string): { received: string; change: string } | null {
  const text = (cashReceived ?? '').trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const received = new Decimal(text);
  if (received.lessThan(total)) return null;
  return { received: money(received), change: money(received.minus(total)) };
}


/** A dollar document's exchange rate as printed and shown: '3.751' → 'S/ 3.751 por US$ 1'. */
export function exchangeRateText(rate: string): string {
  return `S/ ${rate} por US$ 1`;
}
