// The shop drill: three tills, each its own process and SQLite file, sell 300 documents each while the
// shop server (a real PostgreSQL cluster) is stopped and restarted and one till is killed with SIGKILL again and
// again, mid-push. At the end the server holds each of the 900 documents exactly once, with the status its till has;
// a price changed on the server has reached all three tills; and a fourth till claiming a taken series is refused.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { shopDrillRig } from './shop-drill-rig';
import { killAgainAndAgain, spawnTill, type TillProcess } from './spawn-till';
import { startRig } from '../core/harness';

const TARGET = 300;
const script = fileURLToPath(new URL('./shop-till-process.ts', import.meta.url));
const TILLS = [
  { name: 'Caja 1', series: 'B001' },
  { name: 'Caja 2', series: 'B002' },
  { name: 'Caja 3', series: 'B003' },
];

const drill = shopDrillRig({ database: 'tienda' });
const { query, server, sandboxArgs } = drill;

function launch(till: (typeof TILLS)[number]): TillProcess {
  const dataDir = path.join(drill.root, till.series);
  fs.mkdirSync(dataDir, { recursive: true });
  const args = { dataDir, sandbox: sandboxArgs(), server: server(), ...till, target: TARGET };
  return spawnTill(script, [JSON.stringify(args)]);
}

describe('shop drill', () => {
  it(`3 tills × ${TARGET} sales through server restarts and SIGKILLs mid-push: each document once, with its status; prices reach every till`, async () => {
    const runs = new Map(TILLS.map((t) => [t.series, launch(t)]));
    await Promise.all([...runs.values()].map((r) => Promise.race([r.ready, r.exit])));

    // Till 2 is killed again and again while it sells and pushes; the server is stopped twice under all three.
    const killer = killAgainAndAgain(runs, 'B002', { times: 6, pauseMs: [300, 800], relaunch: () => launch(TILLS[1]!) });
    for (let outage = 0; outage < 2; outage++) {
      await new Promise((r) => setTimeout(r, 700));
      drill.cluster.stop();
      await new Promise((r) => setTimeout(r, 600));
      drill.cluster.start();
    }
    const kills = await killer;
    // The office changes a price while the tills work (the tills' first connection created the table).
    await expect.poll(async () => (await query("SELECT to_regclass('products') AS t")).at(0)?.t, { timeout: 30_000 }).toBe('products');
    await query("INSERT INTO products (code, description, unit, price, affectation, bag, active, version, updated_by) VALUES ('OF1', 'Aceite 1 L', 'NIU', '9.9', '10', false, true, nextval('change_version'), 'Oficina')");
    await query("UPDATE products SET price = '10.5', version = nextval('change_version') WHERE code = 'OF1'");

    for (const till of TILLS) {
      const run = runs.get(till.series)!;
      const code = await run.exit;
      expect(code, run.output()).toBe(0);
    }
    // A till that finished before the price changed pulls it on its next start (a new day); each run ends only when
    // it has pulled everything the server holds.
    for (const till of TILLS) {
      const again = launch(till);
      expect(await again.exit, again.output()).toBe(0);
    }
    expect(kills).toBeGreaterThanOrEqual(3);

    const onServer = await query<{ id_base_dato: string; series: string; number: number; status: string }>(
      'SELECT id_base_dato, series, number, status FROM documents ORDER BY series, number',
    );
    expect(onServer).toHaveLength(TILLS.length * TARGET);
    for (const till of TILLS) {
      const db = new Database(path.join(drill.root, till.series, 'caja.db'), { readonly: true });
      const local = db.prepare('SELECT id_base_dato, series, number, status FROM documents ORDER BY number').all() as typeof onServer;
      const price = (db.prepare("SELECT price FROM products WHERE code = 'OF1'").get() as { price: string } | undefined)?.price;
      db.close();
      expect(local).toHaveLength(TARGET);
      expect(onServer.filter((d) => d.series === till.series)).toEqual(local);
      expect(price, `price at ${till.name}`).toBe('10.5');
    }
    expect(new Set(onServer.map((d) => d.id_base_dato)).size).toBe(onServer.length);

    // A fourth till claiming B002 is refused, and sells nothing under it.
    const fourth = await startRig({ shared: drill.sandbox, core: { shopServer: { idleMs: 50, retry: { baseMs: 50, maxMs: 200 } } } });
    try {
      await fourth.call('setToken', { token: drill.sandbox.token });
      await fourth.call('saveSettings', {
        api: { billingBaseUrl: drill.sandbox.billingBaseUrl, queryBaseUrl: drill.sandbox.queryBaseUrl },
        company: { ruc: '20100070970', name: 'BODEGA SAN MARTÍN S.A.C.', tradeName: '', address: 'Av. Lima 123', igvRegime: 'general' },
        series: { boleta: 'B002', factura: 'F004' },
        demo: false,
      });
      await fourth.call('setShopServerPassword', { password: drill.cluster.password });
      await fourth.call('saveSettings', { shopServer: { enabled: true, host: drill.cluster.host, port: drill.cluster.port, database: 'tienda', user: drill.cluster.user, tls: 'off', terminalName: 'Caja 4' } });
      fourth.core.start();
      await expect.poll(async () => (await fourth.raw('issueSale', { clientKey: crypto.randomUUID(), docType: '03', customer: { docType: '0', docNumber: '', name: '', address: '' }, lines: [{ code: 'X', description: 'X', unit: 'NIU', quantity: '1', unitPrice: '1', affectation: '10' }] })).ok === false
        ? ((await fourth.raw('getStatus')) as { value: { shopServer: { state: string } } }).value.shopServer.state
        : 'sold', { timeout: 10_000 }).toBe('conflict');
    } finally {
      await fourth.dispose();
    }
  }, 300_000);
});
