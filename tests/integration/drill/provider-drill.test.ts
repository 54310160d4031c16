// The provider drill: the core speaking the real provider's names (provider 'factiliza') to a server that speaks only
// those (/v1/sunat/..., data.sunatResponse), with 30 % of send answers lost after the server declared the document,
// and SUNAT's 1033 on every resend. Every document must end declared once, accepted locally, numbering gap-free,
// without a storm of resends.
import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentSummary } from '../../../shared/bridge';
import { losingSendAnswers } from './lossy-network';
import { anonymousBoleta, line, startRig, until, type Rig } from '../core/harness';

let rigs: Rig[] = [];
afterEach(async () => {
  await Promise.all(rigs.map((r) => r.dispose()));
  rigs = [];
});

describe('drill: the real provider\'s names, lost answers and 1033 on resends', () => {
  it('declares 80 sales once each, all accepted locally, numbering gap-free', async () => {
    const network = losingSendAnswers(0.3, 20261124);
    const r = await startRig({ dialect: 'factiliza', sandbox: { resendMode: 'sunat1033' }, core: { fetch: network.fetch } });
    rigs.push(r);
    const issued: DocumentSummary[] = [];
    for (let i = 0; i < 80; i++) {
      issued.push(await r.call<DocumentSummary>('issueSale', anonymousBoleta({ lines: [line({ quantity: String(1 + (i % 5)) })] })));
      if (i % 10 === 9) await r.core.outbox.drain();
    }
    const statuses = () => r.core.db.sqlite.prepare('SELECT status, COUNT(*) AS n FROM documents GROUP BY status').all();
    await until(r, () => issued.every((d) => (r.core.db.sqlite.prepare('SELECT status FROM documents WHERE id = ?').get(d.id) as { status: string }).status === 'accepted'), 200)
      .catch(() => {
        throw new Error(`not all accepted: ${JSON.stringify(statuses())}`);
      });
    expect(network.lost()).toBeGreaterThan(10);
    const declared = r.sandbox.declarations();
    expect(declared).toHaveLength(80);
    expect(new Set(declared.map((d) => d.key)).size).toBe(80);
    expect(issued.map((d) => d.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 80 }, (_, i) => i + 1));
    // No storm: each lost answer costs one resend (1033, then a status check), not thousands.
    expect(r.sandbox.requests()).toBeLessThanOrEqual(80 + network.lost() * 3);
  }, 120_000);
});
