// Amounts and dates as the printed documents show them: '1,234.50', '01/03/2026 10:30'. One writing for the ESC/POS
// job in the core and for the renderer (renderer/src/format/money.ts and dates.ts call these).
import Decimal from 'decimal.js';
import { CURRENCIES, limaDateTime, parseIsoInstant } from '../catalog';

const group = (int: string) => int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** '1234.5' → '1,234.50'; '-3' → '-3.00'. */
export function amountText(value: string | number | Decimal): string {
  const d = new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const [int = '0', dec = '00'] = d.abs().toFixed(2).split('.');
  return `${d.isNegative() && !d.isZero() ? '-' : ''}${group(int)}.${dec}`;
}

/** A unit price with every decimal it has (at least 2), thousands grouped: '1,234.125'. */
export function unitPriceGrouped(value: string): string {
  const [int = '0', dec = '00'] = value.replace(/^-/, '').split('.');
  return `${value.startsWith('-') ? '-' : ''}${group(int)}.${dec.padEnd(2, '0')}`;
}

/** 'S/ 1,234.50' */
export function moneyText(value: string | number | Decimal, currency = 'PEN'): string {
  return `${CURRENCIES.find((c) => c.code === currency)?.symbol ?? currency} ${amountText(value)}`;
}

/** An instant as Lima's dd/mm/yyyy hh:mm; unreadable text as it came. */
export function dateTimeText(iso: string | null | undefined): string {
  if (!iso) return '—';
  const instant = parseIsoInstant(iso) ?? (Number.isNaN(Date.parse(iso)) ? null : Date.parse(iso));
  if (instant === null) return iso;
  const lima = limaDateTime(instant);
  return `${lima.slice(8, 10)}/${lima.slice(5, 7)}/${lima.slice(0, 4)} ${lima.slice(11, 16)}`;
}

/** '2026-03-01' → '01/03/2026'. */
export const dayText = (iso: string) => iso.split('-').reverse().join('/');
