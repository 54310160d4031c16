// The defects found against a peer that is not ours, each through the real core, SQLite and the sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppStatus, DocumentSummary, SettingsView } from '../../../shared/bridge';
import { memorySecretStore } from '../../../electron/core/services/secrets';
import { anonymousBoleta, line, until, useRigs, statusOf, tamper, type Rig, PEERS, setRigPeer } from './harness';

const rig = useRigs();

async function cdrQuery(r: Rig, over: Record<string, unknown> = {}) {
  const settings = await r.call<SettingsView>('getSettings');
  return r.raw('queryCdr', { ruc: settings.company.ruc, usuario: 'MODDATOS', password: 'moddatos', tipo_doc: '03', serie: 'B001', correlativo: '1', remember: false, ...over });
}

// Both dialects, against the friendliest answers and against answers that vary as the API document allows.
describe.each(PEERS)('verdicts against the sandbox, $name', (peer) => {
  beforeAll(() => setRigPeer(peer));
  afterAll(() => setRigPeer(undefined));

  describe('"Obtener CDR" goes through the decision table', () => {
    it('never gives a document that was never sent the acceptance of another sale that holds its number', async () => {
      const ours = await rig();
      const other = await rig({ shared: ours.sandbox });
      await other.call('issueSale', anonymousBoleta({ lines: [line({ quantity: '9' })] }));
      await other.core.outbox.drain();
      const mine = await ours.call<DocumentSummary>('issueSale', anonymousBoleta()); // B001-1 too, not sent yet
      const res = await cdrQuery(ours);
      expect(res, JSON.stringify(res)).toMatchObject({ ok: true });
      expect(statusOf(ours, mine.id)).not.toBe('accepted');
      expect(statusOf(ours, mine.id)).toBe('conflict'); // the record shows other lines: positive evidence
      expect(JSON.stringify(res)).toMatch(/otros datos/);
    });

    it('accepts with the CDR a document whose answer was lost when the record shows this sale', async () => {
      const slow = { concurrency: 1, retry: { baseMs: 60_000, maxMs: 60_000, random: () => 0 }, pollMs: 20 };
      const r = await rig({ sandbox: { resendMode: 'always1033' }, core: { outbox: slow } });
      r.sandbox.faults.declaredButLost(1);
      const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
      await r.core.outbox.drain(); // lost answer: pending, uncertain, the next attempt a minute away
      expect(statusOf(r, doc.id)).toBe('pending');
      const res = await cdrQuery(r);
      expect(res).toMatchObject({ ok: true, value: { attachedToDocumentId: doc.id } });
      expect(statusOf(r, doc.id)).toBe('accepted');
    });
  });

  describe('a cashier\'s CDR query never overwrites the shop\'s SOL credentials', () => {
    it('keeps the credentials of Ajustes and says so', async () => {
      const secrets = memorySecretStore();
      secrets.set('portalCredentials', JSON.stringify({ usuario: 'TIENDA01', password: 'clave-de-la-tienda' }));
      const r = await rig({ core: { secrets } });
      await r.call('issueSale', anonymousBoleta());
      await r.core.outbox.drain();
      const res = await cdrQuery(r, { usuario: 'CAJERO9', password: 'otra-clave', remember: true });
      expect(res.ok).toBe(true);
      expect(JSON.parse(secrets.get('portalCredentials') ?? '{}')).toEqual({ usuario: 'TIENDA01', password: 'clave-de-la-tienda' });
      expect(JSON.stringify(res)).toMatch(/no se cambiaron/);
    });
  });

  describe('a 01xx answer is ambiguous', () => {
    it('marks the document as possibly sent, so a later 1033 is reconciled and not called a conflict', async () => {
      const r = await rig();
      const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
      tamper(r, doc.id, (p) => (p.serie = 'X001')); // the sandbox answers 1001 (an exception 0100-1999)
      await r.core.outbox.drain();
      const row = r.core.db.sqlite.prepare('SELECT status, uncertain FROM documents WHERE id = ?').get(doc.id) as { status: string; uncertain: number };
      expect(row).toEqual({ status: 'pending', uncertain: 1 });
    });
  });

  describe('the auth probe', () => {
    it('keeps the block when the probe meets a network error (which proves nothing about the token)', async () => {
      const r = await rig({ core: { outbox: { concurrency: 1, retry: { baseMs: 60_000, maxMs: 60_000, random: () => 0 }, pollMs: 20 } } });
      r.sandbox.faults.unauthorized(1, 'send');
      const a = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
      const b = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
      await r.core.outbox.drain();
      expect([statusOf(r, a.id), statusOf(r, b.id)]).toEqual(['blocked_auth', 'pending']); // b waits for the token
      r.sandbox.faults.reset(1, 'send');
      r.core.start(); // probes at once: one document is sent, the socket is reset
      await until(r, () => r.sandbox.requests() >= 2);
      await new Promise((res) => setTimeout(res, 150));
      expect((await r.call<AppStatus>('getStatus')).authBlocked).toBe(true);
      expect(statusOf(r, b.id)).toBe('pending');
      expect(r.sandbox.requests()).toBe(2); // nothing else went out: the next probe waits a backoff step
    });
  });
});
