// The one CSV writer every export uses. Text that a spreadsheet would run as a formula gets a leading
// apostrophe and quotes (OWASP); amounts the code computed stay numbers; nothing else changes.
import { describe, expect, it } from 'vitest';
import { csvAmount, csvField, csvLine, readCsvCell, writeCsv } from '../../../../electron/core/export';

describe('csvField', () => {
  it('neutralises every text cell that starts with = + - @ tab or CR, with an apostrophe and quotes', () => {
    expect(csvField('=HYPERLINK("http://evil.example")')).toBe('"\'=HYPERLINK(""http://evil.example"")"');
    expect(csvField("@SUM(1+1)*cmd|' /C calc'!A0")).toBe('"\'@SUM(1+1)*cmd|\' /C calc\'!A0"');
    expect(csvField('+1+1')).toBe(`"'+1+1"`);
    expect(csvField('-2+3')).toBe(`"'-2+3"`);
    expect(csvField('\t=1')).toBe(`"'\t=1"`);
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
    // Text that only looks like a number is still text: a negative is written by the code, never read from a name.
    expect(csvField('-5')).toBe(`"'-5"`);
  });

  it('leaves ordinary text alone (a formula character later in the cell is harmless)', () => {
    expect(csvField('Pérez, Juan')).toBe('"Pérez, Juan"');
    expect(csvField('a=b+c')).toBe('a=b+c');
    expect(csvField("'ya con apóstrofo")).toBe("'ya con apóstrofo");
    expect(csvField('')).toBe('');
    expect(csvField(null)).toBe('');
  });

  it('writes amounts and numbers as numbers, negatives included', () => {
    expect(csvField(csvAmount('-2.50'))).toBe('-2.50');
    expect(csvField(csvAmount('12.00'))).toBe('12.00');
    expect(csvField(-3)).toBe('-3');
    expect(csvLine(['Juan', csvAmount('-2.50'), 4])).toBe('Juan,-2.50,4\r\n');
  });

  it('takes nothing but a plain decimal as an amount, so user text can never pass for one', () => {
    for (const text of ['-2+3', '=1', '1e5', ' 1.00', '1.', '', '+1']) expect(() => csvAmount(text), text).toThrow(/not a plain decimal/);
  });

  it('reads a neutralised cell back to the text that was written, apostrophes already there included', () => {
    for (const text of ['=1+1', "'=1+1", "''-x", "'plain", '-', '@']) {
      const cell = csvField(text);
      const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
      expect(readCsvCell(unquoted), text).toBe(text);
    }
    expect(writeCsv([[''], ['=x', csvAmount('-1.00')]])).toBe('""\r\n"\'=x",-1.00\r\n');
  });
});
