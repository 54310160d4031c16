// Stock merged through the shop server (server migration 0017, electron/core/server/sync/stock-exchange.ts): tills
// selling the same weighed product offline converge, once back, to the same quantity to the last gram, equal to the
// sum of what each did; a push repeated after a lost answer counts once; a till's role writes only in its own name and
// never changes or deletes a movement. Real PostgreSQL, real tills.
import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../electron/sandbox';
import { migrateServer } from '../../../electron/core/server/migrate';
import { Dec } from '../../../shared/billing/decimal';
import type { AppStatus, StockRow } from '../../../shared/bridge';
import { anonymousBoleta, line, type Rig } from '../core/harness';
import { poolOn, startPgCluster, type PgCluster } from './pg-cluster';
import { shopRig, waitFor } from './shop-rig';

const SERVER_MIGRATIONS = path.resolve(__dirname, '../../../migrations/server');

let cluster: PgCluster;
let admin: pg.Pool;
beforeAll(async () => {
  cluster = await startPgCluster();
  admin = poolOn(cluster, cluster.database);
}, 60_000);
afterAll(async () => {
  await admin?.end();
  cluster?.destroy();
});

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const undo of cleanups.splice(0).reverse()) await undo();
});
const rig = shopRig(() => cluster, () => admin);
afterEach(() => rig.dispose());

const CHEESE = { code: 'QUESO', description: 'Queso fresco', unit: 'KGM', price: '24.00', affectation: '10' };

async function shop(tills: number): Promise<{ name: string; pool: pg.Pool; tills: Rig[] }> {
  const { name, pool } = await rig.freshDatabase();
  const sandbox = await startSandbox({ port: 0 });
  cleanups.push(() => pool.end(), () => sandbox.close());
  const all: Rig[] = [];
  for (let i = 1; i <= tills; i += 1) all.push(await rig.till(name, `Caja ${i}`, `B00${i}`, { shared: sandbox }));
  for (const t of all) await waitFor(async () => (await t.call<AppStatus>('getStatus')).shopServer?.state === 'online');
  // The office's catalogue (Caja 1 stands in for it) reaches every till.
  await all[0]!.call('saveProduct', CHEESE);
  for (const t of all) await waitFor(async () => (await stockOf(t)) !== undefined);
  return { name, pool, tills: all };
}

const stockOf = async (r: Rig, code = CHEESE.code) => (await r.call<StockRow[]>('getStock', { codes: [code] }))[0];

const sell = (r: Rig, quantity: string) =>
  r.call('issueSale', anonymousBoleta({ lines: [line({ code: CHEESE.code, description: CHEESE.description, unit: 'KGM', quantity, unitPrice: CHEESE.price })] }));

async function serverBalance(pool: pg.Pool): Promise<{ quantity: string; value: string; sum: string; movements: string } | undefined> {
  const r = await pool.query<{ quantity: string; value: string; sum: string; movements: string }>(
    `SELECT b.quantity::text, b.value::text, (SELECT sum(m.quantity) FROM stock_movements m WHERE m.product_code = b.product_code)::text AS sum,
       (SELECT count(*) FROM stock_movements m WHERE m.product_code = b.product_code)::text AS movements
     FROM stock_balances b WHERE b.product_code = $1`,
    [CHEESE.code],
  );
  return r.rows[0];
}

/** Every till and the server hold `quantity` (and one same value), the server's balance being its movements' sum. */
async function converged(pool: pg.Pool, tills: Rig[], quantity: string): Promise<void> {
  await waitFor(async () => {
    const server = await serverBalance(pool);
    if (!server || !new Dec(server.quantity).eq(quantity) || !new Dec(server.sum).eq(quantity)) return false;
    for (const t of tills) {
      const s = await stockOf(t);
      if (!s || !new Dec(s.quantity).eq(quantity) || !new Dec(s.value).eq(server.value)) return false;
    }
    return true;
  }, 20_000);
}

describe('stock merged through the shop server', () => {
  it('three tills selling one weighed product offline converge, once back, to the sum of what each did, to the gram', async () => {
    const { name, pool, tills } = await shop(3);
    const [a, b, c] = tills as [Rig, Rig, Rig];
    await a.call('recordPurchase', {
      clientKey: crypto.randomUUID(), supplier: { docType: '6', docNumber: '20100070970', name: 'LÁCTEOS DEL SUR S.A.C.' },
      document: { type: '01', series: 'F001', number: '77', date: '2026-11-20' },
      lines: [{ code: CHEESE.code, quantity: '10', unitCost: '18.50', costIncludesIgv: false }],
    });
    await converged(pool, tills, '10');

    // B and C lose the server; all three sell, each against what it last knew plus its own sales.
    await rig.setOnline(b, name, 'Caja 2', false);
    await rig.setOnline(c, name, 'Caja 3', false);
    const sold: Record<string, string[]> = { a: ['0.333', '1.001'], b: ['0.375', '1.25', '0.007'], c: ['0.125', '2.005'] };
    for (const q of sold.b!) await sell(b, q);
    for (const q of sold.c!) await sell(c, q);
    for (const q of sold.a!) await sell(a, q);
    const total = Object.values(sold).flat().reduce((s, q) => s.plus(q), new Dec(0));
    expect((await stockOf(b))?.quantity).toBe('8.368');
    expect((await stockOf(c))?.quantity).toBe('7.87');

    await rig.setOnline(b, name, 'Caja 2', true);
    await rig.setOnline(c, name, 'Caja 3', true);
    const expected = new Dec(10).minus(total).toString();
    expect(expected).toBe('4.904');
    await converged(pool, tills, expected);
    expect((await serverBalance(pool))?.movements).toBe('8');
    // Every till knows every movement once: its own and the others'.
    for (const t of tills) expect(t.core.db.sqlite.prepare("SELECT COUNT(*) FROM stock_movements WHERE product_code = 'QUESO'").pluck().get()).toBe(8);
  }, 90_000);

  it('a push repeated after its answer was lost counts once', async () => {
    const { pool, tills } = await shop(2);
    const [a, b] = tills as [Rig, Rig];
    await sell(a, '1.5');
    await sell(b, '0.25');
    await converged(pool, tills, '-1.75');
    // The server stored A's movements but A never heard so: its cursor is back where it was before the push.
    a.core.db.sqlite.prepare("UPDATE settings SET value = '0' WHERE key = 'stockPushedThrough'").run();
    await sell(a, '0.5');
    await converged(pool, tills, '-2.25');
    expect((await serverBalance(pool))?.movements).toBe('3');
    // Straight at the server, the same batch twice: the second inserts nothing.
    const terminal = (await pool.query<{ terminal_id: string }>("SELECT terminal_id FROM terminals WHERE name = 'Caja 1'")).rows[0]!.terminal_id;
    const batch = JSON.stringify([{ uid: crypto.randomUUID(), code: CHEESE.code, kind: 'waste', quantity: '-0.01', unitCost: '0', value: '0.00', at: new Date().toISOString(), by: null, document: null }]);
    const put = async () => Number((await pool.query<{ n: number }>('SELECT caja_put_stock_movements($1, $2::jsonb) AS n', [terminal, batch])).rows[0]!.n);
    expect(await put()).toBe(1);
    expect(await put()).toBe(0);
    expect((await serverBalance(pool))?.quantity).toBe('-2.26');
  }, 60_000);
});

describe('a till role and the stock movements', () => {
  const connect = (db: string, user: string, password: string) => {
    const pool = new pg.Pool({ host: cluster.host, port: cluster.port, database: db, user, password, max: 2 });
    pool.on('error', () => undefined);
    return pool;
  };
  const codeOf = async (p: Promise<unknown>): Promise<string | undefined> => p.then(() => undefined, (e: unknown) => (e as { code?: string }).code);

  it('inserts movements only in its own till\'s name, and can neither change nor delete any', async () => {
    const db = `stock_role_${process.pid}`;
    await admin.query(`CREATE DATABASE ${db}`);
    const office = poolOn(cluster, db);
    await migrateServer(office, SERVER_MIGRATIONS);
    const secret = crypto.randomBytes(4).toString('hex').toUpperCase();
    await office.query("INSERT INTO till_registration_codes (code_hash, expires_at) VALUES ($1, now() + interval '1 day')", [crypto.createHash('sha256').update(secret, 'utf8').digest('hex')]);
    const registro = connect(db, 'caja_registro', 'caja_registro');
    const role = (await registro.query<{ role_name: string; role_password: string }>('SELECT * FROM caja_register_till($1, $2)', [secret, 'Caja 9'])).rows[0]!;
    await registro.end();
    const thief = connect(db, role.role_name, role.role_password);
    try {
      const own = `t-${crypto.randomUUID()}`;
      const honest = `t-${crypto.randomUUID()}`;
      await thief.query('INSERT INTO terminals (terminal_id, name, role_name) VALUES ($1, $2, session_user)', [own, 'Caja 9']);
      await office.query('INSERT INTO terminals (terminal_id, name, role_name) VALUES ($1, $2, session_user)', [honest, 'Caja 1']);
      const movement = (over: Record<string, unknown> = {}) =>
        JSON.stringify([{ uid: crypto.randomUUID(), code: 'QUESO', kind: 'sale', quantity: '-1', unitCost: '18.5', value: '-18.50', at: '2026-11-20T15:00:00.000Z', by: 'ANA', document: 'B001-00000001', ...over }]);
      const put = (terminal: string, rows: string) => thief.query('SELECT caja_put_stock_movements($1, $2::jsonb) AS n', [terminal, rows]);
      const honestUid = crypto.randomUUID();
      await office.query('SELECT caja_put_stock_movements($1, $2::jsonb)', [honest, movement({ uid: honestUid, kind: 'purchase', quantity: '5', value: '92.50' })]);

      expect(await codeOf(put(honest, movement()))).toBe('42501');
      expect((await put(own, movement())).rows[0]).toEqual({ n: 1 });
      // The honest till's movement again under the thief's name changes nothing: it is already there, as it was.
      expect((await put(own, movement({ uid: honestUid, quantity: '-500', value: '0' }))).rows[0]).toEqual({ n: 0 });
      expect(await codeOf(thief.query("INSERT INTO stock_movements (uid, terminal_id, product_code, kind, quantity, unit_cost, value, at, version) VALUES ('x', $1, 'QUESO', 'count', 100, 0, 0, now(), 999)", [own]))).toBe('42501');
      expect(await codeOf(thief.query('UPDATE stock_movements SET quantity = 1000 WHERE uid = $1', [honestUid]))).toBe('42501');
      expect(await codeOf(thief.query('DELETE FROM stock_movements'))).toBe('42501');
      expect(await codeOf(thief.query('UPDATE stock_balances SET quantity = 1000'))).toBe('42501');
      expect(await codeOf(thief.query("SELECT setval('stock_version', 1000000)"))).toBe('42501');
      // Malformed movements are refused whoever asks.
      expect(await codeOf(put(own, movement({ quantity: '1e9' })))).toBe('22023');
      expect(await codeOf(put(own, movement({ kind: 'gift' })))).toBe('22023');
      expect(await codeOf(put(own, movement({ quantity: '0' })))).toBe('22023');
      expect(await codeOf(put(own, JSON.stringify(Array.from({ length: 1001 }, () => JSON.parse(movement())[0]))))).toBe('22023');
      // It reads every till's movements (to converge); its sale names no boleta of its own on the server, so it is
      // held there (server migration 0020) and the sum is still the honest till's alone.
      const seen = await thief.query<{ quantity: string; n: string }>("SELECT quantity::text, movements::text AS n FROM stock_balances WHERE product_code = 'QUESO'");
      expect(seen.rows).toEqual([{ quantity: '5', n: '1' }]);

      // A till pulls after a version: an index read, however long the history (sequential scans off: none serves).
      const client = await office.connect();
      try {
        await client.query('SET enable_seqscan = off');
        const plan = (await client.query<{ 'QUERY PLAN': string }>('EXPLAIN SELECT * FROM stock_movements WHERE version > 10 ORDER BY version LIMIT 2000')).rows.map((r) => r['QUERY PLAN']).join('\n');
        expect(plan).not.toMatch(/Seq Scan/);
        expect(plan).toMatch(/stock_movements_version_key/);
      } finally {
        client.release();
      }
    } finally {
      await thief.end();
      await office.end();
    }
  }, 60_000);
});
