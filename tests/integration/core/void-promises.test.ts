// A void keeps its promises after it failed or waited: a request the API refused is not sent again once the sale
// took a credit note or passed its deadline, and no request leaves after the deadline, which SUNAT counts when it
// receives the void (2957), not when the cashier asked for it.
import { describe, expect, it } from 'vitest';
import type { DocumentSummary, VoidView } from '../../../shared/bridge';
import { anonymousBoleta, line, statusOf, type Rig, useRigs } from './harness';

const rig = useRigs();

async function acceptedSale(r: Rig): Promise<DocumentSummary> {
  const sale = await r.call<DocumentSummary>('issueSale', { clientKey: crypto.randomUUID(), ...anonymousBoleta({ lines: [line()] }) });
  await r.core.outbox.drain();
  expect(statusOf(r, sale.id)).toBe('accepted');
  return sale;
}

const voidRow = (r: Rig, id: number) =>
  r.core.db.sqlite.prepare('SELECT status, attempts, last_error FROM voids WHERE document_id = ?').get(id) as { status: string; attempts: number; last_error: string | null };

/** What the API's refusal of the request leaves behind ("Anulación no enviada": nothing reached SUNAT). */
const refusedByApi = (r: Rig, id: number) =>
  r.core.db.sqlite.prepare("UPDATE voids SET status = 'invalid', next_attempt_at = NULL, last_error = 'La API no aceptó la anulación' WHERE document_id = ?").run(id);

describe('a void after it failed or waited', () => {
  it('a refused void is not sent again once the sale took a credit note: the credited sale is never voided', async () => {
    const r = await rig();
    const sale = await acceptedSale(r);
    await r.call('voidDocument', { clientKey: crypto.randomUUID(), of: sale.id, reason: 'Venta duplicada' });
    refusedByApi(r, sale.id);
    // Nothing reached SUNAT, so the sale may take a note instead.
    await r.call('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '06', description: 'Devolución total' });
    const retried = await r.raw('retryVoid', { clientKey: crypto.randomUUID(), of: sale.id });
    expect(retried).toMatchObject({ ok: false, error: { code: 'not_voidable', message: expect.stringContaining('notas') } });
    const sent = r.sandbox.requests();
    await r.core.voids.drain();
    expect(r.sandbox.requests()).toBe(sent);
    expect(voidRow(r, sale.id).status).toBe('invalid');
  });

  it('a refused void past its deadline is not retried, and says what to do instead', async () => {
    const r = await rig();
    const sale = await acceptedSale(r);
    await r.call('voidDocument', { clientKey: crypto.randomUUID(), of: sale.id, reason: 'Venta duplicada' });
    refusedByApi(r, sale.id);
    r.core.db.sqlite.prepare("UPDATE documents SET issue_date = date(issue_date, '-5 days') WHERE id = ?").run(sale.id);
    expect(await r.raw('retryVoid', { clientKey: crypto.randomUUID(), of: sale.id })).toMatchObject({
      ok: false,
      error: { code: 'not_voidable', message: expect.stringContaining('nota de crédito con motivo 01') },
    });
  });

  it('a request that waited past the deadline (offline for days) is not sent: SUNAT counts at reception', async () => {
    const r = await rig();
    const sale = await acceptedSale(r);
    await r.call('voidDocument', { clientKey: crypto.randomUUID(), of: sale.id, reason: 'Venta duplicada' });
    // The days go by before the request leaves (the boleta's deadline is 3 days by default).
    r.core.db.sqlite.prepare("UPDATE documents SET issue_date = date(issue_date, '-4 days') WHERE id = ?").run(sale.id);
    const sent = r.sandbox.requests();
    await r.core.voids.drain();
    expect(r.sandbox.requests()).toBe(sent);
    expect(voidRow(r, sale.id)).toMatchObject({ status: 'invalid', last_error: expect.stringContaining('pasó el plazo') });
    // Nothing reached SUNAT: the sale takes a credit note, as the message says.
    const view = await r.call<VoidView>('getVoid', { of: sale.id });
    expect(view.request).toMatchObject({ status: 'invalid' });
    expect(await r.raw('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '01', description: 'Anulación de la operación' })).toMatchObject({ ok: true });
  });
});
