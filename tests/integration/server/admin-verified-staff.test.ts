// A staff change made at a till reaches the other tills only with an administrator the server itself verifies: the
// administrator's PIN, checked against a credential the office set and no till's role can read, with its own attempt
// limit. A till's role alone still applies nothing (stolen-till.test.ts); with the wrong PIN, or while the
// credential's wait lasts, nothing is written either.
import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateServer } from '../../../electron/core/server';
import { poolOn, startPgCluster, type PgCluster } from './pg-cluster';

let cluster: PgCluster;
let admin: pg.Pool;
let count = 0;
const SERVER_MIGRATIONS = path.resolve(__dirname, '../../../migrations/server');

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

const staffValue = (name: string, role: string, pinHash: string, active = true) => ({ name, role, pinHash, pinSalt: `${pinHash}-salt`, active });

/** The office's shop: Rosa (administrator) and Ana (cashier); two tills registered with codes, the real way. */
async function shop() {
  const db = `verificada_${process.pid}_${++count}`;
  await admin.query(`CREATE DATABASE ${db}`);
  const office = poolOn(cluster, db);
  await migrateServer(office, SERVER_MIGRATIONS);
  const put = (key: string, wanted: unknown) => office.query('SELECT * FROM caja_put_record($1, $2, NULL, $3, $4)', ['user', key, JSON.stringify(wanted), 'Oficina']);
  await put('rosa dueña', staffValue('Rosa Dueña', 'administrador', 'rosa-hash'));
  await put('ana cajera', staffValue('Ana Cajera', 'cajero', 'ana-hash'));
  const till = async (name: string) => {
    const secret = crypto.randomBytes(4).toString('hex').toUpperCase();
    await office.query("INSERT INTO till_registration_codes (code_hash, expires_at) VALUES ($1, now() + interval '1 day')", [
      crypto.createHash('sha256').update(secret, 'utf8').digest('hex'),
    ]);
    const registro = connect(db, 'caja_registro', 'caja_registro');
    const role = (await registro.query<{ role_name: string; role_password: string }>('SELECT * FROM caja_register_till($1, $2)', [secret, name])).rows[0]!;
    await registro.end();
    return connect(db, role.role_name, role.role_password);
  };
  const caja2 = await till('Caja 2');
  const caja3 = await till('Caja 3');
  return { office, caja2, caja3, end: async () => Promise.all([office.end(), caja2.end(), caja3.end()]) };
}

type Outcome = { outcome: string; version: string | null; value: unknown; wait_seconds: number | null; message: string | null };
const verified = (pool: pg.Pool, adminKey: string, adminPin: string, key: string, wanted: unknown, newPin: string | null = null) =>
  pool.query<Outcome>('SELECT * FROM caja_admin_put_user($1, $2, $3, $4, $5)', [adminKey, adminPin, key, JSON.stringify(wanted), newPin]).then((r) => r.rows[0]!);
const staffRow = async (pool: pg.Pool, key: string) =>
  (await pool.query<{ role: string; pin_hash: string; active: boolean; version: string; updated_by: string }>(
    'SELECT role, pin_hash, active, version, updated_by FROM staff WHERE key = $1', [key])).rows[0]!;

describe('a staff change at a till, with an administrator the server verifies', () => {
  it('reaches the other tills with the right administrator PIN; a till role alone, or a wrong PIN, changes nothing', async () => {
    const s = await shop();
    try {
      // The office learned Rosa's PIN (she signed in there): the server keeps its bcrypt hash.
      expect((await s.office.query<{ ok: boolean }>('SELECT caja_set_admin_credential($1, $2, $3) AS ok', ['rosa dueña', '246810', 'rosa-hash'])).rows[0]!.ok).toBe(true);
      const before = await staffRow(s.office, 'ana cajera');

      // Alone, Caja 2's role still applies nothing: listed for the office.
      await s.caja2.query('SELECT * FROM caja_put_record($1, $2, $3, $4, $5)', ['user', 'ana cajera', before.version, JSON.stringify(staffValue('Ana Cajera', 'cajero', 'ana-new')), 'x']);
      expect((await staffRow(s.office, 'ana cajera')).pin_hash).toBe('ana-hash');

      // A wrong administrator PIN: refused, nothing written.
      expect(await verified(s.caja2, 'rosa dueña', '111111', 'ana cajera', staffValue('Ana Cajera', 'cajero', 'ana-new'))).toMatchObject({ outcome: 'wrong_pin' });
      expect((await staffRow(s.office, 'ana cajera')).pin_hash).toBe('ana-hash');

      // Rosa types her PIN at Caja 2: applied, stamped by the server, named by the server.
      const done = await verified(s.caja2, 'rosa dueña', '246810', 'ana cajera', staffValue('Ana Cajera', 'cajero', 'ana-new'));
      expect(done.outcome).toBe('applied');
      const after = await staffRow(s.office, 'ana cajera');
      expect(after).toMatchObject({ pin_hash: 'ana-new', version: done.version, updated_by: 'Caja 2 (autorizó Rosa Dueña)' });
      expect(Number(after.version)).toBeGreaterThan(Number(before.version));
      // Caja 3 pulls it as any change: above the version it last pulled.
      const pulled = await s.caja3.query<{ key: string; pin_hash: string }>('SELECT key, pin_hash FROM staff WHERE version > $1', [before.version]);
      expect(pulled.rows).toEqual([{ key: 'ana cajera', pin_hash: 'ana-new' }]);
    } finally {
      await s.end();
    }
  }, 60_000);

  it('counts wrong PINs: the fifth starts a 15-minute wait in which even the right PIN is refused', async () => {
    const s = await shop();
    try {
      await s.office.query('SELECT caja_set_admin_credential($1, $2, $3)', ['rosa dueña', '246810', 'rosa-hash']);
      const wanted = staffValue('Ana Cajera', 'supervisor', 'ana-new');
      for (let i = 0; i < 4; i++) expect((await verified(s.caja2, 'rosa dueña', String(100000 + i), 'ana cajera', wanted)).outcome).toBe('wrong_pin');
      expect(await verified(s.caja3, 'rosa dueña', '999999', 'ana cajera', wanted)).toMatchObject({ outcome: 'waiting', wait_seconds: 900 });
      const waiting = await verified(s.caja2, 'rosa dueña', '246810', 'ana cajera', wanted);
      expect(waiting.outcome).toBe('waiting');
      expect(waiting.wait_seconds).toBeGreaterThan(890);
      expect(await staffRow(s.office, 'ana cajera')).toMatchObject({ role: 'cajero', pin_hash: 'ana-hash' });
    } finally {
      await s.end();
    }
  }, 60_000);

  it('no till reads or sets a credential; a PIN changed elsewhere retires it; the last administrator stays', async () => {
    const s = await shop();
    try {
      expect((await s.caja2.query<{ ok: boolean }>('SELECT caja_set_admin_credential($1, $2, $3) AS ok', ['rosa dueña', '000000', 'rosa-hash'])).rows[0]!.ok).toBe(false);
      expect(await verified(s.caja2, 'rosa dueña', '000000', 'ana cajera', staffValue('Ana Cajera', 'administrador', 'x'))).toMatchObject({ outcome: 'no_credential' });
      await expect(s.caja2.query('SELECT hash FROM admin_credentials')).rejects.toThrow(/permission denied/);

      await s.office.query('SELECT caja_set_admin_credential($1, $2, $3)', ['rosa dueña', '246810', 'rosa-hash']);
      // The last administrator is not demoted, even with her own PIN.
      expect(await verified(s.caja2, 'rosa dueña', '246810', 'rosa dueña', staffValue('Rosa Dueña', 'cajero', 'rosa-hash'))).toMatchObject({
        outcome: 'refused', message: 'Debe quedar al menos un administrador activo.',
      });
      // Rosa changes her own PIN at Caja 2: the new PIN is her credential from now on, the old one no longer is.
      expect((await verified(s.caja2, 'rosa dueña', '246810', 'rosa dueña', staffValue('Rosa Dueña', 'administrador', 'rosa-2'), '135790')).outcome).toBe('applied');
      expect((await verified(s.caja3, 'rosa dueña', '246810', 'ana cajera', staffValue('Ana Cajera', 'cajero', 'a2'))).outcome).toBe('wrong_pin');
      expect((await verified(s.caja3, 'rosa dueña', '135790', 'ana cajera', staffValue('Ana Cajera', 'cajero', 'a2'))).outcome).toBe('applied');

      // The office changes Rosa's PIN: the credential set for the PIN before stops counting.
      const rosa = await staffRow(s.office, 'rosa dueña');
      await s.office.query('SELECT * FROM caja_put_record($1, $2, $3, $4, $5)', ['user', 'rosa dueña', rosa.version, JSON.stringify(staffValue('Rosa Dueña', 'administrador', 'rosa-3')), 'Oficina']);
      expect((await verified(s.caja3, 'rosa dueña', '135790', 'ana cajera', staffValue('Ana Cajera', 'cajero', 'a3'))).outcome).toBe('no_credential');
    } finally {
      await s.end();
    }
  }, 60_000);
});
