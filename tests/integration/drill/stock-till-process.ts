// A till of the stock drill in its own process: it sells a weighed product and a unit product, returns goods of its
// own sales now and then and voids one, in a seeded mix, until it made OPS attempts; then it stays until everything
// went up (SUNAT's outbox and voids, the shop server's queue and its own stock movements). With `offline`, it sells
// with the shop server off and turns it on only after its last sale (a cable plugged back in). With `settle`, it only
// waits until it knows every movement the server holds. Each write is written to pending.json before it is sent and
// removed after its answer: a life killed with SIGKILL sends it again first, under the same key. argv: JSON (Args).
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { seededRandom } from '../../../electron/sandbox/faults';
import { createShopTillCore, joinShop, mustOn, type ShopTillArgs } from './shop-till-core';
import { liveTill } from './till-life';
import { writeAtomically } from './atomic-file';

interface Args extends ShopTillArgs {
  ops: number;
  seed: number;
  offline?: boolean;
  settle?: boolean;
}

/** Refusals a till may meet (the server away, a return beyond what is left): none is a failure. */
const EXPECTED = new Set(['note_exceeds', 'voided', 'not_notable', 'not_voidable', 'server_unavailable', 'series_unconfirmed', 'not_found', 'conflict', 'store_busy']);

const PRODUCTS = [
  { code: 'QUESO', description: 'Queso fresco', unit: 'KGM', price: '24.00', affectation: '10' },
  { code: 'GAS', description: 'Gaseosa 500 ml', unit: 'NIU', price: '2.50', affectation: '10' },
] as const;

const args = JSON.parse(process.argv[2] ?? '{}') as Args;
const pendingFile = path.join(args.dataDir, 'pending.json');
const doneFile = path.join(args.dataDir, 'ops-done');
// Before the core opens its file: a first life sets the till up.
const first = !fs.existsSync(path.join(args.dataDir, 'caja.db'));
const core = createShopTillCore(args);

const count = (sql: string, ...values: unknown[]) => core.db.sqlite.prepare(sql).pluck().get(...values) as number;

async function write(method: string, input: Record<string, unknown>): Promise<void> {
  writeAtomically(pendingFile, JSON.stringify({ method, input }));
  const r = await core.dispatch(method, input);
  if (!r.ok && !EXPECTED.has(r.error.code)) process.stderr.write(`UNEXPECTED ${method} ${JSON.stringify(r.error)}\n`);
  fs.rmSync(pendingFile, { force: true });
}

async function serverMovements(): Promise<number | null> {
  const client = new pg.Client({ ...args.server, connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM stock_movements')).rows[0]?.n);
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function sell(random: () => number): Promise<void> {
  const grams = 50 + Math.floor(random() * 950);
  await write('issueSale', {
    clientKey: crypto.randomUUID(), docType: '03', customer: { docType: '0', docNumber: '', name: '', address: '' },
    lines: [
      { code: 'QUESO', description: 'Queso fresco', unit: 'KGM', quantity: (grams / 1000).toFixed(3), unitPrice: '24.00', affectation: '10' },
      { code: 'GAS', description: 'Gaseosa 500 ml', unit: 'NIU', quantity: String(1 + Math.floor(random() * 3)), unitPrice: '2.50', affectation: '10' },
    ],
  });
}

async function main() {
  await joinShop(core, args);
  if (first) {
    for (const p of PRODUCTS) await mustOn(core, 'saveProduct', p);
    if (args.offline) await mustOn(core, 'saveSettings', { shopServer: { enabled: false, ...serverSettings() } });
  }
  core.start();
  process.stdout.write('ready\n');
  if (fs.existsSync(pendingFile)) {
    const { method, input } = JSON.parse(fs.readFileSync(pendingFile, 'utf8')) as { method: string; input: Record<string, unknown> };
    await write(method, input);
  }
  let done = fs.existsSync(doneFile) ? Number(fs.readFileSync(doneFile, 'utf8')) : 0;
  const random = seededRandom(args.seed + done * 7919);
  while (!args.settle && done < args.ops) {
    const r = random();
    const own = core.db.sqlite.prepare("SELECT id FROM documents WHERE doc_type = '03' AND status = 'accepted' ORDER BY random() LIMIT 1").pluck().get() as number | undefined;
    if (r < 0.75 || !own) await sell(random);
    else if (r < 0.95) await write('issueNote', { clientKey: crypto.randomUUID(), of: own, type: '07', reason: '07', description: 'Devuelve queso', lines: [{ line: 1, quantity: '0.05' }] });
    else await write('voidDocument', { clientKey: crypto.randomUUID(), of: own, reason: 'Error en el comprobante' });
    done += 1;
    writeAtomically(doneFile, String(done));
    await new Promise((resolve) => setTimeout(resolve, 5 + Math.floor(random() * 20)));
  }
  if (args.offline) await mustOn(core, 'saveSettings', { shopServer: { enabled: true, ...serverSettings() } });
  // Made with this till's first movement or its first connection; none yet: nothing of its own to push.
  const stored = core.db.sqlite.prepare("SELECT value FROM settings WHERE key = 'terminalId'").pluck().get() as string | undefined;
  const me = stored === undefined ? '' : (JSON.parse(stored) as string);
  // Bounded, so that a till that never converges fails the drill with what it lacks instead of running out its time.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const open = count("SELECT COUNT(*) FROM documents WHERE status IN ('pending', 'sending')");
    const voiding = count("SELECT COUNT(*) FROM voids WHERE status IN ('pending', 'sending')");
    const queued = count('SELECT COUNT(*) FROM replication_queue');
    const through = Number(core.db.sqlite.prepare("SELECT value FROM settings WHERE key = 'stockPushedThrough'").pluck().get() ?? 0);
    const unpushed = count('SELECT COUNT(*) FROM stock_movements WHERE id > ? AND till = ?', through, me);
    const known = count('SELECT COUNT(*) FROM stock_movements');
    const onServer = args.settle ? await serverMovements() : known;
    if (open === 0 && voiding === 0 && queued === 0 && unpushed === 0 && onServer === known) break;
    if (Date.now() > deadline) {
      process.stderr.write(`NOT SETTLED ${JSON.stringify({ open, voiding, queued, unpushed, known, onServer })}\n`);
      process.exit(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function serverSettings() {
  const { host, port, database, user } = args.server;
  return { host, port, database, user, tls: 'off' as const, terminalName: args.name };
}

liveTill(core, main);
