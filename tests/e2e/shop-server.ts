// For the browser tests of the shop server: a throwaway PostgreSQL cluster with an empty `tienda`
// database, and a till taken out of demo mode (demo documents are never the shop's), driven through the bridge.
import pg from 'pg';
import type { TillCore as Core } from './till-core';
import { startPgCluster, type PgCluster } from '../integration/server/pg-cluster';

export const SHOP_DATABASE = 'tienda';

export async function startShopCluster(): Promise<PgCluster> {
  const cluster = await startPgCluster();
  const admin = new pg.Client({ host: cluster.host, port: cluster.port, user: cluster.user, password: cluster.password, database: cluster.database });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${SHOP_DATABASE}`);
  await admin.end();
  return cluster;
}

/** A query on the shop database, on a connection of its own. */
export async function queryShop<R extends pg.QueryResultRow>(cluster: PgCluster, sql: string): Promise<R[]> {
  const client = new pg.Client({ host: cluster.host, port: cluster.port, user: cluster.user, password: cluster.password, database: SHOP_DATABASE });
  await client.connect();
  try {
    return (await client.query<R>(sql)).rows;
  } finally {
    await client.end();
  }
}

export async function must(core: Core, method: string, input: unknown): Promise<unknown> {
  const r = await core.dispatch(method, input);
  if (!r.ok) throw new Error(`${method}: ${JSON.stringify(r.error)}`);
  return r.value;
}

/** Token, company and series of a real shop, demo off; with `server`, also pointed at the shop server. */
export async function goLive(
  core: Core,
  sandbox: { billingBaseUrl: string; queryBaseUrl: string; token: string },
  series: string,
  server?: { cluster: PgCluster; name: string },
): Promise<void> {
  await must(core, 'setToken', { token: sandbox.token });
  await must(core, 'saveSettings', {
    api: { billingBaseUrl: sandbox.billingBaseUrl, queryBaseUrl: sandbox.queryBaseUrl },
    company: { ruc: '20100070970', name: 'BODEGA SAN MARTÍN S.A.C.', tradeName: 'Bodega San Martín', address: 'Av. Lima 123', igvRegime: 'general' },
    series: { boleta: series, factura: `F${series.slice(1)}` },
    demo: false,
  });
  if (!server) return;
  const { cluster, name } = server;
  await must(core, 'setShopServerPassword', { password: cluster.password });
  await must(core, 'saveSettings', {
    shopServer: { enabled: true, host: cluster.host, port: cluster.port, database: SHOP_DATABASE, user: cluster.user, tls: 'off', terminalName: name },
  });
}
