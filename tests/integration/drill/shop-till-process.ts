// A till of the shop drill in its own process: out of demo mode, pointed at the shop server, it sells
// until its store holds TARGET documents, then stays until everything went up (SUNAT's outbox, the shop server's
// queue, the catalogue) and it has pulled every catalogue change the server holds. The drill kills it with SIGKILL
// and stops the server under it. argv: a JSON object (see Args).
import pg from 'pg';
import { createShopTillCore, joinShop, mustOn, type ShopTillArgs } from './shop-till-core';
import { liveTill } from './till-life';

interface Args extends ShopTillArgs {
  target: number;
}

const args = JSON.parse(process.argv[2] ?? '{}') as Args;
const core = createShopTillCore(args);
const must = (method: string, input: unknown) => mustOn(core, method, input);

const count = (sql: string) => (core.db.sqlite.prepare(sql).get() as { n: number }).n;

async function serverTopVersion(): Promise<number> {
  const client = new pg.Client({ ...args.server, connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const r = await client.query<{ v: string }>('SELECT GREATEST((SELECT MAX(version) FROM products), (SELECT MAX(version) FROM shop_settings), (SELECT MAX(version) FROM staff), 0) AS v');
    return Number(r.rows[0]?.v ?? 0);
  } catch {
    return Number.POSITIVE_INFINITY; // the server is down: not done yet
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function main() {
  await joinShop(core, args);
  core.start();
  process.stdout.write('ready\n');
  while (count('SELECT COUNT(*) AS n FROM documents') < args.target) {
    const i = count('SELECT COUNT(*) AS n FROM documents');
    await must('issueSale', {
      clientKey: crypto.randomUUID(),
      docType: '03',
      customer: { docType: '0', docNumber: '', name: '', address: '' },
      lines: [{ code: `P${i % 20}`, description: `Producto ${i % 20}`, unit: 'NIU', quantity: String(1 + (i % 3)), unitPrice: '3.50', affectation: '10' }],
      tenders: [{ method: i % 2 ? 'yape' : 'efectivo', amount: ['3.50', '7.00', '10.50'][i % 3], ...(i % 2 ? { reference: `OP${i}` } : {}) }],
    });
    await new Promise((r) => setTimeout(r, 5));
  }
  for (;;) {
    const open = count("SELECT COUNT(*) AS n FROM documents WHERE status IN ('pending', 'sending')");
    const queued = count('SELECT COUNT(*) AS n FROM replication_queue') + count('SELECT COUNT(*) AS n FROM catalog_outbox');
    const pulled = Number(count("SELECT COALESCE((SELECT CAST(value AS INTEGER) FROM settings WHERE key = 'shopPulledVersion'), 0) AS n"));
    if (open === 0 && queued === 0 && pulled >= (await serverTopVersion())) break;
    await new Promise((r) => setTimeout(r, 100));
  }
}

liveTill(core, main);
