// Money goes back the way it came: a card sale is refunded to the card, a credit sale nobody paid gives no money back,
// cash never leaves beyond what the sale brought in cash nor beyond what the drawer holds. Each refusal spends no
// note number.
import { describe, expect, it } from 'vitest';
import type { DocumentSummary } from '../../../shared/bridge';
import { anonymousBoleta, line, statusOf, type Rig, useRigs } from './harness';

const rig = useRigs();

async function shopOpen(r: Rig, openingFloat = '0'): Promise<void> {
  await r.call('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' });
  await r.call('openCashSession', { clientKey: crypto.randomUUID(), openingFloat });
}

async function acceptedSale(r: Rig, over: Record<string, unknown>): Promise<DocumentSummary> {
  const sale = await r.call<DocumentSummary>('issueSale', { clientKey: crypto.randomUUID(), ...anonymousBoleta({ lines: [line()], ...over }) });
  await r.core.outbox.drain();
  expect(statusOf(r, sale.id)).toBe('accepted');
  return sale;
}

const wholeReturn = (of: number, refund: { method: string; amount: string }[]) => ({ clientKey: crypto.randomUUID(), of, type: '07', reason: '06', description: 'Devolución total', refund });
const notesIssued = (r: Rig) => r.core.db.sqlite.prepare("SELECT COUNT(*) FROM documents WHERE doc_type = '07'").pluck().get() as number;

describe('a refund goes back the way the money came', () => {
  it('a card sale is not refunded in cash, and is refunded to the card', async () => {
    const r = await rig();
    await shopOpen(r, '500');
    const sale = await acceptedSale(r, { tenders: [{ method: 'debito', amount: '11.80', reference: '123456' }] });
    expect(await r.raw('issueNote', wholeReturn(sale.id, [{ method: 'efectivo', amount: '11.80' }]))).toMatchObject({
      ok: false,
      error: { code: 'refund_exceeds', message: expect.stringContaining('La venta no se pagó con Efectivo') },
    });
    expect(notesIssued(r)).toBe(0);
    expect(await r.raw('issueNote', wholeReturn(sale.id, [{ method: 'debito', amount: '11.80' }]))).toMatchObject({ ok: true });
  });

  it('a split sale refunds each method up to what it brought in', async () => {
    const r = await rig();
    await shopOpen(r, '500');
    const sale = await acceptedSale(r, { tenders: [{ method: 'efectivo', amount: '5.80' }, { method: 'debito', amount: '6.00', reference: '123456' }] });
    expect(await r.raw('issueNote', wholeReturn(sale.id, [{ method: 'efectivo', amount: '11.80' }]))).toMatchObject({
      ok: false,
      error: { code: 'refund_exceeds', message: expect.stringContaining('como máximo S/ 5.80') },
    });
    expect(await r.raw('issueNote', wholeReturn(sale.id, [{ method: 'efectivo', amount: '5.80' }, { method: 'debito', amount: '6.00' }]))).toMatchObject({ ok: true });
  });

  it('a credit sale nobody paid gives no money back; its note without a refund is fine', async () => {
    const r = await rig();
    await shopOpen(r, '500');
    const sale = await acceptedSale(r, { payment: { method: 'CREDITO', installments: [{ amount: '11.80', dueDate: '2099-01-31' }] } });
    expect(await r.raw('issueNote', wholeReturn(sale.id, [{ method: 'efectivo', amount: '11.80' }]))).toMatchObject({
      ok: false,
      error: { code: 'refund_exceeds', message: expect.stringContaining('venta al crédito sin pagos') },
    });
    expect(notesIssued(r)).toBe(0);
    expect(await r.raw('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '06', description: 'Devolución total' })).toMatchObject({ ok: true });
  });

  it('cash never leaves beyond what the drawer holds', async () => {
    const r = await rig();
    await shopOpen(r, '0');
    const sale = await acceptedSale(r, { tenders: [{ method: 'efectivo', amount: '11.80' }] });
    // The shift with that cash closes; the next opens with an empty drawer.
    await r.call('closeCashSession', { clientKey: crypto.randomUUID(), countedCash: '11.80' });
    await r.call('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '0' });
    expect(await r.raw('issueNote', wholeReturn(sale.id, [{ method: 'efectivo', amount: '11.80' }]))).toMatchObject({
      ok: false,
      error: { code: 'refund_exceeds', message: expect.stringContaining('En caja hay S/ 0.00') },
    });
    expect(notesIssued(r)).toBe(0);
  });
});

describe('a refund by Yape in the sales report', () => {
  it('is listed beside the sale it returns, as money going back', async () => {
    const r = await rig();
    await shopOpen(r, '500');
    const sale = await acceptedSale(r, { tenders: [{ method: 'yape', amount: '11.80', reference: '7781234' }] });
    const note = await r.call<DocumentSummary>('issueNote', wholeReturn(sale.id, [{ method: 'yape', amount: '11.80' }]));
    const day = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
    const report = await r.call<{ operations: { document: string; amount: string; reference: string }[] }>('getSalesReport', { from: day, to: day });
    const printed = (d: DocumentSummary) => `${d.series}-${String(d.number).padStart(8, '0')}`;
    expect(report.operations.map((o) => [o.document, o.amount, o.reference])).toEqual([[printed(sale), '11.80', '7781234'], [printed(note), '-11.80', '']]);
  });
});
