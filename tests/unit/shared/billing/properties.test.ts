// Property tests on random sales: the invoice is internally consistent, exact to the cent, and deterministic.
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvoiceSchema } from '../../../../shared/api';
import { icbperFactorFor, igvRateFor } from '../../../../shared/catalog';
import {
  SaleValidationError, buildInvoice, computeTotals, type CompanyInput, type SaleDraftInput,
} from '../../../../shared/billing';
import { COMPANY, DNI_CUSTOMER, RUC_CUSTOMER, type DraftLine } from './fixtures';

const D = Decimal.clone({ precision: 50, rounding: Decimal.ROUND_HALF_UP });
const r2 = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const dec = (n: number) => new D(n);

/** Decimals in the shortest text of a JSON number (no exponent forms occur for these magnitudes). */
function decimalsOf(n: number): number {
  const text = String(n);
  expect(text).not.toMatch(/e/i);
  return text.split('.')[1]?.length ?? 0;
}

const asStringOrNumber = (text: string) => fc.constantFrom<string | number>(text, Number(text));

const lineArb: fc.Arbitrary<DraftLine> = fc
  .record({
    measured: fc.boolean(),
    units: fc.integer({ min: 1, max: 999 }),
    thousandths: fc.integer({ min: 1, max: 999_999 }),
    price: fc.oneof(
      fc.integer({ min: 1, max: 99_999_999 }).map((c) => new D(c).div(100).toFixed()),
      fc.integer({ min: 1, max: 9_999_999 }).map((c) => new D(c).div(10_000).toFixed()),
    ),
    affectation: fc.constantFrom<'10' | '20'>('10', '20'),
    bag: fc.boolean(),
  })
  .chain(({ measured, units, thousandths, price, affectation, bag }) =>
    fc.tuple(
      asStringOrNumber(measured ? new D(thousandths).div(1000).toFixed() : String(units)),
      asStringOrNumber(price),
    ).map(([quantity, unitPrice]): DraftLine => ({
      code: 'P', description: 'Producto', unit: measured ? 'KGM' : 'NIU', quantity, unitPrice, affectation,
      bag: !measured && bag,
    })))
  // A line must come to at least 0.01 (validation refuses less).
  .filter((l) => r2(new D(l.quantity).times(l.unitPrice)).gte('0.01'));

const saleArb = fc.record({
  kind: fc.constantFrom('factura', 'boleta-dni', 'boleta-anonymous'),
  lines: fc.array(lineArb, { minLength: 1, maxLength: 20 }),
  day: fc.integer({ min: 0, max: 4 * 365 }),
  minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
  utc: fc.boolean(),
  currency: fc.constantFrom<'PEN' | 'USD'>('PEN', 'USD'),
  company: fc.constantFrom<CompanyInput>(
    COMPANY, { ...COMPANY, igvRegime: 'special' }, { ...COMPANY, igvRate: '0.18' }, { ...COMPANY, igvRate: '0.08' },
  ),
  installments: fc.integer({ min: 0, max: 4 }),
});

type Sale = typeof saleArb extends fc.Arbitrary<infer S> ? S : never;

function issuedAtOf(sale: Sale): string {
  const instant = Date.UTC(2023, 0, 1, 5) + sale.day * 86_400_000 + sale.minute * 60_000;
  if (sale.utc) return new Date(instant).toISOString();
  return `${new Date(instant - 5 * 3_600_000).toISOString().slice(0, 19)}-05:00`;
}

/** The total computed independently: Σ round2(q × p) + Σ bags × factor. */
function expectedTotal(lines: DraftLine[], issuedAt: string): Decimal {
  const factor = new D(icbperFactorFor(issuedAt));
  return lines.reduce((sum, l) => {
    const q = new D(l.quantity);
    return sum.plus(r2(q.times(l.unitPrice))).plus(l.bag ? q.times(factor) : 0);
  }, new D(0));
}

function draftOf(sale: Sale): { draft: SaleDraftInput; total: Decimal } {
  const issuedAt = issuedAtOf(sale);
  const total = expectedTotal(sale.lines, issuedAt);
  const customer = sale.kind === 'factura' ? RUC_CUSTOMER : sale.kind === 'boleta-dni' ? DNI_CUSTOMER : undefined;
  const cents = total.times(100).toNumber();
  let payment: SaleDraftInput['payment'] = { method: 'CONTADO' };
  if (sale.installments > 0) {
    const n = Math.min(sale.installments, cents);
    const part = Math.floor(cents / n);
    const amounts = Array.from({ length: n }, (_, i) => (i === n - 1 ? cents - part * (n - 1) : part));
    const issueDay = new Date(Date.parse(issuedAt) - 5 * 3_600_000);
    payment = {
      method: 'CREDITO',
      installments: amounts.map((c, i) => ({
        amount: new D(c).div(100).toFixed(2),
        dueDate: new Date(issueDay.getTime() + (i + 1) * 30 * 86_400_000).toISOString().slice(0, 10),
      })),
    };
  }
  return {
    total,
    draft: {
      docType: sale.kind === 'factura' ? '01' : '03', series: sale.kind === 'factura' ? 'F001' : 'B001', number: 1,
      issuedAt, currency: sale.currency, customer, lines: sale.lines, payment,
    },
  };
}

describe('buildInvoice properties', () => {
  it('random sales give consistent, exact and deterministic invoices', () => {
    fc.assert(
      fc.property(saleArb, (sale) => {
        const { draft, total } = draftOf(sale);
        if (sale.kind === 'boleta-anonymous' && total.gte(700)) {
          expect(() => buildInvoice(draft, sale.company)).toThrow(SaleValidationError);
          return;
        }
        const invoice = buildInvoice(draft, sale.company);
        InvoiceSchema.parse(invoice);
        expect(JSON.stringify(buildInvoice(draft, sale.company))).toBe(JSON.stringify(invoice));

        const lines = invoice.detalle;
        const sum = (pick: (l: (typeof lines)[number]) => number, only?: (l: (typeof lines)[number]) => boolean) =>
          lines.filter(only ?? (() => true)).reduce((acc, l) => acc.plus(dec(pick(l))), new D(0));
        const taxed = (l: (typeof lines)[number]) => l.tip_Afe_Igv === '10';

        expect(dec(invoice.monto_Oper_Gravadas).eq(sum((l) => l.monto_Valor_Venta, taxed))).toBe(true);
        expect(dec(invoice.monto_Oper_Exoneradas ?? 0).eq(sum((l) => l.monto_Valor_Venta, (l) => !taxed(l)))).toBe(true);
        expect(invoice.monto_Oper_Exoneradas !== undefined).toBe(lines.some((l) => !taxed(l)));
        expect(dec(invoice.monto_Igv).eq(sum((l) => l.igv))).toBe(true);
        expect(dec(invoice.total_Impuestos).eq(sum((l) => l.total_Impuestos))).toBe(true);
        expect(dec(invoice.valor_Venta).eq(sum((l) => l.monto_Valor_Venta))).toBe(true);
        expect(dec(invoice.sub_Total).eq(dec(invoice.valor_Venta).plus(invoice.total_Impuestos))).toBe(true);
        expect(invoice.monto_Imp_Venta).toBe(invoice.sub_Total);
        expect(dec(invoice.monto_Imp_Venta).eq(total)).toBe(true);

        const rate = sale.company.igvRate ?? igvRateFor(sale.company.igvRegime ?? 'general', draft.issuedAt);
        expect(dec(invoice.monto_Igv).minus(r2(dec(invoice.monto_Oper_Gravadas).times(rate))).abs().lte(1)).toBe(true);

        for (const [i, l] of lines.entries()) {
          const source = sale.lines[i]!;
          expect(l.igv).toBeGreaterThanOrEqual(0);
          expect(l.monto_Base_Igv).toBe(l.monto_Valor_Venta);
          expect(dec(l.monto_Valor_Venta).plus(l.igv).eq(r2(new D(source.quantity).times(source.unitPrice)))).toBe(true);
          expect(l.porcentaje_Igv).toBe(taxed(l) ? new D(rate).times(100).toNumber() : 0);
          if (!taxed(l)) expect(l.igv).toBe(0);
          const icbper = dec(l.total_Impuestos).minus(l.igv);
          expect(icbper.eq(source.bag ? new D(source.quantity).times(l.factor_Icbper ?? NaN) : 0)).toBe(true);
          for (const money of [l.monto_Base_Igv, l.igv, l.total_Impuestos, l.monto_Valor_Venta]) {
            expect(decimalsOf(money)).toBeLessThanOrEqual(2);
          }
          expect(decimalsOf(l.monto_Valor_Unitario)).toBeLessThanOrEqual(10);
          // V / quantity, half up to 10 decimals, or fewer when the value has more than 5 integer digits
          // (a JSON number holds 15 significant digits exactly).
          const exact = dec(l.monto_Valor_Venta).div(l.cantidad);
          const places = Math.min(10, 15 - Math.max(1, exact.truncated().toFixed().length));
          expect(dec(l.monto_Valor_Unitario).eq(exact.toDecimalPlaces(places, Decimal.ROUND_HALF_UP))).toBe(true);
        }
        for (const money of [invoice.monto_Oper_Gravadas, invoice.monto_Igv, invoice.total_Impuestos, invoice.valor_Venta,
          invoice.sub_Total, invoice.monto_Imp_Venta, ...invoice.forma_pago.map((p) => p.monto)]) {
          expect(decimalsOf(money)).toBeLessThanOrEqual(2);
        }

        const paid = invoice.forma_pago.reduce((acc, p) => acc.plus(dec(p.monto)), new D(0));
        expect(paid.eq(total)).toBe(true);
        expect(invoice.forma_pago.every((p) => p.tipo === (sale.installments > 0 ? 'CREDITO' : 'CONTADO'))).toBe(true);
        expect(invoice.legend[0]!.legend_Code).toBe('1000');
        expect(invoice.legend[0]!.legend_Value).toMatch(new RegExp(` CON ${total.toFixed(2).split('.')[1]}/100 `));

        const live = computeTotals(draft, sale.company);
        expect([live.gravadas, live.igv, live.total]).toEqual([
          dec(invoice.monto_Oper_Gravadas).toFixed(2), dec(invoice.monto_Igv).toFixed(2), total.toFixed(2),
        ]);
      }),
      { numRuns: 400 },
    );
  });
});
