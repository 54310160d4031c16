// A daily copy of Caja 1 restored onto a PC that never had Caja's data is not Caja 1: Caja 1 may still be selling. The
// restored till takes a new identity at the shop server, sells nothing until the server confirmed its series, and Caja
// 1 goes on undisturbed (real PostgreSQL; the copies are Caja's own daily copies).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRestore, backupFoldersOf, latestGoodBackup } from '../../../electron/core/backup';
import { defaultMigrationsDir } from '../../../electron/core/db';
import { startSandbox } from '../../../electron/sandbox';
import type { AppStatus, DocumentSummary } from '../../../shared/bridge';
import { anonymousBoleta, startRig, type Rig } from '../core/harness';
import { poolOn, startPgCluster, type PgCluster } from './pg-cluster';
import { waitFor } from './shop-rig';

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

const terminalOf = (r: Rig) => r.core.db.sqlite.prepare("SELECT value FROM settings WHERE key = 'terminalId'").pluck().get() as string | undefined;

describe('a copy restored onto a new PC', () => {
  it('is a new till: Caja 1 keeps its identity and its series, the new PC sells only with series of its own', async () => {
    await admin.query('CREATE DATABASE nueva_pc');
    const pool = poolOn(cluster, 'nueva_pc');
    const sandbox = await startSandbox({ port: 0 });
    const oldDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-pc1-'));
    const newDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-pc2-'));
    const open = async (dataDir: string): Promise<Rig> => {
      const r = await startRig({ shared: sandbox, dataDir, core: { shopServer: { idleMs: 50, retry: { baseMs: 50, maxMs: 200 } } } });
      await r.call('setToken', { token: sandbox.token });
      await r.call('setShopServerPassword', { password: cluster.password });
      return r;
    };
    const rigs: Rig[] = [];
    try {
      const caja1 = await open(oldDir);
      rigs.push(caja1);
      await caja1.call('saveSettings', {
        api: { billingBaseUrl: sandbox.billingBaseUrl, queryBaseUrl: sandbox.queryBaseUrl },
        company: { ruc: '20100070970', name: 'BODEGA SAN MARTÍN S.A.C.', tradeName: '', address: 'Av. Lima 123', igvRegime: 'general' },
        series: { boleta: 'B001', factura: 'F001' },
        demo: false,
      });
      await caja1.call('saveSettings', { shopServer: { enabled: true, host: cluster.host, port: cluster.port, database: 'nueva_pc', user: cluster.user, tls: 'off', terminalName: 'Caja 1' } });
      caja1.core.start();
      for (let i = 0; i < 2; i++) await caja1.call('issueSale', anonymousBoleta());
      await waitFor(async () => (await pool.query('SELECT COUNT(*)::int AS n FROM documents')).rows[0].n === 2);
      await caja1.call('backupNow');

      // The copy goes onto a new PC (a folder that never had a database), while Caja 1 keeps selling.
      const copy = await latestGoodBackup(backupFoldersOf(oldDir), defaultMigrationsDir());
      await applyRestore(copy!.path, path.join(newDir, 'caja.db'), { backupFolder: path.join(newDir, 'copias'), migrationsDir: defaultMigrationsDir() });
      const pc2 = await open(newDir);
      rigs.push(pc2);
      // The copy's identity stayed behind: the new PC takes one of its own when it first needs one.
      expect(terminalOf(pc2)).toBeUndefined();
      pc2.core.start();

      // The new PC is refused Caja 1's series, and sells nothing in them.
      const refused = await pc2.raw('issueSale', anonymousBoleta());
      expect(refused).toMatchObject({ ok: false, error: { code: expect.stringMatching(/^series_(conflict|unconfirmed)$/) } });
      await waitFor(async () => (await pc2.call<AppStatus>('getStatus')).shopServer?.state !== 'connecting');
      expect(await pc2.raw('issueSale', anonymousBoleta())).toMatchObject({ ok: false });
      expect(terminalOf(pc2)).toBeDefined();
      expect(terminalOf(pc2)).not.toBe(terminalOf(caja1));

      // Caja 1 is not blocked: it sells B001-3 and pushes it.
      const next = await caja1.call<DocumentSummary>('issueSale', anonymousBoleta());
      expect(next).toMatchObject({ series: 'B001', number: 3 });
      await waitFor(async () => (await pool.query('SELECT COUNT(*)::int AS n FROM documents WHERE id_base_dato = $1', [next.idBaseDato])).rows[0].n === 1);
      expect((await caja1.call<AppStatus>('getStatus')).shopServer?.state).toBe('online');

      // With series of its own, confirmed by the server, the new PC sells.
      await pc2.call('saveSettings', { series: { boleta: 'B003', factura: 'F003' } });
      await waitFor(async () => (await pc2.raw('issueSale', anonymousBoleta())).ok === true, 15_000);
      const numbers = (await pool.query("SELECT series, number FROM documents WHERE doc_type = '03' ORDER BY series, number")).rows;
      await waitFor(async () => (await pool.query("SELECT COUNT(*)::int AS n FROM documents WHERE series = 'B003'")).rows[0].n === 1);
      expect(numbers.filter((r: { series: string }) => r.series === 'B001').map((r: { number: number }) => r.number)).toEqual([1, 2, 3]);
    } finally {
      for (const r of rigs) await r.dispose().catch(() => undefined);
      await pool.end();
      await sandbox.close();
      fs.rmSync(oldDir, { recursive: true, force: true });
      fs.rmSync(newDir, { recursive: true, force: true });
    }
  }, 90_000);
});
