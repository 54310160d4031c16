// Tills with roles of their own (server 0012): a wait started by wrong PINs at one till still holds at the other, and
// an administrator's unlock at the office still ends it, now that a till's lockout goes through caja_put_lockout. A
// till holding a version the server never gave (a row forged before 0012) pulls everything again.
import path from 'node:path';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrateServer } from '../../../electron/core/server';
import type { Rig } from '../core/harness';
import { poolOn, startPgCluster, type PgCluster } from './pg-cluster';
import { shopRig, waitFor } from './shop-rig';

let cluster: PgCluster;
let admin: pg.Pool;
const shop = shopRig(() => cluster, () => admin);

beforeAll(async () => {
  cluster = await startPgCluster();
  admin = poolOn(cluster);
}, 60_000);
afterAll(async () => {
  await admin?.end();
  cluster?.destroy();
});
afterEach(() => shop.dispose());

const userId = (r: Rig, name: string) => (r.core.db.sqlite.prepare('SELECT id FROM users WHERE name = ?').pluck().get(name) as number | undefined) ?? null;
const priceAt = (r: Rig, code: string) => r.core.db.sqlite.prepare('SELECT price FROM products WHERE code = ?').pluck().get(code) as string | undefined;

async function officeAndTwoTills(test: (s: { db: string; pool: pg.Pool; office: Rig; a: Rig; b: Rig }) => Promise<void>): Promise<void> {
  const { name: db, pool } = await shop.freshDatabase();
  try {
    await migrateServer(pool, path.resolve(__dirname, '../../../migrations/server'));
    const login = async (name: string) => {
      const password = `pw-${Math.random().toString(36).slice(2)}`;
      await admin.query(`CREATE ROLE ${db}_${name} LOGIN PASSWORD '${password}' IN ROLE caja_tills`);
      return { user: `${db}_${name}`, password };
    };
    const office = await shop.till(db, 'Oficina', 'B001');
    await office.call('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' });
    await office.call('saveUser', { name: 'Pedro Cajero', role: 'cajero', pin: '1234' });
    const a = await shop.till(db, 'Caja A', 'B002', { login: await login('a') });
    const b = await shop.till(db, 'Caja B', 'B003', { login: await login('b') });
    await waitFor(async () => userId(a, 'Pedro Cajero') !== null && userId(b, 'Pedro Cajero') !== null, 20_000);
    await test({ db, pool, office, a, b });
  } finally {
    await pool.end();
  }
}

describe("lockouts between tills with roles of their own (server 0012)", () => {
  it('a wait started at one till holds at the other; the office unlocks it everywhere', () => officeAndTwoTills(async ({ pool, office, a, b }) => {
    for (let i = 0; i < 5; i++) expect((await a.raw('login', { userId: userId(a, 'Pedro Cajero'), pin: '0000' })).ok).toBe(false);
    // Till B is asked only once it pulled till A's wait: wrong PINs typed at B meanwhile would start a wait of B's own
    // (quickly, with the tests' cheap PIN hash) and prove nothing about A's.
    let version = 0n;
    await waitFor(async () => {
      const row = (await pool.query<{ v: string }>("SELECT l.version AS v FROM pin_lockouts l JOIN terminals t USING (terminal_id) WHERE l.key = 'pedro cajero' AND t.name = 'Caja A' AND (l.state->>'level')::int >= 1")).rows[0];
      if (row) version = BigInt(row.v);
      return row !== undefined;
    }, 20_000);
    const pulled = (r: Rig) => BigInt((r.core.db.sqlite.prepare("SELECT value FROM settings WHERE key = 'shopPulledVersion'").pluck().get() as string | undefined) ?? '0');
    await waitFor(async () => pulled(b) >= version, 20_000);
    expect(await b.raw('login', { userId: userId(b, 'Pedro Cajero'), pin: '9999' })).toMatchObject({ ok: false, error: { code: 'throttled' } });
    expect(await b.raw('login', { userId: userId(b, 'Pedro Cajero'), pin: '1234' })).toMatchObject({ ok: false, error: { code: 'throttled' } });
    // Written by the server: versions are its own; till A's row holds the wait it started (till B's, its merged view).
    const rows = (await pool.query<{ name: string; level: number; v: string; last: string }>(`SELECT t.name, (l.state->>'level')::int AS level, l.version AS v,
      (SELECT last_value FROM change_version) AS last FROM pin_lockouts l JOIN terminals t USING (terminal_id) WHERE l.key = 'pedro cajero'`)).rows;
    expect(rows.find((r) => r.name === 'Caja A')).toMatchObject({ level: 1 });
    for (const r of rows) expect(BigInt(r.v)).toBeLessThanOrEqual(BigInt(r.last));
    // The administrator unlocks a wait the office knows of (pulled from the server), as she would on its screen.
    await waitFor(async () => pulled(office) >= version, 20_000);
    await office.call('login', { userId: userId(office, 'Rosa Dueña'), pin: '246810' });
    await office.call('unlockUser', { userId: userId(office, 'Pedro Cajero') });
    await waitFor(async () => (await b.raw('login', { userId: userId(b, 'Pedro Cajero'), pin: '1234' })).ok, 20_000);
  }), 90_000);

  it('a till that pulled a version the server never gave pulls everything again', () => officeAndTwoTills(async ({ pool, office, b }) => {
    // As a row forged before 0012 would have left it (written here by the owner, the only one who still can).
    const terminal = (await pool.query<{ terminal_id: string }>("SELECT terminal_id FROM terminals WHERE name = 'Oficina'")).rows[0]!.terminal_id;
    await pool.query("INSERT INTO pin_lockouts (key, terminal_id, state, version) VALUES ('nadie', $1, $2, 9220000000000000000)", [terminal,
      JSON.stringify({ failures: 0, level: 0, waitStartedAt: null, waitMs: 0, clears: 0 })]);
    await waitFor(async () => Number(b.core.db.sqlite.prepare("SELECT value FROM settings WHERE key = 'shopPulledVersion'").pluck().get()) > 1e18, 20_000);
    await pool.query("DELETE FROM pin_lockouts WHERE key = 'nadie'");
    await office.call('saveProduct', { code: 'A001', description: 'Arroz extra 1 kg', unit: 'NIU', price: '6.25', affectation: '10' });
    await waitFor(async () => priceAt(b, 'A001') === '6.25', 20_000);
    expect(Number(b.core.db.sqlite.prepare("SELECT value FROM settings WHERE key = 'shopPulledVersion'").pluck().get())).toBeLessThan(1e6);
  }), 90_000);
});
