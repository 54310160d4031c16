// Credit and debit notes are documents of the same outbox. Limits checked in the core before a number is
// spent; note/send in both dialects against the sandbox's SUNAT-like checks; answers through the same decision.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentSummary } from '../../../shared/bridge';
import type { CashReport } from '../../../shared/cash';
import { anonymousBoleta, line, setRigDialect, statusOf, type Rig, until, useRigs } from './harness';

const rig = useRigs();

const RUC_BUYER = { docType: '6', docNumber: '20100066603', name: 'EMPRESA CLIENTE S.A.C.', address: 'Av. Lima 123' };

/** A boleta of three lines (2 × 5.90, 3 × 2.50, 1 × 10.00 = 29.30), accepted. */
async function acceptedSale(r: Rig, over: Record<string, unknown> = {}): Promise<DocumentSummary> {
  const sale = await r.call<DocumentSummary>(
    'issueSale',
    anonymousBoleta({
      lines: [line(), line({ code: 'P002', description: 'Azúcar 1 kg', quantity: '3', unitPrice: '2.50' }), line({ code: 'P003', description: 'Aceite 1 L', quantity: '1', unitPrice: '10.00' })],
      ...over,
    }),
  );
  await r.core.outbox.drain();
  expect(statusOf(r, sale.id)).toBe('accepted');
  return sale;
}

const lastNumber = (r: Rig, docType: string, series: string) =>
  (r.core.db.sqlite.prepare('SELECT last_number FROM series WHERE doc_type = ? AND series = ?').pluck().get(docType, series) as number | undefined) ?? 0;
const payloadOf = (r: Rig, id: number) =>
  JSON.parse((r.core.db.sqlite.prepare('SELECT payload FROM documents WHERE id = ?').get(id) as { payload: string }).payload) as Record<string, unknown>;

describe.each(['document', 'factiliza'] as const)('credit and debit notes (%s dialect)', (dialect) => {
  beforeAll(() => setRigDialect(dialect));
  afterAll(() => setRigDialect('document'));

  it('returns 1 of 3 lines in cash: a BC01 note with the invoice\'s shape, declared and accepted, refund recorded', async () => {
    const r = await rig();
    const sale = await acceptedSale(r);
    const note = await r.call<DocumentSummary>('issueNote', {
      of: sale.id, type: '07', reason: '07', description: 'Devolución de azúcar', lines: [{ line: 2, quantity: '3' }],
      refund: [{ method: 'efectivo', amount: '7.50' }], clientKey: 'return-0001',
    });
    expect(note).toMatchObject({ docType: '07', series: 'BC01', number: 1, total: '7.50', status: 'pending' });
    const payload = payloadOf(r, note.id);
    expect(payload).toMatchObject({
      tipo_Doc: '07', serie: 'BC01', correlativo: '1', afectado_Tipo_Doc: '03', afectado_Num_Doc: `B001-${sale.number}`,
      motivo_Cod: '07', motivo_Des: 'Devolución de azúcar', Manual: false, monto_Imp_Venta: 7.5, cliente_Num_Doc: '00000000',
    });
    expect(payload).not.toHaveProperty('forma_pago');
    expect(payload).not.toHaveProperty('manual');
    expect((payload.legend as { legend_Code: string }[])[0]?.legend_Code).toBe('1000');
    expect(r.core.db.sqlite.prepare('SELECT kind, applied FROM document_payments WHERE document_id = ?').all(note.id)).toEqual([{ kind: 'cash', applied: '7.50' }]);
    await r.core.outbox.drain();
    expect(statusOf(r, note.id)).toBe('accepted');
    // The same return again (same key) answers the same note and spends nothing.
    const same = { of: sale.id, type: '07', reason: '07', description: 'Devolución de azúcar', lines: [{ line: 2, quantity: '3' }], refund: [{ method: 'efectivo', amount: '7.50' }] };
    const again = await r.call<DocumentSummary>('issueNote', { ...same, clientKey: 'return-0001' });
    expect(again.id).toBe(note.id);
    expect(lastNumber(r, '07', 'BC01')).toBe(1);
    // The same key with another request (here without the refund) is refused, not answered with this note.
    const { refund: _refund, ...noRefund } = same;
    expect(await r.raw('issueNote', { ...noRefund, clientKey: 'return-0001' })).toMatchObject({ ok: false, error: { code: 'idempotency_conflict' } });
  });

  it('refuses a second return beyond what is left, a whole return after a partial one, and an amount over the rest, spending no number', async () => {
    const r = await rig();
    const sale = await acceptedSale(r);
    await r.call('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '07', description: 'Devuelve 2 azúcar', lines: [{ line: 2, quantity: '2' }] });
    const over = await r.raw('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '07', description: 'Devuelve 2 azúcar más', lines: [{ line: 2, quantity: '2' }] });
    expect(over).toMatchObject({ ok: false, error: { code: 'note_exceeds', fields: [{ path: 'lines.0.quantity', message: 'De la línea 2 quedan 1 por devolver' }] } });
    const whole = await r.raw('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '06', description: 'Devolución total' });
    expect(whole).toMatchObject({ ok: false, error: { code: 'note_exceeds' } });
    // 29.30 - 5.00 = 24.30 left.
    const amount = await r.raw('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '09', description: 'Rebaja', amount: '24.31' });
    expect(amount).toMatchObject({ ok: false, error: { code: 'note_exceeds', message: expect.stringContaining('quedan 24.30') } });
    expect(lastNumber(r, '07', 'BC01')).toBe(1);
    const rest = await r.call<DocumentSummary>('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '09', description: 'Rebaja', amount: '24.30' });
    expect(rest).toMatchObject({ number: 2, total: '24.30' });
    const more = await r.raw('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '07', description: 'Una más', lines: [{ line: 1, quantity: '1' }] });
    expect(more).toMatchObject({ ok: false, error: { code: 'note_exceeds' } });
    expect(lastNumber(r, '07', 'BC01')).toBe(2);
    await r.core.outbox.drain();
    expect(statusOf(r, rest.id)).toBe('accepted');
  });

  it('a whole return (06) takes every line; a debit note (08) goes to BD01; a factura\'s note to FC01', async () => {
    const r = await rig();
    const sale = await acceptedSale(r);
    // The debit note first: a document returned whole takes no more notes.
    const debit = await r.call<DocumentSummary>('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '08', reason: '02', description: 'Aumento en el valor', amount: '3.00' });
    expect(debit).toMatchObject({ docType: '08', series: 'BD01', number: 1, total: '3.00' });
    const whole = await r.call<DocumentSummary>('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '06', description: 'Devolución total' });
    expect(whole).toMatchObject({ series: 'BC01', total: sale.total });
    const factura = await acceptedSale(r, { docType: '01', customer: RUC_BUYER });
    const fnote = await r.call<DocumentSummary>('issueNote', { clientKey: crypto.randomUUID(), of: factura.id, type: '07', reason: '01', description: 'Anulación de la operación' });
    expect(fnote).toMatchObject({ series: 'FC01', number: 1, customerDocNumber: RUC_BUYER.docNumber });
    expect(payloadOf(r, fnote.id)).toMatchObject({ afectado_Tipo_Doc: '01', afectado_Num_Doc: `F001-${factura.number}` });
    await r.core.outbox.drain();
    for (const n of [whole, debit, fnote]) expect(statusOf(r, n.id)).toBe('accepted');
  });

  it('refuses a note on a document SUNAT has not accepted, an unknown reason, and a note on a note', async () => {
    const r = await rig();
    const pending = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    expect(await r.raw('issueNote', { clientKey: crypto.randomUUID(), of: pending.id, type: '07', reason: '06', description: 'Devolución total' })).toMatchObject({ ok: false, error: { code: 'not_notable' } });
    await r.core.outbox.drain();
    expect(await r.raw('issueNote', { clientKey: crypto.randomUUID(), of: pending.id, type: '07', reason: '99', description: 'Otro' })).toMatchObject({ ok: false, error: { fields: [{ path: 'reason' }] } });
    expect(await r.raw('issueNote', { clientKey: crypto.randomUUID(), of: pending.id, type: '08', reason: '06', description: 'Otro', amount: '1' })).toMatchObject({ ok: false });
    const note = await r.call<DocumentSummary>('issueNote', { clientKey: crypto.randomUUID(), of: pending.id, type: '07', reason: '06', description: 'Devolución total' });
    await r.core.outbox.drain();
    expect(await r.raw('issueNote', { clientKey: crypto.randomUUID(), of: note.id, type: '07', reason: '06', description: 'Devolución total' })).toMatchObject({ ok: false, error: { code: 'not_notable' } });
    expect(lastNumber(r, '07', 'BC01')).toBe(1);
  });
});

describe('a note\'s answers take the same decision as an invoice\'s (docs/api/decision-table.md)', () => {
  it('a lost answer, then 1033 on the resend: no record query exists for notes, so B11 (requiere atención), never re-issued', async () => {
    const r = await rig({ sandbox: { resendMode: 'sunat1033' } });
    const sale = await acceptedSale(r);
    r.sandbox.faults.declaredButLost(1);
    const note = await r.call<DocumentSummary>('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '06', description: 'Devolución total' });
    await until(r, () => statusOf(r, note.id) === 'attention');
    // Declared once at the authority, whatever the resends.
    expect(r.sandbox.declarations().filter((d) => d.key.includes('-07-BC01-1'))).toHaveLength(1);
    // Still counted: the sale cannot be credited again while the whole return is unresolved.
    expect(await r.raw('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '09', description: 'Rebaja', amount: '0.10' })).toMatchObject({ ok: false, error: { code: 'not_notable' } });
  });
});

describe('returns in the shift', () => {
  it('a cash refund leaves the drawer: the X shows the return apart by its method, the drawer nets it; the Z keeps it', async () => {
    const r = await rig();
    const admin = (await r.call<{ user: { id: number } }>('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' })).user;
    expect(admin).toBeTruthy();
    await r.call('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '100' });
    const sale = await acceptedSale(r, { tenders: [{ method: 'efectivo', amount: '29.30' }] });
    await r.call('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '07', description: 'Devolución de azúcar', lines: [{ line: 2, quantity: '1' }], refund: [{ method: 'efectivo', amount: '2.50' }] });
    const x = await r.call<CashReport>('getCashReport', {});
    expect(x).toMatchObject({ sales: [{ currency: 'PEN', count: 1, total: '29.30' }], returns: [{ currency: 'PEN', count: 1, total: '2.50', cash: '2.50', igv: expect.any(String) }] });
    // The sales by method add up to the sales; the refund is listed under the returns, by its method.
    expect(x.byMethod).toEqual([expect.objectContaining({ method: 'efectivo', total: '29.30' })]);
    expect(x.returnsByMethod).toEqual([expect.objectContaining({ method: 'efectivo', total: '2.50' })]);
    expect(x.net).toEqual([{ currency: 'PEN', total: '26.80' }]);
    expect(x.cash).toMatchObject({ cashSales: '29.30', cashRefunds: '2.50', expected: '126.80' });
    const z = await r.call<CashReport>('closeCashSession', { clientKey: crypto.randomUUID(), countedCash: '126.80' });
    expect(z.cash).toMatchObject({ expected: '126.80', difference: '0.00' });
    expect(z.returns).toEqual([{ currency: 'PEN', count: 1, total: '2.50', cash: '2.50', igv: expect.any(String) }]);
  });
});

describe('note series per till', () => {
  it('follow the till\'s invoice series unless set: B002 → BC02, so two tills never share a note series', async () => {
    const r = await rig();
    await r.call('saveSettings', { series: { boleta: 'B002', factura: 'F002' } });
    const sale = await acceptedSale(r);
    expect(sale.series).toBe('B002');
    const debit = await r.call<DocumentSummary>('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '08', reason: '01', description: 'Intereses', amount: '1.00' });
    expect(debit).toMatchObject({ series: 'BD02', number: 1 });
    const note = await r.call<DocumentSummary>('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '06', description: 'Devolución total' });
    expect(note).toMatchObject({ series: 'BC02', number: 1 });
  });
});
