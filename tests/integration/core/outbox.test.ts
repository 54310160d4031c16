import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDetail, DocumentSummary } from '../../../shared/bridge';
import { anonymousBoleta, PEERS, setRigPeer, until, type Rig, useRigs, statusOf, tamper } from './harness';

const rig = useRigs();

const detail = (r: Rig, id: number) => r.call<DocumentDetail>('getDocument', { id });

// Both dialects: the document's names, and the real provider's (/v1/sunat/..., data.sunatResponse); each
// against the sandbox's friendliest answers and against answers that vary as the API document allows.
describe.each(PEERS)('outbox against the sandbox over HTTP, $name', (peer) => {
  beforeAll(() => setRigPeer(peer));
  afterAll(() => setRigPeer(undefined));

  it('issues a boleta offline-first and records the acceptance with hash and unzipped CDR', async () => {
    const r = await rig();
    const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    expect(doc).toMatchObject({ status: 'pending', series: 'B001', number: 1, total: '11.80', igv: '1.80' });
    expect(r.sandbox.requests()).toBe(0);
    await r.core.outbox.drain();
    const d = await detail(r, doc.id);
    expect(d.status).toBe('accepted');
    expect(d.cdrCode).toBe('0');
    expect(d.hash).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    expect(d.cdrXml).toContain('ApplicationResponse');
    expect(d.cdrXml).toContain('B001-1');
    expect(d.hasCdrZip).toBe(true);
    expect(d.events.map((e) => e.toStatus)).toEqual(['pending', 'sending', 'accepted']);
    expect(r.sandbox.declarations()).toHaveLength(1);
    expect(r.sandbox.declarations()[0]?.idBaseDato).toBe(d.idBaseDato);
  });

  it('numbers documents gap-free per series', async () => {
    const r = await rig();
    const numbers: number[] = [];
    for (let i = 0; i < 5; i++) numbers.push((await r.call<DocumentSummary>('issueSale', anonymousBoleta())).number);
    const results = await Promise.all([1, 2, 3].map(() => r.call<DocumentSummary>('issueSale', anonymousBoleta())));
    numbers.push(...results.map((d) => d.number));
    expect(numbers.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('marks a boleta accepted with notes as observed', async () => {
    const r = await rig();
    const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    tamper(r, doc.id, (p) => (p.monto_Igv = 5));
    await r.core.outbox.drain();
    const d = await detail(r, doc.id);
    expect(d.status).toBe('observed');
    expect(d.cdrNotes.join(' ')).toContain('4290');
  });

  it('marks an authority rejection as rejected and keeps its code', async () => {
    const r = await rig();
    const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    tamper(r, doc.id, (p) => {
      p.tipo_Doc = '01';
      p.serie = 'F001';
    });
    await r.core.outbox.drain();
    const d = await detail(r, doc.id);
    expect(d.status).toBe('rejected');
    expect(d.cdrCode).toBe('2800');
    expect(d.lastError).toContain('2800');
  });

  it('marks an HTTP 400 as invalid with the API message, without retrying', async () => {
    const r = await rig();
    const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    tamper(r, doc.id, (p) => (p.campo_extra = 'x'));
    await r.core.outbox.drain();
    const d = await detail(r, doc.id);
    expect(d.status).toBe('invalid');
    expect(d.lastError).toMatch(/campo_extra/);
    await r.core.outbox.drain();
    expect(r.sandbox.requests()).toBe(1);
  });

  it('stops on 401 without a retry storm and resumes when a token is saved', async () => {
    const r = await rig();
    r.sandbox.faults.unauthorized(1);
    const a = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    await r.core.outbox.drain();
    const b = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    await r.core.outbox.drain();
    expect(statusOf(r, a.id)).toBe('blocked_auth');
    expect(statusOf(r, b.id)).toBe('pending');
    expect(r.sandbox.requests()).toBe(1);
    expect((await r.call<{ authBlocked: boolean }>('getStatus')).authBlocked).toBe(true);
    await r.call('setToken', { token: 'nuevo-token-1234' });
    await until(r, () => statusOf(r, a.id) === 'accepted' && statusOf(r, b.id) === 'accepted');
    expect(r.sandbox.declarations()).toHaveLength(2);
  });

  it.each([
    ['503', (r: Rig) => r.sandbox.faults.status(503, 2)],
    ['500', (r: Rig) => r.sandbox.faults.status(500, 1)],
    ['502', (r: Rig) => r.sandbox.faults.status(502, 1)],
    ['reset', (r: Rig) => r.sandbox.faults.reset(2)],
    ['hang', (r: Rig) => r.sandbox.faults.hang(1)],
    ['malformed', (r: Rig) => r.sandbox.faults.malformed(1)],
    ['declared but lost', (r: Rig) => r.sandbox.faults.declaredButLost(1)],
    ['latency', (r: Rig) => r.sandbox.faults.latency(200)],
  ])('keeps the document pending on %s and declares it exactly once', async (_name, inject) => {
    const r = await rig();
    inject(r);
    const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    await until(r, () => statusOf(r, doc.id) === 'accepted');
    expect(r.sandbox.declarations()).toHaveLength(1);
    const d = await detail(r, doc.id);
    expect(d.hash).not.toBeNull();
  });

  it('reconciles a lost answer when the API answers a resend with 1033 (SUNAT behaviour)', async () => {
    const r = await rig({ sandbox: { resendMode: 'sunat1033' } });
    r.sandbox.faults.declaredButLost(1);
    const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    await until(r, () => statusOf(r, doc.id) === 'accepted');
    const d = await detail(r, doc.id);
    // the resend's claim writes no event of its own: repeated attempts stay one row each
    expect(d.events.map((e) => e.toStatus)).toEqual(['pending', 'sending', 'pending', 'accepted']);
    expect(d.events.at(-1)?.detail).toMatch(/Conciliado/);
    expect(r.sandbox.declarations()).toHaveLength(1);
  });

  it('marks a conflict, never accepted, when another till declared the number before ours was ever sent', async () => {
    const first = await rig();
    const other = await rig({ shared: first.sandbox });
    const theirs = await other.call<DocumentSummary>('issueSale', anonymousBoleta({ lines: [{ ...anonymousBoleta().lines[0], quantity: '7' }] }));
    await other.core.outbox.drain();
    expect(statusOf(other, theirs.id)).toBe('accepted');
    const ours = await first.call<DocumentSummary>('issueSale', anonymousBoleta());
    await first.core.outbox.drain();
    const d = await detail(first, ours.id);
    expect(d.status).toBe('conflict');
    expect(d.lastError).toMatch(/ocupado por otro comprobante/);
    expect(first.sandbox.declarations()).toHaveLength(1);
  });

  it('never lets a failing document block the others', async () => {
    const r = await rig();
    const bad = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    tamper(r, bad.id, (p) => (p.serie = 'X001'));
    const good = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    await until(r, () => statusOf(r, good.id) === 'accepted');
    await r.core.outbox.drain();
    const d = await detail(r, bad.id);
    expect(d.status).toBe('pending');
    expect(d.attempts).toBeGreaterThanOrEqual(1);
    expect(d.lastError).toContain('1001');
  });

  it('returns documents left sending by a crash to pending and sends them once', async () => {
    const r = await rig();
    const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    r.core.db.sqlite.prepare("UPDATE documents SET status = 'sending' WHERE id = ?").run(doc.id);
    r.core.start();
    await until(r, () => statusOf(r, doc.id) === 'accepted');
    expect(r.sandbox.declarations()).toHaveLength(1);
  });

  it('never sends demo documents to a real API', async () => {
    const r = await rig();
    const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    r.core.db.sqlite.prepare("INSERT OR REPLACE INTO settings (key, value) VALUES ('demo', 'false')").run();
    await r.core.outbox.drain();
    expect(statusOf(r, doc.id)).toBe('pending');
    expect(r.sandbox.requests()).toBe(0);
  });
});

describe('late declaration', () => {
  it('shows the authority rejection of a factura that reaches it after its deadline', async () => {
    const fiveDaysLater = () => new Date(Date.now() + 5 * 86_400_000);
    const r = await rig({ sandbox: { clock: fiveDaysLater } });
    const doc = await r.call<DocumentSummary>('issueSale', {
      ...anonymousBoleta(),
      docType: '01',
      customer: { docType: '6', docNumber: '20100066603', name: 'COMERCIAL ANDINA S.A.', address: 'Jr. Lima 100' },
    });
    await r.core.outbox.drain();
    const d = await detail(r, doc.id);
    expect(d).toMatchObject({ status: 'rejected', cdrCode: '2108' });
    expect(d.cdrXml).toContain('2108');
  });
});
