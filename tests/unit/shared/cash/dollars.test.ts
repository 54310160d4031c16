// Dollars in the drawer: a dollar sale paid in cash keeps every dollar handed over and gives its change in soles at
// the document's rate; the X and the Z count each currency.
import { describe, expect, it } from 'vitest';
import { buildCashReport, dollarChangeInSoles, dollarDrawer, type CashSession, type ReportDocument, type ReportPayment } from '../../../../shared/cash';

const session: CashSession = {
  id: 1, terminal: 'B001', openedAt: '2026-11-28T13:00:00.000Z', openedBy: 'Luis', openingFloat: '100.00',
  closedAt: null, closedBy: null, countedCash: null, expectedCash: null, difference: null,
};
const doc = (over: Partial<ReportDocument>): ReportDocument => ({
  id: 1, docType: '03', status: 'accepted', currency: 'PEN', total: '0.00', cashierName: 'Luis', superseded: false, ...over,
});
const cash = (documentId: number, tendered: string, applied: string): ReportPayment => ({ documentId, method: 'efectivo', label: 'Efectivo', kind: 'cash', tendered, applied });

describe('the change of a dollar sale, in soles', () => {
  it('is the dollars of change at the rate, half up to the cent', () => {
    expect(dollarChangeInSoles('3.36', '3.751')).toBe('12.60'); // 12.60336
    expect(dollarChangeInSoles('0.40', '3.750')).toBe('1.50');
    expect(dollarChangeInSoles('0.01', '3.751')).toBe('0.04'); // 0.03751
  });
});

describe('the drawer of a session with dollar sales', () => {
  const documents = [
    doc({ id: 1, currency: 'PEN', total: '11.50' }),
    doc({ id: 2, currency: 'USD', total: '6.64', exchangeRate: '3.751' }),
    doc({ id: 3, currency: 'USD', total: '20.00', exchangeRate: '3.751' }),
    // Re-issued under a new number: its replacement carries the sale.
    doc({ id: 4, currency: 'USD', total: '5.00', exchangeRate: '3.751', superseded: true }),
  ];
  const payments = [cash(1, '20.00', '11.50'), cash(2, '10.00', '6.64'), cash(3, '20.00', '20.00'), cash(4, '5.00', '5.00')];

  it('keeps every dollar taken and gives the change in soles', () => {
    const drawer = dollarDrawer(documents, payments);
    expect(drawer.dollars.toFixed(2)).toBe('30.00');
    expect(drawer.changeInSoles.toFixed(2)).toBe('12.60');
  });

  it('the X counts soles and dollars apart: float + soles cash − the soles change, and the dollars taken', () => {
    const x = buildCashReport({ kind: 'X', generatedAt: '2026-11-28T15:00:00.000Z', session, documents, payments, movements: [] });
    expect(x.cash).toMatchObject({ cashSales: '11.50', changeInSoles: '12.60', expected: '98.90', dollars: { cashSales: '30.00', expected: '30.00' } });
  });

  it('the Z takes the dollars counted apart from the soles, each with its difference', () => {
    const z = buildCashReport({ kind: 'Z', generatedAt: '2026-11-28T21:00:00.000Z', session, documents, payments, movements: [], counted: { cash: '99.00', denominations: null, dollars: '31' } });
    expect(z.cash).toMatchObject({ counted: '99.00', difference: '0.10', dollars: { expected: '30.00', counted: '31.00', difference: '1.00' } });
  });

  it('a credit note on a dollar sale hands dollars back: the drawer expects that many fewer', () => {
    const note = doc({ id: 5, docType: '07', currency: 'USD', total: '6.64', exchangeRate: null });
    const refund: ReportPayment = { documentId: 5, method: 'efectivo', label: 'Efectivo', kind: 'cash', tendered: '6.64', applied: '6.64' };
    const x = buildCashReport({ kind: 'X', generatedAt: '2026-11-28T15:00:00.000Z', session, documents: [...documents, note], payments: [...payments, refund], movements: [] });
    expect(x.cash.dollars).toMatchObject({ cashSales: '30.00', cashRefunds: '6.64', expected: '23.36' });
    expect(x.cash).toMatchObject({ changeInSoles: '12.60', expected: '98.90' });
  });

  it('a session without dollar sales shows none', () => {
    const x = buildCashReport({ kind: 'X', generatedAt: '2026-11-28T15:00:00.000Z', session, documents: [documents[0]!], payments: [payments[0]!], movements: [] });
    expect(x.cash).toMatchObject({ changeInSoles: '0.00', expected: '111.50', dollars: { cashSales: '0.00', expected: '0.00' } });
  });
});
