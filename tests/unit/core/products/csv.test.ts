import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, parseCsv, readCsvCell, writeCsv } from '../../../../electron/core/products';

const fields = (text: string) => parseCsv(text).map((r) => r.fields);

describe('parseCsv', () => {
  it('reads comma-separated records with LF, CRLF or CR line ends, skipping blank lines and the last line end', () => {
    expect(fields('a,b\nc,d\n')).toEqual([['a', 'b'], ['c', 'd']]);
    expect(fields('a,b\r\nc,d')).toEqual([['a', 'b'], ['c', 'd']]);
    expect(fields('a,b\rc,d\r')).toEqual([['a', 'b'], ['c', 'd']]);
    expect(fields('a,b\n\n\r\nc,d\n\n')).toEqual([['a', 'b'], ['c', 'd']]);
    expect(fields('')).toEqual([]);
  });

  it('keeps empty fields, also at the end of a record and of the file', () => {
    expect(fields(',a,,\n')).toEqual([['', 'a', '', '']]);
    expect(fields('a,')).toEqual([['a', '']]);
    expect(fields('""\n')).toEqual([['']]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(fields('"a,b","say ""hi""","x\r\ny"\n')).toEqual([['a,b', 'say "hi"', 'x\r\ny']]);
    expect(fields('"",""""\n')).toEqual([['', '"']]);
  });

  it('strips a leading BOM', () => {
    expect(fields('\uFEFFcodigo,precio\r\n1,2\r\n')).toEqual([['codigo', 'precio'], ['1', '2']]);
  });

  it('numbers records by the line they start on, counting lines inside quoted fields', () => {
    const records = parseCsv('h1,h2\r\n"multi\r\nline",x\r\n\r\nlast,y\n"a\nb\rc",z\n');
    expect(records.map((r) => r.line)).toEqual([1, 2, 5, 6]);
  });

  it('keeps a stray quote inside an unquoted field as text', () => {
    expect(fields('Galleta 6" grande,1\n')).toEqual([['Galleta 6" grande', '1']]);
  });

  it('reports an unclosed quote and text after a closing quote on the record, and keeps reading', () => {
    const after = parseCsv('a,b\n"x"y,z\nc,d\n');
    expect(after[1]).toMatchObject({ line: 2, error: expect.stringMatching(/después de cerrar comillas/) });
    expect(after[2]).toEqual({ line: 3, fields: ['c', 'd'] });
    const unclosed = parseCsv('a,b\nc,"never closed\nd,e\n');
    expect(unclosed).toHaveLength(2);
    expect(unclosed[1]).toMatchObject({ line: 2, error: expect.stringMatching(/Comillas sin cerrar/) });
  });
});

describe('writeCsv', () => {
  it('quotes only the fields that need it and ends lines with CRLF', () => {
    expect(writeCsv([['a', 'b,c', 'd"e', 'f\ng', ' pad', '']])).toBe('a,"b,c","d""e","f\ng"," pad",\r\n');
    expect(csvField('plain')).toBe('plain');
    expect(writeCsv([[''], ['\uFEFFx']])).toBe('""\r\n"\uFEFFx"\r\n');
  });

  it('round-trips any table of strings through parseCsv', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'ñ', ',', '"', '\n', '\r', ' ', '1', '\uFEFF', 'é', '=', '-', "'") });
    const table = fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(table, (rows) => {
        expect(fields(writeCsv(rows)).map((row) => row.map(readCsvCell))).toEqual(rows);
      }),
      { numRuns: 500 },
    );
  });
});
