// A product's category (categoría): what the Productos form saves, what the CSV carries both ways (a file without
// the column keeps each product's own), and the list of the categories in use the form offers.
import { describe, expect, it } from 'vitest';
import { SaveProductInputSchema } from '../../../../shared/bridge/products';
import { catalogueFixture, product } from './helpers';

const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const save = (input: Record<string, unknown>) => SaveProductInputSchema.parse(input);

describe('a product category', () => {
  it('is saved trimmed, kept by an edit that does not send it, cleared by an empty one, and listed once', () => {
    const { service, repo } = catalogueFixture();
    const rice = service.saveProduct(save({ ...product(), category: '  Abarrotes  ' }));
    expect(rice.category).toBe('Abarrotes');
    service.saveProduct(save({ ...product({ code: 'B1', description: 'Inca Kola' }), category: 'Bebidas' }));
    service.saveProduct(save({ ...product({ code: 'B2', description: 'Agua' }), category: 'Bebidas' }));
    service.saveProduct(save({ ...product({ code: 'N1', description: 'Sin nada' }) }));
    expect(service.listProductCategories()).toEqual(['Abarrotes', 'Bebidas']);
    // The repository keeps the stored category when a caller leaves it out (a price change from elsewhere).
    expect(repo.update(rice.code, product({ price: '25.5' }))?.category).toBe('Abarrotes');
    expect(service.saveProduct(save({ ...product(), originalCode: rice.code, category: '' })).category).toBe('');
    expect(service.listProductCategories()).toEqual(['Bebidas']);
  });

  it('is refused past 60 characters, with a Spanish reason', () => {
    const result = SaveProductInputSchema.safeParse({ ...product(), category: 'x'.repeat(61) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('La categoría admite como máximo 60 caracteres');
  });

  it('travels in the CSV: export reads back the same, a file without the column keeps it, an empty cell clears it', async () => {
    const { service, repo } = catalogueFixture();
    const file = csv(
      'codigo,descripcion,unidad,precio,afectacion,categoria',
      'A1,Arroz,NIU,4.50,10, Abarrotes ',
      'L1,Leche,NIU,3.80,10,Lácteos',
      'X1,Vela,NIU,0.50,10,',
    );
    expect(await service.importProducts({ csv: file, mode: 'all_or_nothing' })).toMatchObject({ imported: 3, errors: [] });
    expect(repo.getByCode('A1')?.category).toBe('Abarrotes');
    expect(repo.getByCode('L1')?.category).toBe('Lácteos');
    expect(repo.getByCode('X1')?.category).toBe('');

    const exported = service.exportProducts().csv;
    expect(exported.split('\r\n')[0]).toBe('\uFEFFcodigo,descripcion,unidad,precio,afectacion,bolsa,activo,unidades_enteras,categoria');
    expect(await service.importProducts({ csv: exported, mode: 'all_or_nothing' })).toMatchObject({ unchanged: 3, errors: [] });

    const without = csv('codigo,descripcion,unidad,precio,afectacion', 'A1,Arroz,NIU,4.90,10');
    expect(await service.importProducts({ csv: without, mode: 'all_or_nothing' })).toMatchObject({ updated: 1 });
    expect(repo.getByCode('A1')).toMatchObject({ price: '4.9', category: 'Abarrotes' });

    const cleared = csv('codigo,descripcion,unidad,precio,afectacion,categoria', 'L1,Leche,NIU,3.80,10,');
    expect(await service.importProducts({ csv: cleared, mode: 'all_or_nothing' })).toMatchObject({ updated: 1 });
    expect(repo.getByCode('L1')?.category).toBe('');

    const tooLong = csv('codigo,descripcion,unidad,precio,afectacion,categoria', `L1,Leche,NIU,3.80,10,${'y'.repeat(61)}`);
    expect((await service.importProducts({ csv: tooLong, mode: 'all_or_nothing' })).errors).toEqual([
      { line: 2, reason: 'La categoría admite como máximo 60 caracteres' },
    ]);
  });

  it('a category edit queues the product for the shop server; a stock setting does not', () => {
    const { db, service } = catalogueFixture();
    service.saveProduct(save({ ...product() }));
    db.sqlite.exec('DELETE FROM catalog_outbox');
    db.sqlite.prepare('UPDATE products SET stock_minimum = ? WHERE code = ?').run('5', product().code);
    expect(db.sqlite.prepare('SELECT COUNT(*) FROM catalog_outbox').pluck().get()).toBe(0);
    service.saveProduct(save({ ...product(), originalCode: product().code, category: 'Abarrotes' }));
    expect(db.sqlite.prepare('SELECT kind, key FROM catalog_outbox').all()).toEqual([{ kind: 'product', key: product().code }]);
  });
});
