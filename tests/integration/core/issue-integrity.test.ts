// Idempotent issuing, nothing after the commit fails the sale, reissue after a conflict, connection truth.
// Against a peer that varies its answers among the forms the API document allows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppStatus, DocumentDetail, DocumentSummary } from '../../../shared/bridge';
import { anonymousBoleta, line, setRigVary, until, type Rig, useRigs, statusOf } from './harness';

const rig = useRigs();
beforeAll(() => setRigVary({ seed: 1233 }));
afterAll(() => setRigVary(undefined));
const count = (r: Rig) => (r.core.db.sqlite.prepare('SELECT COUNT(*) AS n FROM documents').get() as { n: number }).n;

describe('idempotent issuing', () => {
  it('a second call with the same client key returns the same document and spends no number', async () => {
    const r = await rig();
    const key = 'venta-7f3a2c41-0001';
    const first = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ clientKey: key }));
    const again = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ clientKey: key }));
    expect(again.id).toBe(first.id);
    expect(count(r)).toBe(1);
    const next = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ clientKey: 'venta-7f3a2c41-0002' }));
    expect(next.number).toBe(first.number + 1);
  });

  it('a failure after the commit (the customer book) never fails the sale, so F12 again cannot make a second one', async () => {
    const r = await rig();
    r.core.db.sqlite.exec("CREATE TRIGGER customers_broken BEFORE INSERT ON customers BEGIN SELECT RAISE(ABORT, 'disco lleno'); END;");
    const sale = anonymousBoleta({
      clientKey: 'venta-7f3a2c41-0003',
      customer: { docType: '1', docNumber: '45678912', name: 'Juan Pérez', address: '' },
    });
    const res = await r.raw('issueSale', sale);
    expect(res.ok).toBe(true);
    const again = await r.raw('issueSale', sale);
    expect(again).toEqual(res);
    expect(count(r)).toBe(1);
  });

  it('refuses a malformed client key with a Spanish message', async () => {
    const r = await rig();
    const res = await r.raw('issueSale', anonymousBoleta({ clientKey: 'x' }));
    expect(res).toMatchObject({ ok: false, error: { fields: [{ path: 'clientKey', message: 'Clave de la operación no válida' }] } });
  });
});

describe('reissue after a conflict', () => {
  it('issues the same sale under the next number, linked to the old one, and declares it', async () => {
    const ours = await rig();
    const other = await rig({ shared: ours.sandbox });
    await other.call('issueSale', anonymousBoleta({ lines: [line({ quantity: '9' })] }));
    await other.core.outbox.drain();
    const mine = await ours.call<DocumentSummary>('issueSale', anonymousBoleta());
    await ours.core.outbox.drain();
    expect(statusOf(ours, mine.id)).toBe('conflict');
    const redo = await ours.call<DocumentSummary>('reissueDocument', { clientKey: crypto.randomUUID(), id: mine.id });
    expect(redo.number).toBe(mine.number + 1);
    const twice = await ours.call<DocumentSummary>('reissueDocument', { clientKey: crypto.randomUUID(), id: mine.id });
    expect(twice.id).toBe(redo.id);
    await until(ours, () => statusOf(ours, redo.id) === 'accepted');
    const d = await ours.call<DocumentDetail>('getDocument', { id: redo.id });
    expect(d.reissueOf).toBe(mine.id);
    expect(statusOf(ours, mine.id)).toBe('conflict');
    // only a conflict can be reissued
    expect(await ours.raw('reissueDocument', { clientKey: crypto.randomUUID(), id: redo.id })).toMatchObject({ ok: false, error: { code: 'not_reissuable' } });
  });
});

describe('connection truth', () => {
  it('tells "no connection" from "the service does not answer" from "token rejected"', async () => {
    // a long backoff: each failure waits, and "Reintentar todos" sends at once
    const r = await rig({ core: { outbox: { retry: { baseMs: 60_000, maxMs: 60_000, random: () => 0 }, pollMs: 50 } } });
    const status = () => r.call<AppStatus>('getStatus');
    r.sandbox.faults.reset(1);
    await r.call('issueSale', anonymousBoleta());
    await r.core.outbox.drain();
    expect((await status()).connection).toBe('offline');
    r.sandbox.faults.status(503, 1);
    await r.call('retryAll', {});
    await r.core.outbox.drain();
    expect((await status()).connection).toBe('unresponsive');
    r.sandbox.faults.unauthorized(1);
    await r.call('retryAll', {});
    await r.core.outbox.drain();
    const blocked = await status();
    expect(blocked.connection).toBe('auth_rejected');
    expect(blocked.authRetryAt).not.toBeNull();
  });

  it('warns when the PC clock is more than 5 minutes off the API clock', async () => {
    const fast = await rig({ core: { now: () => new Date(Date.now() + 9 * 60_000) } });
    await fast.call('lookupCustomer', { docType: '1', docNumber: '45678912' }).catch(() => undefined);
    await fast.call('issueSale', anonymousBoleta());
    await fast.core.outbox.drain();
    expect((await fast.call<AppStatus>('getStatus')).clockOffMinutes).toBe(9);
    const right = await rig();
    await right.call('issueSale', anonymousBoleta());
    await right.core.outbox.drain();
    expect((await right.call<AppStatus>('getStatus')).clockOffMinutes).toBeNull();
  });
});

describe('the outbox never leaves a document stuck', () => {
  it('a failing record() puts the document back to pending (uncertain), not "sending" until a restart', async () => {
    const r = await rig({ core: { outbox: { retry: { baseMs: 60_000, maxMs: 60_000, random: () => 0 }, pollMs: 50 } } });
    r.core.db.sqlite.exec(`CREATE TRIGGER refuse_accepted BEFORE UPDATE OF status ON documents WHEN NEW.status = 'accepted'
      BEGIN SELECT RAISE(ABORT, 'disco lleno'); END;`);
    const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    await r.core.outbox.drain();
    const row = r.core.db.sqlite.prepare('SELECT status, uncertain, next_attempt_at FROM documents WHERE id = ?').get(doc.id) as {
      status: string;
      uncertain: number;
      next_attempt_at: string | null;
    };
    expect(row).toMatchObject({ status: 'pending', uncertain: 1 });
    expect(row.next_attempt_at).not.toBeNull();
    // when the store works again, the resend is reconciled, never declared twice
    r.core.db.sqlite.exec('DROP TRIGGER refuse_accepted');
    await r.call('retryAll', {});
    await until(r, () => statusOf(r, doc.id) === 'accepted');
    expect(r.sandbox.declarations()).toHaveLength(1);
  });

  it('when the connection comes back, documents waiting out a backoff go at once', async () => {
    const r = await rig({ core: { outbox: { retry: { baseMs: 60_000, maxMs: 60_000, random: () => 0 }, pollMs: 50 } } });
    r.sandbox.faults.reset(1);
    const first = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    await r.core.outbox.drain();
    expect(statusOf(r, first.id)).toBe('pending'); // waiting a minute
    const second = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    await r.core.outbox.drain(); // the second goes through: the connection is back, so the first is due now
    await r.core.outbox.drain();
    expect(statusOf(r, second.id)).toBe('accepted');
    expect(statusOf(r, first.id)).toBe('accepted');
  });
});
