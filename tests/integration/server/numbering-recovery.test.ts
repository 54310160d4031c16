// Numbering after a restore, with a shop server (a real PostgreSQL cluster): sales issued while SUNAT could not be reached were pushed to
// the shop server, then the till's database was lost and an older copy restored. The API has no record of those
// numbers; the shop server has: the till goes on after them, never reusing a number a customer holds on a ticket.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRestore, backupFoldersOf, latestGoodBackup } from '../../../electron/core/backup';
import { defaultMigrationsDir } from '../../../electron/core/db';
import { startSandbox } from '../../../electron/sandbox';
import type { DocumentSummary } from '../../../shared/bridge';
import { anonymousBoleta, startRig, type Rig } from '../core/harness';
import { poolOn, startPgCluster, type PgCluster } from './pg-cluster';

let cluster: PgCluster;
let admin: pg.Pool;
beforeAll(async () => {
  cluster = await startPgCluster();
  admin = poolOn(cluster);
}, 60_000);
afterAll(async () => {
  await admin?.end();
  cluster?.destroy();
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not reached');
}

describe('numbering confirmed with the shop server after a restore', () => {
  it('goes on after the numbers the shop server holds, although SUNAT never received them', async () => {
    await admin.query('CREATE DATABASE numeracion');
    const pool = poolOn(cluster, 'numeracion');
    const sandbox = await startSandbox({ port: 0 });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-29-shop-'));
    const open = async (): Promise<Rig> => {
      const r = await startRig({ shared: sandbox, dataDir, core: { shopServer: { idleMs: 50, retry: { baseMs: 50, maxMs: 200 } } } });
      await r.call('setToken', { token: sandbox.token });
      await r.call('setShopServerPassword', { password: cluster.password });
      return r;
    };
    let rig: Rig | undefined;
    try {
      rig = await open();
      await rig.call('saveSettings', {
        api: { billingBaseUrl: sandbox.billingBaseUrl, queryBaseUrl: sandbox.queryBaseUrl },
        company: { ruc: '20100070970', name: 'BODEGA SAN MARTÍN S.A.C.', tradeName: '', address: 'Av. Lima 123', igvRegime: 'general' },
        series: { boleta: 'B001', factura: 'F001' },
        demo: false,
      });
      await rig.call('saveSettings', { shopServer: { enabled: true, host: cluster.host, port: cluster.port, database: 'numeracion', user: cluster.user, tls: 'off', terminalName: 'Caja 1' } });
      rig.core.start();
      for (let i = 0; i < 3; i++) await rig.call('issueSale', anonymousBoleta());
      await waitFor(async () => sandbox.declarations().length === 3);
      // The copy must know this till as the server does (its series claim is registered with the first push): a copy
      // taken before that would come back as another till, refused the series (a till's identity is its own: till-lease.ts).
      await waitFor(async () => (await pool.query('SELECT COUNT(*)::int AS n FROM documents')).rows[0].n === 3);
      await rig.call('backupNow');
      sandbox.faults.reset(Infinity, 'send'); // SUNAT out of reach: the next sales wait in the outbox
      for (let i = 0; i < 4; i++) await rig.call('issueSale', anonymousBoleta());
      await waitFor(async () => (await pool.query('SELECT COUNT(*)::int AS n FROM documents')).rows[0].n === 7);
      await rig.dispose();
      rig = undefined;

      fs.truncateSync(path.join(dataDir, 'caja.db'), 0); // the till's database is lost
      const good = await latestGoodBackup(backupFoldersOf(dataDir), defaultMigrationsDir());
      await applyRestore(good!.path, path.join(dataDir, 'caja.db'), { backupFolder: path.dirname(good!.path), migrationsDir: defaultMigrationsDir() });

      rig = await open();
      rig.core.start();
      const next = await rig.call<DocumentSummary>('issueSale', anonymousBoleta());
      expect(next.number).toBe(8);
      // The restored till is still this till at the server: its new sale goes up, not refused as a copy.
      await waitFor(async () => (await pool.query('SELECT COUNT(*)::int AS n FROM documents WHERE id_base_dato = $1', [next.idBaseDato])).rows[0].n === 1);
      expect(rig.core.db.sqlite.prepare("SELECT detail FROM numbering_log WHERE kind = 'confirmed' AND series = 'B001'").pluck().get()).toMatch(
        /servidor de la tienda 7/,
      );
    } finally {
      await rig?.dispose();
      await pool.end();
      await sandbox.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
