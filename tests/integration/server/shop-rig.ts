// Tills on a throwaway shop server, for the shop-server tests: one cluster per file, a fresh database per test.
import type pg from 'pg';
import type { CoreOptions } from '../../../electron/core/app';
import type { Sandbox } from '../../../electron/sandbox';
import { startRig, type Rig } from '../core/harness';
import { poolOn, type PgCluster } from './pg-cluster';

export interface TillOptions {
  core?: Partial<CoreOptions>;
  dataDir?: string;
  /** Start off the server (as a till whose cable is out). */
  online?: boolean;
  /** The till's own login role on the server (default: the cluster's owner). */
  login?: { user: string; password: string };
  /** One sandbox for several tills (a shop declaring to one SUNAT): their documents see each other. */
  shared?: Sandbox;
  /** Who signs in first, when the data folder already has staff (a copied folder). */
  signIn?: { name: string; pin: string };
}

export interface ShopRig {
  /** A fresh database for one test, and a pool on it to look at what the tills pushed. */
  freshDatabase(): Promise<{ name: string; pool: pg.Pool }>;
  /** A till in real mode (the replicator never pushes demo documents) pointed at the shop server. */
  till(database: string, name: string, series?: string, opts?: TillOptions): Promise<Rig>;
  /** Takes a till off the shop server (as a cable pulled out) or puts it back. */
  setOnline(rig: Rig, database: string, name: string, online: boolean, login?: TillOptions['login']): Promise<void>;
  dispose(): Promise<void>;
}

export function shopRig(cluster: () => PgCluster, admin: () => pg.Pool): ShopRig {
  let rigs: Rig[] = [];
  let count = 0;
  const serverSettings = (database: string, name: string, enabled: boolean, user = cluster().user) => ({
    shopServer: { enabled, host: cluster().host, port: cluster().port, database, user, tls: 'off' as const, terminalName: name },
  });
  return {
    async freshDatabase() {
      const name = `tienda_${process.pid}_${++count}`;
      await admin().query(`CREATE DATABASE ${name}`);
      return { name, pool: poolOn(cluster(), name) };
    },
    async till(database, name, series = 'B001', opts = {}) {
      const r = await startRig({
        core: { shopServer: { idleMs: 50, retry: { baseMs: 50, maxMs: 200 } }, ...opts.core },
        ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
        ...(opts.shared ? { shared: opts.shared } : {}),
      });
      rigs.push(r);
      if (opts.signIn) {
        const id = r.core.db.sqlite.prepare('SELECT id FROM users WHERE name = ?').pluck().get(opts.signIn.name) as number;
        await r.call('login', { userId: id, pin: opts.signIn.pin });
      }
      const sandbox = opts.shared ?? r.sandbox;
      await r.call('setToken', { token: sandbox.token });
      await r.call('saveSettings', {
        api: { billingBaseUrl: sandbox.billingBaseUrl, queryBaseUrl: sandbox.queryBaseUrl },
        company: { ruc: '20100070970', name: 'BODEGA SAN MARTÍN S.A.C.', tradeName: '', address: 'Av. Lima 123', igvRegime: 'general' },
        series: { boleta: series, factura: `F${series.slice(1)}` },
        demo: false,
      });
      await r.call('setShopServerPassword', { password: opts.login?.password ?? cluster().password });
      await r.call('saveSettings', serverSettings(database, name, opts.online ?? true, opts.login?.user));
      r.core.start();
      return r;
    },
    async setOnline(rig, database, name, online, login) {
      await rig.call('saveSettings', serverSettings(database, name, online, login?.user));
    },
    async dispose() {
      // A test may have disposed a rig itself (to copy its folder): closing it twice is not this test's failure.
      await Promise.all(rigs.map((r) => r.dispose().catch(() => undefined)));
      rigs = [];
    },
  };
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    // Before the first till connects, the server has no tables yet: that is "not yet".
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not reached');
}
