// A till in its own process for the crash drill: issues sales until the store holds TARGET documents, sending them
// as it goes, then waits until none is left to send. The drill kills it with SIGKILL at random moments.
// argv: dataDir billingBaseUrl queryBaseUrl token target [provider: 'document' (default) | 'factiliza']
import { createCore } from '../../../electron/core/app';
import { memorySecretStore } from '../../../electron/core/services/secrets';
import { liveTill } from './till-life';

const [dataDir, billingBaseUrl, queryBaseUrl, token, targetText, providerText = 'document'] = process.argv.slice(2);
if (!dataDir || !billingBaseUrl || !queryBaseUrl || !token || !targetText) throw new Error('usage: till-process dataDir billing query token target');
const target = Number(targetText);
const provider = providerText === 'factiliza' ? 'factiliza' : 'document';

const core = createCore({
  dataDir,
  fetch: globalThis.fetch,
  secrets: memorySecretStore(),
  demoEndpoint: { billingBaseUrl, queryBaseUrl, token, provider },
  outbox: { concurrency: 4, retry: { baseMs: 5, maxMs: 50, random: Math.random }, pollMs: 20 },
  api: { sendTimeoutMs: 2_000, queryTimeoutMs: 2_000 },
  dailyBackups: false,
});
core.start();
process.stdout.write('ready\n');

const count = core.db.sqlite.prepare('SELECT COUNT(*) AS n FROM documents');
const open = core.db.sqlite.prepare("SELECT COUNT(*) AS n FROM documents WHERE status IN ('pending','sending')");
const n = (stmt: typeof count) => (stmt.get() as { n: number }).n;

const sale = (i: number) => ({
  docType: '03',
  currency: 'PEN',
  customer: { docType: '0', docNumber: '', name: '', address: '' },
  lines: [{ code: `P${i % 50}`, description: `Producto ${i % 50}`, unit: 'NIU', quantity: String(1 + (i % 3)), unitPrice: '3.50', affectation: '10' }],
  payment: { method: 'CONTADO' },
});

async function main() {
  while (n(count) < target) {
    const res = await core.dispatch('issueSale', { clientKey: crypto.randomUUID(), ...sale(n(count)) });
    if (!res.ok) throw new Error(JSON.stringify(res.error));
    // A till's pace, not a loop's: keeps each life of the process short of the goal so the drill can kill it often.
    await new Promise((r) => setTimeout(r, 10));
  }
  while (n(open) > 0) {
    await core.outbox.drain();
    await new Promise((r) => setTimeout(r, 20));
  }
}

liveTill(core, main);
