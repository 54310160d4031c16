// Issue 13: how a sale was paid is stored with its document in the issuing transaction, refused when short, and never
// reaches SUNAT (forma_pago stays CONTADO/CREDITO).
import { describe, expect, it } from 'vitest';
import type { DocumentDetail, DocumentSummary, SettingsView } from '../../../shared/bridge';
import { anonymousBoleta, useRigs } from './harness';

const rig = useRigs();

describe('payments of a sale (issue 13)', () => {
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
