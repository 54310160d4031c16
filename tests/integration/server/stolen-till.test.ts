// A till's login role in the wrong hands: obtained the real way (a one-time code spent through caja_register_till,
// as caja_registro) and then used directly with SQL, as psql would. Whatever it does, it may describe only its own
// till: it cannot set anyone's PIN or role, change prices, payment methods or the company, stamp versions, lock
// everyone out, or touch the record of applied migrations. Each attack here was reproduced against the server before
// migration 0012.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
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

interface Shop {
  db: string;
  /** The office: the server's owner. */
  office: pg.Pool;
  /** The stolen till's role, connected directly. */
  thief: pg.Pool;
  thiefLogin: { user: string; password: string };
  /** The thief's own terminal id (registered as a till would). */
  terminal: string;
  /** Another, honest till's terminal id. */
  other: string;
  end(): Promise<void>;
}

const connect = (db: string, user: string, password: string) => {
  const pool = new pg.Pool({ host: cluster.host, port: cluster.port, database: db, user, password, max: 2 });
  pool.on('error', () => undefined);
  return pool;
};

/** A shop database the office migrated, its administrator Rosa, a fired cashier, a price, the company; one till registered with a code. */
async function shop(): Promise<Shop> {
  const db = `robada_${process.pid}_${++count}`;
  await admin.query(`CREATE DATABASE ${db}`);
  const office = poolOn(cluster, db);
  await migrateServer(office, SERVER_MIGRATIONS);
  const put = (kind: string, key: string, wanted: unknown) =>
    office.query('SELECT * FROM caja_put_record($1, $2, NULL, $3, $4)', [kind, key, JSON.stringify(wanted), 'Oficina']);
  await put('user', 'rosa dueña', { name: 'Rosa Dueña', role: 'administrador', pinHash: 'rosa-hash', pinSalt: 'rosa-salt', active: true });
  await put('user', 'pedro cajero', { name: 'Pedro Cajero', role: 'cajero', pinHash: 'pedro-hash', pinSalt: 'pedro-salt', active: true });
  const pedro = (await office.query<{ version: string }>("SELECT version FROM staff WHERE key = 'pedro cajero'")).rows[0]!.version;
  await office.query('SELECT * FROM caja_put_record($1, $2, $3, $4, $5)', ['user', 'pedro cajero', pedro,
    JSON.stringify({ name: 'Pedro Cajero', role: 'cajero', pinHash: 'pedro-hash', pinSalt: 'pedro-salt', active: false }), 'Oficina']);
  await put('product', 'A001', { description: 'Arroz extra 1 kg', unit: 'NIU', price: '5.5', affectation: '10', bag: false, active: true, wholeUnits: null, freePrice: false });
  await put('setting', 'company', { ruc: '20100070970', name: 'BODEGA SAN MARTÍN S.A.C.', address: 'Av. Lima 123' });

  // The office hands out a code; the till spends it as caja_registro, the real way.
  const secret = crypto.randomBytes(4).toString('hex').toUpperCase();
  await office.query("INSERT INTO till_registration_codes (code_hash, expires_at) VALUES ($1, now() + interval '1 day')", [
    crypto.createHash('sha256').update(secret, 'utf8').digest('hex'),
  ]);
  const registro = connect(db, 'caja_registro', 'caja_registro');
  const role = (await registro.query<{ role_name: string; role_password: string }>('SELECT * FROM caja_register_till($1, $2)', [secret, 'Caja 9'])).rows[0]!;
  await registro.end();
  const thiefLogin = { user: role.role_name, password: role.role_password };
  const thief = connect(db, thiefLogin.user, thiefLogin.password);
  const terminal = `t-${crypto.randomUUID()}`;
  const other = `t-${crypto.randomUUID()}`;
  // As the till's own connect does (register.ts).
  await thief.query('INSERT INTO terminals (terminal_id, name, role_name) VALUES ($1, $2, session_user)', [terminal, 'Caja 9']);
  await office.query('INSERT INTO terminals (terminal_id, name, role_name) VALUES ($1, $2, session_user)', [other, 'Caja 1']);
  await office.query("INSERT INTO series_owners (doc_type, series, terminal_id) VALUES ('03', 'B001', $1)", [other]);
  await thief.query("INSERT INTO series_owners (doc_type, series, terminal_id) VALUES ('03', 'B009', $1)", [terminal]);
  return { db, office, thief, thiefLogin, terminal, other, end: async () => { await thief.end(); await office.end(); } };
}

const staffRow = async (s: Shop, key: string) =>
  (await s.office.query<{ role: string; pin_hash: string; active: boolean; version: string; updated_by: string }>(
    'SELECT role, pin_hash, active, version, updated_by FROM staff WHERE key = $1', [key])).rows[0]!;
const putAs = (pool: pg.Pool, kind: string, key: string, base: string | number | null, wanted: unknown, terminal = 'Oficina') =>
  pool.query<{ version: string | null; value: unknown; own: boolean }>('SELECT * FROM caja_put_record($1, $2, $3, $4, $5)', [kind, key, base, JSON.stringify(wanted), terminal]);

describe('a server a till role attacked before migration 0012', () => {
  it('is set right by it: the sequence and the versions stamped from it come back below 2^62, forged lockouts go', async () => {
    const db = `antes_${process.pid}_${++count}`;
    await admin.query(`CREATE DATABASE ${db}`);
    const office = poolOn(cluster, db);
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-0011-'));
    try {
      for (const f of fs.readdirSync(SERVER_MIGRATIONS).filter((n) => n < '0012')) fs.copyFileSync(path.join(SERVER_MIGRATIONS, f), path.join(before, f));
      await migrateServer(office, before);
      const product = (price: string) => JSON.stringify({ description: 'Arroz', unit: 'NIU', price, affectation: '10', bag: false, active: true, wholeUnits: null, freePrice: false });
      await office.query('SELECT * FROM caja_put_record($1, $2, NULL, $3, $4)', ['product', 'A001', product('5.5'), 'Oficina']);
      const sound = Number((await office.query<{ v: string }>("SELECT version AS v FROM products WHERE code = 'A001'")).rows[0]!.v);
      const login = { user: `${db}_t`, password: `pw-${crypto.randomUUID()}` };
      await admin.query(`CREATE ROLE ${login.user} LOGIN PASSWORD '${login.password}' IN ROLE caja_tills`);
      const thief = connect(db, login.user, login.password);
      try {
        await thief.query("INSERT INTO terminals (terminal_id, name, role_name) VALUES ('t9', 'Caja 9', session_user)");
        await thief.query("INSERT INTO pin_lockouts (key, terminal_id, state, version) VALUES ('rosa dueña', 't9', $1, 9220000000000000000)",
          [JSON.stringify({ failures: 0, level: 4, waitStartedAt: null, waitMs: 0, clears: 9_007_199_254_740_991 })]);
        await thief.query("SELECT setval('change_version', 9200000000000000000)");
        await thief.query('SELECT * FROM caja_put_record($1, $2, NULL, $3, $4)', ['product', 'B001', product('1'), 'Oficina']);
      } finally {
        await thief.end();
      }
      await migrateServer(office, SERVER_MIGRATIONS);
      const top = (await office.query<{ last: string; b: string; a: string; locks: number }>(`SELECT (SELECT last_value FROM change_version) AS last,
        (SELECT version FROM products WHERE code = 'B001') AS b, (SELECT version FROM products WHERE code = 'A001') AS a,
        (SELECT count(*)::int FROM pin_lockouts) AS locks`)).rows[0]!;
      expect(Number(top.a)).toBe(sound);
      expect(Number(top.b)).toBe(sound + 1);
      expect(Number(top.last)).toBeLessThan(2 ** 62);
      expect(top.locks).toBe(0);
      // The sequence goes on above every version.
      await office.query('SELECT * FROM caja_put_record($1, $2, NULL, $3, $4)', ['product', 'C001', product('2'), 'Oficina']);
      expect(Number((await office.query<{ v: string }>("SELECT version AS v FROM products WHERE code = 'C001'")).rows[0]!.v)).toBeGreaterThan(sound + 1);
    } finally {
      await office.end();
      fs.rmSync(before, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a stolen till role, used directly in SQL', () => {
  it("cannot set the owner's PIN, nor promote, demote, re-hire anyone: it is listed for the office, under its own name", async () => {
    const s = await shop();
    try {
      const rosa = await staffRow(s, 'rosa dueña');
      const own = await putAs(s.thief, 'user', 'rosa dueña', rosa.version, { name: 'Rosa Dueña', role: 'administrador', pinHash: 'evil', pinSalt: 'evil', active: true });
      expect(own.rows[0]?.own).toBe(false);
      expect((await staffRow(s, 'rosa dueña')).pin_hash).toBe('rosa-hash');
      // Demoting the owner, re-hiring the fired cashier: the same.
      await putAs(s.thief, 'user', 'rosa dueña', rosa.version, { name: 'Rosa Dueña', role: 'cajero', pinHash: 'rosa-hash', pinSalt: 'rosa-salt', active: true });
      expect((await staffRow(s, 'rosa dueña')).role).toBe('administrador');
      const pedro = await staffRow(s, 'pedro cajero');
      await putAs(s.thief, 'user', 'pedro cajero', pedro.version, { name: 'Pedro Cajero', role: 'cajero', pinHash: 'evil', pinSalt: 'evil', active: true });
      expect((await staffRow(s, 'pedro cajero')).active).toBe(false);
      // A new person, even a cashier, is the office's to add.
      await putAs(s.thief, 'user', 'intruso', null, { name: 'Intruso', role: 'cajero', pinHash: 'h', pinSalt: 's', active: true });
      expect((await s.office.query("SELECT 1 FROM staff WHERE key = 'intruso'")).rowCount).toBe(0);
      const listed = (await s.office.query<{ key: string; terminal_name: string; reason: string }>('SELECT key, terminal_name, reason FROM unapplied_changes ORDER BY id')).rows;
      expect(listed.map((l) => l.key)).toEqual(['rosa dueña', 'rosa dueña', 'pedro cajero', 'intruso']);
      // The name is the one the server registered for that role, whatever the caller claimed.
      expect(new Set(listed.map((l) => l.terminal_name))).toEqual(new Set(['Caja 9']));
      expect(listed[0]!.reason).toMatch(/oficina/);
    } finally {
      await s.end();
    }
  }, 60_000);

  it('cannot set a price, "precio libre", the payment methods or the company; a 20 MB value is refused', async () => {
    const s = await shop();
    try {
      const version = (await s.office.query<{ version: string }>("SELECT version FROM products WHERE code = 'A001'")).rows[0]!.version;
      await putAs(s.thief, 'product', 'A001', version, { description: 'Arroz extra 1 kg', unit: 'NIU', price: '0.01', affectation: '10', bag: false, active: true, wholeUnits: null, freePrice: true });
      expect((await s.office.query("SELECT price, free_price, updated_by FROM products WHERE code = 'A001'")).rows).toEqual([{ price: '5.5', free_price: false, updated_by: 'Oficina' }]);
      const company = (await s.office.query<{ version: string }>("SELECT version FROM shop_settings WHERE key = 'company'")).rows[0]!.version;
      await putAs(s.thief, 'setting', 'company', company, { ruc: '20100070970', name: 'OTRA EMPRESA', address: 'x' });
      await putAs(s.thief, 'setting', 'paymentMethods', null, [{ code: 'yape', label: 'Yape del ladrón', active: true }]);
      expect((await s.office.query("SELECT value->>'name' AS name FROM shop_settings WHERE key = 'company'")).rows).toEqual([{ name: 'BODEGA SAN MARTÍN S.A.C.' }]);
      expect((await s.office.query("SELECT 1 FROM shop_settings WHERE key = 'paymentMethods'")).rowCount).toBe(0);

      const huge = { description: 'x'.repeat(20 * 1024 * 1024), unit: 'NIU', price: '1', affectation: '10', bag: false, active: true, wholeUnits: null };
      for (const pool of [s.thief, s.office]) {
        const r = await putAs(pool, 'product', 'HUGE', null, huge);
        expect(r.rows[0]?.own).toBe(false);
      }
      expect((await s.office.query("SELECT 1 FROM products WHERE code = 'HUGE'")).rowCount).toBe(0);
      const largest = (await s.office.query<{ n: number }>('SELECT max(octet_length(wanted::text))::int AS n FROM unapplied_changes')).rows[0]!.n;
      expect(largest).toBeLessThan(64 * 1024);
    } finally {
      await s.end();
    }
  }, 60_000);

  it('cannot stamp versions: no direct lockout rows, no setval, no nextval', async () => {
    const s = await shop();
    try {
      await expect(s.thief.query("INSERT INTO pin_lockouts (key, terminal_id, state, version) VALUES ('rosa dueña', $1, '{}', 9220000000000000000)", [s.terminal]))
        .rejects.toMatchObject({ code: '42501' });
      await expect(s.thief.query("SELECT setval('change_version', 9220000000000000000)")).rejects.toMatchObject({ code: '42501' });
      await expect(s.thief.query("SELECT nextval('change_version')")).rejects.toMatchObject({ code: '42501' });
      // Through the server's function, the version is the server's.
      const state = { failures: 1, level: 0, waitStartedAt: null, waitMs: 0, clears: 0 };
      await s.thief.query('SELECT caja_put_lockout($1, $2, $3)', ['rosa dueña', s.terminal, JSON.stringify(state)]);
      const top = (await s.office.query<{ v: string; last: string }>("SELECT max(version) AS v, (SELECT last_value FROM change_version) AS last FROM pin_lockouts")).rows[0]!;
      expect(top.v).toBe(top.last);
    } finally {
      await s.end();
    }
  }, 60_000);

  it("cannot lock everyone out: a lockout's clears, level and wait are bounded, and only its own till's attempts are written", async () => {
    const s = await shop();
    try {
      const now = Date.now();
      const forged = { failures: 4, level: 99, waitStartedAt: now + 10 * 365 * 86_400_000, waitMs: 9e15, clears: 9_007_199_254_740_991 };
      await s.thief.query('SELECT caja_put_lockout($1, $2, $3)', ['rosa dueña', s.terminal, JSON.stringify(forged)]);
      const held = (await s.office.query<{ state: { failures: number; level: number; waitStartedAt: number | null; waitMs: number; clears: number } }>(
        "SELECT state FROM pin_lockouts WHERE key = 'rosa dueña'")).rows[0]!.state;
      expect(held.clears).toBeLessThanOrEqual(1);
      expect(held.level).toBeLessThanOrEqual(1);
      expect((held.waitStartedAt ?? 0) + held.waitMs).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
      // Another till's attempts are not this till's to write, directly or through the function.
      await expect(s.thief.query('SELECT caja_put_lockout($1, $2, $3)', ['rosa dueña', s.other, JSON.stringify({ ...forged, level: 1 })]))
        .rejects.toMatchObject({ code: '42501' });
      await expect(s.thief.query("UPDATE pin_lockouts SET state = '{}'")).rejects.toMatchObject({ code: '42501' });
    } finally {
      await s.end();
    }
  }, 60_000);

  it("cannot take another till's numbers: its documents go only in series no other till claims", async () => {
    const s = await shop();
    const insert = (series: string, number: number) => s.thief.query(`INSERT INTO documents (id_base_dato, terminal_id, doc_type, series, number, issued_at,
      issue_date, currency, customer_doc_type, customer_doc_number, customer_name, total, igv, status, payload, local_updated_at)
      VALUES ($1, $2, '03', $3, $4, '', '2026-11-25', 'PEN', '0', '', '', 1, 0, 'accepted', '{}', '')`, [`${series}-${number}`, s.terminal, series, number]);
    try {
      // Till 1's B001-1..3, taken first, would make its own sales "number taken by another till".
      await expect(insert('B001', 1)).rejects.toMatchObject({ code: '42501' });
      await insert('B009', 1);
      await expect(s.thief.query("UPDATE documents SET series = 'B001' WHERE id_base_dato = 'B009-1'")).rejects.toMatchObject({ code: '42501' });
      // Nor claim a series for another till's terminal, nor drop another till's claim.
      await expect(s.thief.query("INSERT INTO series_owners (doc_type, series, terminal_id) VALUES ('03', 'B777', $1)", [s.other])).rejects.toMatchObject({ code: '42501' });
      expect((await s.thief.query("DELETE FROM series_owners WHERE series = 'B001'")).rowCount).toBe(0);
      // Nor take over a till's terminal from before row-level security (no role bound yet), and with it its documents.
      await s.office.query("INSERT INTO terminals (terminal_id, name, role_name) VALUES ('antigua', 'Caja antigua', NULL)");
      expect((await s.thief.query("UPDATE terminals SET role_name = session_user WHERE terminal_id = 'antigua'")).rowCount).toBe(0);
      await expect(s.thief.query(`INSERT INTO terminals (terminal_id, name, role_name) VALUES ('antigua', 'Caja 9', session_user)
        ON CONFLICT (terminal_id) DO UPDATE SET role_name = COALESCE(terminals.role_name, EXCLUDED.role_name)`)).rejects.toMatchObject({ code: '42501' });
      expect((await s.office.query("SELECT role_name FROM terminals WHERE terminal_id = 'antigua'")).rows).toEqual([{ role_name: null }]);
      // The till registered under that terminal's name still binds it (a till last seen before 0008, back online).
      await s.office.query("INSERT INTO terminals (terminal_id, name, role_name) VALUES ('antigua9', 'Caja 9', NULL)");
      expect((await s.thief.query("UPDATE terminals SET role_name = session_user WHERE terminal_id = 'antigua9'")).rowCount).toBe(1);
    } finally {
      await s.end();
    }
  }, 60_000);

  it('cannot write the record of applied migrations (nor can caja_registro)', async () => {
    const s = await shop();
    const registro = connect(s.db, 'caja_registro', 'caja_registro');
    try {
      await expect(s.thief.query("INSERT INTO schema_migrations (version, name) VALUES (9999, 'futuro')")).rejects.toMatchObject({ code: '42501' });
      await expect(s.thief.query('DELETE FROM schema_migrations WHERE version = 12')).rejects.toMatchObject({ code: '42501' });
      await expect(s.thief.query("UPDATE schema_migrations SET name = 'x'")).rejects.toMatchObject({ code: '42501' });
      await expect(registro.query('DELETE FROM schema_migrations')).rejects.toMatchObject({ code: '42501' });
      // The till still reads it: that is how it knows the server is up to date.
      expect((await s.thief.query('SELECT version FROM schema_migrations')).rowCount).toBeGreaterThan(10);
      await expect(registro.query('CREATE TEMP TABLE t (x int)')).rejects.toMatchObject({ code: '42501' });
      await expect(s.thief.query('CREATE TEMP TABLE t (x int)')).rejects.toMatchObject({ code: '42501' });
    } finally {
      await registro.end();
      await s.end();
    }
  }, 60_000);
});
