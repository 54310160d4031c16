// A till of the shop drills in its own process: its core (fast retries, short timeouts, no daily copies) and its
// joining the shop (token and server password every life, since secrets live in memory here; company, series and the
// shop server on its first life, since they stay in its database).
import { createCore, type Core } from '../../../electron/core/app';
import { memorySecretStore } from '../../../electron/core/services/secrets';

export interface ShopTillArgs {
  dataDir: string;
  sandbox: { billingBaseUrl: string; queryBaseUrl: string; token: string };
  server: { host: string; port: number; database: string; user: string; password: string };
  name: string;
  series: string;
}

export function createShopTillCore(args: ShopTillArgs): Core {
  return createCore({
    dataDir: args.dataDir,
    fetch: globalThis.fetch,
    secrets: memorySecretStore(),
    demoEndpoint: args.sandbox,
    outbox: { concurrency: 4, retry: { baseMs: 5, maxMs: 50, random: Math.random }, pollMs: 20 },
    api: { sendTimeoutMs: 2_000, queryTimeoutMs: 2_000 },
    dailyBackups: false,
    shopServer: { idleMs: 50, retry: { baseMs: 50, maxMs: 300 }, batchSize: 50 },
  });
}

export async function mustOn(core: Core, method: string, input: unknown): Promise<unknown> {
  const r = await core.dispatch(method, input);
  if (!r.ok) throw new Error(`${method}: ${JSON.stringify(r.error)}`);
  return r.value;
}

export async function joinShop(core: Core, args: ShopTillArgs): Promise<void> {
  await mustOn(core, 'setToken', { token: args.sandbox.token });
  await mustOn(core, 'setShopServerPassword', { password: args.server.password });
  const joined = core.db.sqlite.prepare("SELECT COUNT(*) FROM settings WHERE key = 'shopServer'").pluck().get() as number;
  if (joined > 0) return;
  await mustOn(core, 'saveSettings', {
    api: { billingBaseUrl: args.sandbox.billingBaseUrl, queryBaseUrl: args.sandbox.queryBaseUrl },
    company: { ruc: '20100070970', name: 'BODEGA SAN MARTÍN S.A.C.', tradeName: '', address: 'Av. Lima 123', igvRegime: 'general' },
    series: { boleta: args.series, factura: `F${args.series.slice(1)}` },
    demo: false,
  });
  const { host, port, database, user } = args.server;
  await mustOn(core, 'saveSettings', { shopServer: { enabled: true, host, port, database, user, tls: 'off', terminalName: args.name } });
}
