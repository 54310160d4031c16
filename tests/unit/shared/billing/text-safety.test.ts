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

  // XML 1.0 §2.2 Char (https://www.w3.org/TR/xml/#charsets) has no unpaired surrogate, U+FFFE or U+FFFF.
  it.each([
    ['a lone high surrogate', 'Juan \uD800 Pérez', /U\+D800/],
    ['a lone low surrogate', 'Juan \uDC00 Pérez', /U\+DC00/],
    ['a high surrogate at the very end', 'Pérez\uDBFF', /U\+DBFF/],
    ['a low surrogate before its high one (reversed pair)', '\uDE00\uD83D', /U\+DE00/],
    ['U+FFFE', 'Arroz\uFFFE', /U\+FFFE/],
    ['U+FFFF', 'Arroz\uFFFF', /U\+FFFF/],
    ['U+0000', 'Arroz\u0000', /U\+0000/],
    ['U+001F', 'Arroz\u001F', /U\+001F/],
  ])('refuses %s, naming it in Spanish', (_name, text, code) => {
    const problem = controlCharProblem(cleanText(text));
    expect(problem).toMatch(code);
    expect(problem).toMatch(/^Contiene un carácter/);
  });

  it('keeps astral characters written as a surrogate pair, and the XML characters next to the holes', () => {
    for (const ok of ['Pollo a la brasa 😀', '𝐀𝐁 \u{10FFFF}', '\u{10000}', '\uD7FF\uE000\uFFFD', 'tab\tnl\n']) {
      expect(controlCharProblem(cleanText(ok))).toBeNull();
      expect(cleanText(ok)).toBe(ok.normalize('NFC'));
    }
    expect(cleanTextsIn({ name: 'Ana 😀' })).toEqual({ value: { name: 'Ana 😀' }, problems: [] });
  });

  it('accepts only text XML 1.0 can carry (property, checked by pairing surrogates by hand)', () => {
    /** Every UTF-16 unit of `s` belongs to an XML 1.0 Char (surrogates only as a high+low pair). */
    const isXmlText = (s: string): boolean => {
      for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        if (c >= 0xd800 && c <= 0xdbff) {
          const next = s.charCodeAt(i + 1); // NaN past the end
          if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
          i++;
          continue;
        }
        if (c >= 0xdc00 && c <= 0xdfff) return false;
        if (c === 0xfffe || c === 0xffff) return false;
        if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return false;
      }
      return true;
    };
    fc.assert(
      fc.property(
        // Whole code points ('binary' never splits a pair) mixed with single UTF-16 units, so halves of pairs occur.
        fc.string({
          unit: fc.oneof(
            fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
            fc.integer({ min: 0, max: 0xffff }).map((u) => String.fromCharCode(u)),
            fc.constantFrom('\uD83D', '\uDE00', '\uFFFE', '\uFFFF', '\uFFFD', '\uD7FF', '\uE000', '\u001F', '😀', 'é'),
          ),
          maxLength: 30,
        }),
        (s) => {
          const cleaned = cleanText(s);
          if (controlCharProblem(cleaned) === null) expect(isXmlText(cleaned)).toBe(true);
          if (!isXmlText(cleaned)) expect(controlCharProblem(cleaned)).not.toBeNull();
        },
      ),
      { numRuns: 2000 },
    );
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

  it.each([
    ['a lone high surrogate', '\uD800', 'U+D800'],
    ['a lone low surrogate', '\uDFFF', 'U+DFFF'],
    ['U+FFFE', '\uFFFE', 'U+FFFE'],
    ['U+FFFF', '\uFFFF', 'U+FFFF'],
  ])('refuses %s in a customer name and in a line description', (_name, bad, code) => {
    const sale = boleta([line('1', '5', { description: `Gaseosa${bad}` })], { customer: { ...DNI_CUSTOMER, name: `Juan${bad} Pérez` } });
    const result = validateSale(sale, COMPANY);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toContainEqual({ path: 'customer.name', message: expect.stringContaining(code) });
      expect(result.errors).toContainEqual({ path: 'lines.0.description', message: expect.stringContaining(code) });
    }
  });

  it('accepts an emoji (a surrogate pair) in a customer name and a description', () => {
    const result = checkSale(boleta([line('1', '5', { description: 'Torta 🎂' })], { customer: { ...DNI_CUSTOMER, name: 'Juan 😀' } }), COMPANY);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.draft.customer.name).toBe('Juan 😀');
  });

  it('cleans U+202E and U+200B out of a customer name', () => {
    const result = checkSale(boleta([line('1', '5')], { customer: { ...DNI_CUSTOMER, name: 'Juan\u202E Pérez\u200B' } }), COMPANY);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.draft.customer.name).toBe('Juan Pérez');
  });
});
