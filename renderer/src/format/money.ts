// Money for display: decimal strings in, text out. Arithmetic goes through decimal.js, never through floats.
import Decimal from 'decimal.js';
import { CURRENCIES } from '../../../shared/catalog';
// The printed text is written once (shared/printing), for the screens, the HTML templates and the ESC/POS job.
import { amountText, unitPriceGrouped } from '../../../shared/printing/printed-text';

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

/** '1234.5' → '1,234.50' (Peruvian usage: comma thousands, point decimals); unreadable text counts as 0. */
export function formatAmount(value: string | number | Decimal): string {
  return amountText(toMoney(value));
}

/** A unit price as printed: thousands grouped, every decimal it has kept (at least 2): '1,234.125'. */
export const formatUnitPrice = unitPriceGrouped;

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
