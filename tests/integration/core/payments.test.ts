// How a sale was paid is stored with its document in the issuing transaction, refused when short, and never
// reaches SUNAT (forma_pago stays CONTADO/CREDITO).
import { describe, expect, it } from 'vitest';
import type { DocumentDetail, DocumentSummary, SettingsView } from '../../../shared/bridge';
import type { SalesReport } from '../../../shared/cash';
import { anonymousBoleta, useRigs } from './harness';

const rig = useRigs();

describe('payments of a sale', () => {
  it('a split payment (Yape with its operation number + cash with change) is stored and read back', async () => {
    const r = await rig();
    // 2 × 5.90 = 11.80
    const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta({
      tenders: [{ method: 'yape', amount: '5', reference: '00123' }, { method: 'efectivo', amount: '10' }],
    }));
    const detail = await r.call<DocumentDetail>('getDocument', { id: doc.id });
    expect(detail.payments).toEqual([
      { method: 'yape', label: 'Yape', kind: 'wallet', tendered: '5.00', applied: '5.00', reference: '00123' },
      { method: 'efectivo', label: 'Efectivo', kind: 'cash', tendered: '10.00', applied: '6.80', reference: '' },
    ]);
    const payload = JSON.parse(detail.payload) as { forma_pago: { tipo: string; monto: number }[] };
    expect(payload.forma_pago).toEqual([expect.objectContaining({ tipo: 'CONTADO', monto: 11.8 })]);
  });

  it('no tenders: exact cash; short cash is refused with the shortfall and spends no number', async () => {
    const r = await rig();
    const first = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    expect((await r.call<DocumentDetail>('getDocument', { id: first.id })).payments).toMatchObject([{ method: 'efectivo', tendered: '11.80', applied: '11.80' }]);
    const short = await r.raw('issueSale', anonymousBoleta({ tenders: [{ method: 'efectivo', amount: '10.30' }] }));
    expect(short).toMatchObject({ ok: false, error: { message: 'Pago incompleto: Falta S/ 1.50.', fields: [{ path: 'tenders', message: 'Falta S/ 1.50' }] } });
    const next = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ tenders: [{ method: 'debito', amount: '11.80', reference: '4411' }] }));
    expect(next.number).toBe(first.number + 1);
  });

  it('a credit sale takes no payments; a method switched off in Ajustes is refused', async () => {
    const r = await rig();
    const credit = anonymousBoleta({
      docType: '01',
      customer: { docType: '6', docNumber: '20100066603', name: 'EMPRESA CLIENTE S.A.C.', address: 'Av. Arequipa 100' },
      payment: { method: 'CREDITO', installments: [{ amount: '11.80', dueDate: '2099-01-01' }] },
      tenders: [{ method: 'efectivo', amount: '11.80' }],
    });
    expect(await r.raw('issueSale', credit)).toMatchObject({ ok: false, error: { fields: [{ path: 'tenders' }] } });
    const view = await r.call<SettingsView>('getSettings');
    const off = view.paymentMethods.map((m) => (m.code === 'plin' ? { ...m, active: false } : m));
    await r.call('saveSettings', { paymentMethods: off });
    expect(await r.raw('issueSale', anonymousBoleta({ tenders: [{ method: 'plin', amount: '11.80' }] })))
      .toMatchObject({ ok: false, error: { fields: [{ path: 'tenders', message: 'Medio de pago no disponible: plin' }] } });
    // Without an active cash method the list is refused as a whole.
    const noCash = view.paymentMethods.map((m) => (m.kind === 'cash' ? { ...m, active: false } : m));
    expect(await r.raw('saveSettings', { paymentMethods: noCash })).toMatchObject({ ok: false });
  });
});

describe('operation numbers of payments by app or transfer', () => {
  it('a Yape, Plin or transfer payment without its operation number is refused and spends no number', async () => {
    const r = await rig();
    const first = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ tenders: [{ method: 'yape', amount: '11.80', reference: '7781234' }] }));
    for (const [method, label] of [['yape', 'Yape'], ['plin', 'Plin'], ['transferencia', 'Transferencia']] as const) {
      const refused = await r.raw('issueSale', anonymousBoleta({ tenders: [{ method: 'efectivo', amount: '1.80' }, { method, amount: '10' }] }));
      expect(refused).toMatchObject({
        ok: false,
        error: {
          code: 'validation',
          message: `Falta el número de operación del pago con ${label}: cópielo de la constancia que muestra el cliente.`,
          fields: [{ path: 'tenders.1.reference', message: 'Ingrese el número de operación' }],
        },
      });
    }
    // A card keeps it optional: its voucher is the record.
    const card = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ tenders: [{ method: 'debito', amount: '11.80' }] }));
    expect(card.number).toBe(first.number + 1);
  });

  it('Ajustes can make it optional', async () => {
    const r = await rig();
    const view = await r.call<SettingsView>('saveSettings', { sale: { allowPriceChange: false, requireOperationNumber: false } });
    expect(view.sale.requireOperationNumber).toBe(false);
    const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ tenders: [{ method: 'yape', amount: '11.80' }] }));
    expect((await r.call<DocumentDetail>('getDocument', { id: doc.id })).payments).toMatchObject([{ method: 'yape', reference: '' }]);
  });

  it('the sales report lists them for the statement (method, number, amount, document, time), also in its CSV', async () => {
    const r = await rig();
    const yape = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ tenders: [{ method: 'yape', amount: '11.80', reference: '7781234' }] }));
    await r.call('issueSale', anonymousBoleta({ tenders: [{ method: 'debito', amount: '11.80', reference: '4411' }] }));
    const split = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ tenders: [{ method: 'plin', amount: '5', reference: 'PL-0099' }, { method: 'efectivo', amount: '10' }] }));
    const detail = await r.call<DocumentDetail>('getDocument', { id: yape.id });
    const day = detail.issueDate;
    const report = await r.call<SalesReport>('getSalesReport', { from: day, to: day });
    const printed = (d: DocumentSummary) => `${d.series}-${String(d.number).padStart(8, '0')}`;
    expect(report.operations).toEqual([
      { method: 'yape', label: 'Yape', reference: '7781234', currency: 'PEN', amount: '11.80', document: printed(yape), docType: '03', issuedAt: detail.issuedAt, terminal: null },
      { method: 'plin', label: 'Plin', reference: 'PL-0099', currency: 'PEN', amount: '5.00', document: printed(split), docType: '03', issuedAt: expect.any(String), terminal: null },
    ]);
    const csv = Buffer.from((await r.call<{ base64: string }>('exportSalesReport', { from: day, to: day })).base64, 'base64').toString('utf8');
    const dayText = `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
    expect(csv).toContain('\r\n\r\nPagos por app o transferencia,n.º de operación,monto,moneda,comprobante,fecha,hora\r\n');
    expect(csv).toContain(`Yape,7781234,11.80,PEN,${printed(yape)},${dayText},${detail.issuedAt.slice(11, 16)}\r\n`);
    expect(csv).toContain(`Plin,PL-0099,5.00,PEN,${printed(split)},${dayText},`);
    expect(csv).not.toContain('4411');
  });
});
