import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { CashReportSchema, buildCashReport, totalOfCount, type CashSession, type ReportDocument, type ReportPayment } from '../../../../shared/cash';

const session: CashSession = {
  id: 1, terminal: 'B001', openedAt: '2026-11-24T13:00:00.000Z', openedBy: 'Luis', openingFloat: '100.00',
  closedAt: null, closedBy: null, countedCash: null, expectedCash: null, difference: null,
};
const cents = (n: number) => new Decimal(n).div(100).toFixed(2);
const sum = (xs: string[]) => xs.reduce((a, x) => a.plus(x), new Decimal(0)).toFixed(2);

/** Random sales: each document's total is split over up to 3 tenders (cash, card, Yape), or is a credit sale. */
const sales = fc.array(
  fc.record({
    totalCents: fc.integer({ min: 1, max: 500_000 }),
    split: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 0, maxLength: 3 }),
    status: fc.constantFrom('pending', 'accepted', 'observed', 'rejected', 'invalid', 'conflict' as const),
    superseded: fc.boolean(),
  }),
  { maxLength: 40 },
);
const METHODS = [
  { method: 'efectivo', label: 'Efectivo', kind: 'cash' },
  { method: 'debito', label: 'Tarjeta de débito', kind: 'card' },
  { method: 'yape', label: 'Yape', kind: 'wallet' },
] as const;

function build(input: { totalCents: number; split: number[]; status: ReportDocument['status']; superseded: boolean }[]) {
  const documents: ReportDocument[] = [];
  const payments: ReportPayment[] = [];
  input.forEach((s, i) => {
    documents.push({ id: i + 1, docType: i % 3 === 0 ? '01' : '03', status: s.status, currency: 'PEN', total: cents(s.totalCents), cashierName: i % 2 ? 'Luis' : 'Ana', superseded: s.superseded });
    // Split the total in cents over the tenders: the first ones take a share, the last the rest.
    let left = s.totalCents;
    s.split.forEach((m, k) => {
      const part = k === s.split.length - 1 ? left : Math.floor(left / 2);
      left -= part;
      payments.push({ documentId: i + 1, ...METHODS[m]!, applied: cents(part) });
    });
  });
  return { documents, payments };
}

describe('buildCashReport', () => {
  it('every view of the sales adds up to the documents to the cent, and the drawer to float + cash + ins − outs', () => {
    fc.assert(
      fc.property(sales, fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 100_000 }), (input, inCents, outCents) => {
        const { documents, payments } = build(input);
        const movements = [
          { id: 1, kind: 'in' as const, amount: cents(inCents), reason: 'Sencillo', at: 'x', userName: 'Luis', approvedBy: null },
          { id: 2, kind: 'out' as const, amount: cents(outCents), reason: 'Proveedor', at: 'x', userName: 'Luis', approvedBy: 'Ana' },
        ];
        const report = buildCashReport({ kind: 'X', generatedAt: 'now', session, documents, payments, movements });
        const live = documents.filter((d) => !d.superseded);
        // A rejected or invalid document (not re-issued) is no declared sale: it is kept apart.
        const notDeclared = live.filter((d) => d.status === 'rejected' || d.status === 'invalid');
        const declared = live.filter((d) => !notDeclared.includes(d));
        const total = sum(declared.map((d) => d.total));
        expect(report.sales.length === 0 ? '0.00' : report.sales[0]!.total).toBe(total);
        expect(sum(report.byMethod.map((r) => r.total))).toBe(total);
        expect(sum(report.byDocType.map((r) => r.total))).toBe(total);
        expect(sum(report.byCashier.map((r) => r.total))).toBe(total);
        expect(sum(report.notDeclared.map((r) => r.total))).toBe(sum(notDeclared.map((d) => d.total)));
        expect(report.notDeclared.reduce((n, r) => n + r.count, 0)).toBe(notDeclared.length);
        // Every live document still shows under its SUNAT status.
        expect(sum(report.byStatus.map((r) => r.total))).toBe(sum(live.map((d) => d.total)));
        expect(report.byStatus.reduce((n, r) => n + r.count, 0)).toBe(live.length);
        const liveIds = new Set(live.map((d) => d.id));
        // The drawer holds the cash of every live sale, declared or not.
        const cash = sum(payments.filter((p) => p.kind === 'cash' && liveIds.has(p.documentId)).map((p) => p.applied));
        expect(report.cash.cashSales).toBe(cash);
        const notDeclaredIds = new Set(notDeclared.map((d) => d.id));
        expect(sum(report.notDeclared.map((r) => r.cash))).toBe(sum(payments.filter((p) => p.kind === 'cash' && notDeclaredIds.has(p.documentId)).map((p) => p.applied)));
        expect(report.cash.expected).toBe(new Decimal('100').plus(cash).plus(cents(inCents)).minus(cents(outCents)).toFixed(2));
        expect(report.awaitingSunat).toBe(live.filter((d) => d.status === 'pending' || d.status === 'conflict').length);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps rejected and invalid sales apart from the declared ones, while their cash stays in the drawer', () => {
    const documents: ReportDocument[] = [
      { id: 1, docType: '03', status: 'accepted', currency: 'PEN', total: '10.00', cashierName: 'Luis', superseded: false },
      { id: 2, docType: '01', status: 'rejected', currency: 'PEN', total: '118.00', cashierName: 'Luis', superseded: false },
      { id: 3, docType: '03', status: 'invalid', currency: 'PEN', total: '25.50', cashierName: 'Ana', superseded: false, discount: '0.50' },
      // Re-issued: its replacement (id 4) carries the sale.
      { id: 4, docType: '03', status: 'pending', currency: 'PEN', total: '7.00', cashierName: 'Ana', superseded: false },
      { id: 5, docType: '03', status: 'invalid', currency: 'PEN', total: '7.00', cashierName: 'Ana', superseded: true },
    ];
    const cashOf = (documentId: number, applied: string): ReportPayment => ({ documentId, method: 'efectivo', label: 'Efectivo', kind: 'cash', applied });
    const payments = [cashOf(1, '10.00'), { documentId: 2, method: 'yape', label: 'Yape', kind: 'wallet' as const, applied: '118.00' }, cashOf(3, '25.50'), cashOf(4, '7.00'), cashOf(5, '7.00')];
    const report = buildCashReport({ kind: 'X', generatedAt: 'now', session, documents, payments, movements: [] });
    expect(report.sales).toEqual([{ currency: 'PEN', count: 2, total: '17.00' }]);
    expect(report.byMethod).toEqual([{ method: 'efectivo', label: 'Efectivo', kind: 'cash', currency: 'PEN', count: 2, total: '17.00' }]);
    expect(report.byDocType).toEqual([{ docType: '03', label: 'Boletas', currency: 'PEN', count: 2, total: '17.00' }]);
    expect(report.byCashier.map((r) => [r.name, r.total])).toEqual([['Luis', '10.00'], ['Ana', '7.00']]);
    expect(report.discounts).toEqual([]);
    expect(report.notDeclared).toEqual([
      { status: 'rejected', label: 'Rechazados por SUNAT', currency: 'PEN', count: 1, total: '118.00', cash: '0.00' },
      { status: 'invalid', label: 'No aceptados por la API (inválidos)', currency: 'PEN', count: 1, total: '25.50', cash: '25.50' },
    ]);
    // The drawer: float 100 + every cash payment of a live document (10 + 25.50 + 7), declared or not.
    expect(report.cash).toMatchObject({ cashSales: '42.50', expected: '142.50' });
    expect(report.byStatus.map((r) => [r.status, r.count])).toEqual([['accepted', 1], ['rejected', 1], ['invalid', 1], ['pending', 1]]);
  });

  it('a Z kept before notDeclared existed reads with no undeclared documents', () => {
    const z = buildCashReport({ kind: 'Z', generatedAt: 'now', session, documents: [], payments: [], movements: [] });
    const { notDeclared: _, ...old } = z;
    expect(CashReportSchema.parse(JSON.parse(JSON.stringify(old))).notDeclared).toEqual([]);
  });

  it('the Z records the count and names a shortfall as a negative difference', () => {
    const report = buildCashReport({ kind: 'Z', generatedAt: 'now', session, documents: [], payments: [], movements: [], counted: { cash: '99.90', denominations: null } });
    expect(report.cash).toMatchObject({ expected: '100.00', counted: '99.90', difference: '-0.10' });
  });

  it('a count by denomination adds up exactly (no float: 3 × S/ 0.10 is 0.30)', () => {
    expect(totalOfCount({ '0.10': 3 })).toBe('0.30');
    expect(totalOfCount({ '200': 2, '50': 1, '0.20': 7, '0.50': 1 })).toBe('451.90');
    expect(totalOfCount({})).toBe('0.00');
  });
});
