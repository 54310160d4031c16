// On the cluster this PC hosts, caja_registro (whose password every till knows) and the tills' own roles reach the
// shop's database alone: pg_hba refuses them anywhere else, the other databases are closed to all but the owner, and
// neither may create temporary tables in the shop's database. A cluster made by an older Caja gets the same pg_hba
// at its next start.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HBA } from '../../../electron/core/server-host/cluster';
import { ServerHost } from '../../../electron/core/server-host/host';
import { memorySecretStore } from '../../../electron/core/services/secrets';

let dir: string;
let host: ServerHost;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-registro-'));
  host = new ServerHost({ dataDir: dir, secrets: memorySecretStore(), migrationsDir: path.resolve('migrations'), shopName: () => 'Bodega San Martín' });
  await host.enable(0);
}, 120_000);

afterAll(async () => {
  await host?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Connects as `user` to `database` over TLS (the server's certificate is not what is tested here), runs `sql`. */
async function as(user: string, password: string, database: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ host: '127.0.0.1', port: host.status().port!, user, password, database, ssl: { rejectUnauthorized: false }, connectionTimeoutMillis: 8_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.query(sql)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function registerRole(): Promise<{ user: string; password: string }> {
  const secret = crypto.randomBytes(4).toString('hex').toUpperCase();
  const owner = host.ownerPool();
  try {
    await owner.query("INSERT INTO till_registration_codes (code_hash, expires_at) VALUES ($1, now() + interval '1 day')", [crypto.createHash('sha256').update(secret, 'utf8').digest('hex')]);
  } finally {
    await owner.end();
  }
  const client = new pg.Client({ host: '127.0.0.1', port: host.status().port!, user: 'caja_registro', password: 'caja_registro', database: 'caja', ssl: { rejectUnauthorized: false } });
  await client.connect();
  try {
    const row = (await client.query<{ role_name: string; role_password: string }>('SELECT * FROM caja_register_till($1, $2)', [secret, 'Caja 2'])).rows[0]!;
    return { user: row.role_name, password: row.role_password };
  } finally {
    await client.end();
  }
}

describe("caja_registro and the tills reach the shop's database alone", () => {
  it('caja_registro reaches the shop database and no other, and makes no temporary tables', async () => {
    expect(await as('caja_registro', 'caja_registro', 'caja', 'SELECT caja_shop_authority() IS NOT NULL AS ok')).toEqual([{ ok: true }]);
    for (const other of ['postgres', 'template1']) {
      await expect(as('caja_registro', 'caja_registro', other, 'SELECT 1')).rejects.toThrow(/pg_hba\.conf rejects|permission denied/);
    }
    await expect(as('caja_registro', 'caja_registro', 'caja', 'CREATE TEMP TABLE t (x int)')).rejects.toMatchObject({ code: '42501' });
  }, 60_000);

  it("a till's role reaches the shop database and no other", async () => {
    const till = await registerRole();
    expect(await as(till.user, till.password, 'caja', 'SELECT count(*)::int AS n FROM documents')).toEqual([{ n: 0 }]);
    await expect(as(till.user, till.password, 'postgres', 'SELECT 1')).rejects.toThrow(/pg_hba\.conf rejects|permission denied/);
    await expect(as(till.user, till.password, 'caja', 'CREATE TEMP TABLE t (x int)')).rejects.toMatchObject({ code: '42501' });
  }, 60_000);

  it("an older cluster's pg_hba (every database to everyone) is replaced at the next start; the other databases stay closed meanwhile", async () => {
    const file = path.join(host.paths.data, 'pg_hba.conf');
    fs.writeFileSync(file, 'local all all scram-sha-256\nhost all all 127.0.0.1/32 scram-sha-256\nhostssl all all 0.0.0.0/0 scram-sha-256\n');
    const owner = host.ownerPool('postgres');
    try {
      await owner.query('SELECT pg_reload_conf()');
    } finally {
      await owner.end();
    }
    // pg_hba lets it in; the database's own rights still do not.
    await expect(as('caja_registro', 'caja_registro', 'postgres', 'SELECT 1')).rejects.toThrow(/permission denied/);
    await host.start();
    expect(fs.readFileSync(file, 'utf8')).toBe(HBA);
    await expect(as('caja_registro', 'caja_registro', 'postgres', 'SELECT 1')).rejects.toThrow(/pg_hba\.conf rejects/);
  }, 60_000);
});
