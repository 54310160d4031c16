// A catalogue line typed below the catalogue's price becomes a line discount of exactly the difference.
import { describe, expect, it } from 'vitest';
import { discountSale } from '../../../../shared/discounts';
import { priceCutsAsDiscounts, type CatalogPrice } from '../../../../shared/discounts/price-cuts';

const CATALOG: Record<string, CatalogPrice> = {
  TV: { price: '2000', freePrice: false },
  PAPA: { price: '4.5', freePrice: true },
  PAN: { price: '0.2', freePrice: false },
};
const catalog = (code: string) => CATALOG[code];

describe('priceCutsAsDiscounts', () => {
  it('puts a cut line back at its catalogue price with the difference as its discount; the net total is unchanged', () => {
    const lines = [{ code: 'TV', quantity: '1', unitPrice: '200' }];
    const cuts = priceCutsAsDiscounts(lines, undefined, catalog);
    expect(cuts.lines).toEqual([{ code: 'TV', quantity: '1', unitPrice: '2000' }]);
    expect(cuts.lineDiscounts).toEqual([{ line: 0, discount: { kind: 'amount', value: '1800.00' } }]);
    expect(cuts.typed).toEqual(['200']);
    const plan = discountSale(cuts.lines, cuts.lineDiscounts, undefined);
    expect(plan.ok && plan.plan).toMatchObject({ listTotal: '2000.00', discount: '1800.00', percent: '90.00' });
    expect(plan.ok && plan.plan?.lines[0]?.total).toBe('200.00');
  });

  it('adds the line\'s own discount (a percentage of the price typed) to the cut', () => {
    const cuts = priceCutsAsDiscounts([{ code: 'PAN', quantity: '10', unitPrice: '0.15' }], [{ line: 0, discount: { kind: 'percent', value: '10' } }], catalog);
    // 10 × 0.20 = 2.00 listed; 1.50 typed; 10 % of 1.50 = 0.15 → 0.65 off, 1.35 to pay.
    expect(cuts.lineDiscounts).toEqual([{ line: 0, discount: { kind: 'amount', value: '0.65' } }]);
    const plan = discountSale(cuts.lines, cuts.lineDiscounts, undefined);
    expect(plan.ok && plan.plan?.lines[0]?.total).toBe('1.35');
  });

  it('leaves free-price products, lines typed by hand, prices at or above the catalogue\'s, and other discounts alone', () => {
    const lines = [
      { code: 'PAPA', quantity: '2', unitPrice: '2' },
      { code: 'HECHO-A-MANO', quantity: '1', unitPrice: '1' },
      { code: 'TV', quantity: '1', unitPrice: '2100' },
      { code: 'PAN', quantity: '1', unitPrice: '0.2' },
    ];
    const own = [{ line: 3, discount: { kind: 'amount' as const, value: '0.05' } }];
    const cuts = priceCutsAsDiscounts(lines, own, catalog);
    expect(cuts.lines).toEqual(lines);
    expect(cuts.lineDiscounts).toEqual(own);
    expect(cuts.typed).toEqual([null, null, null, null]);
  });
});
