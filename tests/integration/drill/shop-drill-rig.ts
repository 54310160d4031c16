// What the drills of tills on a shop server share: a sandbox, a throwaway PostgreSQL cluster holding the shop's
// database, a folder for the tills' files, the connection a till and the drill's own queries use. Call it at the top
// of a test file: it starts them before the file's tests and removes them after.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../electron/sandbox';
import { startPgCluster, type PgCluster } from '../server/pg-cluster';

export interface ShopDrillRig {
  readonly sandbox: Sandbox;
  readonly cluster: PgCluster;
  /** The folder of the tills' data folders. */
  readonly root: string;
  /** The shop database's connection, as a till is given it. */
  server(): { host: string; port: number; database: string; user: string; password: string };
  /** The sandbox's endpoint and token, as a till is given them. */
  sandboxArgs(): { billingBaseUrl: string; queryBaseUrl: string; token: string };
  /** One query on the shop database, on its own connection (the cluster may have restarted since the last). */
  query<T extends pg.QueryResultRow>(sql: string, values?: unknown[]): Promise<T[]>;
}

export function shopDrillRig(o: { database: string; sandbox?: SandboxOptions }): ShopDrillRig {
  let sandbox: Sandbox | undefined;
  let cluster: PgCluster | undefined;
  let root: string | undefined;
  const started = <T>(what: T | undefined): T => {
    if (what === undefined) throw new Error('the shop drill rig starts before the tests (beforeAll)');
    return what;
  };
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, ...o.sandbox });
    cluster = await startPgCluster();
    root = fs.mkdtempSync(path.join(os.tmpdir(), `caja-${o.database}-drill-`));
    const admin = new pg.Client({ host: cluster.host, port: cluster.port, user: cluster.user, password: cluster.password, database: cluster.database });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${o.database}`);
    await admin.end();
  }, 60_000);
  afterAll(async () => {
    await sandbox?.close();
    cluster?.destroy();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });
  const rig: ShopDrillRig = {
    get sandbox() {
      return started(sandbox);
    },
    get cluster() {
      return started(cluster);
    },
    get root() {
      return started(root);
    },
    server: () => {
      const c = started(cluster);
      return { host: c.host, port: c.port, database: o.database, user: c.user, password: c.password };
    },
    sandboxArgs: () => {
      const s = started(sandbox);
      return { billingBaseUrl: s.billingBaseUrl, queryBaseUrl: s.queryBaseUrl, token: s.token };
    },
    async query<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
      const client = new pg.Client(rig.server());
      client.on('error', () => undefined);
      await client.connect();
      try {
        return (await client.query<T>(sql, values)).rows;
      } finally {
        await client.end();
      }
    },
  };
  return rig;
}
