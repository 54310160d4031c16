// The hosted shop server's daily dump (Caja's own logical dump: the shipped binaries have no pg_dump) is
// verified by a restore into a scratch database, rotated like the till's daily copies, and restorable: the restored
// database answers the dumped rows, the replaced one is kept under another name, a registered till still signs in.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerBackups } from '../../../electron/core/server-host/backups';
import { ServerHost } from '../../../electron/core/server-host/host';
import { registerTill } from '../../../electron/core/server-host/register-till';
import { memorySecretStore } from '../../../electron/core/services/secrets';

let dir: string;
let host: ServerHost;
let backups: ServerBackups;
let clock = new Date('2026-11-01T08:00:00');
const migrationsDir = path.resolve('migrations');

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-host-bk-'));
  host = new ServerHost({ dataDir: dir, secrets: memorySecretStore(), migrationsDir, shopName: () => 'Bodega' });
  await host.enable(0);
  backups = new ServerBackups(host, { folder: () => path.join(dir, 'copias'), migrationsDir, now: () => clock, keepDaily: 3 });
}, 120_000);

afterAll(async () => {
  await host?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function sql<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const pool = host.ownerPool();
  try {
    return (await pool.query<T>(text, params)).rows;
  } finally {
    await pool.end();
  }
}

describe('the hosted server\'s copies', () => {
  it('dumps, verifies by restoring, and restores: the rows come back, the replaced database is kept', async () => {
    await sql("INSERT INTO terminals (terminal_id, name) VALUES ('t1', 'Caja 1')");
    // Every kind of value a document holds, byte for byte: text with quotes, backslashes, newlines and ñ, a zip,
    // money with its trailing zero, JSON, a timestamp with its zone.
    await sql(
      `INSERT INTO documents (id_base_dato, terminal_id, doc_type, series, number, issued_at, issue_date, currency, customer_doc_type,
         customer_doc_number, customer_name, total, igv, status, cdr_zip, payload, payments, local_updated_at, pushed_at)
       VALUES ('d1', 't1', '03', 'B001', 1, '2026-11-01T10:00:00-05:00', '2026-11-01', 'PEN', '1', '45678912', $1, 11.80, 1.80,
         'accepted', $2, $3, $4, '2026-11-01T10:00:00.123Z', '2026-11-01 10:00:00.123456-05')`,
      ['Peña "La Ñusta" \\ O\'Brien\nsegunda línea', Buffer.from([0, 1, 2, 255, 254, 92, 34]), '{"a":"\\u00f1 \\"x\\"","b":[1.10,2]}', JSON.stringify([{ method: 'yape', amount: '11.80' }])],
    );
    const fingerprint = async () => (await sql<{ h: string }>('SELECT md5(d::text) AS h FROM documents d'))[0]?.h;
    const before = await fingerprint();
    const port = host.status().port!;
    const { code } = await host.newRegistrationCode();
    const till = await registerTill({ host: '127.0.0.1', port, code, terminalName: 'Caja 2' });

    const dump = await backups.dumpNow('diaria');
    expect(dump).toMatchObject({ reason: 'diaria', check: 'ok' });
    expect(dump.rows).toBeGreaterThanOrEqual(2); // the terminal, the till's role row, the code...
    expect(fs.statSync(dump.path).mode & 0o077).toBe(0);
    expect(backups.dailyDue()).toBe(false);

    await sql("UPDATE terminals SET name = 'renombrada' WHERE terminal_id = 't1'");
    await sql("INSERT INTO terminals (terminal_id, name) VALUES ('t2', 'después de la copia')");
    clock = new Date('2026-11-01T09:00:00');
    const { keptAs } = await backups.restore(dump.fileName);
    expect(await sql('SELECT terminal_id, name FROM terminals ORDER BY 1')).toEqual([{ terminal_id: 't1', name: 'Caja 1' }]);
    expect(await fingerprint()).toBe(before);
    const dbs = (await sql<{ datname: string }>('SELECT datname FROM pg_database')).map((d) => d.datname);
    expect(dbs).toContain(keptAs);
    expect(dbs.filter((d) => d.startsWith('caja_verificacion') || d.startsWith('caja_restaurando'))).toEqual([]);
    expect(backups.list().map((d) => d.reason)).toContain('antes-de-restaurar');

    // The registered till still signs in after the restore (its role and password are untouched).
    const client = new pg.Client({ host: '127.0.0.1', port, user: till.settings.user, password: till.password, database: 'caja', ssl: { ca: till.settings.caCert } });
    await client.connect();
    expect((await client.query('SELECT count(*)::int AS n FROM terminals')).rows[0].n).toBe(1);
    await client.end();
  }, 60_000);

  it('a damaged dump fails its check and cannot be restored; the database is untouched', async () => {
    const good = backups.list().find((d) => d.reason === 'diaria')!;
    const bad = path.join(backups.dir(), 'servidor-20261102-080000-manual.cajapg.gz');
    const text = zlib.gunzipSync(fs.readFileSync(good.path)).toString('utf8').split('\n');
    fs.writeFileSync(bad, zlib.gzipSync(text.slice(0, -2).join('\n'))); // its last rows and its end cut off
    expect(await backups.verify(bad)).toMatchObject({ check: 'failed', message: expect.stringMatching(/incompleta|no cuadra/) });
    await expect(backups.restore(path.basename(bad))).rejects.toThrow('La copia no se puede restaurar');
    expect(await sql('SELECT terminal_id FROM terminals')).toEqual([{ terminal_id: 't1' }]);
  }, 60_000);

  it('keeps the newest sound daily dumps, as the till keeps its copies', async () => {
    for (let day = 3; day <= 7; day++) {
      clock = new Date(`2026-11-0${day}T08:00:00`);
      expect(backups.dailyDue()).toBe(true);
      await backups.dumpNow('diaria');
    }
    const daily = backups.list().filter((d) => d.reason === 'diaria');
    expect(daily.map((d) => d.fileName.slice(9, 17))).toEqual(['20261107', '20261106', '20261105']);
    expect(backups.list().some((d) => d.reason === 'manual')).toBe(true); // never rotated
  }, 120_000);
});
