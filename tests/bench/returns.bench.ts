// What a return costs at the counter, on a throwaway local PostgreSQL: a credit note on a sale of this till with no
// shop server (its own ledger only: the floor), the same with the shop server holding the note first (one round trip
// to the server's ledger), and a return at Caja 2 of a sale made at Caja 1 (the sale found on the server, SUNAT's
// record of it asked, the note held). Each note returns one unit of a different sale.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCore, type Core } from '../../electron/core/app';
import { memorySecretStore } from '../../electron/core/services/secrets';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { startPgCluster, type PgCluster } from '../integration/server/pg-cluster';
import { percentile, report, timeEach } from './stats';

async function must(core: Core, method: string, input: unknown): Promise<unknown> {
  const r = await core.dispatch(method, input);
  if (!r.ok) throw new Error(`${method}: ${JSON.stringify(r.error)}`);
  return r.value;
}

const sale = {
  docType: '03', customer: { docType: '0', docNumber: '', name: '', address: '' }, confirmed: ['clock'],
  lines: [{ code: 'P1', description: 'Arroz 1 kg', unit: 'NIU', quantity: '2', unitPrice: '5.90', affectation: '10' }],
};

async function till(sandbox: Sandbox, cluster: PgCluster | null, name: string, series: string, dirs: string[]): Promise<Core> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-bench-returns-'));
  dirs.push(dir);
  const core = createCore({
    dataDir: dir, fetch: globalThis.fetch, secrets: memorySecretStore(), dailyBackups: false,
    demoEndpoint: { billingBaseUrl: sandbox.billingBaseUrl, queryBaseUrl: sandbox.queryBaseUrl, token: sandbox.token },
    outbox: { pollMs: 20 },
    shopServer: { idleMs: 50, retry: { baseMs: 50, maxMs: 200 } },
  });
  await must(core, 'setToken', { token: sandbox.token });
  await must(core, 'saveSettings', {
    api: { billingBaseUrl: sandbox.billingBaseUrl, queryBaseUrl: sandbox.queryBaseUrl },
    company: { ruc: '20100070970', name: 'BODEGA SAN MARTÍN S.A.C.', tradeName: '', address: 'Av. Lima 123', igvRegime: 'general' },
    series: { boleta: series, factura: `F${series.slice(1)}` },
    demo: false,
  });
  if (cluster) {
    await must(core, 'setShopServerPassword', { password: cluster.password });
    await must(core, 'saveSettings', { shopServer: { enabled: true, host: cluster.host, port: cluster.port, database: cluster.database, user: cluster.user, tls: 'off', terminalName: name } });
  }
  core.start();
  return core;
}

/** `n` sales at `core`, each accepted (and, with a shop server, on it). */
async function sales(core: Core, n: number, shop: boolean): Promise<{ id: number; series: string; number: number }[]> {
  const out: { id: number; series: string; number: number }[] = [];
  for (let i = 0; i < n; i++) out.push((await must(core, 'issueSale', { clientKey: crypto.randomUUID(), ...sale })) as { id: number; series: string; number: number });
  const settled = () => (core.db.sqlite.prepare("SELECT COUNT(*) FROM documents WHERE status = 'accepted'").pluck().get() as number) >= n;
  // A till with no shop server keeps its queue for the day it gets one.
  const pushed = () => !shop || (core.db.sqlite.prepare('SELECT COUNT(*) FROM replication_queue').pluck().get() as number) === 0;
  while (!settled() || !pushed()) await new Promise((r) => setTimeout(r, 20));
  return out;
}

const note = (over: Record<string, unknown>) => ({ clientKey: crypto.randomUUID(), type: '07', reason: '07', description: 'Devolución', lines: [{ line: 1, quantity: '1' }], ...over });

export async function run(n = 60): Promise<void> {
  const sandbox = await startSandbox({ port: 0 });
  const cluster = await startPgCluster();
  const dirs: string[] = [];
  const cores: Core[] = [];
  try {
    const alone = await till(sandbox, null, 'Sola', 'B009', dirs);
    cores.push(alone);
    const caja1 = await till(sandbox, cluster, 'Caja 1', 'B001', dirs);
    const caja2 = await till(sandbox, cluster, 'Caja 2', 'B002', dirs);
    cores.push(caja1, caja2);
    const own = await sales(alone, n, false);
    const ownShop = await sales(caja1, 2 * n, true);
    while (((await must(caja2, 'getStatus', {})) as { shopServer: { state: string } | null }).shopServer?.state !== 'online') await new Promise((r) => setTimeout(r, 20));

    const floor = await timeEach(n, (i) => must(alone, 'issueNote', note({ of: own[i]!.id })));
    const same = await timeEach(n, (i) => must(caja1, 'issueNote', note({ of: ownShop[i]!.id })));
    const cross = await timeEach(n, (i) => must(caja2, 'issueShopNote', note({ sale: { series: 'B001', number: ownShop[n + i]!.number } })));
    const p = (xs: number[]) => ({ p50_ms: percentile(xs, 50), p95_ms: percentile(xs, 95) });
    report('return: same till, no shop server (floor)', p(floor));
    report('return: same till, held on the shop server', { ...p(same), x_floor_p50: percentile(same, 50) / percentile(floor, 50) });
    report('return: another till\'s sale (found, SUNAT asked, held)', { ...p(cross), x_floor_p50: percentile(cross, 50) / percentile(floor, 50) });
  } finally {
    for (const core of cores) {
      await core.stop();
      core.close();
    }
    await sandbox.close();
    cluster.destroy();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}
