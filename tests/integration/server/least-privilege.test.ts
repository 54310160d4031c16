// Least privilege on the shop server. Each till connects with its own role (a member of caja_tills, as a
// till registered with a one-time code gets); row-level security lets it write only its own documents, series and
// terminal; staff, products and settings change only through caja_put_record, which applies none of a till's edits
// (server 0012): they are listed for the office.
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrateServer } from '../../../electron/core/server';
import type { DocumentSummary } from '../../../shared/bridge';
import { anonymousBoleta } from '../core/harness';
import { poolOn, startPgCluster, type PgCluster } from './pg-cluster';
import { shopRig, waitFor } from './shop-rig';

let cluster: PgCluster;
let admin: pg.Pool;
const shop = shopRig(() => cluster, () => admin);
const SERVER_MIGRATIONS = path.resolve(__dirname, '../../../migrations/server');

beforeAll(async () => {
  cluster = await startPgCluster();
  admin = poolOn(cluster);
}, 60_000);
afterAll(async () => {
  await admin?.end();
  cluster?.destroy();
});
afterEach(() => shop.dispose());

/** A login role of a till's own, as caja_register_till creates one (migrations/server/0005). */
async function tillRole(name: string): Promise<{ user: string; password: string }> {
  const password = `pw-${name}-${Math.random().toString(36).slice(2)}`;
  await admin.query(`CREATE ROLE ${name} LOGIN PASSWORD '${password}' IN ROLE caja_tills`);
  return { user: name, password };
}

const asRole = (database: string, login: { user: string; password: string }) =>
  new pg.Pool({ host: cluster.host, port: cluster.port, database, user: login.user, password: login.password, max: 2 });

describe('least privilege on the shop server', () => {
  it("a till's role writes only its own rows and can change shared records only through the server's rule", async () => {
    const { name: db, pool } = await shop.freshDatabase();
    // The office (the owner) creates and migrates the schema; tills never can.
    await migrateServer(pool, SERVER_MIGRATIONS);
    const tag = db.replace(/\W/g, '');
    const loginA = await tillRole(`${tag}_a`);
    const loginB = await tillRole(`${tag}_b`);
    const a = await shop.till(db, 'Caja 1', 'B001', { login: loginA });
    const b = await shop.till(db, 'Caja 2', 'B002', { login: loginB });
    const docA = await a.call<DocumentSummary>('issueSale', anonymousBoleta({ tenders: [{ method: 'efectivo', amount: '20' }] }));
    await b.call('issueSale', anonymousBoleta({ tenders: [{ method: 'efectivo', amount: '20' }] }));
    // A price set at a till is the office's to decide (server 0012): listed for it, never applied; the till keeps
    // selling with its own until the office decides.
    await a.call('saveProduct', { code: 'A001', description: 'Arroz extra 1 kg', unit: 'NIU', price: '5.5', affectation: '10' });
    await waitFor(async () => (await pool.query('SELECT COUNT(*)::int AS n FROM documents')).rows[0]?.n === 2);
    await waitFor(async () => (await pool.query("SELECT terminal_name FROM unapplied_changes WHERE key = 'A001'")).rows[0]?.terminal_name === 'Caja 1');
    expect((await pool.query("SELECT COUNT(*)::int AS n FROM products WHERE code = 'A001'")).rows[0]?.n).toBe(0);
    expect(a.core.db.sqlite.prepare("SELECT price FROM products WHERE code = 'A001'").pluck().get()).toBe('5.5');
    // The office's prices (the owner's connection) travel to every till.
    const rice = { description: 'Arroz extra 1 kg', unit: 'NIU', price: '5.9', affectation: '10', bag: false, active: true, wholeUnits: null, freePrice: false };
    await pool.query('SELECT * FROM caja_put_record($1, $2, NULL, $3, $4)', ['product', 'A001', JSON.stringify(rice), 'Oficina']);
    await waitFor(async () => b.core.db.sqlite.prepare("SELECT price FROM products WHERE code = 'A001'").pluck().get() === '5.9');
    await waitFor(async () => a.core.db.sqlite.prepare("SELECT price FROM products WHERE code = 'A001'").pluck().get() === '5.9');

    const sqlB = asRole(db, loginB);
    try {
      // Another till's document: invisible to its UPDATE, refused on INSERT.
      const tampered = await sqlB.query("UPDATE documents SET status = 'rejected' WHERE id_base_dato = $1", [docA.idBaseDato]);
      expect(tampered.rowCount).toBe(0);
      const terminalA = (await pool.query<{ terminal_id: string }>('SELECT terminal_id FROM documents WHERE id_base_dato = $1', [docA.idBaseDato])).rows[0]!.terminal_id;
      await expect(
        sqlB.query(`INSERT INTO documents (id_base_dato, terminal_id, doc_type, series, number, issued_at, issue_date, currency, customer_doc_type,
          customer_doc_number, customer_name, total, igv, status, payload, local_updated_at) VALUES ('forged', $1, '03', 'B001', 99, '', '2026-11-25', 'PEN', '0', '', '', 1, 0, 'accepted', '{}', '')`, [terminalA]),
      ).rejects.toMatchObject({ code: '42501' });
      // Staff and prices: no direct writes.
      await expect(sqlB.query("INSERT INTO staff (key, name, role, pin_hash, pin_salt, active, version, security_version, updated_by) VALUES ('x', 'X', 'administrador', 'h', 's', true, 1, 1, 'b')"))
        .rejects.toMatchObject({ code: '42501' });
      await expect(sqlB.query("UPDATE products SET price = '0.1' WHERE code = 'A001'")).rejects.toMatchObject({ code: '42501' });
      // Through the rule: a till cannot make anyone an administrator (nor change anyone: that is the office's).
      const forged = { name: 'Intruso', role: 'administrador', pinHash: 'h', pinSalt: 's', active: true };
      const put = await sqlB.query<{ own: boolean }>('SELECT own FROM caja_put_record($1, $2, NULL, $3, $4)', ['user', 'intruso', JSON.stringify(forged), 'Caja 2']);
      expect(put.rows[0]?.own).toBe(false);
      expect((await pool.query("SELECT COUNT(*)::int AS n FROM staff WHERE key = 'intruso'")).rows[0]?.n).toBe(0);
      expect((await pool.query<{ reason: string }>("SELECT reason FROM unapplied_changes WHERE key = 'intruso'")).rows[0]?.reason).toMatch(/se cambian en la oficina/);
      // Nor take over another till's terminal or series.
      const takeover = await sqlB.query('UPDATE terminals SET name = $2 WHERE terminal_id = $1', [terminalA, 'Robada']);
      expect(takeover.rowCount).toBe(0);
      await expect(sqlB.query("INSERT INTO series_owners (doc_type, series, terminal_id) VALUES ('03', 'B777', $1)", [terminalA])).rejects.toMatchObject({ code: '42501' });
      // Nor change the schema.
      await expect(sqlB.query('CREATE TABLE intruso (x int)')).rejects.toMatchObject({ code: '42501' });
    } finally {
      await sqlB.end();
      await pool.end();
    }
  }, 60_000);
});
