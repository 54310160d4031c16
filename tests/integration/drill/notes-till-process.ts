// A till in its own process for the notes drill: issues SALES boletas and NOTES credit notes on them
// (whole, by lines, by an amount, and a second partial note on a sale already partly credited), sending as it goes,
// then waits until none is left to send. The drill kills it with SIGKILL at random moments and starts it again: it
// carries on from what its store holds (a note's client key makes a retried return answer the note already issued).
// A note is issued once its sale is accepted. Before each second partial note it tries a whole return of the same
// sale, which the core must refuse before a number is spent; anything else ends the process with an error.
// argv: dataDir billingBaseUrl queryBaseUrl token sales notes [provider: 'document' (default) | 'factiliza']
import { createCore } from '../../../electron/core/app';
import { memorySecretStore } from '../../../electron/core/services/secrets';
import { liveTill } from './till-life';

const [dataDir, billingBaseUrl, queryBaseUrl, token, salesText, notesText, providerText = 'document'] = process.argv.slice(2);
if (!dataDir || !billingBaseUrl || !queryBaseUrl || !token || !salesText || !notesText) throw new Error('usage: notes-till-process dataDir billing query token sales notes');
const SALES = Number(salesText);
const NOTES = Number(notesText);
const provider = providerText === 'factiliza' ? 'factiliza' : 'document';

const core = createCore({
  dataDir,
  fetch: globalThis.fetch,
  // The shop keeps its SOL credentials: a note's lost answer is reconciled by its CDR (there is no record query for
  // notes, docs/api/decision-table.md).
  secrets: memorySecretStore({ portalCredentials: JSON.stringify({ usuario: 'MODDATOS', password: 'moddatos' }) }),
  demoEndpoint: { billingBaseUrl, queryBaseUrl, token, provider },
  outbox: { concurrency: 4, retry: { baseMs: 5, maxMs: 50, random: Math.random }, pollMs: 20 },
  api: { sendTimeoutMs: 2_000, queryTimeoutMs: 2_000 },
  dailyBackups: false,
});
core.start();
process.stdout.write('ready\n');

const db = core.db.sqlite;
const count = (types: string) => (db.prepare(`SELECT COUNT(*) AS n FROM documents WHERE doc_type IN (${types})`).get() as { n: number }).n;
const saleAt = db.prepare("SELECT id, status FROM documents WHERE doc_type = '03' ORDER BY id LIMIT 1 OFFSET ?");
const open = db.prepare("SELECT COUNT(*) AS n FROM documents WHERE status IN ('pending','sending')");

const sale = (i: number) => ({
  clientKey: `drill-sale-${String(i).padStart(4, '0')}`,
  docType: '03',
  currency: 'PEN',
  customer: { docType: '0', docNumber: '', name: '', address: '' },
  lines: [
    { code: `P${i % 50}`, description: `Producto ${i % 50}`, unit: 'NIU', quantity: String(2 + (i % 3)), unitPrice: '3.50', affectation: '10' },
    { code: 'Q1', description: 'Queso fresco', unit: 'KGM', quantity: ['0.125', '0.333', '1.5'][i % 3], unitPrice: '21.90', affectation: '10' },
  ],
  payment: { method: 'CONTADO' },
});

/** Which sale note k credits: the second partial note (k % 5 = 3) credits the sale of the note before it. */
const targetOf = (k: number) => 3 * (k % 5 === 3 ? k - 1 : k);

/** Note k: whole (06, 01), by lines (07), a second partial note on the same sale (07), an amount (09). */
function noteInput(k: number, of: number) {
  const base = { of, type: '07', clientKey: `drill-note-${String(k).padStart(4, '0')}` };
  switch (k % 5) {
    case 0:
      return { ...base, reason: '06', description: 'Devolución total' };
    case 1:
      return { ...base, reason: '01', description: 'Anulación de la operación' };
    case 2:
      return { ...base, reason: '07', description: 'Devuelve una unidad', lines: [{ line: 1, quantity: '1' }] };
    case 3:
      return { ...base, reason: '07', description: 'Devuelve otra unidad y el queso', lines: [{ line: 1, quantity: '1' }, { line: 2, quantity: ['0.125', '0.333', '1.5'][targetOf(k) % 3] }] };
    default:
      return { ...base, reason: '09', description: 'Rebaja por defecto', amount: '1.50' };
  }
}

async function issueNote(k: number, of: number): Promise<void> {
  if (k % 5 === 3) {
    const whole = await core.dispatch('issueNote', { clientKey: crypto.randomUUID(), of, type: '07', reason: '06', description: 'Devolución total indebida' });
    if (whole.ok || whole.error.code !== 'note_exceeds') throw new Error(`a whole return after a partial one was not refused: ${JSON.stringify(whole)}`);
  }
  const res = await core.dispatch('issueNote', noteInput(k, of));
  if (!res.ok) throw new Error(`note ${k}: ${JSON.stringify(res.error)}`);
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  for (;;) {
    const sales = count("'01','03'");
    const k = count("'07','08'");
    if (sales >= SALES && k >= NOTES) break;
    const target = k < NOTES ? (saleAt.get(targetOf(k)) as { id: number; status: string } | undefined) : undefined;
    if (target && (target.status === 'accepted' || target.status === 'observed')) {
      await issueNote(k, target.id);
    } else if (target && !['pending', 'sending'].includes(target.status)) {
      throw new Error(`sale ${targetOf(k)} ended ${target.status}: no note can be issued on it`);
    } else if (sales < SALES) {
      const res = await core.dispatch('issueSale', sale(sales));
      if (!res.ok) throw new Error(JSON.stringify(res.error));
    } else {
      await core.outbox.drain();
    }
    // A till's pace, not a loop's: keeps each life of the process short of the goal so the drill can kill it often.
    await pause(10);
  }
  while ((open.get() as { n: number }).n > 0) {
    await core.outbox.drain();
    await pause(20);
  }
}

liveTill(core, main);
