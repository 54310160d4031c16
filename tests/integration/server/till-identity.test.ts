// A refused document never blocks a till's queue; a till's clock never decides what the server keeps; a
// data folder copied from another till is told apart and refused, and nothing of either till is lost.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppStatus, DocumentSummary } from '../../../shared/bridge';
import type { ShopRefusals } from '../../../shared/server/refusals';
import { anonymousBoleta, statusOf, type Rig } from '../core/harness';
import { poolOn, startPgCluster, type PgCluster } from './pg-cluster';
import { shopRig, waitFor } from './shop-rig';

let cluster: PgCluster;
let admin: pg.Pool;
const shop = shopRig(() => cluster, () => admin);
const folders: string[] = [];

beforeAll(async () => {
  cluster = await startPgCluster();
  admin = poolOn(cluster);
}, 60_000);
afterAll(async () => {
  await admin?.end();
  cluster?.destroy();
});
afterEach(async () => {
  await shop.dispose();
  for (const f of folders.splice(0)) fs.rmSync(f, { recursive: true, force: true });
});

const sale = (r: Rig) => r.call<DocumentSummary>('issueSale', anonymousBoleta({ tenders: [{ method: 'efectivo', amount: '20' }] }));
const shopStatus = async (r: Rig) => (await r.call<AppStatus>('getStatus')).shopServer;
const serverDocs = async (pool: pg.Pool) =>
  (await pool.query<{ series: string; number: number; status: string; id_base_dato: string }>('SELECT series, number, status, id_base_dato FROM documents ORDER BY series, number')).rows;
const folder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-till-'));
  folders.push(dir);
  return dir;
};

describe('a refused document is set aside', () => {
  it('the rest of the queue goes up; the reason is in Spanish; it goes up once the server can take it', async () => {
    const { name: db, pool } = await shop.freshDatabase();
    try {
      const a = await shop.till(db, 'Caja 1', 'B001', { online: false });
      const docs = [await sale(a), await sale(a), await sale(a)];
      // Another till's document already holds B001-2 on the server (as a copied data folder would leave it).
      await shop.setOnline(a, db, 'Caja 1', true);
      await waitFor(async () => (await serverDocs(pool)).length === 3);
      await pool.query("UPDATE documents SET id_base_dato = 'other-till-doc' WHERE series = 'B001' AND number = 2");
      a.core.db.sqlite.prepare("UPDATE documents SET reprints = reprints + 1 WHERE id IN (?, ?, ?)").run(docs[0]!.id, docs[1]!.id, docs[2]!.id);
      await waitFor(async () => (await shopStatus(a))?.setAside === 1 && (await shopStatus(a))?.pending === 0);
      const refusals = await a.call<ShopRefusals>('getShopRefusals');
      expect(refusals.here).toEqual([expect.objectContaining({ series: 'B001', number: 2, terminal: 'Caja 1' })]);
      expect(refusals.here[0]?.reason).toMatch(/^El número B001-00000002 ya está en el servidor de la tienda con otro comprobante/);
      expect(refusals.shop?.map((r) => [r.terminal, r.series, r.number])).toEqual([['Caja 1', 'B001', 2]]);
      // Later sales are not blocked behind it.
      await sale(a);
      await waitFor(async () => (await serverDocs(pool)).some((d) => d.number === 4));

      // The clash is settled on the server; the next connection tries the set-aside document again.
      await pool.query("DELETE FROM documents WHERE id_base_dato = 'other-till-doc'");
      await shop.setOnline(a, db, 'Caja 1', false);
      await shop.setOnline(a, db, 'Caja 1', true);
      await waitFor(async () => (await shopStatus(a))?.setAside === 0 && (await serverDocs(pool)).filter((d) => d.id_base_dato === docs[1]!.idBaseDato).length === 1);
      expect((await pool.query('SELECT COUNT(*)::int AS n FROM refused_documents')).rows[0]).toEqual({ n: 0 });
    } finally {
      await pool.end();
    }
  }, 60_000);
});

describe("the till's clock never decides", () => {
  it('a document changed after the clock went back an hour still reaches the server with its new status', async () => {
    const { name: db, pool } = await shop.freshDatabase();
    try {
      const a = await shop.till(db, 'Caja 1');
      a.sandbox.faults.status(503, Infinity, 'send');
      const doc = await sale(a);
      await waitFor(async () => (await serverDocs(pool)).length === 1 && (await shopStatus(a))?.pending === 0);
      expect((await serverDocs(pool))[0]?.status).toBe('pending');
      // The till's clock goes back an hour; the document changes then (its updated_at is older than the server's copy).
      const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
      a.core.db.sqlite.prepare("UPDATE documents SET reprints = 1, updated_at = ? WHERE id = ?").run(hourAgo, doc.id);
      await waitFor(async () => (await pool.query<{ reprints: number }>('SELECT reprints FROM documents')).rows[0]?.reprints === 1);
      // And forward two hours: a change stamped later, then one stamped earlier again, both reach it in order.
      a.core.db.sqlite.prepare("UPDATE documents SET reprints = 2, updated_at = ? WHERE id = ?").run(new Date(Date.now() + 3_600_000).toISOString(), doc.id);
      a.core.db.sqlite.prepare("UPDATE documents SET reprints = 3, updated_at = ? WHERE id = ?").run(hourAgo, doc.id);
      await waitFor(async () => (await pool.query<{ reprints: number }>('SELECT reprints FROM documents')).rows[0]?.reprints === 3);
      a.sandbox.faults.clear();
      await waitFor(async () => statusOf(a, doc.id) === 'accepted' && (await serverDocs(pool))[0]?.status === 'accepted', 20_000);
    } finally {
      await pool.end();
    }
  }, 60_000);
});

describe("a till's identity is its own", () => {
  it('checks made while the till connects (Verificar servidor, a search) share its connection: never "misma identidad"', async () => {
    const { name: db, pool } = await shop.freshDatabase();
    try {
      const till = await shop.till(db, 'Caja 1');
      await waitFor(async () => (await shopStatus(till))?.state === 'online');
      for (let round = 0; round < 5; round++) {
        // New settings make the till connect again; "Verificar servidor" clicked at once runs beside that pass.
        await shop.setOnline(till, db, 'Caja 1', true);
        const probes = await Promise.all([1, 2, 3].map(() => till.call<{ ok: boolean; message: string }>('testShopServer')));
        for (const probe of probes) expect(probe.message).not.toMatch(/misma identidad/);
        await sale(till);
        expect((await shopStatus(till))?.state).not.toBe('conflict');
      }
      await waitFor(async () => (await serverDocs(pool)).length === 5);
    } finally {
      await pool.end();
    }
  }, 60_000);

  it('"Verificar servidor" after a new password answers for that password, not for a connection begun with the old one', async () => {
    const { name: db, pool } = await shop.freshDatabase();
    try {
      const till = await shop.till(db, 'Caja 1');
      await waitFor(async () => (await shopStatus(till))?.state === 'online');
      for (let round = 0; round < 5; round++) {
        // A wrong password typed and checked; the right one typed while that check is still connecting.
        await till.call('setShopServerPassword', { password: 'no-es-la-clave' });
        const wrong = till.call<{ ok: boolean; message: string }>('testShopServer');
        await till.call('setShopServerPassword', { password: cluster.password });
        const right = await till.call<{ ok: boolean; message: string }>('testShopServer');
        expect(right).toEqual({ ok: true, message: expect.stringMatching(/^Conectado/) });
        expect((await wrong).ok).toBe(false);
      }
    } finally {
      await pool.end();
    }
  }, 60_000);

  it('a copied data folder is refused with what to do; registered as a new till, nothing of either is lost', async () => {
    const { name: db, pool } = await shop.freshDatabase();
    try {
      const dirA = folder();
      const first = await shop.till(db, 'Caja 1', 'B001', { dataDir: dirA });
      await sale(first);
      await sale(first);
      await waitFor(async () => (await serverDocs(pool)).length === 2 && (await shopStatus(first))?.pending === 0);
      await first.dispose();
      // The owner copies the till's data folder to a new PC and starts both.
      const dirC = folder();
      fs.cpSync(dirA, dirC, { recursive: true });
      const a = await shop.till(db, 'Caja 1', 'B001', { dataDir: dirA });
      await waitFor(async () => (await shopStatus(a))?.state === 'online');
      const copy = await shop.till(db, 'Caja 1', 'B001', { dataDir: dirC, online: false });
      const offlineSale = await sale(copy); // B001-3, sold before it ever met the server
      await shop.setOnline(copy, db, 'Caja 1', true);
      await waitFor(async () => (await shopStatus(copy))?.state === 'conflict');
      expect((await shopStatus(copy))?.message).toMatch(/misma identidad.*Registrar como caja nueva/s);
      const refused = await copy.raw('issueSale', anonymousBoleta({ tenders: [{ method: 'efectivo', amount: '20' }] }));
      expect(refused).toMatchObject({ ok: false, error: { code: 'series_conflict' } });
      // The original keeps selling and pushing.
      await sale(a);
      await waitFor(async () => (await serverDocs(pool)).length === 3);

      // The copy becomes a till of its own with its own series; its documents go up, the clashing one is set aside.
      await copy.call('registerAsNewTill');
      await copy.call('saveSettings', { series: { boleta: 'B009', factura: 'F009' } });
      await waitFor(async () => (await shopStatus(copy))?.state === 'online' && (await shopStatus(copy))?.setAside === 1, 20_000);
      await sale(copy);
      await waitFor(async () => (await serverDocs(pool)).some((d) => d.series === 'B009'));
      const refusals = await copy.call<ShopRefusals>('getShopRefusals');
      expect(refusals.here.map((r) => [r.series, r.number])).toEqual([['B001', 3]]);
      expect(copy.core.db.sqlite.prepare('SELECT COUNT(*) AS n FROM documents WHERE id_base_dato = ?').get(offlineSale.idBaseDato)).toEqual({ n: 1 });
      const docs = await serverDocs(pool);
      expect(docs.map((d) => `${d.series}-${d.number}`)).toEqual(['B001-1', 'B001-2', 'B001-3', 'B009-1']);
      expect(new Set(docs.map((d) => d.id_base_dato)).size).toBe(4);
      // The original never saw a refusal.
      expect((await shopStatus(a))?.state).toBe('online');
    } finally {
      await pool.end();
    }
  }, 90_000);
});

describe('series claims follow the till', () => {
  it('a series left unused is released; one with documents stays the till\'s, so nobody starts it again at 1', async () => {
    const { name: db, pool } = await shop.freshDatabase();
    try {
      const a = await shop.till(db, 'Caja 1', 'B001');
      await waitFor(async () => (await shopStatus(a))?.state === 'online');
      // Caja 1 moves to B005 without having sold under B001: B001 is given back.
      await a.call('saveSettings', { series: { boleta: 'B005', factura: 'F005' } });
      await sale(a);
      await waitFor(async () => (await serverDocs(pool)).some((d) => d.series === 'B005'));
      const owners = async () => (await pool.query<{ series: string }>("SELECT series FROM series_owners WHERE doc_type = '03' ORDER BY series")).rows.map((r) => r.series);
      await waitFor(async () => !(await owners()).includes('B001'));
      const b = await shop.till(db, 'Caja 2', 'B001');
      await waitFor(async () => (await shopStatus(b))?.state === 'online');
      // Caja 1 moves again, to B006: B005 has its documents and stays Caja 1's.
      await a.call('saveSettings', { series: { boleta: 'B006', factura: 'F006' } });
      await sale(a);
      await waitFor(async () => (await serverDocs(pool)).some((d) => d.series === 'B006'));
      expect(await owners()).toEqual(['B001', 'B005', 'B006']);
      const c = await shop.till(db, 'Caja 3', 'B005');
      await waitFor(async () => (await shopStatus(c))?.state === 'conflict');
      expect((await shopStatus(c))?.message).toMatch(/La serie B005 ya la usa «Caja 1»/);
    } finally {
      await pool.end();
    }
  }, 60_000);
});
