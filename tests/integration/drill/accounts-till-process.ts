// A till of the accounts drill in its own process: it sells boletas on account to three neighbours and collects from
// them in cash, in a seeded mix, until it made OPS writes. Each write is written to pending.json before it is sent and
// removed after its answer: a life killed with SIGKILL sends it again first, under the same key, as a cashier's retry.
// argv: dataDir billingBaseUrl queryBaseUrl token ops seed
import fs from 'node:fs';
import path from 'node:path';
import { createCore } from '../../../electron/core/app';
import { memorySecretStore } from '../../../electron/core/services/secrets';
import { seededRandom } from '../../../electron/sandbox/faults';
import { writeAtomically } from './atomic-file';

const [dataDir, billingBaseUrl, queryBaseUrl, token, opsText, seedText] = process.argv.slice(2);
if (!dataDir || !billingBaseUrl || !queryBaseUrl || !token || !opsText || !seedText) throw new Error('usage: accounts-till-process dataDir billing query token ops seed');
const ops = Number(opsText);
const pendingFile = path.join(dataDir, 'pending.json');
const doneFile = path.join(dataDir, 'ops-done');

/** Refusals a till may meet (a neighbour with no account yet, or nothing owed any more): none is a failure. */
const EXPECTED = new Set(['nothing_owed', 'not_found']);
const NEIGHBOURS = ['45678912', '40112233', '10293847'];

const core = createCore({
  dataDir,
  fetch: globalThis.fetch,
  secrets: memorySecretStore(),
  demoEndpoint: { billingBaseUrl, queryBaseUrl, token, provider: 'document' },
  outbox: { concurrency: 2, retry: { baseMs: 5, maxMs: 50, random: Math.random }, pollMs: 20 },
  api: { sendTimeoutMs: 2_000, queryTimeoutMs: 2_000 },
  dailyBackups: false,
});

async function write(method: string, input: Record<string, unknown>): Promise<void> {
  writeAtomically(pendingFile, JSON.stringify({ method, input }));
  const r = await core.dispatch(method, input);
  if (!r.ok && !EXPECTED.has(r.error.code)) throw new Error(`${method}: ${JSON.stringify(r.error)}`);
  fs.rmSync(pendingFile, { force: true });
}

async function main() {
  core.start();
  process.stdout.write('ready\n');
  if (fs.existsSync(pendingFile)) {
    const { method, input } = JSON.parse(fs.readFileSync(pendingFile, 'utf8')) as { method: string; input: Record<string, unknown> };
    await write(method, input);
  }
  const state = await core.dispatch('getCashState', {});
  if (state.ok && (state.value as { session: unknown }).session === null) await write('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '50' });
  let done = fs.existsSync(doneFile) ? Number(fs.readFileSync(doneFile, 'utf8')) : 0;
  const random = seededRandom(Number(seedText) + done);
  while (done < ops) {
    const who = NEIGHBOURS[Math.floor(random() * NEIGHBOURS.length)]!;
    if (random() < 0.5) {
      await write('issueSale', {
        clientKey: crypto.randomUUID(), docType: '03', onAccount: true,
        customer: { docType: '1', docNumber: who, name: `VECINO ${who}`, address: '' },
        lines: [{ code: 'PAN', description: 'Pan francés', unit: 'NIU', quantity: String(1 + Math.floor(random() * 20)), unitPrice: '0.30', affectation: '10' }],
      });
    } else {
      const amount = (0.01 + Math.floor(random() * 500) / 100).toFixed(2);
      await write('recordCollection', { clientKey: crypto.randomUUID(), customer: { docType: '1', docNumber: who }, amount, method: 'efectivo' });
    }
    writeAtomically(doneFile, String(++done));
    await new Promise((r) => setTimeout(r, 5));
  }
  await core.stop();
  core.close();
  process.stdout.write('done\n');
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
