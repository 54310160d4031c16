import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { DEFAULT_PAYMENT_METHODS, PaymentMethodsSchema, TenderSchema, methodCodeFor, settleTenders, type Tender } from '../../../../shared/payments';

const methods = [...DEFAULT_PAYMENT_METHODS];
const tender = (method: string, amount: string, reference?: string): Tender => TenderSchema.parse({ method, amount, ...(reference ? { reference } : {}) });

describe('settleTenders', () => {
  it('no tenders: the total in exact cash', () => {
    expect(settleTenders('10.05', [], methods)).toEqual({
      ok: true, change: '0.00',
      payments: [{ method: 'efectivo', label: 'Efectivo', kind: 'cash', tendered: '10.05', applied: '10.05', reference: '' }],
    });
  });

  it('cash over the total gives change; the cash tender keeps what it paid', () => {
    const r = settleTenders('37.80', [tender('efectivo', '100')], methods);
    expect(r).toMatchObject({ ok: true, change: '62.20', payments: [{ tendered: '100.00', applied: '37.80' }] });
  });

  it('a cash payment short of the total is refused with the shortfall', () => {
    expect(settleTenders('11.50', [tender('efectivo', '10')], methods)).toEqual({ ok: false, message: 'Falta S/ 1.50' });
  });

  it('split: Yape with its operation number plus cash; change comes only from the cash', () => {
    const r = settleTenders('50.00', [tender('yape', '20', '987654'), tender('efectivo', '40')], methods);
    expect(r).toEqual({
      ok: true, change: '10.00',
      payments: [
        { method: 'yape', label: 'Yape', kind: 'wallet', tendered: '20.00', applied: '20.00', reference: '987654' },
        { method: 'efectivo', label: 'Efectivo', kind: 'cash', tendered: '40.00', applied: '30.00', reference: '' },
      ],
    });
  });

  it('cards and wallets never give change: more than the total is refused', () => {
    const r = settleTenders('50.00', [tender('debito', '60')], methods);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(/solo el efectivo da vuelto/);
  });

  it('an unknown or inactive method is refused', () => {
    const off = methods.map((m) => (m.code === 'plin' ? { ...m, active: false } : m));
    expect(settleTenders('5.00', [tender('plin', '5')], off)).toEqual({ ok: false, message: 'Medio de pago no disponible: plin' });
    expect(settleTenders('5.00', [tender('bitcoin', '5')], methods).ok).toBe(false);
  });

  it('property: applied amounts add up to the total to the cent and change + total = handed over', () => {
    const cents = fc.integer({ min: 1, max: 500_000 });
    const arb = fc.record({
      total: cents,
      tenders: fc.array(fc.record({ method: fc.constantFrom(...methods.map((m) => m.code)), cents }), { minLength: 1, maxLength: 5 }),
    });
    fc.assert(
      fc.property(arb, ({ total, tenders }) => {
        const money = (c: number) => new Decimal(c).div(100).toFixed(2);
        const r = settleTenders(money(total), tenders.map((t) => tender(t.method, money(t.cents))), methods);
        const handed = tenders.reduce((s, t) => s + t.cents, 0);
        const nonCash = tenders.filter((t) => t.method !== 'efectivo').reduce((s, t) => s + t.cents, 0);
        if (handed < total || nonCash > total) {
          expect(r.ok).toBe(false);
          return;
        }
        if (!r.ok) throw new Error(r.message);
        const applied = r.payments.reduce((s, p) => s.plus(p.applied), new Decimal(0));
        expect(applied.toFixed(2)).toBe(money(total));
        expect(new Decimal(r.change).plus(money(total)).toFixed(2)).toBe(money(handed));
        for (const p of r.payments) if (p.kind !== 'cash') expect(p.applied).toBe(p.tendered);
      }),
      { numRuns: 300 },
    );
  });
});

describe('payment methods of Ajustes', () => {
  it('needs an active cash method and unique codes', () => {
    expect(PaymentMethodsSchema.safeParse(methods).success).toBe(true);
    const noCash = methods.map((m) => (m.kind === 'cash' ? { ...m, active: false } : m));
    expect(PaymentMethodsSchema.safeParse(noCash).error?.issues[0]?.message).toBe('Debe quedar activo al menos un medio de pago en efectivo');
    expect(PaymentMethodsSchema.safeParse([...methods, methods[1]]).error?.issues[0]?.message).toBe('El código debito está repetido');
  });

  it('a method added by name gets a code of its own', () => {
    const taken = new Set(methods.map((m) => m.code));
    expect(methodCodeFor('Tarjeta Ripley', taken)).toBe('tarjeta_ripley');
    expect(methodCodeFor('Yape', taken)).toBe('yape_2');
    expect(methodCodeFor('¡¡', taken)).toBe('medio');
  });

  it('an operation number is checked', () => {
    expect(TenderSchema.safeParse({ method: 'yape', amount: '5', reference: 'abc\u0000' }).success).toBe(false);
    expect(TenderSchema.safeParse({ method: 'yape', amount: '5.001' }).error?.issues[0]?.message).toBe('El monto del pago admite como máximo 2 decimales');
  });
});
