// V = round2(T / (1 + rate)): the value without IGV of a shelf total. It runs once per taxed line, and a
// decimal.js division costs several times a multiplication, so when it is provably safe the division is
// replaced by a multiplication with the 40-digit reciprocal.
import type Decimal from 'decimal.js';
import { Dec, ONE, round2 } from './decimal';

/** Strips IGV from a 2-decimal shelf total, rounding half up to 2 decimals. */
export type IgvStripper = (total: Decimal) => Decimal;

function twoAdicValuation(n: number): number {
  let count = 0;
  while (n > 0 && n % 2 === 0) {
    n /= 2;
    count += 1;
  }
  return count;
}

/**
 * Why the reciprocal is safe. Write T = k/100 and 1 + rate = m/10⁶ (rates have at most 6 decimals, so m is
 * an integer ≤ 2·10⁶). The exact quotient is 10⁴·k/m. It lies on a rounding tie (an odd multiple of 0.005)
 * only if 2·10⁶·k = m·(odd), which needs m to hold at least 2⁷ (the odd factor adds no 2s): 1.18, 1.10 and
 * 1.105 (m = 2⁵·36875, 2⁵·34375, 2³·138125) never do. Off a tie, the quotient is at least 1/(200·m) ≥ 2.5·10⁻⁹
 * from the nearest tie, while T × (1/(1+rate)) with 40 significant digits is off by less than 10⁻²⁷ for any
 * T < 10¹²; so both round to the same cents. Rates whose m has seven or more 2s use the plain division.
 */
export function igvStripper(rate: string): IgvStripper {
  const onePlusRate = ONE.plus(rate);
  const scaled = onePlusRate.times(1_000_000);
  const tiesPossible = !scaled.isInteger() || twoAdicValuation(scaled.toNumber()) >= 7;
  if (tiesPossible) return (total) => round2(total.div(onePlusRate));
  const reciprocal = new Dec(1).div(onePlusRate);
  return (total) => round2(total.times(reciprocal));
}
