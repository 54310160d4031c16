import type { CatalogEntry } from './entry';

/** Catalogue 02 (ISO 4217), the currencies Caja issues in. `words` ends the amount-in-words legend. */
export type CurrencyCode = 'PEN' | 'USD';

export interface CurrencyEntry extends CatalogEntry<CurrencyCode> {
  readonly symbol: string;
  readonly words: string;
}

export const CURRENCIES = [
  { code: 'PEN', label: 'Soles', symbol: 'S/', words: 'SOLES' },
  { code: 'USD', label: 'Dólares americanos', symbol: '$', words: 'DÓLARES AMERICANOS' },
] as const satisfies readonly CurrencyEntry[];
