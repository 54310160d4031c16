// A catalogue as a shop really sends it: saved by Excel on Windows (Windows-1252) or as UTF-8, with the units people
// write (UND, KG, LITRO), decimal commas and a code typed twice. The file's bytes are decoded as the screen decodes
// them (shared/bridge/csv-encoding.ts), then imported by the core.
import { describe, expect, it } from 'vitest';
import { decodeCsvBytes, decodeWindows1252, type DecodedCsv } from '../../../../shared/bridge/csv-encoding';
import { readPriceCell } from '../../../../electron/core/products/products-csv';
import { unitCodeOf } from '../../../../shared/catalog/units';
import { catalogueFixture } from './helpers';

/**
 * Windows-1252 bytes of `text`: Node's Latin-1 encoder for U+0000-U+00FF (the same bytes in both code pages outside
 * 0x80-0x9F), and the code page's own bytes for the few characters of 0x80-0x9F these tests use.
 */
const CP1252_HIGH: Record<string, number> = { '€': 0x80, '“': 0x93, '”': 0x94, '–': 0x96, '‘': 0x91, '’': 0x92 };
function windows1252(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (CP1252_HIGH[char] !== undefined) bytes.push(CP1252_HIGH[char]);
    else if (code <= 0xff && !(code >= 0x80 && code <= 0x9f)) bytes.push(...Buffer.from(char, 'latin1'));
    else throw new Error(`${char} has no Windows-1252 byte`);
  }
  return Uint8Array.from(bytes);
}
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const withBom = (bytes: Uint8Array) => Uint8Array.from([0xef, 0xbb, 0xbf, ...bytes]);

const CATALOGUE = [
  'codigo,descripción,unidad,precio,afectación',
  '7750001,Azúcar rubia,KG,"4,50",10', // 2
  '7750002,Piña golden “extra”,UND,"12,90",10', // 3
  '7750003,Aceite de oliva 1 L – España,LITRO,"1.234,50",10', // 4
  '7750004,Café molido Ñuñoa,und,"1,234.50",20', // 5
  '7750001,Azúcar rubia (otra vez),KG,"9,99",10', // 6: the same code as line 2
  '7750005,Pan de yema,NIU,0.50,10', // 7
  '7750006,Jamón inglés,Kilos ,"18,5",10', // 8
  '7750007,Leche evaporada – lata,KGM,3.8,10', // 9
].join('\r\n');

function decoded(bytes: Uint8Array): Extract<DecodedCsv, { ok: true }> {
  const result = decodeCsvBytes(bytes);
  if (!result.ok) throw new Error(result.message);
  return result;
}

describe('the file is read in its own encoding', () => {
  it('reads Excel\'s Windows-1252 as Windows-1252, UTF-8 as UTF-8, with or without BOM, and says which', () => {
    const text = 'Azúcar rubia, Piña, Ñandú, “comillas” – 5 €';
    expect(decodeCsvBytes(windows1252(text))).toEqual({ ok: true, text, encoding: 'windows-1252' });
    expect(decodeCsvBytes(utf8(text))).toEqual({ ok: true, text, encoding: 'utf-8' });
    expect(decodeCsvBytes(withBom(utf8(text)))).toEqual({ ok: true, text, encoding: 'utf-8-bom' });
    expect(decodeCsvBytes(utf8('codigo,precio'))).toEqual({ ok: true, text: 'codigo,precio', encoding: 'utf-8' });
  });

  it('maps every byte 0x80-0x9F as the code page does (not as Latin-1 control characters)', () => {
    expect(decodeWindows1252(Uint8Array.from([0x80, 0x85, 0x8a, 0x91, 0x92, 0x93, 0x94, 0x96, 0x97, 0x99, 0x9f]))).toBe('€…Š‘’“”–—™Ÿ');
  });

  it('refuses, with the line, bytes that are no character in Windows-1252 (a binary or damaged file)', () => {
    const bytes = windows1252('codigo,descripcion\r\nA,Azúcar\r\nB,xx\r\nC,ok\nD,yy\n');
    const broken = Uint8Array.from(bytes);
    broken[bytes.indexOf(0x78)] = 0x81; // the first "x", on line 3
    broken[bytes.lastIndexOf(0x79)] = 0x00; // the last "y", on line 5
    const result = decodeCsvBytes(broken);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.lines).toEqual([3, 5]);
    expect(result.message).toMatch(/^El archivo no se puede leer: .*las líneas 3 y 5 tienen bytes que no son ningún carácter/);
  });

  it('refuses a UTF-8 file with a part in another encoding, naming its lines, instead of garbling its accents', () => {
    const mixed = Uint8Array.from([...utf8('codigo,descripcion\nA,Azúcar\n'), ...windows1252('B,Piña\n'), ...utf8('C,Ñandú\n')]);
    const result = decodeCsvBytes(mixed);
    expect(result).toMatchObject({ ok: false, lines: [3] });
    if (!result.ok) expect(result.message).toMatch(/^El archivo está en UTF-8, pero la línea 3 tiene bytes que no son UTF-8/);
    // A BOM says UTF-8 as clearly.
    const bom = decodeCsvBytes(withBom(windows1252('codigo\nPiña\n')));
    expect(bom).toMatchObject({ ok: false, lines: [2] });
  });

  it('refuses UTF-16 (Excel\'s «Texto Unicode») with what to do', () => {
    const result = decodeCsvBytes(Uint8Array.from([0xff, 0xfe, 0x61, 0x00]));
    expect(result).toMatchObject({ ok: false, lines: [] });
    if (!result.ok) expect(result.message).toMatch(/UTF-16.*CSV UTF-8/);
  });

  it('a row whose accents were already lost (U+FFFD) is refused with its line, never stored as "Az\uFFFDcar"', async () => {
    const { service, repo } = catalogueFixture();
    // What reading Windows-1252 bytes as UTF-8 makes of them: what the screen used to send.
    const garbled = new TextDecoder('utf-8').decode(windows1252('codigo,descripcion,unidad,precio,afectacion\r\nA-1,Azúcar rubia,NIU,4.50,10\r\nA-2,Arroz,NIU,3.20,10\r\n'));
    expect(garbled).toContain('Az\uFFFDcar');
    const result = await service.importProducts({ csv: garbled, mode: 'all_or_nothing' });
    expect(result.errors).toEqual([{ line: 2, reason: expect.stringMatching(/^La fila tiene caracteres ilegibles/) }]);
    expect(result.imported).toBe(0);
    expect(repo.count()).toBe(0);
    // A header read that way says so too.
    const header = new TextDecoder('utf-8').decode(windows1252('código,descripción,unidad,precio,afectación\r\nA-1,Arroz,NIU,1,10\r\n'));
    const refused = await service.importProducts({ csv: header, mode: 'good_rows' });
    expect(refused.errors).toEqual([{ line: 1, reason: expect.stringMatching(/caracteres ilegibles/) }]);
  });

  it('a control character refuses the file with the line it is on', async () => {
    const { service } = catalogueFixture();
    const csv = 'codigo,descripcion,unidad,precio,afectacion\r\nA-1,Arroz,NIU,1,10\r\nA-2,Az\u0007car,NIU,1,10\r\n';
    await expect(service.importProducts({ csv, mode: 'all_or_nothing' })).rejects.toMatchObject({
      fields: [{ path: 'csv', message: 'Contiene un carácter de control no permitido (U+0007) en la línea 3' }],
    });
  });
});

describe('units and prices as people write them', () => {
  it('reads the units of Caja\'s own prints, their names and the SUNAT codes, in any case and with spaces', () => {
    const cases: [string, string][] = [
      ['UND', 'NIU'], ['und', 'NIU'], [' Unid ', 'NIU'], ['UNIDAD', 'NIU'], ['Unidades', 'NIU'], ['NIU', 'NIU'], ['niu', 'NIU'],
      ['KG', 'KGM'], ['kg.', 'KGM'], ['Kilo', 'KGM'], ['KILOS', 'KGM'], ['Kilogramo', 'KGM'], ['kgm', 'KGM'],
      ['LT', 'LTR'], ['Litro', 'LTR'], ['LITROS', 'LTR'], ['ltr', 'LTR'], ['ml', 'MLT'], ['Galón', 'GLL'], ['gr', 'GRM'],
      ['metro cuadrado', 'MTK'], ['Caja', 'BX'], ['Docena', 'DZN'], ['Botella', 'BO'], ['Servicio', 'ZZ'], ['zz', 'ZZ'],
    ];
    for (const [written, code] of cases) expect(unitCodeOf(written), written).toBe(code);
    for (const unknown of ['', 'CAJITA', 'M', 'XYZ']) expect(unitCodeOf(unknown), unknown).toBeUndefined();
  });

  it('reads the decimal comma and either thousands separator, as decimal strings', () => {
    const cases: [string, string][] = [
      ['4,50', '4.50'], ['4.50', '4.50'], [' 4,5 ', '4.5'], ['12', '12'], ['0,125', '0.125'], ['1,2345', '1.2345'],
      ['1.234,50', '1234.50'], ['1,234.50', '1234.50'], ['1.234.567,89', '1234567.89'], ['1,234,567.89', '1234567.89'],
      ['1.234.567', '1234567'], ['1,234,567', '1234567'], ['1234,50', '1234.50'],
      // A lone point stays the decimal point: the export writes a price of 3 decimals as 1.234.
      ['1.234', '1.234'], ['0.0425', '0.0425'],
      // Not numbers: left for the price rules (and their message).
      ['abc', 'abc'], ['', ''], ['1 234,50', '1 234,50'],
    ];
    for (const [written, value] of cases) expect(readPriceCell(written), written).toEqual({ ok: true, value });
  });

  it('refuses a price that reads two ways, or whose separators contradict each other, in Spanish', () => {
    expect(readPriceCell('1,234')).toEqual({
      ok: false,
      message: 'El precio "1,234" es ambiguo: puede ser 1234 o 1.234. Escriba 1234 si no tiene decimales, o 1.234 con punto decimal',
    });
    expect(readPriceCell('123,456')).toMatchObject({ ok: false, message: expect.stringMatching(/^El precio "123,456" es ambiguo/) });
    expect(readPriceCell('1.234.56')).toMatchObject({ ok: false, message: expect.stringMatching(/^El precio "1.234.56" no se entiende/) });
    expect(readPriceCell('1,234,56')).toMatchObject({ ok: false, message: expect.stringMatching(/no se entiende/) });
  });

  it('reports an ambiguous price once, on its line, and imports the rest in good-rows mode', async () => {
    const { service, repo } = catalogueFixture();
    const csv = 'codigo,descripcion,unidad,precio,afectacion\r\nA-1,Arroz,UND,"1,234",10\r\nA-2,Azúcar,KG,"4,50",10\r\n';
    const result = await service.importProducts({ csv, mode: 'good_rows' });
    expect(result.errors).toEqual([{ line: 2, reason: expect.stringMatching(/^El precio "1,234" es ambiguo[^;]*$/) }]);
    expect(repo.getByCode('A-2')).toMatchObject({ unit: 'KGM', price: '4.5' });
  });
});

describe('a code typed twice', () => {
  it('keeps the first row and reports each later one, with its line, as a repetition', async () => {
    const { service, repo } = catalogueFixture();
    const csv = [
      'codigo,descripcion,unidad,precio,afectacion',
      'D-1,Primero,NIU,1,10',
      'D-2,Otro,NIU,2,10',
      'D-1,Segundo,NIU,2,10',
      'D-1,Tercero,NIU,3,10',
    ].join('\r\n');
    const all = await service.importProducts({ csv, mode: 'all_or_nothing' });
    expect(all.errors).toEqual([
      { line: 4, reason: 'El código D-1 está repetido: ya aparece en la línea 2 (de cada código se lee solo la primera fila)' },
      { line: 5, reason: 'El código D-1 está repetido: ya aparece en la línea 2 (de cada código se lee solo la primera fila)' },
    ]);
    expect(repo.count()).toBe(0);
    const good = await service.importProducts({ csv, mode: 'good_rows' });
    expect(good).toMatchObject({ rows: 4, imported: 2 });
    expect(repo.getByCode('D-1')).toMatchObject({ description: 'Primero', price: '1' });
  });
});

describe('the same catalogue saved as UTF-8 and as Windows-1252', () => {
  it('gives the same products, with the encoding and the repeated code reported', async () => {
    const stored = [];
    for (const [bytes, encoding] of [
      [utf8(CATALOGUE), 'utf-8'],
      [withBom(utf8(CATALOGUE)), 'utf-8-bom'],
      [windows1252(CATALOGUE), 'windows-1252'],
    ] as const) {
      const file = decoded(bytes);
      expect(file.encoding).toBe(encoding);
      const { service, repo } = catalogueFixture();
      const result = await service.importProducts({ csv: file.text, encoding: file.encoding, mode: 'good_rows' });
      expect(result).toEqual({
        rows: 8,
        imported: 7,
        updated: 0,
        unchanged: 0,
        errors: [{ line: 6, reason: 'El código 7750001 está repetido: ya aparece en la línea 2 (de cada código se lee solo la primera fila)' }],
        encoding,
      });
      stored.push(repo.search({ includeInactive: true }).map(({ code, description, unit, price, affectation }) => ({ code, description, unit, price, affectation })));
    }
    expect(stored[0]).toEqual([
      { code: '7750003', description: 'Aceite de oliva 1 L – España', unit: 'LTR', price: '1234.5', affectation: '10' },
      { code: '7750001', description: 'Azúcar rubia', unit: 'KGM', price: '4.5', affectation: '10' },
      { code: '7750004', description: 'Café molido Ñuñoa', unit: 'NIU', price: '1234.5', affectation: '20' },
      { code: '7750006', description: 'Jamón inglés', unit: 'KGM', price: '18.5', affectation: '10' },
      { code: '7750007', description: 'Leche evaporada – lata', unit: 'KGM', price: '3.8', affectation: '10' },
      { code: '7750005', description: 'Pan de yema', unit: 'NIU', price: '0.5', affectation: '10' },
      { code: '7750002', description: 'Piña golden “extra”', unit: 'NIU', price: '12.9', affectation: '10' },
    ]);
    expect(stored[1]).toEqual(stored[0]);
    expect(stored[2]).toEqual(stored[0]);
  });
});
