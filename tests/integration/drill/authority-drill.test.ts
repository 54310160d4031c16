// The authority drill: three tills and the office on a real PostgreSQL, each till with its own role. One
// till is offline while the office deactivates a cashier, changes a price and edits the payment methods, and edits
// the same records itself; a till's clock goes back an hour, then forward; the server is stopped twice while every
// till sells; a copy of a till's data folder starts as a fourth till; a till's role tries to write another till's
// document, a staff row and a price directly in SQL, the owner's PIN through the server's rule, and the version
// sequence. At the end every decision holds, every document is on the server exactly once with its till's status (or
// set aside with its reason), no queue is stuck, and the overwritten edits are listed for the office.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateServer } from '../../../electron/core/server';
import type { AppStatus } from '../../../shared/bridge';
import type { UnappliedChange } from '../../../shared/server/unapplied';
import { anonymousBoleta, type Rig } from '../core/harness';
import { poolOn, startPgCluster, type PgCluster } from '../server/pg-cluster';
import { shopRig, waitFor } from '../server/shop-rig';

const SALES = Number(process.env.CAJA_AUTHORITY_DRILL_SALES ?? 12);
let cluster: PgCluster;
let admin: pg.Pool;
const shop = shopRig(() => cluster, () => admin);
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-authority-'));

beforeAll(async () => {
  cluster = await startPgCluster();
  admin = poolOn(cluster);
}, 60_000);
afterAll(async () => {
  await shop.dispose();
  await admin?.end();
  cluster?.destroy();
  fs.rmSync(root, { recursive: true, force: true });
});

const sell = (r: Rig) => r.call('issueSale', anonymousBoleta({ tenders: [{ method: 'efectivo', amount: '20' }] }));
const sellMany = async (r: Rig, n: number) => {
  for (let i = 0; i < n; i++) await sell(r);
};
const status = async (r: Rig) => (await r.call<AppStatus>('getStatus')).shopServer;
const local = <T>(r: Rig, sql: string, ...values: unknown[]) => r.core.db.sqlite.prepare(sql).all(...values) as T[];
const userAt = (r: Rig, name: string) => local<{ id: number; active: number }>(r, 'SELECT id, active FROM users WHERE name = ?', name)[0];
const priceAt = (r: Rig) => local<{ price: string }>(r, "SELECT price FROM products WHERE code = 'A001'")[0]?.price;
/** The lease a copied data folder holds (till-lease.ts), read from its database file. */
const readLease = (dir: string): string | undefined => {
  const db = new Database(path.join(dir, 'caja.db'), { readonly: true });
  try {
    const raw = db.prepare("SELECT value FROM settings WHERE key = 'shopLease'").pluck().get() as string | undefined;
    return raw === undefined ? undefined : (JSON.parse(raw) as string);
  } finally {
    db.close();
  }
};
const methodsAt = async (r: Rig) => (await r.call<{ paymentMethods: { code: string; label: string; active: boolean }[] }>('getSettings')).paymentMethods;

describe('the shop server is the authority', () => {
  it('holds every decision through an offline till, clocks moved, server restarts, a copied folder and forged SQL', async () => {
    const { name: db, pool } = await shop.freshDatabase();
    await migrateServer(pool, path.resolve(__dirname, '../../../migrations/server'));
    const login = async (name: string) => {
      const password = `pw-${Math.random().toString(36).slice(2)}`;
      await admin.query(`CREATE ROLE ${db}_${name} LOGIN PASSWORD '${password}' IN ROLE caja_tills`);
      return { user: `${db}_${name}`, password };
    };
    const login2 = await login('t2');
    const login3 = await login('t3');
    let clock2 = 0;
    const office = await shop.till(db, 'Oficina', 'B001');
    // The office sets the shop up first: a till's own copy of the company is the office's to decide (server 0012), so
    // one that reached the server first would be listed for the office.
    await waitFor(async () => (await pool.query("SELECT 1 FROM shop_settings WHERE key = 'company'")).rowCount === 1, 20_000);
    const till2 = await shop.till(db, 'Caja 2', 'B002', { login: login2, dataDir: fs.mkdtempSync(path.join(root, 't2-')), core: { now: () => new Date(Date.now() + clock2) } });
    const till3 = await shop.till(db, 'Caja 3', 'B003', { login: login3 });
    const tills = [office, till2, till3];

    await office.call('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' });
    await office.call('saveUser', { name: 'Pedro Cajero', role: 'cajero', pin: '1234' });
    await office.call('saveProduct', { code: 'A001', description: 'Arroz extra 1 kg', unit: 'NIU', price: '5.5', affectation: '10' });
    await waitFor(async () => tills.every((t) => userAt(t, 'Pedro Cajero') && priceAt(t) === '5.5'), 20_000);
    for (const t of [till2, till3]) await t.call('login', { userId: userAt(t, 'Rosa Dueña')!.id, pin: '246810' });
    for (const t of tills) await t.call('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '50' });
    await sellMany(office, SALES);

    // Till 3 goes offline; the office decides; till 3 edits the same records.
    await shop.setOnline(till3, db, 'Caja 3', false, login3);
    await office.call('saveUser', { id: userAt(office, 'Pedro Cajero')!.id, name: 'Pedro Cajero', role: 'cajero', active: false });
    await office.call('saveProduct', { code: 'A001', originalCode: 'A001', description: 'Arroz extra 1 kg', unit: 'NIU', price: '6.25', affectation: '10' });
    await office.call('saveSettings', { paymentMethods: (await methodsAt(office)).map((m) => (m.code === 'plin' ? { ...m, active: false } : m)) });
    await till3.call('saveUser', { id: userAt(till3, 'Pedro Cajero')!.id, name: 'Pedro Cajero', role: 'cajero', pin: '9999', active: true });
    await till3.call('saveProduct', { code: 'A001', originalCode: 'A001', description: 'Arroz extra 1 kg', unit: 'NIU', price: '4.1', affectation: '10' });
    await till3.call('saveSettings', { paymentMethods: (await methodsAt(till3)).map((m) => (m.code === 'yape' ? { ...m, label: 'Yape QR' } : m)) });
    await sellMany(till3, SALES);

    // Till 2's clock goes back an hour, then forward two; it sells throughout.
    clock2 = -3_600_000;
    await sellMany(till2, SALES / 2);
    clock2 = 3_600_000;
    await sellMany(till2, SALES / 2);

    // The server stops twice while every till sells.
    for (let round = 0; round < 2; round++) {
      cluster.stop();
      await Promise.all([sellMany(office, 3), sellMany(till2, 3), sellMany(till3, 3)]);
      cluster.start();
      await waitFor(async () => (await status(office))?.state === 'online', 20_000);
    }

    // A copy of till 2's data folder (taken while it runs) starts as a fourth till, with till 2's credentials.
    const copyDir = fs.mkdtempSync(path.join(root, 'copy-'));
    await till2.core.db.sqlite.backup(path.join(copyDir, 'caja.db'));
    // The original sells on (its next number is taken before the copy's) until its lease rotated past the copy's:
    // a copy taken mid-push holds the lease of that push, and whichever connects first would keep the identity.
    const copiedLease = readLease(copyDir);
    for (let round = 0; round < 10; round++) {
      await sell(till2);
      await waitFor(async () => (await status(till2))?.pending === 0, 20_000);
      const now = (await pool.query<{ lease: string }>("SELECT lease FROM terminals WHERE name = 'Caja 2'")).rows[0]?.lease;
      if (now && now !== copiedLease) break;
    }
    const copy = await shop.till(db, 'Caja 2', 'B002', { login: login2, dataDir: copyDir, online: false, signIn: { name: 'Rosa Dueña', pin: '246810' }, core: { now: () => new Date(Date.now() + clock2) } });
    await copy.raw('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '50' }); // the copied session may still be open
    await sell(copy); // the same number as till 2's last sale, another document
    await shop.setOnline(copy, db, 'Caja 2', true, login2);
    await waitFor(async () => (await status(copy))?.state === 'conflict', 20_000);
    expect((await copy.raw('issueSale', anonymousBoleta({ tenders: [{ method: 'efectivo', amount: '20' }] }))).ok).toBe(false);
    await copy.call('registerAsNewTill');
    await copy.call('saveSettings', { series: { boleta: 'B004', factura: 'F004' } });
    await sellMany(copy, 2);

    // Till 3's role tries its luck in SQL.
    const sql3 = new pg.Pool({ host: cluster.host, port: cluster.port, database: db, user: login3.user, password: login3.password, max: 1 });
    try {
      expect((await sql3.query("UPDATE documents SET status = 'rejected' WHERE series = 'B001'")).rowCount).toBe(0);
      await expect(sql3.query("INSERT INTO staff (key, name, role, pin_hash, pin_salt, active, version, security_version, updated_by) VALUES ('z', 'Z', 'administrador', 'h', 's', true, 1, 1, 'x')")).rejects.toMatchObject({ code: '42501' });
      await expect(sql3.query("UPDATE products SET price = '0.1'")).rejects.toMatchObject({ code: '42501' });
      // Through the server's rule, with the current version as its base: the owner's PIN is not a till's to set.
      const rosa = (await sql3.query<{ version: string }>("SELECT version FROM staff WHERE key = 'rosa dueña'")).rows[0]!.version;
      const ownerPin = { name: 'Rosa Dueña', role: 'administrador', pinHash: 'forjado', pinSalt: 'forjado', active: true };
      await sql3.query('SELECT * FROM caja_put_record($1, $2, $3, $4, $5)', ['user', 'rosa dueña', rosa, JSON.stringify(ownerPin), 'Oficina']);
      expect((await pool.query("SELECT pin_hash <> 'forjado' AS kept FROM staff WHERE key = 'rosa dueña'")).rows).toEqual([{ kept: true }]);
      // Nor may it stamp versions.
      await expect(sql3.query("SELECT setval('change_version', 9220000000000000000)")).rejects.toMatchObject({ code: '42501' });
    } finally {
      await sql3.end();
    }

    // Till 3 comes back. Everything settles.
    await shop.setOnline(till3, db, 'Caja 3', true, login3);
    const all = [office, till2, till3, copy];
    const settled = async () => {
      for (const t of all) {
        const s = await status(t);
        if (s?.state !== 'online' || s.pending !== 0) return false;
        if (local<{ n: number }>(t, 'SELECT COUNT(*) AS n FROM catalog_outbox')[0]!.n !== 0) return false;
      }
      return priceAt(till3) === '6.25' && userAt(till3, 'Pedro Cajero')?.active === 0;
    };
    await waitFor(settled, 60_000);

    // Every decision holds at every till.
    for (const t of all) {
      expect(userAt(t, 'Pedro Cajero')?.active).toBe(0);
      expect(priceAt(t)).toBe('6.25');
    }
    for (const t of [office, till2, till3]) {
      const methods = await methodsAt(t);
      expect(methods.find((m) => m.code === 'plin')?.active).toBe(false);
      expect(methods.find((m) => m.code === 'yape')?.label).toBe('Yape');
    }
    // Every document is on the server exactly once, with its till's status; the copy's clashing sale is set aside.
    const server = new Map((await pool.query<{ id_base_dato: string; status: string }>('SELECT id_base_dato, status FROM documents')).rows.map((r) => [r.id_base_dato, r.status]));
    let expected = 0;
    for (const t of all) {
      const setAside = new Set(local<{ document_id: number }>(t, 'SELECT document_id FROM replication_queue WHERE set_aside_at IS NOT NULL').map((r) => r.document_id));
      for (const d of local<{ id: number; id_base_dato: string; status: string }>(t, 'SELECT id, id_base_dato, status FROM documents')) {
        if (setAside.has(d.id)) {
          expect(server.has(d.id_base_dato)).toBe(false);
          continue;
        }
        expect(server.get(d.id_base_dato), `${d.id_base_dato} of a till`).toBe(d.status);
        expected += 1;
      }
    }
    // The copy's documents from before the copy are till 2's: counted once.
    expect(server.size).toBeLessThanOrEqual(expected);
    expect(server.size).toBe(new Set([...server.keys()]).size);
    expect((await status(copy))?.setAside).toBe(1);
    // The office sees what till 3 wanted.
    const unapplied = await office.call<UnappliedChange[]>('listUnappliedChanges');
    expect(unapplied.filter((u) => u.terminal === 'Caja 3').map((u) => u.record).sort()).toEqual(['A001', 'Medios de pago', 'Pedro Cajero', 'Rosa Dueña']);
    await pool.end();
  }, 240_000);
});
