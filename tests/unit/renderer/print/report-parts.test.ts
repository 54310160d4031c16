// The printed (and on-screen) X, Z and sales report keep rejected and invalid documents apart from the
// declared sales, and never say "todos ... fueron enviados" while one of them waits for its re-issue.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { buildCashReport, buildSalesReport, type CashSession, type RangeDocument, type ReportPayment } from '../../../../shared/cash';
import { CashReportTicket } from '../../../../renderer/print/CashReportTicket';
import { SalesReportTicket } from '../../../../renderer/print/SalesReportTicket';

const issuer = { ruc: '20600995805', name: 'BODEGA EJEMPLO S.A.C.', tradeName: '' };
const session: CashSession = {
  id: 3, terminal: 'B001', openedAt: '2026-11-24T13:00:00.000Z', openedBy: 'Luis', openingFloat: '100.00',
  closedAt: null, closedBy: null, countedCash: null, expectedCash: null, difference: null,
};
const doc = (id: number, status: RangeDocument['status'], total: string): RangeDocument => ({
  id, docType: '03', status, currency: 'PEN', total, cashierName: 'Luis', superseded: false, sessionId: 3, terminal: 'B001',
});
const cash = (documentId: number, applied: string): ReportPayment => ({ documentId, method: 'efectivo', label: 'Efectivo', kind: 'cash', applied });
const textOf = (element: React.ReactElement) => renderToStaticMarkup(element).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('reports with rejected and invalid documents', () => {
  const documents = [doc(1, 'accepted', '10.00'), doc(2, 'rejected', '20.00'), doc(3, 'invalid', '5.50')];
  const payments = [cash(1, '10.00'), cash(2, '20.00'), cash(3, '5.50')];

  it('the X says how many and how much were not declared, that they need a re-issue, and that their cash is in the drawer', () => {
    const report = buildCashReport({ kind: 'X', generatedAt: '2026-11-24T20:00:00.000Z', session, documents, payments, movements: [] });
    const text = textOf(createElement(CashReportTicket, { report, issuer }));
    expect(text).toContain('No declarados a SUNAT (rechazados / inválidos): 2, S/ 25.50');
    expect(text).toContain('Rechazados por SUNAT (1) S/ 20.00');
    expect(text).toContain('No aceptados por la API (inválidos) (1) S/ 5.50');
    expect(text).toContain('cada una necesita un comprobante reemitido');
    expect(text).toContain('Su efectivo (S/ 25.50) sí está en caja');
    // The declared sales are the accepted one only; the drawer still expects every sol received.
    expect(text).toMatch(/Total \(1\) S\/ 10\.00/);
    expect(text).toMatch(/\+ Ventas en efectivo S\/ 35\.50/);
    expect(text).not.toContain('Todos los comprobantes del turno fueron enviados a SUNAT.');
    expect(text).toContain('2 comprobante(s) del turno no declarados a SUNAT (rechazados / inválidos): reemítalos.');
  });

  it('the sales report too; with everything accepted it says so as before', () => {
    const range = { from: '2026-11-24', to: '2026-11-24', scope: 'till' as const };
    const report = buildSalesReport({ range, generatedAt: '2026-11-24T20:00:00.000Z', documents, payments });
    const text = textOf(createElement(SalesReportTicket, { report, issuer }));
    expect(text).toContain('No declarados a SUNAT (rechazados / inválidos): 2, S/ 25.50');
    expect(text).not.toContain('Todos los comprobantes del periodo fueron enviados a SUNAT.');
    expect(text).toContain('Caja n.º 3 (B001) (1) S/ 10.00');

    const clean = buildSalesReport({ range, generatedAt: '2026-11-24T20:00:00.000Z', documents: [documents[0]!], payments: [payments[0]!] });
    const cleanText = textOf(createElement(SalesReportTicket, { report: clean, issuer }));
    expect(cleanText).toContain('Todos los comprobantes del periodo fueron enviados a SUNAT.');
    expect(cleanText).not.toContain('No declarados');
  });
});
