import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountInWords, integerInWords } from '../../../../shared/billing';

const CASES: [number, string][] = [
  [0, 'CERO'], [1, 'UNO'], [15, 'QUINCE'], [16, 'DIECISÉIS'], [20, 'VEINTE'], [21, 'VEINTIUNO'],
  [22, 'VEINTIDÓS'], [23, 'VEINTITRÉS'], [26, 'VEINTISÉIS'], [29, 'VEINTINUEVE'], [30, 'TREINTA'],
  [31, 'TREINTA Y UNO'], [99, 'NOVENTA Y NUEVE'], [100, 'CIEN'], [101, 'CIENTO UNO'], [110, 'CIENTO DIEZ'],
  [199, 'CIENTO NOVENTA Y NUEVE'], [500, 'QUINIENTOS'], [700, 'SETECIENTOS'], [900, 'NOVECIENTOS'],
  [1000, 'MIL'], [1001, 'MIL UNO'], [1100, 'MIL CIEN'], [2000, 'DOS MIL'], [21000, 'VEINTIÚN MIL'],
  [21001, 'VEINTIÚN MIL UNO'], [31000, 'TREINTA Y UN MIL'], [100000, 'CIEN MIL'], [101000, 'CIENTO UN MIL'],
  [121000, 'CIENTO VEINTIÚN MIL'], [1000000, 'UN MILLÓN'], [1000001, 'UN MILLÓN UNO'], [2000000, 'DOS MILLONES'],
  [21000000, 'VEINTIÚN MILLONES'], [1000000000, 'MIL MILLONES'], [2500003000, 'DOS MIL QUINIENTOS MILLONES TRES MIL'],
  [999999999, 'NOVECIENTOS NOVENTA Y NUEVE MILLONES NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE'],
];

describe('integerInWords', () => {
  it.each(CASES)('%d → %s', (n, words) => {
    expect(integerInWords(n)).toBe(words);
  });

  it('refuses negatives, fractions and amounts beyond 12 digits', () => {
    expect(() => integerInWords(-1)).toThrow(RangeError);
    expect(() => integerInWords(1.5)).toThrow(RangeError);
    expect(() => integerInWords(1e12)).toThrow(RangeError);
  });
});

describe('amountInWords (legend 1000)', () => {
  it.each([
    ['118.00', 'SON CIENTO DIECIOCHO CON 00/100 SOLES'],
    ['1858.59', 'SON MIL OCHOCIENTOS CINCUENTA Y OCHO CON 59/100 SOLES'],
    ['21.50', 'SON VEINTIUNO CON 50/100 SOLES'],
    ['900.05', 'SON NOVECIENTOS CON 05/100 SOLES'],
    ['0.50', 'SON CERO CON 50/100 SOLES'],
    ['100', 'SON CIEN CON 00/100 SOLES'],
    ['999999999.99', 'SON NOVECIENTOS NOVENTA Y NUEVE MILLONES NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE CON 99/100 SOLES'],
  ])('%s PEN', (total, words) => {
    expect(amountInWords(total, 'PEN')).toBe(words);
  });

  it('writes dollars and accepts numbers, rounding half up to cents', () => {
    expect(amountInWords(236.64, 'USD')).toBe('SON DOSCIENTOS TREINTA Y SEIS CON 64/100 DÓLARES AMERICANOS');
    // 1.005 as a double is 1.00499999999999989...; read through its shortest text it is 1.005 → 1.01.
    expect(amountInWords(1.005)).toBe('SON UNO CON 01/100 SOLES');
    expect(amountInWords('21000.995')).toBe('SON VEINTIÚN MIL UNO CON 00/100 SOLES');
  });

  it('refuses negative, unreadable or too large totals', () => {
    expect(() => amountInWords('-1')).toThrow(RangeError);
    expect(() => amountInWords('abc')).toThrow(RangeError);
    expect(() => amountInWords('1000000000000')).toThrow(RangeError);
  });
});

/** Independent reader of the words, to check the converter on random numbers by round trip. */
const WORD_VALUES: Record<string, number> = {
  UN: 1, UNO: 1, DOS: 2, TRES: 3, CUATRO: 4, CINCO: 5, SEIS: 6, SIETE: 7, OCHO: 8, NUEVE: 9, DIEZ: 10, ONCE: 11,
  DOCE: 12, TRECE: 13, CATORCE: 14, QUINCE: 15, 'DIECISÉIS': 16, DIECISIETE: 17, DIECIOCHO: 18, DIECINUEVE: 19,
  VEINTE: 20, 'VEINTIÚN': 21, VEINTIUNO: 21, 'VEINTIDÓS': 22, 'VEINTITRÉS': 23, VEINTICUATRO: 24, VEINTICINCO: 25,
  'VEINTISÉIS': 26, VEINTISIETE: 27, VEINTIOCHO: 28, VEINTINUEVE: 29, TREINTA: 30, CUARENTA: 40, CINCUENTA: 50,
  SESENTA: 60, SETENTA: 70, OCHENTA: 80, NOVENTA: 90, CIEN: 100, CIENTO: 100, DOSCIENTOS: 200, TRESCIENTOS: 300,
  CUATROCIENTOS: 400, QUINIENTOS: 500, SEISCIENTOS: 600, SETECIENTOS: 700, OCHOCIENTOS: 800, NOVECIENTOS: 900,
};

function readWords(text: string): number {
  if (text === 'CERO') return 0;
  let total = 0;
  let current = 0;
  for (const word of text.split(' ')) {
    if (word === 'Y') continue;
    if (word === 'MIL') current = (current === 0 ? 1 : current) * 1000;
    else if (word === 'MILLÓN' || word === 'MILLONES') {
      total += current * 1_000_000;
      current = 0;
    } else {
      const value = WORD_VALUES[word];
      if (value === undefined) throw new Error(`unknown word ${word}`);
      current += value;
    }
  }
  return total + current;
}

describe('integerInWords properties', () => {
  it('reads back to the same number and uses the short forms only before MIL / MILLÓN', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (n) => {
        const words = integerInWords(n);
        expect(readWords(words)).toBe(n);
        const tokens = words.split(' ');
        tokens.forEach((token, i) => {
          const next = tokens[i + 1];
          if (token === 'UN' || token === 'VEINTIÚN') expect(['MIL', 'MILLÓN', 'MILLONES']).toContain(next);
          if (token === 'UNO' || token === 'VEINTIUNO') expect(next).toBeUndefined();
          if (token === 'MILLÓN') expect(tokens[i - 1]).toBe('UN');
        });
        expect(words.startsWith('UN MIL ') || words === 'UN MIL').toBe(false);
        expect(words).not.toMatch(/CIEN (?!MIL)/); // CIEN alone or before MIL / MILLONES, else CIENTO
      }),
      { numRuns: 3000 },
    );
  });
});
