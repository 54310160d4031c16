// Small pure helpers shared by the builders of TicketData (local documents and lookup records).
import Decimal from 'decimal.js';
import { CURRENCIES, IDENTITY_DOC_TYPES } from '../../shared/catalog';

export const money = (n: number | string | Decimal) => new Decimal(n).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
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

