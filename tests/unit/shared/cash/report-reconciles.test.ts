// A shift that mixes sales, returns by every method, a rejected note, a voided sale, a rejected sale and a debit note:
// every section of the X, the Z and the sales report adds up to its own total, and the drawer to its parts.
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { buildCashReport, buildSalesReport, type CashSession, type RangeDocument, type ReportPayment } from '../../../../shared/cash';
import { netRows, returnsRows, sunatSummaryLine, voidedRows } from '../../../../shared/printing/report-text';

const session: CashSession = {
  id: 7, terminal: 'B001', openedAt: '2026-11-24T13:00:00.000Z', openedBy: 'Luis', openingFloat: '100.00',
  closedAt: null, closedBy: null, countedCash: null, expectedCash: null, difference: null,
};
const sum = (xs: readonly string[]) => xs.reduce((a, x) => a.plus(x), new Decimal(0)).toFixed(2);
const cash = { method: 'efectivo', label: 'Efectivo', kind: 'cash' } as const;
const card = { method: 'debito', label: 'Tarjeta de débito', kind: 'card' } as const;
const yape = { method: 'yape', label: 'Yape', kind: 'wallet' } as const;

function doc(id: number, docType: RangeDocument['docType'], total: string, status: RangeDocument['status'] = 'accepted', extra: Partial<RangeDocument> = {}): RangeDocument {
  return { id, docType, status, currency: 'PEN', total, igv: new Decimal(total).div(1.18).times(0.18).toFixed(2), cashierName: 'Luis', superseded: false, sessionId: 7, terminal: 'B001', ...extra };
}

// Sales 1–6, notes 7–11.
const documents: RangeDocument[] = [
  doc(1, '03', '50.00'),
  doc(2, '03', '30.00'),
  doc(3, '01', '118.00'),
  doc(4, '03', '20.00', 'accepted', { voided: true }),
  doc(5, '03', '12.00', 'rejected'),
  doc(6, '03', '40.00', 'pending'),
  doc(7, '07', '10.00'), // refunded in cash
  doc(8, '07', '30.00'), // refunded to the card
  doc(9, '07', '5.00', 'pending'), // credited, no money back
  doc(10, '07', '8.00', 'rejected'), // cash went out, SUNAT rejected the note
  doc(11, '08', '3.00'),
];
const payments: ReportPayment[] = [
  { documentId: 1, ...cash, applied: '50.00' },
  { documentId: 2, ...yape, applied: '30.00' },
  { documentId: 3, ...card, applied: '118.00' },
  { documentId: 4, ...cash, applied: '20.00' },
  { documentId: 5, ...cash, applied: '12.00' },
  { documentId: 6, ...cash, applied: '40.00' },
  { documentId: 7, ...cash, applied: '10.00' },
  { documentId: 8, ...card, applied: '30.00' },
  { documentId: 10, ...cash, applied: '8.00' },
];

describe('the reports add up: sales, returns, voids, rejected and not declared', () => {
  const x = buildCashReport({ kind: 'X', generatedAt: 'now', session, documents, payments, movements: [] });
  const report = buildSalesReport({ range: { from: '2026-11-24', to: '2026-11-24', scope: 'till' }, generatedAt: 'now', documents, payments });

  it('sales are the declared or pending boletas and facturas; each of their lists adds up to them', () => {
    for (const r of [x, report]) {
      const sales = r.sales[0]!.total;
      expect(sales).toBe('238.00'); // 50 + 30 + 118 + 40: not the voided 20, not the rejected 12
      expect(sum(r.byMethod.map((m) => m.total))).toBe(sales);
      expect(sum(r.byDocType.map((m) => m.total))).toBe(sales);
      expect(sum(r.byCashier.map((m) => m.total))).toBe(sales);
      expect(r.byStatus.find((s) => s.status === 'accepted')?.total).toBe('198.00'); // the voided sale is not "Aceptado"
    }
    expect(sum(report.bySession.map((s) => s.total))).toBe('238.00');
  });

  it('returns are listed apart, by how the money went back, with their IGV; a rejected note is not a return', () => {
    expect(x.returns).toEqual([{ currency: 'PEN', count: 3, total: '45.00', cash: '10.00', igv: expect.any(String) }]);
    expect(sum(x.returnsByMethod.map((m) => m.total))).toBe('45.00');
    expect(x.returnsByMethod.map((m) => [m.label, m.total])).toEqual([
      ['Efectivo', '10.00'],
      ['Tarjeta de débito', '30.00'],
      ['Sin devolución de dinero', '5.00'],
    ]);
    expect(x.notDeclared.map((n) => n.label)).toEqual(['Rechazados por SUNAT', 'Notas de crédito: Rechazados por SUNAT']);
    expect(x.net).toEqual([{ currency: 'PEN', total: '196.00' }]); // 238 − 45 + 3
    const rows = returnsRows(x);
    expect(rows.filter((r) => !r.strong && r.label !== 'IGV devuelto').map((r) => r.amount)).toEqual(['-10.00', '-30.00', '-5.00']);
    expect(netRows(x).map((r) => [r.label, r.amount])).toEqual([
      ['Ventas', '238.00'],
      ['- Devoluciones', '-45.00'],
      ['+ Notas de débito', '3.00'],
      ['Neto', '196.00'],
    ]);
  });

  it('a voided sale is apart and never advised to be re-issued', () => {
    expect(x.voided).toEqual([{ currency: 'PEN', count: 1, total: '20.00', cash: '20.00' }]);
    expect(voidedRows(x)).toHaveLength(1);
    expect(x.notDeclared.reduce((n, r) => n + r.count, 0)).toBe(2);
    const line = sunatSummaryLine(x, 'turno');
    expect(line).toContain('2 comprobante(s) del turno no declarados');
    expect(line).toContain('1 venta(s) anulada(s) con aceptación de SUNAT: no se reemiten.');
  });

  it('the drawer: float + every cash sale − every cash refund (the rejected note\'s too)', () => {
    // 50 + 20 (voided, still in the drawer) + 12 (rejected, still in the drawer) + 40 = 122 in; 10 + 8 out.
    expect(x.cash).toMatchObject({ openingFloat: '100.00', cashSales: '122.00', cashRefunds: '18.00', expected: '204.00' });
  });
});
