import { limaDateOf } from './lima-time';

/** IGV regime of the issuer: general 18 %, or the special MYPE restaurants/hotels rate of Ley 31556. */
export type IgvRegime = 'general' | 'special';

/** General IGV rate (16 % IGV + 2 % IPM), as a fraction. */
export const IGV_GENERAL_RATE = '0.18';

/**
 * Special regime rates by first Lima day in force, newest first (docs/sunat/reference.md §1.6): 10 % from 2022-09-01,
 * 10.5 % from 2026-02-13. Before 2022-09-01 the special regime did not exist and the general rate applies.
 */
const SPECIAL_RATES: readonly { from: string; rate: string }[] = [
  { from: '2026-02-13', rate: '0.105' },
  { from: '2022-09-01', rate: '0.10' },
];

/**
 * ICBPER (plastic bag tax) per bag in soles by first Lima day in force, newest first (docs/sunat/reference.md §1.7).
 * The tax started on 2019-08-01; earlier dates get '0.00'.
 */
const ICBPER_FACTORS: readonly { from: string; factor: string }[] = [
  { from: '2023-01-01', factor: '0.50' },
  { from: '2022-01-01', factor: '0.40' },
  { from: '2021-01-01', factor: '0.30' },
  { from: '2020-01-01', factor: '0.20' },
  { from: '2019-08-01', factor: '0.10' },
];

function limaDayOrThrow(issuedAt: string | Date): string {
  const day = limaDateOf(issuedAt);
  if (day === null) throw new RangeError('Fecha de emisión no válida');
  return day;
}

/**
 * IGV rate (a fraction as a decimal string, e.g. '0.18') for a document issued at `issuedAt` (Date, ISO
 * date-time with offset, or a `YYYY-MM-DD` Lima day), evaluated on the Lima calendar day.
 * Throws RangeError for an unreadable date.
 */
export function igvRateFor(regime: IgvRegime, issuedAt: string | Date): string {
  const day = limaDayOrThrow(issuedAt);
  if (regime === 'special') {
    const period = SPECIAL_RATES.find((p) => day >= p.from);
    if (period) return period.rate;
  }
  return IGV_GENERAL_RATE;
}

/** ICBPER amount per bag (decimal string, e.g. '0.50') for the Lima day of `issuedAt`. Throws RangeError for an unreadable date. */
export function icbperFactorFor(issuedAt: string | Date): string {
  const day = limaDayOrThrow(issuedAt);
  return ICBPER_FACTORS.find((p) => day >= p.from)?.factor ?? '0.00';
}
