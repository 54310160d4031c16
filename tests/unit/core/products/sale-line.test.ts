// A catalogue product must turn into a sale line that shared/billing accepts and builds into an invoice: the till
// copies code, description, unit, price, affectation and bag from the product.
import { describe, expect, it } from 'vitest';
import { buildInvoice, validateSale, type SaleDraftInput } from '../../../../shared/billing';
import { allowsDecimalQuantity, productQuantityProblem, SaveProductInputSchema, type Product } from '../../../../shared/bridge/products';
import { ProductsRepository } from '../../../../electron/core/db';
import { seedDemoProducts, toProduct } from '../../../../electron/core/products';
import { catalogueFixture, memoryDb } from './helpers';

function lineOf(product: Product, quantity: string): SaleDraftInput['lines'][number] {
  return {
    code: product.code, description: product.description, unit: product.unit as 'NIU', quantity,
    unitPrice: product.price, affectation: product.affectation, bag: product.bag,
  };
}

describe('demo products on a boleta', () => {
  it('every demo product sells: 1 unit, or 0.755 of a weighted one', () => {
    const repo = new ProductsRepository(memoryDb());
    seedDemoProducts(repo);
    const products = repo.search({ limit: 100 }).map(toProduct);
    const lines = products.map((p) => lineOf(p, allowsDecimalQuantity(p) ? '0.755' : '1'));
    for (const [i, p] of products.entries()) expect(productQuantityProblem(p, lines[i]!.quantity), p.code).toBeNull();
    const draft: SaleDraftInput = {
      docType: '03', series: 'B001', number: 1, issuedAt: '2026-03-02T10:15:00-05:00', currency: 'PEN',
      customer: { docType: '1', docNumber: '45678912', name: 'Juan Pérez', address: '' }, lines,
    };
    expect(validateSale(draft, { ruc: '20600995805' })).toEqual({ ok: true });
    const invoice = buildInvoice(draft, { ruc: '20600995805' });
    expect(invoice.detalle).toHaveLength(products.length);
    expect(invoice.detalle.some((l) => l.factor_Icbper !== undefined)).toBe(true);
    expect(invoice.monto_Oper_Exoneradas).toBeGreaterThan(0);
  });

  it('a decimal quantity of a unit product is refused by the till\'s product rule, while billing accepts it (SUNAT does)', () => {
    const repo = new ProductsRepository(memoryDb());
    seedDemoProducts(repo);
    const inca = toProduct(repo.getByCode('7753056000182')!);
    expect(productQuantityProblem(inca, '1.5')).toMatch(/no admite decimales/);
    const draft: SaleDraftInput = {
      docType: '03', series: 'B001', number: 1, issuedAt: '2026-03-02T10:15:00-05:00', currency: 'PEN',
      customer: null, lines: [lineOf(inca, '1.5')],
    };
    expect(validateSale(draft, { ruc: '20600995805' }).ok).toBe(true);
  });

  it('"se vende por unidades enteras" is the product\'s own rule: a unit sold in fractions, a kg sold whole', () => {
    const { service } = catalogueFixture();
    const save = (input: Record<string, unknown>) => service.saveProduct(SaveProductInputSchema.parse(input));
    const cloth = save({ code: 'TELA', description: 'Tela por unidad', unit: 'NIU', price: '8', affectation: '10', wholeUnits: false });
    expect(cloth.wholeUnits).toBe(false);
    expect(allowsDecimalQuantity(cloth)).toBe(true);
    expect(productQuantityProblem(cloth, '1.5')).toBeNull();
    const sack = save({ code: 'SACO', description: 'Saco de arroz 50 kg', unit: 'KGM', price: '150', affectation: '10', wholeUnits: true });
    expect(productQuantityProblem(sack, '0.5')).toBe('Este producto se vende por unidades enteras: la cantidad no admite decimales');
    expect(productQuantityProblem(sack, '2')).toBeNull();
    // Without its own rule, a product follows its unit; a bag is always whole and may not say otherwise.
    const plain = save({ code: 'FRUTA', description: 'Fruta', unit: 'KGM', price: '5', affectation: '10' });
    expect(plain.wholeUnits).toBe(false);
    const bag = SaveProductInputSchema.safeParse({ code: 'BOLSA', description: 'Bolsa', unit: 'NIU', price: '0.1', affectation: '10', bag: true, wholeUnits: false });
    expect(bag.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['wholeUnits', 'Una bolsa plástica se vende por unidades enteras']]);
  });
});
