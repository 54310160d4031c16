// A stolen till's role against the shop server's ledger of what is left of each sale (server migration 0015): it may
// hold and release in its own till's name only, and never writes the ledger but through the server's functions.
import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateServer } from '../../../electron/core/server/migrate';
import { poolOn, startPgCluster, type PgCluster } from './pg-cluster';

const SERVER_MIGRATIONS = path.resolve(__dirname, '../../../migrations/server');

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

const connect = (db: string, user: string, password: string) => {
  const pool = new pg.Pool({ host: cluster.host, port: cluster.port, database: db, user, password, max: 2 });
  pool.on('error', () => undefined);
  return pool;
};

const codeOf = async (p: Promise<unknown>): Promise<string | undefined> => p.then(() => undefined, (e: unknown) => (e as { code?: string }).code);

describe('a till role and the sale holds', () => {
  it('holds and releases only in its own till\'s name, and cannot write the ledger directly', async () => {
    const db = `holds_${process.pid}`;
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
      // The honest till's hold on a sale (the office's connection stands in for it).
      const held = await office.query<{ a: { ok: boolean } }>("SELECT caja_hold_sale('honest-note', '03-B001-1', '07', $1, 5.90, FALSE, '[{\"line\":1,\"quantity\":\"1\"}]') AS a", [honest]);
      expect(held.rows[0]!.a).toEqual({ ok: true });

      expect(await codeOf(thief.query("SELECT caja_hold_sale('forged', '03-B001-1', '07', $1, 1, FALSE, '[]')", [honest]))).toBe('42501');
      expect(await codeOf(thief.query("SELECT caja_release_hold('honest-note', $1)", [honest]))).toBe('42501');
      const mine = await thief.query<{ r: boolean }>("SELECT caja_release_hold('honest-note', $1) AS r", [own]);
      expect(mine.rows[0]!.r).toBe(false);
      expect(await codeOf(thief.query("UPDATE sale_holds SET released_at = now() WHERE hold_key = 'honest-note'"))).toBe('42501');
      expect(await codeOf(thief.query('DELETE FROM sale_holds'))).toBe('42501');
      expect(await codeOf(thief.query("INSERT INTO sale_holds (hold_key, sale_key, kind, terminal_id, amount) VALUES ('x', '03-B001-1', 'void', $1, 0)", [own]))).toBe('42501');
      // Out-of-range amounts and shapes are refused whoever asks.
      expect(await codeOf(thief.query("SELECT caja_hold_sale('big', '03-B001-1', '07', $1, 1e15, FALSE, '[]')", [own]))).toBe('22023');
      expect(await codeOf(thief.query("SELECT caja_hold_sale('bad', '03-B001-1; DROP', '07', $1, 1, FALSE, '[]')", [own]))).toBe('22023');
      const open = await office.query("SELECT hold_key FROM sale_holds WHERE released_at IS NULL");
      expect(open.rows).toEqual([{ hold_key: 'honest-note' }]);

      // Every return and void runs these under the sale's lock: each must be an index read, whatever the history's size
      // (with sequential scans off, a query no index serves still plans one).
      const client = await office.connect();
      try {
        await client.query('SET enable_seqscan = off');
        const plan = async (sql: string) => (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`)).rows.map((r) => r['QUERY PLAN']).join('\n');
        const hot = [
          "SELECT * FROM sale_holds h WHERE h.sale_key = '03-B001-1' AND h.released_at IS NULL",
          "SELECT * FROM documents d WHERE d.modifies = '03-B001-1' AND d.doc_type IN ('07', '08')",
          "SELECT * FROM documents d WHERE d.doc_type = '03' AND d.series = 'B001' AND d.number = 1",
          "SELECT * FROM sale_holds WHERE terminal_id = 'x' AND released_at IS NULL",
        ];
        for (const sql of hot) expect(await plan(sql), sql).not.toMatch(/Seq Scan/);
      } finally {
        client.release();
      }
    } finally {
      await thief.end();
      await office.end();
    }
  }, 60_000);
});
