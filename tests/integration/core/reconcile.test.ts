// A 1033 ends "accepted" only when what SUNAT holds is provably ours; rejected and observed
// verdicts survive a lost answer; a passing 401 heals by itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memorySecretStore } from '../../../electron/core/services/secrets';
import type { DocumentDetail, DocumentSummary } from '../../../shared/bridge';
import { anonymousBoleta, line, startRig, until, type Rig, useRigs, statusOf, tamper, PEERS, setRigPeer } from './harness';

const rig = useRigs();

const detail = (r: Rig, id: number) => r.call<DocumentDetail>('getDocument', { id });
const withPortalCredentials = () => {
  const secrets = memorySecretStore();
  secrets.set('portalCredentials', JSON.stringify({ usuario: 'MODDATOS', password: 'moddatos' }));
  return secrets;
};
/** Drains a few rounds, so that a wrong "accepted" would have had every chance to happen. */
async function settle(r: Rig, rounds = 8) {
  for (let i = 0; i < rounds; i++) {
    await r.core.outbox.drain();
    await new Promise((res) => setTimeout(res, 15));
  }
}

// Both dialects, against the friendliest answers and against answers that vary as the API document allows.
describe.each(PEERS)('reconciliation, $name', (peer) => {
  beforeAll(() => setRigPeer(peer));
  afterAll(() => setRigPeer(undefined));

  describe('reconciliation keeps SUNAT verdict', () => {
    it('a rejected factura whose answer was lost, then 1033 on the resend, never ends accepted (no credentials)', async () => {
      const r = await rig({ sandbox: { resendMode: 'always1033' } });
      r.sandbox.faults.declaredButLost(1);
      const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
      tamper(r, doc.id, (p) => {
        p.tipo_Doc = '01';
        p.serie = 'F001'; // a factura to an anonymous customer: SUNAT rejects it (2800)
      });
      await settle(r);
      const status = statusOf(r, doc.id);
      expect(['rejected', 'attention']).toContain(status);
      expect((await detail(r, doc.id)).lastError).toMatch(/clave SOL|rechaz/);
      expect(r.sandbox.declarations()).toHaveLength(1);
    });

    it('an observed boleta whose answer was lost, then 1033, ends observed through the CDR query', async () => {
      const r = await rig({ sandbox: { resendMode: 'always1033' }, core: { secrets: withPortalCredentials() } });
      r.sandbox.faults.declaredButLost(1);
      const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
      tamper(r, doc.id, (p) => (p.monto_Igv = 5)); // SUNAT accepts with note 4290
      await until(r, () => !['pending', 'sending'].includes(statusOf(r, doc.id)));
      const d = await detail(r, doc.id);
      expect(d.status).toBe('observed');
      expect(d.cdrNotes.join(' ')).toContain('4290');
      expect(d.cdrMissing).toBe(false);
    });

    it('a lost answer reconciled from the record alone is accepted but says it has no CDR', async () => {
      const r = await rig({ sandbox: { resendMode: 'sunat1033' } });
      r.sandbox.faults.declaredButLost(1);
      const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
      await until(r, () => statusOf(r, doc.id) === 'accepted');
      const d = await detail(r, doc.id);
      expect(d.cdrMissing).toBe(true);
      expect(d.hasCdrZip).toBe(false);
    });
  });

  describe('reconciliation by content', () => {
    it('another till\'s anonymous boleta of the same total under our number is a conflict, not our acceptance', async () => {
      const ours = await rig();
      const other = await rig({ shared: ours.sandbox });
      // Same total (S/ 11.80), same anonymous customer, different lines.
      const theirs = await other.call<DocumentSummary>(
        'issueSale',
        anonymousBoleta({ lines: [line({ code: 'X9', description: 'Gaseosa 3 L', quantity: '1', unitPrice: '11.80' })] }),
      );
      await other.core.outbox.drain();
      expect(statusOf(other, theirs.id)).toBe('accepted');
      // Our first attempt is cut before an answer (it may have arrived): the document is "sent before".
      ours.sandbox.faults.reset(1);
      const mine = await ours.call<DocumentSummary>('issueSale', anonymousBoleta());
      expect(mine.total).toBe(theirs.total);
      await settle(ours);
      const d = await detail(ours, mine.id);
      expect(d.status).toBe('conflict');
      expect(d.lastError).toMatch(/línea 1/);
      expect(ours.sandbox.declarations()).toHaveLength(1);
    });
  });

  describe('a passing 401 heals by itself', () => {
    it('unblocks within one backoff step, without re-typing the token', async () => {
      const r = await rig();
      r.sandbox.faults.unauthorized(2);
      const a = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
      await r.core.outbox.drain();
      expect(statusOf(r, a.id)).toBe('blocked_auth');
      const b = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
      r.core.start();
      await until(r, () => statusOf(r, a.id) === 'accepted' && statusOf(r, b.id) === 'accepted');
      expect((await r.call<{ authBlocked: boolean }>('getStatus')).authBlocked).toBe(false);
    });

    it('documents left blocked by an earlier run are probed at start', async () => {
      // The first run's core is closed by hand (a quit): its data folder and sandbox live on for the second run.
      const first = await startRig();
      first.sandbox.faults.unauthorized(1);
      const a = await first.call<DocumentSummary>('issueSale', anonymousBoleta());
      await first.core.outbox.drain();
      expect(statusOf(first, a.id)).toBe('blocked_auth');
      await first.core.stop();
      first.core.close();
      try {
        const again = await rig({ shared: first.sandbox, dataDir: first.dataDir });
        again.core.start();
        await until(again, () => statusOf(again, a.id) === 'accepted');
      } finally {
        await first.sandbox.close();
      }
    });
  });
});
