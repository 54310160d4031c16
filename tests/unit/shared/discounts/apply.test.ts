// Discounts become declared prices. Random sales with random line and sale discounts keep every rule of
// the billing math: each line's declared price gives exactly its net total, the sale's discount is spread to the
// cent, and the invoice built from the net prices validates and totals exactly the list total minus the discounts.
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { icbperFactorFor } from '../../../../shared/catalog';
import { buildInvoice } from '../../../../shared/billing';
import { parseDiscountText, planDiscounts, priceForTotal, type Discount } from '../../../../shared/discounts';
import { COMPANY, DNI_CUSTOMER, boleta, type DraftLine } from '../billing/fixtures';

const D = Decimal.clone({ precision: 50, rounding: Decimal.ROUND_HALF_UP });
const r2 = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const sum = (xs: string[]) => xs.reduce((a, x) => a.plus(x), new D(0));

const lineArb = fc
  .record({
    measured: fc.boolean(),
    units: fc.integer({ min: 1, max: 999 }),
    thousandths: fc.integer({ min: 1, max: 99_999 }),
    priceCents: fc.integer({ min: 1, max: 9_999_999 }),
    affectation: fc.constantFrom<'10' | '20'>('10', '20'),
    bag: fc.boolean(),
  })
  .map(({ measured, units, thousandths, priceCents, affectation, bag }): DraftLine => ({
    code: 'P', description: 'Producto', unit: measured ? 'KGM' : 'NIU',
    quantity: measured ? new D(thousandths).div(1000).toFixed() : String(units),
    unitPrice: new D(priceCents).div(100).toFixed(), affectation, bag: !measured && bag,
  }))
  .filter((l) => r2(new D(l.quantity).times(l.unitPrice)).gte('0.05'));

const discountArb: fc.Arbitrary<Discount | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.integer({ min: 1, max: 9_999 }).map((bp): Discount => ({ kind: 'percent', value: new D(bp).div(100).toFixed() })),
  fc.integer({ min: 1, max: 50_000 }).map((c): Discount => ({ kind: 'amount', value: new D(c).div(100).toFixed() })),
);

describe('planDiscounts', () => {
  it('random sales with random discounts: exact to the cent, and the invoice of the net prices validates', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(lineArb, discountArb), { minLength: 1, maxLength: 12 }), discountArb, (pairs, saleDiscount) => {
        const lines = pairs.map(([l]) => l);
        const plan = planDiscounts(lines.map((l) => ({ quantity: String(l.quantity), unitPrice: String(l.unitPrice) })), pairs.map(([, d]) => d), saleDiscount);
        if (!plan.ok) {
          // Refused only when a discount would leave a line or the sale at zero.
          for (const e of plan.errors) expect(e.message).toMatch(/menor que el importe|deja el total|No se puede aplicar/);
          return;
        }
        const list = lines.map((l) => r2(new D(l.quantity).times(l.unitPrice)));
        plan.lines.forEach((p, i) => {
          expect(p.listTotal).toBe(list[i]!.toFixed(2));
          // The declared price gives back exactly the net total with the billing math T = round2(q × p).
          expect(r2(new D(lines[i]!.quantity).times(p.unitPrice)).toFixed(2)).toBe(p.total);
          expect(new D(p.total).eq(new D(p.listTotal).minus(p.lineDiscount).minus(p.saleShare))).toBe(true);
          expect(new D(p.total).gte('0.01')).toBe(true);
          expect(new D(p.unitPrice).decimalPlaces()).toBeLessThanOrEqual(10);
        });
        const declared = sum(plan.lines.map((p) => p.total));
        expect(declared.eq(sum(plan.lines.map((p) => p.listTotal)).minus(plan.discount))).toBe(true);
        // The sale's discount is spread exactly: its shares add up to what it takes.
        const afterLines = sum(plan.lines.map((p) => new D(p.listTotal).minus(p.lineDiscount).toFixed(2)));
        const saleAmount = saleDiscount ? (saleDiscount.kind === 'percent' ? r2(afterLines.times(saleDiscount.value).div(100)) : new D(saleDiscount.value)) : new D(0);
        expect(sum(plan.lines.map((p) => p.saleShare)).eq(saleAmount)).toBe(true);

        const issuedAt = '2026-03-02T10:15:00-05:00';
        const invoice = buildInvoice(boleta(lines.map((l, i) => ({ ...l, unitPrice: plan.lines[i]!.unitPrice })), { issuedAt, customer: DNI_CUSTOMER }), COMPANY);
        const bags = lines.reduce((a, l) => a.plus(l.bag ? new D(l.quantity).times(icbperFactorFor(issuedAt)) : 0), new D(0));
        expect(new D(invoice.monto_Imp_Venta).eq(declared.plus(r2(bags)))).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('a 10 % sale discount over 3 × 3.33 and 1 × 0.01 spreads 1.00 in whole cents', () => {
    const plan = planDiscounts([{ quantity: '3', unitPrice: '3.33' }, { quantity: '1', unitPrice: '0.01' }], [undefined, undefined], { kind: 'percent', value: '10' });
    expect(plan).toMatchObject({ ok: true, listTotal: '10.00', discount: '1.00', percent: '10.00' });
    if (!plan.ok) return;
    expect(plan.lines.map((l) => [l.saleShare, l.total, l.unitPrice])).toEqual([['1.00', '8.99', '2.9966666667'], ['0.00', '0.01', '0.01']]);
  });

  it('refuses a discount that leaves a line or the sale at zero', () => {
    expect(planDiscounts([{ quantity: '1', unitPrice: '5' }], [{ kind: 'amount', value: '5' }])).toEqual({ ok: false, errors: [{ path: 'lines.0.discount', message: 'El descuento debe ser menor que el importe de la línea' }] });
    expect(planDiscounts([{ quantity: '1', unitPrice: '5' }, { quantity: '1', unitPrice: '5' }], [undefined, undefined], { kind: 'amount', value: '9.99' })).toMatchObject({ ok: false });
    expect(planDiscounts([{ quantity: '1', unitPrice: '5' }, { quantity: '1', unitPrice: '5' }], [undefined, undefined], { kind: 'amount', value: '9.98' })).toMatchObject({ ok: true });
  });

  it('priceForTotal finds the shortest price that gives the total', () => {
    expect(priceForTotal(new D(4), new D('10.00'))?.toString()).toBe('2.5');
    expect(priceForTotal(new D(3), new D('10.00'))?.toString()).toBe('3.3333333333');
  });

  it('reads what the cashier types', () => {
    expect(parseDiscountText('10%')).toEqual({ ok: true, discount: { kind: 'percent', value: '10' } });
    expect(parseDiscountText(' 2,50 ')).toEqual({ ok: true, discount: { kind: 'amount', value: '2.5' } });
    expect(parseDiscountText('S/ 3')).toEqual({ ok: true, discount: { kind: 'amount', value: '3' } });
    expect(parseDiscountText('')).toEqual({ ok: true, discount: null });
    expect(parseDiscountText('100%')).toEqual({ ok: false, message: 'El descuento debe ser menor que 100 %' });
    expect(parseDiscountText('abc')).toEqual({ ok: false, message: 'El descuento debe ser un número (use punto decimal)' });
  });
});
