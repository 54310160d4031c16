import { describe, expect, it } from 'vitest';
import {
  AFFECTATIONS, CURRENCIES, DEFAULT_OPERATION_TYPE, DOC_TYPES, IDENTITY_DOC_TYPES, LEGENDS, OPERATION_TYPES, UNITS,
  icbperFactorFor, igvRateFor, labelOf, limaDate, limaDateOf, limaDateTime, parseIsoInstant,
} from '../../../../shared/catalog';

describe('catalogues', () => {
  it('have unique codes and Spanish labels', () => {
    for (const catalog of [AFFECTATIONS, CURRENCIES, DOC_TYPES, IDENTITY_DOC_TYPES, LEGENDS, OPERATION_TYPES, UNITS]) {
      const codes = catalog.map((entry) => entry.code);
      expect(new Set(codes).size).toBe(codes.length);
      for (const entry of catalog) expect(entry.label.length).toBeGreaterThan(0);
    }
  });

  it('looks labels up', () => {
    expect(labelOf(IDENTITY_DOC_TYPES, '1')).toBe('DNI');
    expect(labelOf(IDENTITY_DOC_TYPES, '4')).toBe('Carné de extranjería');
    expect(labelOf(AFFECTATIONS, '20')).toBe('Exonerado - Operación onerosa');
    expect(labelOf(DOC_TYPES, '03')).toBe('Boleta de venta');
    expect(labelOf(UNITS, 'XYZ')).toBeUndefined();
  });

  it('offers only affectations 10 and 20, operation 0101 by default, decimals only for measured units', () => {
    expect(AFFECTATIONS.map((a) => a.code)).toEqual(['10', '20']);
    expect(DEFAULT_OPERATION_TYPE).toBe('0101');
    const decimals = UNITS.filter((u) => u.allowsDecimals).map((u) => u.code);
    expect(decimals).toEqual(expect.arrayContaining(['KGM', 'GRM', 'LTR', 'MLT', 'MTR', 'GLL']));
    expect(decimals).not.toContain('NIU');
    expect(CURRENCIES.find((c) => c.code === 'PEN')).toMatchObject({ symbol: 'S/', words: 'SOLES' });
    expect(CURRENCIES.find((c) => c.code === 'USD')).toMatchObject({ symbol: '$', words: 'DÓLARES AMERICANOS' });
  });
});

describe('dated rates (Lima calendar day)', () => {
  it('IGV general is 18 % at any date', () => {
    expect(igvRateFor('general', '2026-03-02T10:00:00-05:00')).toBe('0.18');
    expect(igvRateFor('general', '2021-01-01')).toBe('0.18');
  });

  it('IGV special regime: 18 % before 2022-09-01, 10 % from then, 10.5 % from 2026-02-13', () => {
    expect(igvRateFor('special', '2022-08-31T23:59:59-05:00')).toBe('0.18');
    expect(igvRateFor('special', '2022-09-01T00:00:00-05:00')).toBe('0.10');
    expect(igvRateFor('special', '2026-02-12T23:59:59-05:00')).toBe('0.10');
    expect(igvRateFor('special', '2026-02-13T00:00:00-05:00')).toBe('0.105');
    // 04:59 UTC on the 13th is still the 12th in Lima.
    expect(igvRateFor('special', '2026-02-13T04:59:59Z')).toBe('0.10');
    expect(igvRateFor('special', '2026-02-13T05:00:00Z')).toBe('0.105');
    expect(igvRateFor('special', new Date('2026-06-01T12:00:00Z'))).toBe('0.105');
  });

  it('ICBPER per bag by year', () => {
    expect(icbperFactorFor('2019-07-31')).toBe('0.00');
    expect(icbperFactorFor('2019-08-01')).toBe('0.10');
    expect(icbperFactorFor('2020-06-01T12:00:00-05:00')).toBe('0.20');
    expect(icbperFactorFor('2021-06-01')).toBe('0.30');
    expect(icbperFactorFor('2022-12-31T23:59:59-05:00')).toBe('0.40');
    expect(icbperFactorFor('2023-01-01T04:59:59Z')).toBe('0.40');
    expect(icbperFactorFor('2023-01-01T00:00:00-05:00')).toBe('0.50');
    expect(icbperFactorFor('2026-03-02')).toBe('0.50');
  });

  it('refuses unreadable dates', () => {
    expect(() => igvRateFor('general', 'ayer')).toThrow(RangeError);
    expect(() => icbperFactorFor('2026-02-30')).toThrow(RangeError);
  });
});

describe('Lima time', () => {
  it('parses ISO date-times with an offset only', () => {
    expect(parseIsoInstant('2026-03-02T10:15:00-05:00')).toBe(Date.UTC(2026, 2, 2, 15, 15, 0));
    expect(parseIsoInstant('2026-03-02T15:15:00.999Z')).toBe(Date.UTC(2026, 2, 2, 15, 15, 0, 999));
    expect(parseIsoInstant('2026-03-02T10:15-05:00')).toBe(Date.UTC(2026, 2, 2, 15, 15, 0));
    for (const bad of ['2026-03-02T10:15:00', '2026-02-30T10:00:00Z', '2026-03-02T24:00:00Z', '2026-03-02', 'x', 5]) {
      expect(parseIsoInstant(bad)).toBeNull();
    }
  });

  it('writes Lima wall-clock time with the -05:00 offset', () => {
    expect(limaDateTime(Date.UTC(2026, 2, 2, 2, 0, 0))).toBe('2026-03-01T21:00:00-05:00');
    expect(limaDate(Date.UTC(2026, 2, 2, 5, 0, 0))).toBe('2026-03-02');
    expect(limaDateOf('2026-03-02T01:00:00Z')).toBe('2026-03-01');
    expect(limaDateOf('2026-12-01')).toBe('2026-12-01');
    expect(limaDateOf('2026-13-01')).toBeNull();
  });
});
