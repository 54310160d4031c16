// The return at the till (F7): each line's price and what is left after earlier notes, the refund's total as the core
// will build it, and the refund proposed by the sale's own payment methods.
import { describe, expect, it } from 'vitest';
import { buildInvoice } from '../../../shared/billing';
import type { SettledPayment } from '../../../shared/payments';
import { proposeRefund, refundTotal, refundWays, returnLines } from '../../../renderer/src/screens/sale/return-plan';

const line = (code: string, quantity: string, unitPrice: string) => ({ code, description: `Producto ${code}`, unit: 'NIU' as const, quantity, unitPrice, affectation: '10' as const });
const sale = buildInvoice(
  { docType: '03', series: 'B001', number: 1, issuedAt: '2026-03-02T10:00:00-05:00', currency: 'PEN', lines: [line('A', '2', '5.90'), line('B', '3', '2.50'), line('C', '3', '1.005')] },
  { ruc: '20600995805' },
);
const paid = (method: string, kind: SettledPayment['kind'], applied: string): SettledPayment => ({ method, label: method === 'yape' ? 'Yape' : 'Efectivo', kind, tendered: applied, applied, reference: '' });

describe('return plan', () => {
  it('shows each line with its price, what is left after earlier notes and what the quantity typed gives back', () => {
    const rows = returnLines(sale, [{ line: 2, quantity: '1' }], { 2: '2' });
    expect(rows.map((r) => [r.line, r.unitPrice, r.sold, r.left, r.amount])).toEqual([
      [1, '5.90', '2', '2', null],
      [2, '2.50', '3', '2', '5.00'],
      [3, '1.01', '3', '3', null],
    ]);
    // Another till's sale: what is left is not known here.
    expect(returnLines(sale, null, {})[0]?.left).toBeNull();
  });

  it('totals the refund as the core builds the note, a rounded line taken whole at its total', () => {
    expect(refundTotal(sale, 'lines', { quantities: { 2: '2' }, amount: '' }, [])).toBe('5.00');
    expect(refundTotal(sale, 'lines', { quantities: { 1: '1', 3: '3' }, amount: '' }, [])).toBe('8.92');
    expect(refundTotal(sale, 'whole', { quantities: {}, amount: '' }, [])).toBe(sale.monto_Imp_Venta.toFixed(2));
    expect(refundTotal(sale, 'price', { quantities: {}, amount: '3.5' }, [])).toBe('3.50');
    expect(refundTotal(sale, 'lines', { quantities: { 2: '' }, amount: '' }, [])).toBeNull();
  });

  it('proposes the money back by the sale own methods, each up to what it brought in', () => {
    const ways = refundWays([paid('yape', 'wallet', '10.00'), paid('efectivo', 'cash', '9.30')], false);
    expect(ways.map((w) => [w.method, w.came])).toEqual([['yape', '10.00'], ['efectivo', '9.30']]);
    expect(proposeRefund('12.00', ways)).toEqual({ yape: '10.00', efectivo: '2.00' });
    // A credit sale nobody paid gives nothing back; a sale whose payments are unknown (another till's), cash.
    expect(refundWays([], true)).toEqual([]);
    expect(refundWays(null, false).map((w) => w.method)).toEqual(['efectivo']);
    expect(proposeRefund('7.50', refundWays(null, false))).toEqual({ efectivo: '7.50' });
  });
});
