// The owner's view (Resumen) is read from sums kept by triggers (migration 0034). A note, a void SUNAT accepted and a
// late rejection each change those sums exactly, to the cent, in the transaction that records them; the sums always
// equal a recount of the documents, and the view's totals equal the sales report of the same days.
import { describe, expect, it } from 'vitest';
import type { BusinessSummary, DocumentSummary } from '../../../shared/bridge';
import type { SalesReport } from '../../../shared/cash';
import { anonymousBoleta, line, statusOf, tamper, type Rig, useRigs } from './harness';

const rig = useRigs();
const RUC_BUYER = { docType: '6', docNumber: '20100066603', name: 'EMPRESA CLIENTE S.A.C.', address: 'Av. Lima 123' };

const summaryOf = (r: Rig, day: string) => r.call<BusinessSummary>('getBusinessSummary', { from: day, to: day, scope: 'till' });
const pen = (s: BusinessSummary) => s.current.totals.find((t) => t.currency === 'PEN')!;

/** The kept sums, and the same sums counted again from the documents (the views the triggers read). */
function keptAndRecounted(r: Rig) {
  const all = (sql: string) => r.core.db.sqlite.prepare(sql).all();
  return {
    kept: {
      sales: all('SELECT day, hour, currency, kind, documents, cents FROM summary_sales WHERE documents <> 0 ORDER BY 1, 2, 3, 4'),
      cashiers: all('SELECT day, currency, cashier, documents, cents FROM summary_cashiers WHERE documents <> 0 ORDER BY 1, 2, 3'),
      methods: all('SELECT day, currency, method, payments, cents FROM summary_methods WHERE payments <> 0 ORDER BY 1, 2, 3'),
      products: all('SELECT day, currency, code, lines, cents FROM summary_products WHERE lines <> 0 ORDER BY 1, 2, 3'),
    },
    recounted: {
      sales: all(`SELECT day, hour, currency, kind, count(*) AS documents, sum(cents) AS cents FROM summary_document_kinds
        WHERE kind IS NOT NULL GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`),
      cashiers: all(`SELECT day, currency, cashier, count(*) AS documents, sum(cents) AS cents FROM summary_document_kinds
        WHERE kind = 'sale' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`),
      methods: all('SELECT day, currency, method, count(*) AS payments, sum(cents) AS cents FROM summary_document_methods GROUP BY 1, 2, 3 ORDER BY 1, 2, 3'),
      products: all('SELECT day, currency, code, count(*) AS lines, sum(cents) AS cents FROM summary_document_lines GROUP BY 1, 2, 3 ORDER BY 1, 2, 3'),
    },
  };
}

/** The view's totals and breakdowns against the sales report of the same day (computed from the documents in TS). */
async function expectAgreesWithReport(r: Rig, day: string) {
  const summary = await summaryOf(r, day);
  const report = await r.call<SalesReport>('getSalesReport', { from: day, to: day });
  const t = pen(summary);
  const of = <T extends { currency: string; total: string }>(rows: T[]) => rows.find((x) => x.currency === 'PEN')?.total ?? '0.00';
  expect({ sales: t.sales, returns: t.returns, debits: t.debitNotes, voided: t.voided, net: t.net }).toEqual({
    sales: of(report.sales), returns: of(report.returns), debits: of(report.debitNotes), voided: of(report.voided), net: of(report.net),
  });
  expect(t.documents).toBe(report.sales.find((s) => s.currency === 'PEN')?.count ?? 0);
  const methods = (rows: { method: string; currency: string; total: string }[]) => Object.fromEntries(rows.filter((m) => m.currency === 'PEN').map((m) => [m.method, m.total]));
  expect(methods(summary.current.byMethod)).toEqual(methods(report.byMethod));
  expect(Object.fromEntries(summary.current.byCashier.map((c) => [c.name, c.total]))).toEqual(Object.fromEntries(report.byCashier.map((c) => [c.name, c.total])));
  const { kept, recounted } = keptAndRecounted(r);
  expect(kept).toEqual(recounted);
  return summary;
}

describe('the owner\'s summary', () => {
  it('a note, a void and a late rejection change it exactly, and it always equals a recount and the sales report', async () => {
    const r = await rig();
    // 11.80 in cash; 11.80 + 9.45 = 21.25 by Yape and cash; 11.80 in cash, to be voided.
    const cash = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    const split = await r.call<DocumentSummary>('issueSale', anonymousBoleta({
      lines: [line(), line({ code: 'P002', description: 'Aceite 1 L', quantity: '1', unitPrice: '9.45' })],
      tenders: [{ method: 'yape', amount: '10', reference: '00123' }, { method: 'efectivo', amount: '20' }],
    }));
    const toVoid = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    await r.core.outbox.drain();
    const day = cash.issueDate;
    const start = pen(await expectAgreesWithReport(r, day));
    expect(start).toMatchObject({ sales: '44.85', documents: 3, averageTicket: '14.95', returns: '0.00', voided: '0.00', net: '44.85' });

    // A credit note of one unit (5.90): a return, sales untouched.
    await r.call('issueNote', { clientKey: crypto.randomUUID(), of: cash.id, type: '07', reason: '07', description: 'Devolución de uno', lines: [{ line: 1, quantity: '1' }] });
    await r.core.outbox.drain();
    expect(pen(await expectAgreesWithReport(r, day))).toMatchObject({ sales: '44.85', documents: 3, returns: '5.90', returnCount: 1, net: '38.95' });

    // A debit note of 1.00 adds to the net.
    await r.call('issueNote', { clientKey: crypto.randomUUID(), of: split.id, type: '08', reason: '01', description: 'Intereses', amount: '1.00' });
    await r.core.outbox.drain();
    expect(pen(await expectAgreesWithReport(r, day))).toMatchObject({ debitNotes: '1.00', debitCount: 1, net: '39.95' });

    // A void SUNAT accepts: the sale leaves sales (11.80) and its cash leaves the methods (11.80 + 11.25 left).
    await r.call('voidDocument', { clientKey: crypto.randomUUID(), of: toVoid.id, reason: 'Venta duplicada' });
    await r.core.voids.drain();
    const voided = await expectAgreesWithReport(r, day);
    expect(pen(voided)).toMatchObject({ sales: '33.05', documents: 2, voided: '11.80', voidedCount: 1, net: '28.15' });
    expect(voided.current.byMethod.find((m) => m.method === 'efectivo')).toMatchObject({ total: '23.05' });

    // A factura counts as a sale while it waits, and stops counting when SUNAT rejects it later.
    const factura = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ docType: '01', customer: RUC_BUYER }));
    tamper(r, factura.id, (p) => (p.cliente_Tipo_Doc = '1'));
    expect(pen(await expectAgreesWithReport(r, day))).toMatchObject({ sales: '44.85', documents: 3 });
    await r.core.outbox.drain();
    expect(statusOf(r, factura.id)).toBe('rejected');
    const after = await expectAgreesWithReport(r, day);
    expect(pen(after)).toMatchObject({ sales: '33.05', documents: 2, notDeclaredCount: 1, net: '28.15' });

    // The products: Arroz in three sales (the voided one and the rejected factura no longer count), Aceite in one.
    expect(after.current.topProducts.map((p) => [p.code, p.documents, p.total])).toEqual([['P001', 2, '23.60'], ['P002', 1, '9.45']]);
    expect(after.current.byHour.reduce((n, h) => n + h.documents, 0)).toBe(2);
    // The period before (the day before) had nothing.
    expect(after.previous.totals).toEqual([]);

    // A restore carries documents in first and links a replacement after: the replaced one stops counting then.
    r.core.db.sqlite.prepare('UPDATE documents SET reissue_of = ? WHERE id = ?').run(cash.id, split.id);
    expect(pen(await summaryOf(r, day))).toMatchObject({ sales: '21.25', documents: 1 });
    const { kept, recounted } = keptAndRecounted(r);
    expect(kept).toEqual(recounted);
  });

  it('a document the API refused leaves the sales, and counts again once corrected and accepted (a late acceptance)', async () => {
    const r = await rig();
    const buyer = { docType: '1', docNumber: '45678912', name: 'Juan Pérez Quispe', address: '' };
    await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    const refused = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ customer: buyer }));
    tamper(r, refused.id, (p) => (p.cliente_Razon_Social = ''));
    await r.core.outbox.drain();
    expect(statusOf(r, refused.id)).toBe('invalid');
    const day = refused.issueDate;
    expect(pen(await expectAgreesWithReport(r, day))).toMatchObject({ sales: '11.80', documents: 1, notDeclaredCount: 1 });
    await r.call('correctDocument', { clientKey: crypto.randomUUID(), id: refused.id, customer: buyer });
    await r.core.outbox.drain();
    expect(statusOf(r, refused.id)).toBe('accepted');
    expect(pen(await expectAgreesWithReport(r, day))).toMatchObject({ sales: '23.60', documents: 2, notDeclaredCount: 0 });
  });

  it('adds the sales up by the products\' current category; a product without one (or a free line) is under no category', async () => {
    const r = await rig();
    await r.call('saveProduct', { code: 'P001', description: 'Arroz extra 1 kg', unit: 'NIU', price: '5.90', affectation: '10', category: 'Abarrotes' });
    await r.call('saveProduct', { code: 'P003', description: 'Inca Kola 500 ml', unit: 'NIU', price: '2.50', affectation: '10', category: 'Bebidas' });
    const sale = await r.call<DocumentSummary>('issueSale', anonymousBoleta({
      lines: [line(), line({ code: 'P003', description: 'Inca Kola 500 ml', quantity: '1', unitPrice: '2.50' }),
        line({ code: 'P002', description: 'Aceite 1 L', quantity: '1', unitPrice: '9.45' })],
    }));
    await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    const day = sale.issueDate;
    const byCategory = async () => (await summaryOf(r, day)).current.byCategory.map((c) => [c.category, c.documents, c.total]);
    expect(await byCategory()).toEqual([['Abarrotes', 2, '23.60'], ['', 1, '9.45'], ['Bebidas', 1, '2.50']]);
    // Moved to another category, the rice's sales move with it.
    await r.call('saveProduct', { code: 'P001', originalCode: 'P001', description: 'Arroz extra 1 kg', unit: 'NIU', price: '5.90', affectation: '10', category: 'Granos' });
    expect(await byCategory()).toEqual([['Granos', 2, '23.60'], ['', 1, '9.45'], ['Bebidas', 1, '2.50']]);
  });

  it('asked for every till without a shop server, it answers this till\'s figures and says so', async () => {
    const r = await rig();
    const sale = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    const summary = await r.call<BusinessSummary>('getBusinessSummary', { from: sale.issueDate, to: sale.issueDate, scope: 'shop' });
    expect(summary).toMatchObject({ scope: 'shop', source: 'till', notice: expect.stringMatching(/servidor de la tienda/) });
    expect(pen(summary)).toMatchObject({ sales: '11.80', documents: 1 });
  });
});
