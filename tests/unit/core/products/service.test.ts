import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CoreError } from '../../../../electron/core/services/errors';
import { productsContract, SaveProductInputSchema } from '../../../../shared/bridge/products';
import { UNITS } from '../../../../shared/catalog';
import { catalogueFixture, product } from './helpers';

const save = (input: Record<string, unknown>) => SaveProductInputSchema.parse(input);

function coreError(fn: () => unknown): CoreError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CoreError);
    return error as CoreError;
  }
  throw new Error('expected a CoreError');
}

describe('ProductsService: the Productos screen', () => {
  it('creates a product from form input and refuses a second one with the same code', () => {
    const { service } = catalogueFixture();
    const created = service.saveProduct(save({ code: ' 775 ', description: 'Leche Gloria', unit: 'ca', price: '4.30', affectation: '10' }));
    expect(created).toEqual({
      code: '775', description: 'Leche Gloria', unit: 'CA', price: '4.3', affectation: '10',
      bag: false, wholeUnits: true, freePrice: false, category: '', active: true, createdAt: '2026-03-02T15:00:00.000Z', updatedAt: '2026-03-02T15:00:00.000Z',
    });
    const error = coreError(() => service.saveProduct(save({ code: '775', description: 'Otro', unit: 'NIU', price: 1, affectation: '10' })));
    expect(error.code).toBe('duplicate');
    expect(error.message).toBe('Ya existe un producto con el código 775.');
    expect(error.fields).toEqual([{ path: 'code', message: 'Este código ya está registrado' }]);
  });

  it('updates by originalCode, including a new code, and refuses a code that belongs to another product', () => {
    const { service, repo } = catalogueFixture();
    repo.insert(product({ code: 'A1' }));
    repo.insert(product({ code: 'B1' }));
    const moved = service.saveProduct(save({ ...product({ code: 'A2', price: '30' }), originalCode: 'A1' }));
    expect(moved).toMatchObject({ code: 'A2', price: '30' });
    expect(repo.getByCode('A1')).toBeUndefined();
    expect(coreError(() => service.saveProduct(save({ ...product({ code: 'B1' }), originalCode: 'A2' }))).code).toBe('duplicate');
    expect(coreError(() => service.saveProduct(save({ ...product({ code: 'Z9' }), originalCode: 'NOPE' }))).code).toBe('not_found');
  });

  it('switches products on and off', () => {
    const { service, repo } = catalogueFixture();
    repo.insert(product());
    expect(service.setProductActive({ code: '7751012000450', active: false }).active).toBe(false);
    expect(service.getProductByCode({ code: '7751012000450' })).toBeNull();
    expect(service.setProductActive({ code: '7751012000450', active: true }).active).toBe(true);
    expect(coreError(() => service.setProductActive({ code: 'NOPE', active: true })).message).toBe('No existe un producto con el código NOPE.');
  });

  it('lists a page and the total of matches', () => {
    const { service, repo } = catalogueFixture();
    for (let i = 0; i < 30; i += 1) repo.insert(product({ code: `L${i}`, description: `Leche ${i}` }));
    repo.insert(product({ code: 'OFF', description: 'Leche vieja', active: false }));
    const page = service.listProducts({ text: 'leche', limit: 10 });
    expect(page.rows).toHaveLength(10);
    expect(page.total).toBe(30);
    expect(service.listProducts({ text: 'leche', includeInactive: true }).total).toBe(31);
    expect(productsContract.listProducts.output.parse(page)).toEqual(page);
  });
});

describe('ProductsService: the scan path', () => {
  it('finds an active product by its code, trimmed and in any case, else null', () => {
    const { service, repo } = catalogueFixture();
    repo.insert(product({ code: 'abc' }));
    expect(service.getProductByCode({ code: ' abc ' })?.code).toBe('abc');
    expect(service.getProductByCode({ code: 'ABC' })?.code).toBe('abc');
    expect(service.getProductByCode({ code: 'x'.repeat(40) })).toBeNull();
    expect(service.getProductByCode({ code: '7751012000450' })).toBeNull();
  });
});

describe('ProductsService: CSV export', () => {
  it('names the file with the Lima date and writes every product, inactive ones too', () => {
    const { service, repo } = catalogueFixture('2026-03-03T03:00:00.000Z'); // 2 March, 22:00 in Lima
    repo.insert(product({ code: 'B', description: 'Bolsa, "grande"', bag: true, price: '0.1' }));
    repo.insert(product({ code: 'A', active: false, price: '12' }));
    repo.insert(product({ code: 'C', unit: 'NIU', wholeUnits: false, price: '1', category: 'Abarrotes, granos' }));
    const file = service.exportProducts();
    expect(file.fileName).toBe('productos-2026-03-02.csv');
    // unidades_enteras is empty when the product follows its unit, sí/no when it has its own rule.
    expect(file.csv).toBe(
      '\uFEFFcodigo,descripcion,unidad,precio,afectacion,bolsa,activo,unidades_enteras,categoria\r\n'
      + 'A,Arroz Costeño Extra 5 kg,NIU,12.00,10,no,no,,\r\n'
      + 'B,"Bolsa, ""grande""",NIU,0.10,10,sí,sí,,\r\n'
      + 'C,Arroz Costeño Extra 5 kg,NIU,1.00,10,no,sí,no,"Abarrotes, granos"\r\n',
    );
  });

  it('round-trips: export then import into an empty catalogue gives the same products', async () => {
    const codeChar = fc.constantFrom(...'AZaz09-_./ñÑ');
    const descChar = fc.constantFrom(...'Aa zñé,"\'#/(). 0');
    const productArb = fc.record({
      code: fc.string({ unit: codeChar, minLength: 1, maxLength: 30 }),
      description: fc.string({ unit: descChar, minLength: 1, maxLength: 60 }).map((d) => d.trim()).filter((d) => d.length > 0),
      unit: fc.constantFrom(...UNITS.map((u) => u.code)),
      price: fc.tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 9_999 }), fc.integer({ min: 0, max: 4 }))
        .map(([whole, fraction, digits]) => `${whole}.${String(fraction).padStart(4, '0').slice(0, digits)}`)
        .map((text) => text.replace(/\.$/, '').replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''))
        .filter((text) => /[1-9]/.test(text)),
      affectation: fc.constantFrom('10', '20'),
      bag: fc.boolean(),
      active: fc.boolean(),
      wholeUnits: fc.constantFrom(null, true, false),
      category: fc.string({ unit: descChar, maxLength: 20 }).map((c) => c.trim().replace(/\s+/g, ' ')),
    }).map((p) => {
      const bag = p.bag && !UNITS.find((u) => u.code === p.unit)!.allowsDecimals;
      return { ...p, bag, wholeUnits: bag && p.wholeUnits === false ? null : p.wholeUnits };
    });
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(productArb, { selector: (p) => p.code, maxLength: 15 }), async (products) => {
        const source = catalogueFixture();
        for (const p of products) expect(source.repo.insert(p)).toBeDefined();
        const file = source.service.exportProducts();
        const target = catalogueFixture();
        const result = await target.service.importProducts({ csv: file.csv, mode: 'all_or_nothing' });
        expect(result).toEqual({ rows: products.length, imported: products.length, updated: 0, unchanged: 0, errors: [] });
        const fields = (rows: ReturnType<typeof source.repo.all>) =>
          rows.map(({ id: _id, created_at: _c, updated_at: _u, ...rest }) => rest);
        expect(fields(target.repo.all())).toEqual(fields(source.repo.all()));
        expect(await source.service.importProducts({ csv: file.csv, mode: 'all_or_nothing' })).toMatchObject({ unchanged: products.length });
      }),
      { numRuns: 60 },
    );
  });
});
