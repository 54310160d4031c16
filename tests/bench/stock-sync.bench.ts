// Stock across tills: a till that sold offline comes back with 10,000 movements. How long until the shop server holds
// them all (the till's push, in batches), and how long until another till, online all along, has pulled them and
// holds the same balance. A throwaway local PostgreSQL, two real cores.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createCore, type Core } from '../../electron/core/app';
import { memorySecretStore } from '../../electron/core/services/secrets';
import { StockLedger } from '../../electron/core/stock';
import { startSandbox } from '../../electron/sandbox';
import { Dec } from '../../shared/billing/decimal';
import { startPgCluster } from '../integration/server/pg-cluster';
import { report } from './stats';

async function must(core: Core, method: string, input: unknown): Promise<unknown> {
  const r = await core.dispatch(method, input);
  if (!r.ok) throw new Error(`${method}: ${JSON.stringify(r.error)}`);
  return r.value;
}

const PRODUCTS = 50;

async function until(check: () => Promise<boolean> | boolean): Promise<void> {
  while (!(await check())) await new Promise((r) => setTimeout(r, 10));
}

export async function syncOfMovements(movements: number): Promise<void> {
  const cluster = await startPgCluster();
  const sandbox = await startSandbox({ port: 0 });
  const server = { host: cluster.host, port: cluster.port, database: cluster.database, user: cluster.user };
  const look = new pg.Pool({ ...server, password: cluster.password });
  look.on('error', () => undefined);
  const tills: { core: Core; dir: string }[] = [];
  const till = async (name: string, series: string, online: boolean): Promise<Core> => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-bench-stock-sync-'));
    const core = createCore({
      dataDir: dir, fetch: globalThis.fetch, secrets: memorySecretStore(), dailyBackups: false,
      demoEndpoint: { billingBaseUrl: sandbox.billingBaseUrl, queryBaseUrl: sandbox.queryBaseUrl, token: sandbox.token },
      shopServer: { idleMs: 50 },
    });
    tills.push({ core, dir });
    await must(core, 'setToken', { token: sandbox.token });
    await must(core, 'saveSettings', {
      api: { billingBaseUrl: sandbox.billingBaseUrl, queryBaseUrl: sandbox.queryBaseUrl },
      company: { ruc: '20100070970', name: 'BODEGA SAN MARTÍN S.A.C.', tradeName: '', address: 'Av. Lima 123', igvRegime: 'general' },
      series: { boleta: series, factura: `F${series.slice(1)}` },
      demo: false,
    });
    const insert = core.db.sqlite.prepare(`INSERT INTO products (code, description, unit, price, affectation, created_at, updated_at)
      VALUES (?, ?, 'KGM', '4.2', '10', '2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z')`);
    for (let n = 0; n < PRODUCTS; n++) insert.run(`P${n}`, `Producto ${n}`);
    await must(core, 'setShopServerPassword', { password: cluster.password });
    await must(core, 'saveSettings', { shopServer: { enabled: online, ...server, tls: 'off', terminalName: name } });
    core.start();
    return core;
  };
  const balanceAt = (core: Core) =>
    (core.db.sqlite.prepare('SELECT quantity FROM stock_balances').pluck().all() as string[]).reduce((s, q) => s.plus(q), new Dec(0));
  try {
    const other = await till('Caja 2', 'B002', true);
    const offline = await till('Caja 1', 'B001', false);
    // What the offline till's sales, purchases and counts wrote: weighed quantities over 50 products.
    // The till's id on the shop server (SettingsService.terminalId makes it once, here if not yet made).
    const stored = offline.db.sqlite.prepare("SELECT value FROM settings WHERE key = 'terminalId'").pluck().get() as string | undefined;
    const terminal = stored ? (JSON.parse(stored) as string) : crypto.randomUUID();
    if (!stored) offline.db.sqlite.prepare("INSERT INTO settings (key, value) VALUES ('terminalId', ?)").run(JSON.stringify(terminal));
    const ledger = new StockLedger({ db: offline.db, now: () => new Date(), till: () => terminal, who: () => 'BENCH' });
    offline.db.sqlite.transaction(() => {
      for (let n = 0; n < movements; n++) {
        const purchase = n % 10 === 0;
        ledger.record({ code: `P${n % PRODUCTS}`, kind: purchase ? 'purchase' : 'sale', quantity: new Dec(purchase ? '25' : `-${1 + (n % 7)}.125`), unitCost: new Dec('3.5') });
      }
    })();
    const expected = balanceAt(offline);
    await until(async () => (await look.query("SELECT to_regclass('stock_movements') IS NOT NULL AS ok")).rows[0]?.ok === true);

    const t0 = performance.now();
    await must(offline, 'saveSettings', { shopServer: { enabled: true, ...server, tls: 'off', terminalName: 'Caja 1' } });
    await until(async () => Number((await look.query<{ n: string }>('SELECT count(*) AS n FROM stock_movements').catch(() => ({ rows: [{ n: '0' }] }))).rows[0]?.n) >= movements);
    const pushed = (performance.now() - t0) / 1000;
    await until(() => balanceAt(other).eq(expected));
    const pulled = (performance.now() - t0) / 1000;
    const server_ = (await look.query<{ q: string }>('SELECT sum(quantity)::text AS q FROM stock_balances')).rows[0]?.q ?? '0';
    report(`stock sync: ${movements.toLocaleString('en')} movements from an offline till, on the server`, { s: pushed, per_s: movements / pushed });
    report('  and pulled by another till, same balance', { s: pulled, per_s: movements / pulled, agree: new Dec(server_).eq(expected) && balanceAt(other).eq(expected) ? 1 : 0 });
  } finally {
    for (const t of tills) {
      await t.core.stop();
      t.core.close();
      fs.rmSync(t.dir, { recursive: true, force: true });
    }
    await look.end();
    await sandbox.close();
    cluster.destroy();
  }
}
