// A stored Invoice read back into the sale draft that built it, so that a re-issue or a correction runs
// the rules of a new sale. Built again unchanged, it gives the same Invoice byte for byte.
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildInvoice, draftFromInvoice, installmentsDueBy, type CompanyInput, type SaleDraftInput } from '../../../../shared/billing';
import { COMPANY, DNI_CUSTOMER, RUC_CUSTOMER, boleta, factura, line, type DraftLine } from './fixtures';

const D = Decimal.clone({ precision: 50, rounding: Decimal.ROUND_HALF_UP });

const lineArb: fc.Arbitrary<DraftLine> = fc
  .record({
    measured: fc.boolean(),
    units: fc.integer({ min: 1, max: 999 }),
    thousandths: fc.integer({ min: 1, max: 999_999 }),
    price: fc.oneof(
      fc.integer({ min: 1, max: 99_999_999 }).map((c) => new D(c).div(100).toFixed()),
      // Net prices of discounted lines carry up to 10 decimals (shared/discounts/apply.ts).
      fc.integer({ min: 1, max: 99_999_999 }).map((c) => new D(c).div(10_000_000).toFixed()),
    ),
    affectation: fc.constantFrom<'10' | '20'>('10', '20'),
    bag: fc.boolean(),
  })
  .map(({ measured, units, thousandths, price, affectation, bag }): DraftLine => ({
    code: 'P', description: 'Producto', unit: measured ? 'KGM' : 'NIU', quantity: measured ? new D(thousandths).div(1000).toFixed() : String(units),
    unitPrice: price, affectation, bag: !measured && bag,
  }))
  .filter((l) => new D(l.quantity).times(l.unitPrice).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).gte('0.01'));

const companies: CompanyInput[] = [COMPANY, { ...COMPANY, igvRegime: 'special' }, { ...COMPANY, igvRate: '0.18' }];

describe('draftFromInvoice', () => {
  it('builds the same invoice again, byte for byte, for random sales', () => {
    let built = 0;
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 12 }),
        fc.constantFrom('factura', 'boleta-dni', 'boleta-anonymous'),
        fc.constantFrom(...companies),
        fc.integer({ min: 0, max: 3 * 365 }),
        (lines, kind, company, day) => {
          const issuedAt = `${new Date(Date.UTC(2024, 0, 1) + day * 86_400_000).toISOString().slice(0, 10)}T10:15:00-05:00`;
          const customer = kind === 'factura' ? RUC_CUSTOMER : kind === 'boleta-dni' ? DNI_CUSTOMER : undefined;
          const draft: SaleDraftInput = {
            docType: kind === 'factura' ? '01' : '03', series: kind === 'factura' ? 'F001' : 'B001', number: 7, issuedAt, currency: 'PEN',
            customer, lines, idBaseDato: 'a1b2c3',
            legends: [{ code: '2006', value: 'Operación sujeta a detracción' }],
          };
          let invoice;
          try {
            invoice = buildInvoice(draft, company);
          } catch (e) {
            // Only an anonymous boleta of 700 or more is no sale to begin with.
            expect(String(e)).toMatch(/700\.00 o más/);
            return;
          }
          built += 1;
          expect(JSON.stringify(buildInvoice(draftFromInvoice(invoice), company))).toBe(JSON.stringify(invoice));
        },
      ),
      { numRuns: 300 },
    );
    expect(built).toBeGreaterThan(150);
  });

  it('reads back a credit sale\'s instalments in order, and the anonymous buyer as no customer', () => {
    const credit = buildInvoice(
      factura([line(2, '59.00')], {
        payment: { method: 'CREDITO', installments: [{ amount: '59.00', dueDate: '2026-03-10' }, { amount: '59.00', dueDate: '2026-04-10' }] },
      }),
      COMPANY,
    );
    const draft = draftFromInvoice(credit);
    expect(draft.payment).toEqual({ method: 'CREDITO', installments: [{ amount: 59, dueDate: '2026-03-10' }, { amount: 59, dueDate: '2026-04-10' }] });
    expect(JSON.stringify(buildInvoice(draft, COMPANY))).toBe(JSON.stringify(credit));

    const anonymous = buildInvoice(boleta([line(1, '5.00')]), COMPANY);
    expect(anonymous.cliente_Razon_Social).toBe('CLIENTES VARIOS');
    expect(draftFromInvoice(anonymous).customer).toEqual({ docType: '0', docNumber: '', name: '', address: '' });
  });

  it('names the instalments that fall due on or before a new issue day', () => {
    const credit = buildInvoice(
      factura([line(2, '59.00')], {
        payment: { method: 'CREDITO', installments: [{ amount: '59.00', dueDate: '2026-03-04' }, { amount: '59.00', dueDate: '2026-03-20' }] },
      }),
      COMPANY,
    );
    expect(installmentsDueBy(credit, '2026-03-03')).toEqual([]);
    expect(installmentsDueBy(credit, '2026-03-04')).toEqual([{ number: 1, amount: 59, dueDate: '2026-03-04' }]);
    expect(installmentsDueBy(credit, '2026-03-20').map((i) => i.number)).toEqual([1, 2]);
    expect(installmentsDueBy(buildInvoice(boleta([line(1, '5.00')]), COMPANY), '2030-01-01')).toEqual([]);
  });
});
