// Voiding ("Anular") a boleta through summary/cancel and a factura through voided/cancel, against the
// sandbox in both dialects. The request is recorded before it is sent, sent once per document, and "Anulado" only on
// SUNAT's evidence (docs/api/decision-table.md § Voiding).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentSummary, VoidView } from '../../../shared/bridge';
import type { CashReport } from '../../../shared/cash';
import { VoidsRepository } from '../../../electron/core/db';
import { anonymousBoleta, line, setRigDialect, statusOf, type Rig, until, useRigs } from './harness';

const rig = useRigs();

const RUC_BUYER = { docType: '6', docNumber: '20100066603', name: 'EMPRESA CLIENTE S.A.C.', address: 'Av. Lima 123' };

async function acceptedSale(r: Rig, over: Record<string, unknown> = {}): Promise<DocumentSummary> {
  const sale = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ lines: [line()], ...over }));
  await r.core.outbox.drain();
  expect(statusOf(r, sale.id)).toBe('accepted');
  return sale;
}

const voidRow = (r: Rig, id: number) =>
  r.core.db.sqlite.prepare('SELECT status, uncertain, attempts, endpoint, payload, answer_code FROM voids WHERE document_id = ?').get(id) as
    | { status: string; uncertain: number; attempts: number; endpoint: string; payload: string; answer_code: string | null }
    | undefined;

/** Void requests the sandbox received (both endpoints). */
const cancelRequests = (r: Rig) => r.sandbox.requests();

describe.each(['document', 'factiliza'] as const)('voiding (%s dialect)', (dialect) => {
  beforeAll(() => setRigDialect(dialect));
  afterAll(() => setRigDialect('document'));

  it('voids a boleta by summary/cancel: recorded before sending, "Anulación pendiente", then "Anulado" on SUNAT\'s answer', async () => {
    const r = await rig();
    const sale = await acceptedSale(r);
    const offered = await r.call<VoidView>('getVoid', { of: sale.id });
    expect(offered).toMatchObject({ offered: true, why: null, endpoint: 'summary', deadlineDays: 3, request: null });
    const asked = await r.call<VoidView>('voidDocument', { clientKey: crypto.randomUUID(), of: sale.id, reason: 'Venta registrada por error' });
    expect(asked.request).toMatchObject({ status: 'pending', label: 'Anulación pendiente', endpoint: 'summary' });
    // The status bar counts it until SUNAT settles it: a void waiting is a declaration still to make.
    expect(await r.call('getStatus', {})).toMatchObject({ voidsWaiting: 1 });
    const row = voidRow(r, sale.id)!;
    expect(JSON.parse(row.payload)).toEqual({
      empresa_Ruc: expect.stringMatching(/^\d{11}$/), tipo_Doc: '03', serie: 'B001', correlativo: String(sale.number),
      anulacion_Motivo: 'Venta registrada por error', estado_Documento: '0',
    });
    await r.core.voids.drain();
    const done = await r.call<VoidView>('getVoid', { of: sale.id });
    expect(done.request).toMatchObject({ status: 'voided', label: 'Anulado', answer: expect.stringMatching(/^0 - /) });
    expect(await r.call('getStatus', {})).toMatchObject({ voidsWaiting: 0 });
    // The document's own status stays SUNAT's verdict on it; the void is beside it. Notes are refused now.
    expect(statusOf(r, sale.id)).toBe('accepted');
    expect(await r.raw('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '06', description: 'Devolución total' })).toMatchObject({ ok: false, error: { code: 'voided' } });
    // Asking again answers the same request: nothing more is sent.
    const sent = cancelRequests(r);
    expect((await r.call<VoidView>('voidDocument', { clientKey: crypto.randomUUID(), of: sale.id, reason: 'Otra vez' })).request?.reason).toBe('Venta registrada por error');
    await r.core.voids.drain();
    expect(cancelRequests(r)).toBe(sent);
    // The history says what happened.
    const events = r.core.db.sqlite.prepare('SELECT detail FROM document_events WHERE document_id = ? ORDER BY id').pluck().all(sale.id) as string[];
    expect(events.some((e) => e.startsWith('Anulación solicitada'))).toBe(true);
    expect(events.some((e) => e.startsWith('SUNAT aceptó la anulación'))).toBe(true);
  });

  it('voids a factura by voided/cancel', async () => {
    const r = await rig();
    const factura = await acceptedSale(r, { docType: '01', customer: RUC_BUYER });
    const view = await r.call<VoidView>('voidDocument', { clientKey: crypto.randomUUID(), of: factura.id, reason: 'RUC equivocado' });
    expect(view.request).toMatchObject({ endpoint: 'voided' });
    expect(view.deadlineDays).toBe(7);
    await r.core.voids.drain();
    expect(voidRow(r, factura.id)).toMatchObject({ status: 'voided', endpoint: 'voided', answer_code: '0' });
  });
});

describe('a void\'s evidence (docs/api/decision-table.md § Voiding)', () => {
  it('a lost answer: "possibly sent", the next attempt asks the record (state 2) and never sends a second request', async () => {
    const r = await rig();
    const sale = await acceptedSale(r);
    r.sandbox.faults.declaredButLost(1);
    await r.call('voidDocument', { clientKey: crypto.randomUUID(), of: sale.id, reason: 'Venta duplicada' });
    const before = cancelRequests(r);
    // drain() stops when nothing is due now: the retry comes 1-5 ms later in the rig, so drain until it came.
    for (let round = 0; round < 100 && voidRow(r, sale.id)?.status !== 'voided'; round++) {
      await r.core.voids.drain();
      await new Promise((done) => setTimeout(done, 10));
    }
    // The answer was lost (pending, possibly sent); the retry asked the record first, which shows it voided (W1):
    // "Anulado" on that evidence, and no second request.
    expect(voidRow(r, sale.id)).toMatchObject({ status: 'voided', uncertain: 1, attempts: 2 });
    const events = r.core.db.sqlite.prepare('SELECT detail FROM document_events WHERE document_id = ? ORDER BY id').pluck().all(sale.id) as string[];
    expect(events.some((e) => e.startsWith('Conciliado: SUNAT muestra'))).toBe(true);
    expect(cancelRequests(r)).toBe(before + 1);
  });

  it('a crash while sending (kill -9: left "sending") is possibly sent: at the next start the record decides', async () => {
    const r = await rig();
    const sale = await acceptedSale(r);
    await r.call('voidDocument', { clientKey: crypto.randomUUID(), of: sale.id, reason: 'Venta duplicada' });
    // What a process killed after the claim's commit leaves behind, before any request went out.
    r.core.db.sqlite.prepare("UPDATE voids SET status = 'sending' WHERE document_id = ?").run(sale.id);
    // The next start's crash recovery (VoidSender.start runs exactly this before its loop).
    new VoidsRepository(r.core.db).resetSending();
    expect(voidRow(r, sale.id)).toMatchObject({ status: 'pending', uncertain: 1 });
    const before = cancelRequests(r);
    await r.core.voids.drain();
    // The record still shows it accepted (W2): the same request goes once, and SUNAT accepts it.
    expect(voidRow(r, sale.id)).toMatchObject({ status: 'voided' });
    expect(cancelRequests(r)).toBe(before + 1);
  });

  it('a refusal: a boleta with an accepted credit note is refused by SUNAT-like checks and stays valid', async () => {
    const r = await rig();
    const sale = await acceptedSale(r);
    await r.call('voidDocument', { clientKey: crypto.randomUUID(), of: sale.id, reason: 'Venta duplicada' });
    // The core refuses to void a document with notes; to reach SUNAT's refusal, the note is declared at the
    // sandbox by another way (a second till with the same data folder would do the same).
    const other = await acceptedSale(r);
    const note = await r.call<DocumentSummary>('issueNote', { clientKey: crypto.randomUUID(), of: other.id, type: '07', reason: '06', description: 'Devolución total' });
    const payload = JSON.parse(r.core.db.sqlite.prepare('SELECT payload FROM documents WHERE id = ?').pluck().get(note.id) as string) as Record<string, unknown>;
    await fetch(`${r.sandbox.billingBaseUrl}/note/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${r.sandbox.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...payload, serie: 'BC09', afectado_Num_Doc: `B001-${sale.number}`, id_Base_Dato: 'refusal-test-note' }),
    });
    await r.core.voids.drain();
    const view = await r.call<VoidView>('getVoid', { of: sale.id });
    expect(view.request).toMatchObject({ status: 'refused', label: 'Anulación rechazada', answer: expect.stringMatching(/^2106 - /) });
    expect(view.request?.lastError).toContain('El comprobante sigue vigente');
  });

  it('is offered only for an accepted boleta or factura within the deadline kept in Ajustes, to a supervisor', async () => {
    const r = await rig();
    const pending = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    expect(await r.call<VoidView>('getVoid', { of: pending.id })).toMatchObject({ offered: false, why: expect.stringContaining('SUNAT aceptó') });
    expect(await r.raw('voidDocument', { clientKey: crypto.randomUUID(), of: pending.id, reason: 'Error' })).toMatchObject({ ok: false, error: { code: 'not_voidable' } });
    await r.core.outbox.drain();
    // A document with a note is not voided.
    const noted = await acceptedSale(r);
    await r.call('issueNote', { clientKey: crypto.randomUUID(), of: noted.id, type: '08', reason: '01', description: 'Intereses', amount: '1.00' });
    expect(await r.call<VoidView>('getVoid', { of: noted.id })).toMatchObject({ offered: false, why: expect.stringContaining('notas') });
    // The deadline: issued today, 1 day allowed -> offered; the setting is validated.
    expect(await r.call('saveVoidSettings', { boletaDays: 1, facturaDays: 7 })).toMatchObject({ deadlines: { boletaDays: 1, facturaDays: 7 }, noteSeries: { creditBoleta: 'BC01', debitFactura: 'FD01' } });
    expect(await r.raw('saveVoidSettings', { boletaDays: 0, facturaDays: 7 })).toMatchObject({ ok: false });
    const view = await r.call<VoidView>('getVoid', { of: pending.id });
    expect(view).toMatchObject({ offered: true, deadlineDays: 1 });
    // Past the deadline (an issue date 2 days back): not offered, and the way out is named.
    r.core.db.sqlite.prepare("UPDATE documents SET issue_date = date(issue_date, '-2 days') WHERE id = ?").run(pending.id);
    expect(await r.call<VoidView>('getVoid', { of: pending.id })).toMatchObject({ offered: false, why: expect.stringContaining('nota de crédito con motivo 01') });
    // Supervisor-gated: a cashier is refused.
    await r.call('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' });
    const cashier = await r.call<{ id: number }>('saveUser', { name: 'Juan Cajero', pin: '135790', role: 'cajero' });
    await r.call('lock');
    await r.call('login', { userId: cashier.id, pin: '135790' });
    expect(await r.raw('voidDocument', { clientKey: crypto.randomUUID(), of: noted.id, reason: 'Error' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('a voided sale leaves the sales of the X and is counted apart', async () => {
    const r = await rig();
    await r.call('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' });
    await r.call('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '0' });
    const kept = await acceptedSale(r, { tenders: [{ method: 'efectivo', amount: '11.80' }] });
    const voided = await acceptedSale(r, { tenders: [{ method: 'efectivo', amount: '11.80' }] });
    expect(kept.total).toBe('11.80');
    await r.call('voidDocument', { clientKey: crypto.randomUUID(), of: voided.id, reason: 'Venta duplicada' });
    await r.core.voids.drain();
    const x = await r.call<CashReport>('getCashReport', {});
    expect(x.sales).toEqual([{ currency: 'PEN', count: 1, total: '11.80' }]);
    expect(x.voided).toEqual([{ currency: 'PEN', count: 1, total: '11.80', cash: '11.80' }]);
    // Voided is no "re-issue them": the not-declared list is for rejected and refused documents.
    expect(x.notDeclared).toEqual([]);
  });
});

describe('voiding while the token is refused', () => {
  it('waits with the sales (no request with a token known to fail), then goes once a token is saved', async () => {
    const r = await rig();
    const sale = await acceptedSale(r);
    r.sandbox.faults.unauthorized(1);
    await r.call('issueSale', anonymousBoleta({ lines: [line()] }));
    await r.core.outbox.drain();
    expect((await r.call<{ authBlocked: boolean }>('getStatus')).authBlocked).toBe(true);
    const before = r.sandbox.requests();
    await r.call<VoidView>('voidDocument', { clientKey: crypto.randomUUID(), of: sale.id, reason: 'Venta registrada por error' });
    await r.core.voids.drain();
    expect(r.sandbox.requests()).toBe(before);
    expect(voidRow(r, sale.id)).toMatchObject({ status: 'pending', attempts: 0 });
    await r.call('setToken', { token: 'nuevo-token-1234' });
    await until(r, () => !r.core.outbox.isAuthBlocked);
    await r.core.voids.drain();
    expect(voidRow(r, sale.id)).toMatchObject({ status: 'voided', attempts: 1 });
  });
});
