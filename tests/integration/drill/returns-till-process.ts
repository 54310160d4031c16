// A till of the returns drill in its own process: it sells, returns sales of any till of the shop (found on the shop
// server), and voids its own, in a seeded random mix, until it made OPS attempts; then it stays until everything went
// up (SUNAT's outbox and voids, the shop server's queue). Each write is written to pending.json before it is sent and
// removed after its answer: a life killed with SIGKILL sends it again first, with the same key, as the window does
// after a lost answer. The drill kills it, and counts what the shop ends with. argv: a JSON object (see Args).
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { seededRandom } from '../../../electron/sandbox/faults';
import { createShopTillCore, joinShop, type ShopTillArgs } from './shop-till-core';
import { liveTill } from './till-life';
import { writeAtomically } from './atomic-file';

interface Args extends ShopTillArgs {
  ops: number;
  seed: number;
}

/** Refusals a till may meet when tills race (what is left, a void standing, the server away): none is a failure. */
const EXPECTED = new Set(['note_exceeds', 'voided', 'not_notable', 'not_voidable', 'server_unavailable', 'series_unconfirmed', 'not_found', 'conflict', 'store_busy']);

const args = JSON.parse(process.argv[2] ?? '{}') as Args;
const pendingFile = path.join(args.dataDir, 'pending.json');
const doneFile = path.join(args.dataDir, 'ops-done');
const core = createShopTillCore(args);

const count = (sql: string) => (core.db.sqlite.prepare(sql).get() as { n: number }).n;

/** One write, kept in pending.json until answered; an unexpected refusal is printed for the drill to fail on. */
async function write(method: string, input: Record<string, unknown>): Promise<void> {
  writeAtomically(pendingFile, JSON.stringify({ method, input }));
  const r = await core.dispatch(method, input);
  if (!r.ok && !EXPECTED.has(r.error.code)) process.stderr.write(`UNEXPECTED ${method} ${JSON.stringify(r.error)}\n`);
  fs.rmSync(pendingFile, { force: true });
}

/** One of the latest accepted boletas of any till on the shop server, or null (the server away, none yet). */
async function someSale(random: () => number): Promise<{ series: string; number: number } | null> {
  const client = new pg.Client({ ...args.server, connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    // The few latest sales: the tills meet on the same sales, as at a busy counter.
    const rows = (await client.query<{ series: string; number: number }>("SELECT series, number FROM documents WHERE doc_type = '03' AND status = 'accepted' ORDER BY pushed_at DESC, series, number LIMIT 3")).rows;
    return rows.length === 0 ? null : rows[Math.floor(random() * rows.length)]!;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function main() {
  await joinShop(core, args);
  core.start();
  process.stdout.write('ready\n');
  // The write a killed life left unanswered goes again, under its own key.
  if (fs.existsSync(pendingFile)) {
    const { method, input } = JSON.parse(fs.readFileSync(pendingFile, 'utf8')) as { method: string; input: Record<string, unknown> };
    await write(method, input);
  }
  let done = fs.existsSync(doneFile) ? Number(fs.readFileSync(doneFile, 'utf8')) : 0;
  const random = seededRandom(args.seed + done * 7919);
  while (done < args.ops) {
    const r = random();
    const clientKey = crypto.randomUUID();
    if (r < 0.35) {
      await write('issueSale', {
        clientKey, docType: '03', customer: { docType: '0', docNumber: '', name: '', address: '' },
        lines: [
          { code: 'P1', description: 'Arroz 1 kg', unit: 'NIU', quantity: '2', unitPrice: '5.90', affectation: '10' },
          { code: 'P2', description: 'Azúcar 1 kg', unit: 'NIU', quantity: '3', unitPrice: '2.50', affectation: '10' },
        ],
      });
    } else if (r < 0.9) {
      const sale = await someSale(random);
      if (sale) {
        const m = random();
        const how = m < 0.5 ? { reason: '07', lines: [{ line: 1 + Math.floor(random() * 2), quantity: '1' }] } : m < 0.75 ? { reason: '06' } : { reason: '09', amount: '4.00' };
        await write('issueShopNote', { clientKey, sale, type: '07', description: 'Devolución en el simulacro', ...how });
      }
    } else {
      const own = core.db.sqlite.prepare("SELECT id FROM documents WHERE doc_type = '03' AND status = 'accepted' ORDER BY random() LIMIT 1").pluck().get() as number | undefined;
      if (own) await write('voidDocument', { clientKey, of: own, reason: 'Error en el comprobante' });
    }
    done += 1;
    writeAtomically(doneFile, String(done));
    await new Promise((resolve) => setTimeout(resolve, 5 + Math.floor(random() * 20)));
  }
  for (;;) {
    const open = count("SELECT COUNT(*) AS n FROM documents WHERE status IN ('pending', 'sending')");
    const voiding = count("SELECT COUNT(*) AS n FROM voids WHERE status IN ('pending', 'sending')");
    const queued = count('SELECT COUNT(*) AS n FROM replication_queue');
    if (open === 0 && voiding === 0 && queued === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Holds whose note this till never stored (a life killed between the two) are released before the drill counts.
  await core.sweepHolds().catch(() => 0);
}

liveTill(core, main);
