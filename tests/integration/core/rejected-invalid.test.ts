// Rejected and invalid documents are loud (status bar, "Requiere atención", kept apart in the reports) and
// no dead end ("Reenviar", "Corregir y reenviar" under the same number, "Reemitir" under a new one by the rules of a
// new sale), against the sandbox over real HTTP.
import { describe, expect, it } from 'vitest';
import type { AppStatus, DocumentDetail, DocumentList, DocumentSummary, SettingsView } from '../../../shared/bridge';
import type { CashReport, SalesReport } from '../../../shared/cash';
import { anonymousBoleta, line, statusOf, tamper, type Rig, useRigs } from './harness';

const rig = useRigs();

const DNI_BUYER = { docType: '1', docNumber: '45678912', name: 'Juan Pérez Quispe', address: '' };
const RUC_BUYER = { docType: '6', docNumber: '20100066603', name: 'EMPRESA CLIENTE S.A.C.', address: 'Av. Lima 123' };

/**
 * A sale the API refuses with a 400: 'invalid', nothing declared. By default its stored payload lost the customer's
 * name (bad data); `refuse` may break it otherwise.
 */
async function refusedSale(r: Rig, over: Record<string, unknown> = {}, refuse: (p: Record<string, unknown>) => void = (p) => (p.cliente_Razon_Social = '')): Promise<DocumentSummary> {
  const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ customer: DNI_BUYER, ...over }));
  tamper(r, doc.id, refuse);
  await r.core.outbox.drain();
  expect(statusOf(r, doc.id)).toBe('invalid');
  return doc;
}

const payloadOf = (d: DocumentDetail) => JSON.parse(d.payload) as Record<string, unknown> & { forma_pago: { fecha_Pago: string }[] };

describe('an invalid document is loud and no dead end', () => {
  it('counts in the status bar and the filter, is resent as it is, then corrected and sent under the same number', async () => {
    const r = await rig();
    const ok = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    const doc = await refusedSale(r);
    expect(statusOf(r, ok.id)).toBe('accepted');
    expect(await r.call<AppStatus>('getStatus')).toMatchObject({ needsAttention: 1, invalid: 1, pending: 0 });
    const listed = await r.call<DocumentList>('listDocuments', { status: 'needs_attention' });
    expect(listed.rows.map((d) => d.id)).toEqual([doc.id]);

    // "Reenviar": the same payload under the same number; refused again, it is invalid again.
    expect(await r.call<DocumentSummary>('retryDocument', { id: doc.id })).toMatchObject({ status: 'pending', number: doc.number });
    await r.core.outbox.drain();
    expect(statusOf(r, doc.id)).toBe('invalid');
    // "Reintentar todos" takes it too, once.
    expect((await r.call<{ count: number }>('retryAll', {})).count).toBe(1);
    expect(statusOf(r, doc.id)).toBe('pending');
    await r.core.outbox.drain();
    expect(statusOf(r, doc.id)).toBe('invalid');

    // "Corregir y reenviar" is for invalid documents only, in Spanish.
    expect(await r.raw('correctDocument', { clientKey: crypto.randomUUID(), id: ok.id, customer: DNI_BUYER })).toMatchObject({
      ok: false, error: { code: 'not_correctable', message: expect.stringMatching(/^Solo se corrige y reenvía un comprobante que la API no aceptó/) },
    });
    // A bad DNI is refused on its field, and nothing changes.
    expect(await r.raw('correctDocument', { clientKey: crypto.randomUUID(), id: doc.id, customer: { ...DNI_BUYER, docNumber: '123' } })).toMatchObject({
      ok: false, error: { fields: [{ path: 'customer.docNumber', message: 'El DNI debe tener exactamente 8 dígitos' }] },
    });
    expect(statusOf(r, doc.id)).toBe('invalid');

    const before = await r.call<DocumentDetail>('getDocument', { id: doc.id });
    const fixed = await r.call<DocumentSummary>('correctDocument', { clientKey: crypto.randomUUID(), id: doc.id, customer: { ...DNI_BUYER, name: 'Juan Pérez Quispe' } });
    expect(fixed).toMatchObject({ status: 'pending', number: doc.number, series: doc.series, idBaseDato: doc.idBaseDato, customerName: 'Juan Pérez Quispe', customerDocNumber: '45678912' });
    const after = await r.call<DocumentDetail>('getDocument', { id: doc.id });
    expect(payloadOf(after)).toEqual({ ...payloadOf(before), cliente_Razon_Social: 'Juan Pérez Quispe' });
    expect(after.payments).toEqual(before.payments);
    expect(after.events.at(-1)).toMatchObject({ fromStatus: 'invalid', toStatus: 'pending', detail: expect.stringMatching(/^Corregido por Caja: cliente 45678912 Juan Pérez Quispe/) });
    await r.core.outbox.drain();
    expect(statusOf(r, doc.id)).toBe('accepted');
    expect(r.sandbox.declarations().map((d) => d.key)).toContain(`20987654326-03-B001-${doc.number}`);
    expect(await r.call<AppStatus>('getStatus')).toMatchObject({ needsAttention: 0, invalid: 0 });
    // Accepted now: no second correction.
    expect(await r.raw('correctDocument', { clientKey: crypto.randomUUID(), id: doc.id, customer: DNI_BUYER })).toMatchObject({ ok: false, error: { code: 'not_correctable' } });
  });

  it('a factura is corrected only to a customer with RUC (the sale rule), and its payload keeps the rest', async () => {
    const r = await rig();
    const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ docType: '01', customer: RUC_BUYER }));
    tamper(r, doc.id, (p) => (p.cliente_Razon_Social = ''));
    await r.core.outbox.drain();
    expect(statusOf(r, doc.id)).toBe('invalid');
    const stored = (await r.call<DocumentDetail>('getDocument', { id: doc.id })).payload;
    expect(await r.raw('correctDocument', { clientKey: crypto.randomUUID(), id: doc.id, customer: DNI_BUYER })).toMatchObject({
      ok: false,
      error: { code: 'validation', message: 'Revise los datos del cliente: Una factura requiere un cliente con RUC.', fields: [{ path: 'customer.docType', message: 'Una factura requiere un cliente con RUC' }] },
    });
    expect((await r.call<DocumentDetail>('getDocument', { id: doc.id })).payload).toBe(stored);
    await r.call('correctDocument', { clientKey: crypto.randomUUID(), id: doc.id, customer: RUC_BUYER });
    await r.core.outbox.drain();
    expect(statusOf(r, doc.id)).toBe('accepted');
  });

  it('re-issued, it is resolved: no longer counted, listed, resent or corrected', async () => {
    const r = await rig();
    // Refused for a field the till's own rules never write (as an account problem would be): a new number fixes it.
    const doc = await refusedSale(r, {}, (p) => (p.campo_extra = 'x'));
    const redo = await r.call<DocumentSummary>('reissueDocument', { clientKey: crypto.randomUUID(), id: doc.id });
    expect(redo).toMatchObject({ number: doc.number + 1, status: 'pending', customerName: DNI_BUYER.name });
    expect((await r.call<DocumentDetail>('getDocument', { id: doc.id })).reissuedAs).toEqual({ id: redo.id, series: 'B001', number: redo.number });
    expect(await r.call<AppStatus>('getStatus')).toMatchObject({ needsAttention: 0, invalid: 0 });
    expect((await r.call<DocumentList>('listDocuments', { status: 'needs_attention' })).rows).toEqual([]);
    expect(await r.raw('retryDocument', { id: doc.id })).toMatchObject({ ok: false, error: { code: 'not_retryable', message: `Este comprobante ya se reemitió como B001-0000000${redo.number}: no se reenvía.` } });
    expect(await r.raw('correctDocument', { clientKey: crypto.randomUUID(), id: doc.id, customer: DNI_BUYER })).toMatchObject({ ok: false, error: { code: 'not_correctable' } });
    expect((await r.call<{ count: number }>('retryAll', {})).count).toBe(0);
    expect(statusOf(r, doc.id)).toBe('invalid');
    await r.core.outbox.drain();
    expect(statusOf(r, redo.id)).toBe('accepted');
  });

  it('is kept apart in the X and the sales report, while its cash stays in the drawer', async () => {
    const r = await rig();
    await r.call('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '50' });
    const sold = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ tenders: [{ method: 'efectivo', amount: '20' }] }));
    await refusedSale(r, { tenders: [{ method: 'efectivo', amount: '11.80' }] });
    const x = await r.call<CashReport>('getCashReport', {});
    expect(x.sales).toEqual([{ currency: 'PEN', count: 1, total: '11.80' }]);
    expect(x.byMethod).toEqual([{ method: 'efectivo', label: 'Efectivo', kind: 'cash', currency: 'PEN', count: 1, total: '11.80' }]);
    expect(x.notDeclared).toEqual([{ status: 'invalid', label: 'No aceptados por la API (inválidos)', currency: 'PEN', count: 1, total: '11.80', cash: '11.80' }]);
    expect(x.cash).toMatchObject({ cashSales: '23.60', expected: '73.60' });
    const day = sold.issueDate;
    const report = await r.call<SalesReport>('getSalesReport', { from: day, to: day });
    expect(report.sales).toEqual([{ currency: 'PEN', count: 1, total: '11.80' }]);
    expect(report.bySession.map((s) => s.total)).toEqual(['11.80']);
    expect(report.notDeclared).toHaveLength(1);
    const csv = Buffer.from((await r.call<{ base64: string }>('exportSalesReport', { from: day, to: day })).base64, 'base64').toString('utf8');
    expect(csv).toContain('no declarados a SUNAT (rechazados / inválidos),No aceptados por la API (inválidos): necesitan un comprobante reemitido,PEN,1,11.80');
  });
});

describe('re-issue runs the rules of a new sale', () => {
  /** A credit factura issued on 2 March (Lima), instalments on 4 March and 2 April, that SUNAT rejects (2108: late). */
  async function rejectedCreditFactura(clock: { at: string }) {
    const r = await rig({ core: { now: () => new Date(clock.at) }, sandbox: { clock: () => new Date('2026-03-09T15:00:00Z') } });
    const doc = await r.call<DocumentSummary>('issueSale', {
      ...anonymousBoleta({ docType: '01', customer: RUC_BUYER, lines: [line({ quantity: '10', unitPrice: '11.80' })] }),
      payment: { method: 'CREDITO', installments: [{ amount: '50.00', dueDate: '2026-03-04' }, { amount: '68.00', dueDate: '2026-04-02' }] },
    });
    await r.core.outbox.drain();
    expect(statusOf(r, doc.id)).toBe('rejected');
    return { r, doc };
  }
  const nextFactura = async (r: Rig) => (await r.call<SettingsView>('getSettings')).series.factura.nextNumber;

  it('refuses a credit factura whose instalment is now due before its new issue date, naming it; no number is spent', async () => {
    const clock = { at: '2026-03-02T15:00:00Z' };
    const { r, doc } = await rejectedCreditFactura(clock);
    expect(await r.call<AppStatus>('getStatus')).toMatchObject({ needsAttention: 1, invalid: 0 });
    clock.at = '2026-03-05T15:00:00Z';
    const next = await nextFactura(r);
    expect(await r.raw('reissueDocument', { clientKey: crypto.randomUUID(), id: doc.id })).toMatchObject({
      ok: false,
      error: {
        code: 'not_reissuable',
        message: expect.stringMatching(/^No se puede reemitir F001-00000001: la cuota 1 \(04\/03\/2026\) vence antes de la nueva fecha de emisión o ese mismo día \(hoy, 05\/03\/2026\).*emita una nueva venta al crédito/),
        fields: [{ path: 'payment.installments.0.dueDate', message: 'La cuota 1 vence el 04/03/2026' }],
      },
    });
    expect(await nextFactura(r)).toBe(next);
    expect((await r.call<DocumentDetail>('getDocument', { id: doc.id })).reissuedAs).toBeNull();

    // The next day after the issue, every instalment is still ahead: the sale is re-issued with its instalments.
    clock.at = '2026-03-03T15:00:00Z';
    const redo = await r.call<DocumentSummary>('reissueDocument', { clientKey: crypto.randomUUID(), id: doc.id });
    expect(redo).toMatchObject({ series: 'F001', number: next, issueDate: '2026-03-03', total: doc.total });
    const payload = payloadOf(await r.call<DocumentDetail>('getDocument', { id: redo.id }));
    expect(payload.fecha_Emision).toBe('2026-03-03T10:00:00-05:00');
    expect(payload.forma_pago.map((p) => p.fecha_Pago)).toEqual(['2026-03-04T00:00:00-05:00', '2026-04-02T00:00:00-05:00']);
    expect(await r.call<AppStatus>('getStatus')).toMatchObject({ needsAttention: 0 });
  });

  it('refuses a re-issue that the rules of a new sale refuse, spending no number', async () => {
    const r = await rig();
    // The API refused it for a missing customer number: the same sale under a new number would be refused too.
    const doc = await refusedSale(r, {}, (p) => (p.cliente_Num_Doc = ''));
    const next = (await r.call<SettingsView>('getSettings')).series.boleta.nextNumber;
    expect(await r.raw('reissueDocument', { clientKey: crypto.randomUUID(), id: doc.id })).toMatchObject({
      ok: false, error: { code: 'not_reissuable', message: 'No se puede reemitir B001-00000001: Ingrese el número de documento del cliente. Corrija la venta emitiendo una nueva.' },
    });
    expect((await r.call<SettingsView>('getSettings')).series.boleta.nextNumber).toBe(next);
  });

  it('only a conflict, a rejected or an invalid document is re-issued', async () => {
    const r = await rig();
    const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    expect(await r.raw('reissueDocument', { clientKey: crypto.randomUUID(), id: doc.id })).toMatchObject({
      ok: false, error: { code: 'not_reissuable', message: 'Solo se reemite un comprobante rechazado por SUNAT, no aceptado por la API (inválido) o cuyo número está ocupado por otro.' },
    });
  });
});
