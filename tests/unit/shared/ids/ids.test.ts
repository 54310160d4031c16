import { describe, expect, it } from 'vitest';
import {
  formatCorrelative, isValidCorrelative, isValidDni, isValidRuc, isValidSeries, padCorrelative, rucCheckDigit,
} from '../../../../shared/ids';

/** The 9 real RUCs of docs/sunat/reference.md §4.3. */
const REAL_RUCS = [
  '20131312955', '20100066603', '20480072872', '20600995805', '20505310072',
  '20100070970', '20603233591', '10414774453', '20384203133',
];

describe('RUC', () => {
  it.each(REAL_RUCS)('accepts the real RUC %s', (ruc) => {
    expect(isValidRuc(ruc)).toBe(true);
    expect(rucCheckDigit(ruc.slice(0, 10))).toBe(Number(ruc[10]));
  });

  it.each(REAL_RUCS)('refuses %s with any other check digit', (ruc) => {
    for (let digit = 0; digit <= 9; digit += 1) {
      if (String(digit) === ruc[10]) continue;
      expect(isValidRuc(ruc.slice(0, 10) + digit)).toBe(false);
    }
  });

  it('maps remainder 0 to 1 and remainder 1 to 0 (not the Argentine CUIT variant)', () => {
    expect(rucCheckDigit('2060323359')).toBe(1); // S mod 11 = 0
    expect(rucCheckDigit('2010007097')).toBe(0); // S mod 11 = 1
  });

  it('refuses wrong prefixes even with a correct check digit', () => {
    for (const first10 of ['3010006660', '1110006660', '0010006660', '2110006660']) {
      const withDigit = first10 + rucCheckDigit(first10);
      expect(isValidRuc(withDigit)).toBe(false);
    }
    const ok = '1510006660';
    expect(isValidRuc(ok + rucCheckDigit(ok))).toBe(true);
    const ok17 = '1710006660';
    expect(isValidRuc(ok17 + rucCheckDigit(ok17))).toBe(true);
  });

  it('refuses wrong lengths and non-digits', () => {
    for (const bad of ['', '2010006660', '201000666030', '2010006660A', ' 20100066603', '20100066603 ', '2010006660.']) {
      expect(isValidRuc(bad)).toBe(false);
    }
    expect(isValidRuc(20100066603 as unknown as string)).toBe(false);
    expect(() => rucCheckDigit('123')).toThrow(RangeError);
  });
});

describe('DNI', () => {
  it('is exactly 8 digits', () => {
    expect(isValidDni('45678912')).toBe(true);
    expect(isValidDni('00000001')).toBe(true);
    for (const bad of ['4567891', '456789123', '4567891A', '', ' 45678912']) expect(isValidDni(bad)).toBe(false);
  });
});

describe('series', () => {
  it('factura F + 3, boleta B + 3; no contingency series', () => {
    expect(isValidSeries('01', 'F001')).toBe(true);
    expect(isValidSeries('01', 'FA99')).toBe(true);
    expect(isValidSeries('03', 'B001')).toBe(true);
    expect(isValidSeries('03', 'BA25')).toBe(true);
    expect(isValidSeries('01', 'B001')).toBe(false);
    expect(isValidSeries('03', 'F001')).toBe(false);
    expect(isValidSeries('03', 'b001')).toBe(false);
    expect(isValidSeries('01', 'F01')).toBe(false);
    expect(isValidSeries('01', 'F0001')).toBe(false);
    expect(isValidSeries('01', '0001')).toBe(false);
    expect(isValidSeries('03', 'B-01')).toBe(false);
  });
});

describe('correlative', () => {
  it('accepts 1..99999999 as a number or a string of 1 to 8 digits', () => {
    for (const ok of [1, 99999999, '1', '42', '00000042', '99999999']) expect(isValidCorrelative(ok)).toBe(true);
    for (const bad of [0, -1, 1.5, 100000000, Number.NaN, '0', '00000000', '', '123456789', '12a', ' 1', '-1', '1.0']) {
      expect(isValidCorrelative(bad)).toBe(false);
    }
  });

  it('formats without leading zeros and pads for display', () => {
    expect(formatCorrelative('00000042')).toBe('42');
    expect(formatCorrelative(7)).toBe('7');
    expect(padCorrelative('42')).toBe('00000042');
    expect(() => formatCorrelative(0)).toThrow(RangeError);
  });
});

describe('parseDocumentRef: a number as people type it', () => {
  it('reads the printed form, the short form and the number alone', async () => {
    const { parseDocumentRef } = await import('../../../../shared/ids');
    expect(parseDocumentRef('B001-00000002')).toEqual({ series: 'B001', number: 2 });
    expect(parseDocumentRef(' b001 - 2 ')).toEqual({ series: 'B001', number: 2 });
    expect(parseDocumentRef('F001-15')).toEqual({ series: 'F001', number: 15 });
    expect(parseDocumentRef('00000042')).toEqual({ number: 42 });
    for (const bad of ['B001-', 'B01-2', 'B001-0', 'B001-123456789', 'dos', '']) expect(parseDocumentRef(bad)).toBeUndefined();
  });
});
