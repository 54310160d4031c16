// Two tills collecting the same cuota on a real PostgreSQL shop server (server migration 0016): the server decides, one
// cuota at a time, so the same money is never applied twice; a retry of a claim is granted what it was the first
// time; a till claims only in its own name and never writes the claims but through the server's function.
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

/** A till registered with a code, as a shop's till is, and its terminal row written in its own name. */
async function registerTill(db: string, office: pg.Pool, name: string): Promise<{ pool: pg.Pool; terminal: string }> {
  const secret = crypto.randomBytes(4).toString('hex').toUpperCase();
  await office.query("INSERT INTO till_registration_codes (code_hash, expires_at) VALUES ($1, now() + interval '1 day')", [crypto.createHash('sha256').update(secret, 'utf8').digest('hex')]);
  const registro = connect(db, 'caja_registro', 'caja_registro');
  const role = (await registro.query<{ role_name: string; role_password: string }>('SELECT * FROM caja_register_till($1, $2)', [secret, name])).rows[0]!;
  await registro.end();
  const pool = connect(db, role.role_name, role.role_password);
  const terminal = `t-${crypto.randomUUID()}`;
  await pool.query('INSERT INTO terminals (terminal_id, name, role_name) VALUES ($1, $2, session_user)', [terminal, name]);
  return { pool, terminal };
}

const claim = async (till: { pool: pg.Pool; terminal: string }, key: string, sale: string, cuota: number, due: string, amount: string) =>
  (await till.pool.query<{ c: { granted: string; open: string } }>('SELECT caja_claim_cuota($1, $2, $3, $4, $5, $6) AS c', [key, sale, cuota, till.terminal, due, amount])).rows[0]!.c;

describe('two tills and one cuota', () => {
  it('collecting the same cuota at the same moment never applies it twice; the server decides', async () => {
    const db = `claims_${process.pid}`;
    await admin.query(`CREATE DATABASE ${db}`);
    const office = poolOn(cluster, db);
    await migrateServer(office, SERVER_MIGRATIONS);
    const a = await registerTill(db, office, 'Caja 1');
    const b = await registerTill(db, office, 'Caja 2');
    try {
      // Twenty rounds, each a new cuota of 50.00 that both tills collect whole at once.
      for (let round = 1; round <= 20; round++) {
        const sale = `01-F001-${round}`;
        const [fromA, fromB] = await Promise.all([
          claim(a, `a-${round}:${sale}:1`, sale, 1, '50.00', '50.00'),
          claim(b, `b-${round}:${sale}:1`, sale, 1, '50.00', '50.00'),
        ]);
        expect([fromA.granted, fromB.granted].sort()).toEqual(['0.00', '50.00']);
        expect([fromA.open, fromB.open]).toEqual(['0.00', '0.00']);
      }
      // Part and part: 30 then 30 of 50 grants 30 then 20, and the rest is the till's to apply elsewhere.
      expect(await claim(a, 'a-x:01-F001-99:2', '01-F001-99', 2, '50.00', '30.00')).toEqual({ granted: '30.00', open: '20.00' });
      expect(await claim(b, 'b-x:01-F001-99:2', '01-F001-99', 2, '50.00', '30.00')).toEqual({ granted: '20.00', open: '0.00' });
      // The same claim again (a lost answer): granted what it was, nothing more is taken.
      expect(await claim(a, 'a-x:01-F001-99:2', '01-F001-99', 2, '50.00', '30.00')).toMatchObject({ granted: '30.00' });
      const taken = await office.query<{ s: string }>("SELECT sum(granted)::TEXT AS s FROM account_claims WHERE sale_key = '01-F001-99'");
      expect(taken.rows[0]!.s).toBe('50.00');
      // The same key for another claim is refused.
      expect(await codeOf(claim(a, 'a-x:01-F001-99:2', '01-F001-99', 2, '50.00', '31.00'))).toBe('22023');
    } finally {
      await a.pool.end();
      await b.pool.end();
      await office.end();
    }
  }, 120_000);

  it('a till claims only in its own name, never writes the claims directly, and a claim reads its cuota by index', async () => {
    const db = `claims_role_${process.pid}`;
    await admin.query(`CREATE DATABASE ${db}`);
    const office = poolOn(cluster, db);
    await migrateServer(office, SERVER_MIGRATIONS);
    const a = await registerTill(db, office, 'Caja 1');
    const thief = await registerTill(db, office, 'Caja 9');
    try {
      // A till claims in another till's name, or writes the claims directly: refused.
      expect(await codeOf(thief.pool.query("SELECT caja_claim_cuota('k', '01-F001-1', 1, $1, 10, 10)", [a.terminal]))).toBe('42501');
      expect(await codeOf(thief.pool.query("INSERT INTO account_claims (claim_key, sale_key, cuota, terminal_id, asked, granted) VALUES ('k', '01-F001-1', 1, $1, 1, 1)", [thief.terminal]))).toBe('42501');
      expect(await codeOf(thief.pool.query('DELETE FROM account_claims'))).toBe('42501');
      expect(await codeOf(claim(thief, 'bad', '01-F001-1; DROP', 1, '10', '10'))).toBe('22023');
      expect(await codeOf(claim(thief, 'big', '01-F001-1', 1, '10', '1e15'))).toBe('22023');

      // Every claim reads a cuota's claims under its lock: an index read, whatever the history's size.
      const client = await office.connect();
      try {
        await client.query('SET enable_seqscan = off');
        const plan = (await client.query<{ 'QUERY PLAN': string }>("EXPLAIN SELECT sum(granted) FROM account_claims WHERE sale_key = '01-F001-1' AND cuota = 1")).rows.map((r) => r['QUERY PLAN']).join('\n');
        expect(plan).not.toMatch(/Seq Scan/);
      } finally {
        client.release();
      }
    } finally {
      await a.pool.end();
      await thief.pool.end();
      await office.end();
    }
  }, 120_000);
});
