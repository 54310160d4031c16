// Benchmarks of the shop server on a throwaway local PostgreSQL: push throughput (10,000 documents queued
// on a till), how soon a sale is visible at the office while online (target: within 2 s), and the catch-up after
// the server returns from an outage (p95 of each waiting sale's lag).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createCore, type Core } from '../../electron/core/app';
import { memorySecretStore } from '../../electron/core/services/secrets';
import { startSandbox } from '../../electron/sandbox';
import { startPgCluster } from '../integration/server/pg-cluster';
import { seedDocuments } from './seed-documents';
import { percentile, report } from './stats';

async function must(core: Core, method: string, input: unknown): Promise<unknown> {
  const r = await core.dispatch(method, input);
  if (!r.ok) throw new Error(`${method}: ${JSON.stringify(r.error)}`);
  return r.value;
}

const sale = { docType: '03', customer: { docType: '0', docNumber: '', name: '', address: '' }, lines: [{ code: 'P1', description: 'Producto', unit: 'NIU', quantity: '1', unitPrice: '3.50', affectation: '10' }], confirmed: ['clock'] };

export async function run(documents = 10_000, online = 100, outage = 300): Promise<void> {
  const cluster = await startPgCluster();
  const sandbox = await startSandbox({ port: 0 });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-bench-shop-'));
  const server = { host: cluster.host, port: cluster.port, database: cluster.database, user: cluster.user };
  const core = createCore({
    dataDir: dir, fetch: globalThis.fetch, secrets: memorySecretStore(), dailyBackups: false,
    demoEndpoint: { billingBaseUrl: sandbox.billingBaseUrl, queryBaseUrl: sandbox.queryBaseUrl, token: sandbox.token },
    shopServer: { batchSize: 500 },
  });
  const look = new pg.Pool({ ...server, password: cluster.password });
  look.on('error', () => undefined);
  const visible = async (ids: string[]) => Number((await look.query<{ n: string }>('SELECT COUNT(*) AS n FROM documents WHERE id_base_dato = ANY($1)', [ids])).rows[0]?.n);
  try {
    await must(core, 'setToken', { token: sandbox.token });
    await must(core, 'saveSettings', {
      api: { billingBaseUrl: sandbox.billingBaseUrl, queryBaseUrl: sandbox.queryBaseUrl },
      company: { ruc: '20100070970', name: 'BODEGA SAN MARTÍN S.A.C.', tradeName: '', address: 'Av. Lima 123', igvRegime: 'general' },
      demo: false,
    });
    seedDocuments(core.db, documents);
    await must(core, 'setShopServerPassword', { password: cluster.password });
    const t0 = performance.now();
    await must(core, 'saveSettings', { shopServer: { enabled: true, ...server, tls: 'off', terminalName: 'Caja 1' } });
    core.start();
    while (((await must(core, 'getStatus', {})) as { shopServer: { pending: number } | null }).shopServer?.pending !== 0) await new Promise((r) => setTimeout(r, 20));
    const seconds = (performance.now() - t0) / 1000;
    report(`shop server: push ${documents.toLocaleString('en')} documents`, { s: seconds, docs_per_s: documents / seconds });

    // Online: each sale until the office sees it.
    const lags: number[] = [];
    for (let i = 0; i < online; i++) {
      const t = performance.now();
      const doc = (await must(core, 'issueSale', { clientKey: crypto.randomUUID(), ...sale })) as { idBaseDato: string };
      while ((await visible([doc.idBaseDato])) === 0) await new Promise((r) => setTimeout(r, 5));
      lags.push(performance.now() - t);
    }
    report('shop server: sale visible at the office', { p50_ms: percentile(lags, 50), p95_ms: percentile(lags, 95), max_ms: Math.max(...lags) }, { figure: 'max_ms', atMost: 2000, unit: 'ms' });

    // Outage: sales wait on the till; after the server returns, how long each waited from its return.
    cluster.stop();
    const waiting: string[] = [];
    for (let i = 0; i < outage; i++) waiting.push(((await must(core, 'issueSale', { clientKey: crypto.randomUUID(), ...sale })) as { idBaseDato: string }).idBaseDato);
    cluster.start();
    const back = performance.now();
    const seen = new Map<string, number>();
    while (seen.size < waiting.length) {
      const rows = await look.query<{ id_base_dato: string }>('SELECT id_base_dato FROM documents WHERE id_base_dato = ANY($1)', [waiting]).catch(() => ({ rows: [] }));
      for (const r of rows.rows) if (!seen.has(r.id_base_dato)) seen.set(r.id_base_dato, performance.now() - back);
      await new Promise((r) => setTimeout(r, 20));
    }
    const catchUp = [...seen.values()];
    report(`shop server: catch-up of ${outage} sales after an outage`, { p50_ms: percentile(catchUp, 50), p95_ms: percentile(catchUp, 95), max_ms: Math.max(...catchUp) });
  } finally {
    await core.stop();
    core.close();
    await look.end();
    await sandbox.close();
    cluster.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
