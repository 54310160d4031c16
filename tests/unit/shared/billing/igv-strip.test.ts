import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { igvStripper } from '../../../../shared/billing/igv-strip';

const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });
const byDivision = (total: string, rate: string) =>
  new D(total).div(new D(1).plus(rate)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

describe('igvStripper', () => {
  it('rounds ties half up with rates that allow them (12 %: 0.14 / 1.12 = 0.125 → 0.13)', () => {
    expect(igvStripper('0.12')(new D('0.14')).toFixed(2)).toBe('0.13');
    expect(igvStripper('0.18')(new D('78.80')).toFixed(2)).toBe('66.78');
    expect(igvStripper('0.105')(new D('110.50')).toFixed(2)).toBe('100.00');
  });

  it('equals round2(T / (1 + rate)) computed by a 60-digit division', () => {
    const rate = fc.oneof(
      fc.constantFrom('0.18', '0.10', '0.105', '0.12', '0.08', '0.04', '0.28'),
      fc.integer({ min: 1, max: 999_999 }).map((micro) => new D(micro).div(1_000_000).toFixed()),
    );
    const cents = fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }).map((n) => n % 1e14));
    fc.assert(
      fc.property(rate, cents, (r, c) => {
        const total = new D(c).div(100).toFixed(2);
        expect(igvStripper(r)(new D(total)).toFixed(2)).toBe(byDivision(total, r));
      }),
      { numRuns: 5000 },
    );
  });
});
