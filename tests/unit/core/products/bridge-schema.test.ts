// shared/bridge/products.ts: the product form's rules and the bridge method schemas.
import { describe, expect, it } from 'vitest';
import {
  allowsDecimalQuantity,
  ImportProductsInputSchema,
  ProductCodeInputSchema,
  ProductInputSchema,
  ProductListInputSchema,
  productQuantityProblem,
  productsContract,
  SaveProductInputSchema,
} from '../../../../shared/bridge/products';

const messages = (input: unknown) => {
  const result = ProductInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};
const valid = { code: '7751012000450', description: 'Arroz Costeño 5 kg', unit: 'NIU', price: '24.90', affectation: '10' };

describe('ProductInputSchema', () => {
  it('trims, upper-cases the unit, keeps the price as a canonical decimal string and fills the flags', () => {
    expect(ProductInputSchema.parse({ ...valid, code: ' 775 ', description: ' Arroz ', unit: 'kgm', price: 4.2 })).toEqual({
      code: '775', description: 'Arroz', unit: 'KGM', price: '4.2', affectation: '10', bag: false, active: true, wholeUnits: null, freePrice: false, category: '',
    });
    expect(ProductInputSchema.parse({ ...valid, price: '0.0000000001' }).price).toBe('0.0000000001');
  });

  it('says in Spanish what is missing or wrong', () => {
    expect(messages({})).toEqual([
      'code: Ingrese el código del producto',
      'description: Ingrese la descripción',
      'unit: Elija la unidad de medida',
      'price: Ingrese el precio',
      'affectation: Elija la afectación del IGV',
    ]);
    expect(messages({ ...valid, code: 'A B' })).toEqual(['code: El código no puede tener espacios ni caracteres de control']);
    expect(messages({ ...valid, code: 'x'.repeat(31) })).toEqual(['code: El código admite como máximo 30 caracteres']);
    expect(messages({ ...valid, description: 'y'.repeat(501) })).toEqual(['description: La descripción admite como máximo 500 caracteres']);
    expect(messages({ ...valid, unit: 'XX' })[0]).toMatch(/^unit: Unidad de medida desconocida: "XX" \(use una de: NIU, ZZ, KGM/);
    expect(messages({ ...valid, price: '3,50' })).toEqual(['price: El precio debe ser un número con punto decimal (por ejemplo 3.50)']);
    expect(messages({ ...valid, price: '0' })).toEqual(['price: El precio debe ser mayor que cero']);
    expect(messages({ ...valid, price: '-2' })).toEqual(['price: El precio no puede ser negativo']);
    expect(messages({ ...valid, price: '1.12345678901' })).toEqual(['price: El precio admite como máximo 10 decimales']);
    expect(messages({ ...valid, price: '1234567890123456' })).toEqual(['price: El precio tiene demasiados dígitos (máximo 15)']);
    expect(messages({ ...valid, affectation: '30' })).toEqual(['affectation: Afectación no válida: use 10 (gravado) o 20 (exonerado)']);
    expect(messages({ ...valid, bag: 'sí' })).toEqual(['bag: El indicador de bolsa plástica debe ser sí o no']);
  });

  it('refuses a plastic bag sold in a unit with decimals', () => {
    expect(messages({ ...valid, unit: 'KGM', bag: true })).toEqual([
      'unit: Una bolsa plástica se vende por unidades: la unidad "Kilogramo" admite decimales',
    ]);
    expect(messages({ ...valid, unit: 'NIU', bag: true })).toEqual([]);
  });
});

describe('quantity rules', () => {
  it('accepts decimal quantities only for units that allow them, never for bags', () => {
    expect(allowsDecimalQuantity({ unit: 'KGM' })).toBe(true);
    expect(allowsDecimalQuantity({ unit: 'LTR' })).toBe(true);
    expect(allowsDecimalQuantity({ unit: 'NIU' })).toBe(false);
    expect(allowsDecimalQuantity({ unit: 'KGM', bag: true })).toBe(false);
    expect(allowsDecimalQuantity({ unit: '??' })).toBe(false);
    expect(productQuantityProblem({ unit: 'KGM' }, '0.755')).toBeNull();
    expect(productQuantityProblem({ unit: 'NIU' }, '2')).toBeNull();
    expect(productQuantityProblem({ unit: 'NIU' }, 2)).toBeNull();
    expect(productQuantityProblem({ unit: 'NIU' }, '1.5')).toBe('La unidad "Unidad (bienes)" no admite decimales');
    expect(productQuantityProblem({ unit: 'NIU', bag: true }, '1.5')).toBe('La cantidad de bolsas plásticas debe ser un número entero');
    expect(productQuantityProblem({ unit: 'KGM' }, '0')).toBe('La cantidad debe ser mayor que cero');
    expect(productQuantityProblem({ unit: 'KGM' }, '')).toBe('Ingrese la cantidad');
    expect(productQuantityProblem({ unit: 'KGM' }, '1,5')).toBe('La cantidad debe ser un número (use punto decimal)');
    expect(productQuantityProblem({ unit: 'KGM' }, '0.12345678901')).toBe('La cantidad admite como máximo 10 decimales');
  });
});

describe('bridge method schemas', () => {
  it('lists every product method with input and output schemas', () => {
    expect(Object.keys(productsContract).sort()).toEqual(
      ['exportProducts', 'getProductByCode', 'importProducts', 'listProductCategories', 'listProducts', 'saveProduct', 'setProductActive'],
    );
    for (const spec of Object.values(productsContract)) {
      expect(typeof spec.input.safeParse).toBe('function');
      expect(typeof spec.output.safeParse).toBe('function');
    }
  });

  it('checks the inputs strictly', () => {
    expect(ProductListInputSchema.safeParse({ text: ' arroz ', limit: 20 }).data).toEqual({ text: 'arroz', limit: 20 });
    expect(ProductListInputSchema.safeParse({ limit: 501 }).success).toBe(false);
    expect(ProductListInputSchema.safeParse({ other: 1 }).success).toBe(false);
    expect(ProductCodeInputSchema.safeParse({ code: '  ' }).error?.issues[0]?.message).toBe('Ingrese o escanee un código');
    expect(ImportProductsInputSchema.parse({ csv: 'x' })).toEqual({ csv: 'x', mode: 'all_or_nothing' });
    expect(ImportProductsInputSchema.safeParse({ csv: 'x', mode: 'some' }).error?.issues[0]?.message)
      .toBe('Modo de importación no válido: todo o nada, o solo las filas correctas');
    expect(SaveProductInputSchema.safeParse({ ...valid, id: 3 }).error?.issues[0]?.message).toBe('Campos no reconocidos: id');
    expect(SaveProductInputSchema.parse({ ...valid, originalCode: ' OLD ' }).originalCode).toBe('OLD');
    expect(productsContract.getProductByCode.output.parse(null)).toBeNull();
    expect(productsContract.exportProducts.input.safeParse({ x: 1 }).success).toBe(false);
  });
});
