// Money for display: decimal strings in, text out. Arithmetic goes through decimal.js, never through floats.
import Decimal from 'decimal.js';
import { CURRENCIES } from '../../../shared/catalog';

const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Money = Decimal;

/** The text as a Decimal, or null when it is not a plain decimal number ('12', '12.5', '.5'). */
export function parseMoney(text: string | number | null | undefined): Decimal | null {
  if (text === null || text === undefined) return null;
  const t = String(text).trim().replace(',', '.');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(t)) return null;
  return new Money(t);
}

export function toMoney(text: string | number | Decimal): Decimal {
  return text instanceof Decimal ? new Money(text) : (parseMoney(text) ?? new Money(0));
}

/** '1234.5' → '1,234.50' (Peruvian usage: comma thousands, point decimals). */
export function formatAmount(value: string | number | Decimal): string {
  const d = toMoney(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const [int = '0', dec = '00'] = d.abs().toFixed(2).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${d.isNegative() && !d.isZero() ? '-' : ''}${grouped}.${dec}`;
}

/** A unit price as printed: thousands grouped, every decimal it has kept (at least 2): '1,234.125'. */
export function formatUnitPrice(value: string): string {
  const [int = '0', dec = '00'] = value.replace(/^-/, '').split('.');
  return `${value.startsWith('-') ? '-' : ''}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${dec.padEnd(2, '0')}`;
}

export function currencySymbol(currency: string): string {
  return CURRENCIES.find((c) => c.code === currency)?.symbol ?? currency;
}

/** 'S/ 1,234.50' */
export function formatMoney(value: string | number | Decimal, currency = 'PEN'): string {
  return `${currencySymbol(currency)} ${formatAmount(value)}`;
}

/**
 * A catalogue price for an input or a CSV-like view: at least 2 decimals, never rounded ('3.5' → '3.50',
 * '0.0425' stays), so the line sells at exactly the stored price.
 */
export function priceInputText(price: string): string {
  const d = parseMoney(price);
  if (!d) return price;
  return d.decimalPlaces() < 2 ? d.toFixed(2) : d.toFixed();
}
