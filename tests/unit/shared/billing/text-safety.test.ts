import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanText, cleanTextsIn, controlCharProblem, validateSale } from '../../../../shared/billing';
import { checkSale } from '../../../../shared/billing/validate-sale';
import { COMPANY, DNI_CUSTOMER, boleta, line } from './fixtures';

describe('cleanText / controlCharProblem', () => {
  it('strips bidi overrides, isolates, marks and zero-width characters', () => {
    expect(cleanText('Juan\u202E Pérez\u200B')).toBe('Juan Pérez');
    expect(cleanText('\uFEFFArroz\u2066 extra\u2069\u200D\u200E')).toBe('Arroz extra');
  });

  it('normalises to NFC and line breaks to \\n', () => {
    const decomposed = 'Jose\u0301 Nun\u0303ez';
    expect(cleanText(decomposed)).toBe('José Nuñez');
    expect(cleanText(decomposed)).toHaveLength('José Nuñez'.length);
    expect(cleanText('a\r\nb\rc')).toBe('a\nb\nc');
  });

  it('refuses C0 controls other than tab and newline, DEL and C1', () => {
    expect(controlCharProblem('Gaseosa\u0000 500 ml')).toMatch(/U\+0000/);
    expect(controlCharProblem('\u001B[31m')).toMatch(/U\+001B/);
    expect(controlCharProblem('x\u007F')).toMatch(/U\+007F/);
    expect(controlCharProblem('x\u0085')).toMatch(/U\+0085/);
    expect(controlCharProblem('línea 1\nlínea 2\tcol')).toBeNull();
  });

  it('is idempotent and never leaves an invisible or control character behind (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (s) => {
        const once = cleanText(s);
        expect(cleanText(once)).toBe(once);
        expect(once).not.toMatch(/[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF\r]/);
      }),
    );
  });

  it('cleans every string of a nested value and names the paths that still hold a control', () => {
    const { value, problems } = cleanTextsIn({ customer: { name: 'Ana\u202E' }, lines: [{ description: 'a\u0000b' }], n: 3 });
    expect(value).toEqual({ customer: { name: 'Ana' }, lines: [{ description: 'a\u0000b' }], n: 3 });
    expect(problems).toEqual([{ path: 'lines.0.description', message: expect.stringMatching(/U\+0000/) }]);
  });
});

describe('the sale rules refuse or clean text before anything is built', () => {
  it('refuses U+0000 in a line description', () => {
    const result = validateSale(boleta([line('1', '5', { description: 'Gaseosa\u0000' })]), COMPANY);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toContainEqual({ path: 'lines.0.description', message: expect.stringMatching(/carácter de control/) });
  });

  it('cleans U+202E and U+200B out of a customer name', () => {
    const result = checkSale(boleta([line('1', '5')], { customer: { ...DNI_CUSTOMER, name: 'Juan\u202E Pérez\u200B' } }), COMPANY);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.draft.customer.name).toBe('Juan Pérez');
  });
});
