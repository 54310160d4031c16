import { describe, expect, it } from 'vitest';
import { catalogueFixture, HEADER } from './helpers';

const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

const GOOD = csv(
  HEADER,
  '7751012000450,Arroz Costeño Extra 5 kg,NIU,24.90,10,no,sí',
  '7753056000182,Inca Kola 500 ml,BO,2.5,10,no,si',
  '2000000000114,Azúcar Rubia a Granel (kg),kgm,4.20,10,0,1',
  '2000000000664,Bolsa Plástica,NIU,0.10,10,sí,sí',
  '2000000000428,Plátano de Seda (kg),KGM,3.5,20,no,no',
);

describe('importProducts: a good file', () => {
  it('stores every row, normalising unit case and prices', async () => {
    const { service, repo } = catalogueFixture();
    expect(await service.importProducts({ csv: GOOD, mode: 'all_or_nothing' })).toEqual({
      rows: 5, imported: 5, updated: 0, unchanged: 0, errors: [],
    });
    expect(repo.getByCode('7751012000450')).toMatchObject({ description: 'Arroz Costeño Extra 5 kg', unit: 'NIU', price: '24.9' });
    expect(repo.getByCode('2000000000114')).toMatchObject({ unit: 'KGM', price: '4.2', bag: 0, active: 1 });
    expect(repo.getByCode('2000000000664')).toMatchObject({ bag: 1, price: '0.1' });
    expect(repo.getByCode('2000000000428', { includeInactive: true })).toMatchObject({ affectation: '20', active: 0 });
  });

  it('changes nothing when the same file is imported again (updated_at untouched)', async () => {
    const { service, repo } = catalogueFixture();
    await service.importProducts({ csv: GOOD, mode: 'all_or_nothing' });
    const before = repo.search({ includeInactive: true });
    expect(await service.importProducts({ csv: GOOD, mode: 'all_or_nothing' })).toEqual({
      rows: 5, imported: 0, updated: 0, unchanged: 5, errors: [],
    });
    // Same values written differently ('24.9' for '24.90', 'NIU' for 'niu') are still unchanged.
    const respelled = GOOD.replace('24.90', '24.9000').replace('kgm', 'KGM').replace(',no,sí', ',NO,SI');
    expect(await service.importProducts({ csv: respelled, mode: 'good_rows' })).toMatchObject({ unchanged: 5 });
    expect(repo.search({ includeInactive: true })).toEqual(before);
  });

  it('updates changed rows and counts each kind', async () => {
    const { service, repo } = catalogueFixture();
    await service.importProducts({ csv: GOOD, mode: 'all_or_nothing' });
    const changed = csv(HEADER, '7751012000450,Arroz Costeño Extra 5 kg,NIU,25.50,10,no,sí', '7753056000182,Inca Kola 500 ml,BO,2.5,10,no,si', 'NEW-1,Producto nuevo,NIU,1,10,no,sí');
    expect(await service.importProducts({ csv: changed, mode: 'all_or_nothing' })).toEqual({
      rows: 3, imported: 1, updated: 1, unchanged: 1, errors: [],
    });
    expect(repo.getByCode('7751012000450')?.price).toBe('25.5');
  });

  it('accepts a BOM, LF line ends, quoted fields with commas and quotes, columns in any order and accented headers', async () => {
    const { service, repo } = catalogueFixture();
    const file = '\uFEFFprecio,Código,Descripción,unidad,Afectación\n'
      + '"3.20",G-1,"Galletas Soda Field, paquete x 6",NIU,10\n'
      + '1.5,G-2,"Chocolate ""Sublime"" 30 g",NIU,10\n'
      + '2,G-3,"  Con espacios  ",NIU,20';
    expect(await service.importProducts({ csv: file, mode: 'all_or_nothing' })).toMatchObject({ imported: 3, errors: [] });
    expect(repo.getByCode('G-1')?.description).toBe('Galletas Soda Field, paquete x 6');
    expect(repo.getByCode('G-2')?.description).toBe('Chocolate "Sublime" 30 g');
    expect(repo.getByCode('G-3')?.description).toBe('Con espacios');
  });

  it('without bolsa/activo columns (or with empty cells) keeps the stored flags, and new products are active without bag', async () => {
    const { service, repo } = catalogueFixture();
    await service.importProducts({ csv: GOOD, mode: 'all_or_nothing' });
    const partial = csv('codigo,descripcion,unidad,precio,afectacion', '2000000000664,Bolsa Plástica,NIU,0.1,10', '2000000000428,Plátano de Seda (kg),KGM,3.5,20', 'N1,Nuevo,NIU,1,10');
    expect(await service.importProducts({ csv: partial, mode: 'all_or_nothing' })).toMatchObject({ imported: 1, unchanged: 2 });
    expect(repo.getByCode('2000000000664')?.bag).toBe(1);
    expect(repo.getByCode('2000000000428', { includeInactive: true })?.active).toBe(0);
    expect(repo.getByCode('N1')).toMatchObject({ bag: 0, active: 1 });
    const emptyCells = csv(HEADER, '2000000000664,Bolsa Plástica,NIU,0.1,10,,');
    expect(await service.importProducts({ csv: emptyCells, mode: 'all_or_nothing' })).toMatchObject({ unchanged: 1 });
  });
});

describe('importProducts: bad rows', () => {
  const BAD = csv(
    HEADER,
    'OK-1,Producto correcto,NIU,1.50,10,no,sí', // 2
    ',Sin código,NIU,1,10,no,sí', // 3
    'U-1,Unidad rara,CAJITA,1,10,no,sí', // 4
    'P-1,Precio ambiguo,NIU,"3,500",10,no,sí', // 5
    'P-2,Precio cero,NIU,0,10,no,sí', // 6
    'A-1,Afectación rara,NIU,1,30,no,sí', // 7
    'D-1,Primero,NIU,1,10,no,sí', // 8
    'D-1,Segundo,NIU,2,10,no,sí', // 9
    'F-1,Bolsa rara,NIU,1,10,tal vez,sí', // 10
    'C-1,Faltan columnas,NIU,1', // 11
    'OK-2,Otro correcto,KGM,4.25,20,no,sí', // 12
    'B-1,Bolsa por kilo,KGM,0.1,10,sí,sí', // 13
    'X-1,,NIU,,10,no,sí', // 14
    'P-3,Precio largo,NIU,1.12345678901,10,no,sí', // 15
  );

  it('reports every bad row with its line number and a Spanish reason', async () => {
    const { service } = catalogueFixture();
    const result = await service.importProducts({ csv: BAD, mode: 'all_or_nothing' });
    expect(result.rows).toBe(14);
    expect(result.errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7, 9, 10, 11, 13, 14, 15]);
    const reason = (line: number) => result.errors.find((e) => e.line === line)?.reason;
    expect(reason(3)).toBe('Ingrese el código del producto');
    expect(reason(4)).toMatch(/^Unidad de medida desconocida: "CAJITA"/);
    expect(reason(5)).toMatch(/^El precio "3,500" es ambiguo/);
    expect(reason(6)).toBe('El precio debe ser mayor que cero');
    expect(reason(7)).toMatch(/Afectación no válida: use 10 \(gravado\) o 20 \(exonerado\)/);
    // The first row of a repeated code is read; the later one is the error.
    expect(reason(8)).toBeUndefined();
    expect(reason(9)).toBe('El código D-1 está repetido: ya aparece en la línea 8 (de cada código se lee solo la primera fila)');
    expect(reason(10)).toBe('Bolsa: escriba sí o no (o 1 y 0), no "tal vez"');
    expect(reason(11)).toBe('La fila tiene 4 columnas; el encabezado tiene 7');
    expect(reason(13)).toMatch(/bolsa plástica se vende por unidades/);
    expect(reason(14)).toBe('Ingrese la descripción; Ingrese el precio');
    expect(reason(15)).toBe('El precio admite como máximo 10 decimales');
  });

  it("imports nothing in 'all_or_nothing' mode when any row is bad", async () => {
    const { service, repo } = catalogueFixture();
    const result = await service.importProducts({ csv: BAD, mode: 'all_or_nothing' });
    expect(result).toMatchObject({ imported: 0, updated: 0, unchanged: 0 });
    expect(repo.count()).toBe(0);
  });

  it("imports only the good rows in 'good_rows' mode (of a repeated code, its first row)", async () => {
    const { service, repo } = catalogueFixture();
    const result = await service.importProducts({ csv: BAD, mode: 'good_rows' });
    expect(result).toMatchObject({ rows: 14, imported: 3, updated: 0, unchanged: 0 });
    expect(result.errors).toHaveLength(11);
    expect(repo.search({ includeInactive: true }).map((r) => r.code).sort()).toEqual(['D-1', 'OK-1', 'OK-2']);
    expect(repo.getByCode('D-1')?.description).toBe('Primero');
  });

  it('reads no row when the header is wrong, whatever the mode', async () => {
    const { service, repo } = catalogueFixture();
    const unknown = csv('codigo,descripcion,unidad,precios,afectacion', 'A,B,NIU,1,10');
    const result = await service.importProducts({ csv: unknown, mode: 'good_rows' });
    expect(result).toMatchObject({ rows: 1, imported: 0 });
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]!.line).toBe(1);
    expect(result.errors[0]!.reason).toMatch(/Columna desconocida: "precios"; Faltan columnas: precio/);
    const repeated = await service.importProducts({ csv: csv('codigo,codigo,descripcion,unidad,precio,afectacion'), mode: 'good_rows' });
    expect(repeated.errors[0]!.reason).toMatch(/Columna repetida: codigo/);
    const semicolons = await service.importProducts({ csv: csv('codigo;descripcion;unidad;precio;afectacion', 'A;B;NIU;1;10'), mode: 'good_rows' });
    expect(semicolons.errors).toEqual([{ line: 1, reason: expect.stringMatching(/punto y coma/) }]);
    expect((await service.importProducts({ csv: '', mode: 'good_rows' })).errors).toEqual([
      { line: 1, reason: expect.stringMatching(/El archivo está vacío/) },
    ]);
    expect(repo.count()).toBe(0);
  });

  it('numbers lines of the file even when a quoted description spans lines or blank lines are skipped', async () => {
    const { service } = catalogueFixture();
    const file = `${HEADER}\n"M-1","Dos\nlíneas",NIU,1,10,no,sí\n\nM-2,Precio malo,NIU,abc,10,no,sí\n`;
    const result = await service.importProducts({ csv: file, mode: 'good_rows' });
    expect(result.errors.map((e) => e.line)).toEqual([2, 5]);
    expect(result.errors[0]!.reason).toBe('La descripción no puede tener saltos de línea ni tabulaciones');
  });

  it('recognises a barcode that a spreadsheet turned into scientific notation', async () => {
    const { service, repo } = catalogueFixture();
    const result = await service.importProducts({ csv: csv(HEADER, '7.75101E+12,Arroz,NIU,1,10,no,sí'), mode: 'good_rows' });
    expect(result.errors).toEqual([{ line: 2, reason: expect.stringMatching(/^El código 7.75101E\+12 parece un número convertido por Excel/) }]);
    expect(repo.count()).toBe(0);
  });

  it('reports an unclosed quote on the line where its record starts', async () => {
    const { service } = catalogueFixture();
    const result = await service.importProducts({ csv: `${HEADER}\nQ-1,Bien,NIU,1,10,no,sí\nQ-2,"Sin cerrar,NIU,1,10,no,sí\nQ-3,Otro,NIU,1,10,no,sí\n`, mode: 'good_rows' });
    expect(result.errors).toEqual([{ line: 3, reason: expect.stringMatching(/Comillas sin cerrar/) }]);
    expect(result.imported).toBe(1);
  });
});
