// Every write across the bridge carries the caller's idempotency key (clientKey): when the core dies after the commit
// and the cashier retries as the message says, the retry answers the first call's result and writes nothing. A key
// reused for a different request is refused, never answered with another operation's result.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DocumentSummary, Session, User, VoidView } from '../../../shared/bridge';
import type { CashMovement, CashReport, CashSession } from '../../../shared/cash';
import { anonymousBoleta, line, startRig, statusOf, type Rig, useScratch } from './harness';

const scratch = useScratch('caja-idem-');

/** A core on a data folder that outlives it: `restart()` kills it and opens a new one on the same database. */
async function tillOn(): Promise<{ r: () => Rig; restart: () => Promise<void> }> {
  const sandbox = await scratch.sandbox();
  const dataDir = scratch.folder();
  let current = await startRig({ shared: sandbox, dataDir });
  scratch.onCleanup(() => current.dispose());
  return {
    r: () => current,
    async restart() {
      // The worker dies after the commit: nothing of the answer reaches the window; the database keeps the commit.
      await current.core.stop();
      current.core.close();
      current = await startRig({ shared: sandbox, dataDir });
    },
  };
}

async function acceptedSale(r: Rig): Promise<DocumentSummary> {
  const sale = await r.call<DocumentSummary>(
    'issueSale',
    anonymousBoleta({ lines: [line(), line({ code: 'P002', description: 'Azúcar 1 kg', quantity: '3', unitPrice: '2.50' })], clientKey: randomUUID() }),
  );
  await r.core.outbox.drain();
  expect(statusOf(r, sale.id)).toBe('accepted');
  return sale;
}

const count = (r: Rig, sql: string, ...args: unknown[]) => r.core.db.sqlite.prepare(sql).pluck().get(...args) as number;

describe('idempotency of writes across the bridge', () => {
  it('a credit note retried after the core died answers the first note: one note, one number, one refund', async () => {
    const till = await tillOn();
    const sale = await acceptedSale(till.r());
    const input = {
      of: sale.id, type: '07', reason: '07', description: 'Devolución de azúcar', lines: [{ line: 2, quantity: '1' }],
      refund: [{ method: 'efectivo', amount: '2.50' }], clientKey: randomUUID(),
    };
    const first = await till.r().call<DocumentSummary>('issueNote', input);
    await till.restart();
    const again = await till.r().call<DocumentSummary>('issueNote', input);
    expect(again).toMatchObject({ id: first.id, series: first.series, number: first.number, total: '2.50' });
    expect(count(till.r(), "SELECT COUNT(*) FROM documents WHERE doc_type = '07'")).toBe(1);
    expect(count(till.r(), 'SELECT COUNT(*) FROM document_payments WHERE document_id = ?', first.id)).toBe(1);
  });

  it('a debit note retried after the core died charges once', async () => {
    const till = await tillOn();
    const sale = await acceptedSale(till.r());
    const input = { of: sale.id, type: '08', reason: '01', description: 'Intereses por mora', amount: '5.00', clientKey: randomUUID() };
    const first = await till.r().call<DocumentSummary>('issueNote', input);
    await till.restart();
    const again = await till.r().call<DocumentSummary>('issueNote', input);
    expect(again.id).toBe(first.id);
    expect(count(till.r(), "SELECT COUNT(*) FROM documents WHERE doc_type = '08'")).toBe(1);
  });

  it('a note, a sale or a cash movement without a key is refused before anything is written', async () => {
    const till = await tillOn();
    const r = till.r();
    const sale = await acceptedSale(r);
    const noKey = await r.raw('issueNote', { of: sale.id, type: '08', reason: '01', description: 'Intereses por mora', amount: '5.00' });
    expect(noKey).toMatchObject({ ok: false, error: { code: 'validation', fields: [{ path: 'clientKey' }] } });
    expect(await r.raw('issueSale', anonymousBoleta({ clientKey: undefined }))).toMatchObject({ ok: false, error: { code: 'validation', fields: [{ path: 'clientKey' }] } });
    await r.call('openCashSession', { openingFloat: '10', clientKey: randomUUID() });
    expect(await r.raw('addCashMovement', { kind: 'in', amount: '30', reason: 'Sencillo del banco' })).toMatchObject({
      ok: false,
      error: { code: 'validation', fields: [{ path: 'clientKey' }] },
    });
    expect(count(r, "SELECT COUNT(*) FROM documents WHERE doc_type IN ('07', '08')")).toBe(0);
    expect(count(r, 'SELECT COUNT(*) FROM cash_movements')).toBe(0);
  });

  it('a cash movement retried after the core died is recorded once; a new key is a new movement', async () => {
    const till = await tillOn();
    await till.r().call('openCashSession', { openingFloat: '100', clientKey: randomUUID() });
    const input = { kind: 'in', amount: '30', reason: 'Sencillo del banco', clientKey: randomUUID() };
    const first = await till.r().call<CashMovement>('addCashMovement', input);
    await till.restart();
    const again = await till.r().call<CashMovement>('addCashMovement', input);
    expect(again).toEqual(first);
    expect(count(till.r(), 'SELECT COUNT(*) FROM cash_movements')).toBe(1);
    expect((await till.r().call<CashReport>('getCashReport', {})).cash.cashIn).toBe('30.00');
    await till.r().call('addCashMovement', { ...input, clientKey: randomUUID() });
    expect((await till.r().call<CashReport>('getCashReport', {})).cash.cashIn).toBe('60.00');
  });

  it('opening and closing the cash session retried answer the same session and the same Z', async () => {
    const till = await tillOn();
    const open = { openingFloat: '100', clientKey: randomUUID() };
    const session = await till.r().call<CashSession>('openCashSession', open);
    await till.restart();
    expect(await till.r().call<CashSession>('openCashSession', open)).toEqual(session);
    const close = { countedCash: '100', clientKey: randomUUID() };
    const z = await till.r().call<CashReport>('closeCashSession', close);
    await till.restart();
    expect(await till.r().call<CashReport>('closeCashSession', close)).toEqual(z);
    expect(count(till.r(), 'SELECT COUNT(*) FROM cash_sessions')).toBe(1);
  });

  it('a key reused for a different request is refused in Spanish, and nothing is written', async () => {
    const till = await tillOn();
    const r = till.r();
    const sale = await acceptedSale(r);
    const clientKey = randomUUID();
    const first = await r.call<DocumentSummary>('issueNote', { of: sale.id, type: '08', reason: '01', description: 'Intereses por mora', amount: '5.00', clientKey });
    const other = await r.raw('issueNote', { of: sale.id, type: '08', reason: '01', description: 'Intereses por mora', amount: '9.00', clientKey });
    expect(other).toMatchObject({ ok: false, error: { code: 'idempotency_conflict' } });
    expect(other.ok ? '' : other.error.message).toMatch(/^Esta operación ya se registró con otros datos/);
    expect(count(r, "SELECT COUNT(*) FROM documents WHERE doc_type = '08'")).toBe(1);
    // Used by another method: refused the same way.
    await r.call('openCashSession', { openingFloat: '10', clientKey: randomUUID() });
    expect(await r.raw('addCashMovement', { kind: 'in', amount: '5', reason: 'Sencillo', clientKey })).toMatchObject({ ok: false, error: { code: 'idempotency_conflict' } });
    expect(count(r, 'SELECT COUNT(*) FROM cash_movements')).toBe(0);
    expect((await r.call<DocumentSummary>('issueNote', { of: sale.id, type: '08', reason: '01', description: 'Intereses por mora', amount: '5.00', clientKey })).id).toBe(first.id);
  });

  it('a refused attempt (a supervisor\'s PIN missing) keeps nothing: the same key then carries the authorised request', async () => {
    const till = await tillOn();
    const r = till.r();
    await r.call<Session>('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' });
    const cajero = await r.call<User>('saveUser', { name: 'Luis Cajero', role: 'cajero', pin: '1234' });
    const supervisor = await r.call<User>('saveUser', { name: 'Ana Supervisora', role: 'supervisor', pin: '567890' });
    await r.call('lock');
    await r.call('login', { userId: cajero.id, pin: '1234' });
    await r.call('openCashSession', { openingFloat: '50', clientKey: randomUUID() });
    const out = { kind: 'out', amount: '20', reason: 'Pago a proveedor', clientKey: randomUUID() };
    expect(await r.raw('addCashMovement', out)).toMatchObject({ ok: false, error: { code: 'approval_required' } });
    const done = await r.call<CashMovement>('addCashMovement', { ...out, approval: { userId: supervisor.id, pin: '567890' } });
    expect(await r.call<CashMovement>('addCashMovement', { ...out, approval: { userId: supervisor.id, pin: '567890' } })).toEqual(done);
    expect(count(r, 'SELECT COUNT(*) FROM cash_movements')).toBe(1);
  });
  it('a void and a reprint retried after the core died answer the first call: one request, one reprint counted', async () => {
    const till = await tillOn();
    const sale = await acceptedSale(till.r());
    const asked = { of: sale.id, reason: 'Venta registrada por error', clientKey: randomUUID() };
    const view = await till.r().call<VoidView>('voidDocument', asked);
    const reprint = { id: sale.id, clientKey: randomUUID() };
    expect((await till.r().call<DocumentSummary>('registerReprint', reprint)).reprints).toBe(1);
    await till.restart();
    expect(await till.r().call<VoidView>('voidDocument', asked)).toEqual(view);
    expect(count(till.r(), 'SELECT COUNT(*) FROM voids')).toBe(1);
    expect((await till.r().call<DocumentSummary>('registerReprint', reprint)).reprints).toBe(1);
    expect((await till.r().call<DocumentSummary>('registerReprint', { ...reprint, clientKey: randomUUID() })).reprints).toBe(2);
  });

  it('a sale\'s key is recorded in the sale\'s own commit, and never answers a note, even for a sale stored before 0026', async () => {
    const till = await tillOn();
    const r = till.r();
    const clientKey = randomUUID();
    const sale = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ clientKey }));
    // Written by the document's insert, in its transaction: there before anything runs after the answer.
    expect(r.core.db.sqlite.prepare('SELECT method, result FROM bridge_requests WHERE client_key = ?').get(clientKey)).toEqual({ method: 'issueSale', result: null });
    expect(count(r, 'SELECT COUNT(*) FROM temp.bridge_pending')).toBe(0);
    await r.core.outbox.drain();
    await till.restart();
    // A sale stored before 0026 has no row: the document's own key still tells a sale from a note.
    till.r().core.db.sqlite.prepare('DELETE FROM bridge_requests').run();
    const note = await till.r().raw('issueNote', { of: sale.id, type: '08', reason: '01', description: 'Intereses por mora', amount: '5.00', clientKey });
    expect(note).toMatchObject({ ok: false, error: { code: 'idempotency_conflict' } });
    expect((await till.r().call<DocumentSummary>('issueSale', anonymousBoleta({ clientKey }))).id).toBe(sale.id);
    expect(count(till.r(), 'SELECT COUNT(*) FROM documents')).toBe(1);
  });
});
