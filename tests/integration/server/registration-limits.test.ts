// Registration that the LAN cannot break: caja_registro's password is public, so anyone can try codes. Wrong codes
// count against the address they come from and never spend a code (the office's, or one made later); caja_registro's
// idle sessions are cut so a few held connections cannot take its connection limit.
import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateServer } from '../../../electron/core/server';
import { poolOn, startPgCluster, type PgCluster } from './pg-cluster';

let cluster: PgCluster;
let admin: pg.Pool;
const SERVER_MIGRATIONS = path.resolve(__dirname, '../../../migrations/server');

beforeAll(async () => {
  cluster = await startPgCluster();
  admin = poolOn(cluster);
}, 60_000);
afterAll(async () => {
  await admin?.end();
  cluster?.destroy();
});

const hash = (secret: string) => crypto.createHash('sha256').update(secret, 'utf8').digest('hex');
const newSecret = () => crypto.randomBytes(4).toString('hex').toUpperCase();

describe('registration codes against guesses from the LAN', () => {
  it('wrong codes spend no code and refuse only the address they came from, for 15 minutes', async () => {
    const db = `registro_${process.pid}`;
    await admin.query(`CREATE DATABASE ${db}`);
    const office = poolOn(cluster, db);
    const registro = new pg.Pool({ host: cluster.host, port: cluster.port, database: db, user: 'caja_registro', password: 'caja_registro', max: 1 });
    registro.on('error', () => undefined);
    try {
      await migrateServer(office, SERVER_MIGRATIONS);
      const addCode = async () => {
        const secret = newSecret();
        await office.query("INSERT INTO till_registration_codes (code_hash, expires_at) VALUES ($1, now() + interval '1 day')", [hash(secret)]);
        return secret;
      };
      const register = (secret: string) => registro.query<{ role_name: string }>('SELECT * FROM caja_register_till($1, $2)', [secret, 'Caja 2']);
      const officeCode = await addCode();

      // A neighbour guesses: each wrong code answers nothing, the fifth and beyond in 15 minutes are refused outright.
      for (let i = 0; i < 5; i++) expect((await register(newSecret())).rows).toEqual([]);
      await expect(register(newSecret())).rejects.toMatchObject({ code: 'CJ429', message: expect.stringContaining('espere 15 minutos') });
      await expect(register(officeCode)).rejects.toMatchObject({ code: 'CJ429' });
      // No code was spent by those guesses: the office's, and one made after them.
      const later = await addCode();
      expect((await office.query('SELECT count(*)::int AS n FROM till_registration_codes WHERE used_at IS NULL')).rows[0].n).toBe(2);

      // Once the window has passed for that address, the office's code registers the till; the later code is still open.
      await office.query("UPDATE till_registration_failures SET failed_at = failed_at - interval '16 minutes'");
      expect((await register(officeCode)).rows).toHaveLength(1);
      expect((await office.query('SELECT used_at FROM till_registration_codes WHERE code_hash = $1', [hash(later)])).rows[0].used_at).toBeNull();
      // Even past ten wrong codes in a day, nothing is spent.
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < 5; i++) await register(newSecret());
        await office.query("UPDATE till_registration_failures SET failed_at = failed_at - interval '16 minutes'");
      }
      expect((await register(later)).rows).toHaveLength(1);
    } finally {
      await registro.end();
      await office.end();
    }
  }, 60_000);

  it('caja_registro sessions cannot be held open: idle and long statements are cut', async () => {
    const db = `registro_idle_${process.pid}`;
    await admin.query(`CREATE DATABASE ${db}`);
    const office = poolOn(cluster, db);
    await migrateServer(office, SERVER_MIGRATIONS);
    await office.end();
    const registro = new pg.Client({ host: cluster.host, port: cluster.port, database: db, user: 'caja_registro', password: 'caja_registro' });
    registro.on('error', () => undefined);
    await registro.connect();
    try {
      expect((await registro.query('SHOW idle_session_timeout')).rows[0].idle_session_timeout).toBe('15s');
      expect((await registro.query('SHOW statement_timeout')).rows[0].statement_timeout).toBe('5s');
      expect((await admin.query("SELECT rolconnlimit FROM pg_roles WHERE rolname = 'caja_registro'")).rows[0].rolconnlimit).toBe(20);
    } finally {
      await registro.end();
    }
  }, 60_000);
});
