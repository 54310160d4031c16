import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  base64Text,
  countDecimals,
  dayMonthYearOrDash,
  isoDateTimeWithOffset,
  money,
  numericString,
  quantity,
  unitAmount,
} from '../../../../shared/api';

describe('countDecimals', () => {
  it.each([
    [0, 0],
    [12, 0],
    [12.5, 1],
    [26.5, 1],
    [2.93, 2],
    [-2.931, 3],
    [0.1 + 0.2, 17],
    [1e-7, 7],
    [1.5e-7, 8],
    [1e21, 0],
    [123456789012.12, 2],
  ])('%s has %s decimals', (value, expected) => {
    expect(countDecimals(value)).toBe(expected);
  });

  it('is infinite for NaN and Infinity', () => {
    expect(countDecimals(Number.NaN)).toBe(Number.POSITIVE_INFINITY);
    expect(countDecimals(Number.NEGATIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
  });

  it('matches the decimals of the JSON text of any cents amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (cents) => {
        const value = Number(`${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);
        const json = JSON.stringify(value);
        const expected = json.includes('.') ? (json.split('.')[1] ?? '').length : 0;
        expect(countDecimals(value)).toBe(expected);
        expect(money.safeParse(value).success).toBe(true);
      }),
    );
  });
});

describe('number schemas', () => {
  it('money accepts 0 and 999999999999.99 and rejects one more digit of either kind', () => {
    expect(money.safeParse(0).success).toBe(true);
    expect(money.safeParse(999999999999.99).success).toBe(true);
    expect(money.safeParse(1e12).success).toBe(false);
    expect(money.safeParse(0.001).success).toBe(false);
  });

  it('unitAmount allows 10 decimals and zero, not 11 decimals or negatives', () => {
    expect(unitAmount.safeParse(0).success).toBe(true);
    expect(unitAmount.safeParse(0.0000000001).success).toBe(true);
    expect(unitAmount.safeParse(0.00000000001).success).toBe(false);
    expect(unitAmount.safeParse(-1).success).toBe(false);
  });

  it('quantity must be positive', () => {
    expect(quantity.safeParse(0.5).success).toBe(true);
    expect(quantity.safeParse(0).success).toBe(false);
  });
});

describe('text schemas', () => {
  it('isoDateTimeWithOffset requires an offset', () => {
    expect(isoDateTimeWithOffset.safeParse('2026-03-02T10:15:00-05:00').success).toBe(true);
    expect(isoDateTimeWithOffset.safeParse('2026-03-02T15:15:00Z').success).toBe(true);
    expect(isoDateTimeWithOffset.safeParse('2026-03-02T10:15:00').success).toBe(false);
    expect(isoDateTimeWithOffset.safeParse('2026-03-02').success).toBe(false);
  });

  it('base64Text accepts padded base64, line-wrapped base64 and the empty string, not other text', () => {
    expect(base64Text.safeParse('UEsDBA==').success).toBe(true);
    expect(base64Text.safeParse('UEsD\r\nBA==').success).toBe(true);
    expect(base64Text.safeParse('').success).toBe(true);
    expect(base64Text.safeParse('UEsDB').success).toBe(false);
    expect(base64Text.safeParse('not base64!').success).toBe(false);
  });

  it('numericString accepts decimal text only', () => {
    for (const ok of ['2', '2.00', '0.085', '-1.5']) expect(numericString.safeParse(ok).success).toBe(true);
    for (const bad of ['', '2,00', '1e3', '.5', 'abc', ' 2']) expect(numericString.safeParse(bad).success).toBe(false);
  });

  it('dayMonthYearOrDash accepts dd/mm/yyyy or a dash', () => {
    expect(dayMonthYearOrDash.safeParse('02/03/2026').success).toBe(true);
    expect(dayMonthYearOrDash.safeParse('-').success).toBe(true);
    for (const bad of ['2026-03-02', '2/3/2026', '', '--']) expect(dayMonthYearOrDash.safeParse(bad).success).toBe(false);
  });
});
