// A return of another till's sale stands on SUNAT's evidence, never on the status a till pushed: a till's role in the
// wrong hands (obtained the real way, with a one-time code spent as caja_registro) can write a row "accepted" under
// its own series, and a till that trusted that column would pay out its total in cash.
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../electron/sandbox';
import type { AppStatus, DocumentSummary, ShopSale } from '../../../shared/bridge';
import { anonymousBoleta, line, statusOf, until } from '../core/harness';
import { poolOn, startPgCluster, type PgCluster } from './pg-cluster';
import { shopRig, waitFor } from './shop-rig';

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

/** A till role, as a till gets one: the office hands out a code, spent as caja_registro. */
async function stolenRole(office: pg.Pool, database: string): Promise<pg.Pool> {
  const secret = crypto.randomBytes(4).toString('hex').toUpperCase();
  await office.query("INSERT INTO till_registration_codes (code_hash, expires_at) VALUES ($1, now() + interval '1 day')", [
    crypto.createHash('sha256').update(secret, 'utf8').digest('hex'),
  ]);
  const connect = (user: string, password: string) => {
    const pool = new pg.Pool({ host: cluster.host, port: cluster.port, database, user, password, max: 2 });
    pool.on('error', () => undefined);
    return pool;
  };
  const registro = connect('caja_registro', 'caja_registro');
  const role = (await registro.query<{ role_name: string; role_password: string }>('SELECT * FROM caja_register_till($1, $2)', [secret, 'Caja 9'])).rows[0]!;
  await registro.end();
  const thief = connect(role.role_name, role.role_password);
  cleanups.push(() => thief.end());
  return thief;
}

const lastNumber = (r: { core: { db: { sqlite: { prepare(sql: string): { pluck(): { get(...a: unknown[]): unknown } } } } } }, series: string) =>
  (r.core.db.sqlite.prepare("SELECT last_number FROM series WHERE doc_type = '07' AND series = ?").pluck().get(series) as number | undefined) ?? 0;

/** Caja 1 sells 650.00 (declared, accepted, its CDR on the server); a stolen till role writes B009-1 "accepted". */
async function forgedShop(forgedCdr: 'copied' | 'none') {
  const { name, pool } = await rig.freshDatabase();
  const sandbox = await startSandbox({ port: 0 });
  let closed = false;
  cleanups.push(() => pool.end(), () => (closed ? Promise.resolve() : sandbox.close()));
  const a = await rig.till(name, 'Caja 1', 'B001', { shared: sandbox });
  const b = await rig.till(name, 'Caja 2', 'B002', { shared: sandbox });
  const sale = await a.call<DocumentSummary>('issueSale', anonymousBoleta({ lines: [line({ code: 'P009', description: 'Televisor', quantity: '1', unitPrice: '650.00' })] }));
  await until(a, () => statusOf(a, sale.id) === 'accepted');
  await waitFor(async () => (await pool.query("SELECT status FROM documents WHERE series = 'B001' AND number = 1")).rows[0]?.status === 'accepted');
  await waitFor(async () => (await b.call<AppStatus>('getStatus')).shopServer?.state === 'online');

  // The thief's till writes B009-1 "accepted", its payload that sale's relabelled, even with Caja 1's real CDR.
  const thief = await stolenRole(pool, name);
  const terminal = `t-${crypto.randomUUID()}`;
  await thief.query('INSERT INTO terminals (terminal_id, name, role_name) VALUES ($1, $2, session_user)', [terminal, 'Caja 9']);
  await thief.query("INSERT INTO series_owners (doc_type, series, terminal_id) VALUES ('03', 'B009', $1)", [terminal]);
  const honest = (await pool.query<{ payload: string; cdr_zip: Buffer }>("SELECT payload, cdr_zip FROM documents WHERE series = 'B001' AND number = 1")).rows[0]!;
  const forged = { ...(JSON.parse(honest.payload) as Record<string, unknown>), serie: 'B009', correlativo: '1' };
  await thief.query(
    `INSERT INTO documents (id_base_dato, terminal_id, doc_type, series, number, issued_at, issue_date, currency, customer_doc_type,
      customer_doc_number, customer_name, total, igv, status, cdr_code, cdr_zip, payload, local_updated_at)
    VALUES ($1, $2, '03', 'B009', 1, $3, '2026-11-25', 'PEN', '0', '', '', 650.00, 99.15, 'accepted', '0', $4, $5, '')`,
    [crypto.randomUUID(), terminal, new Date().toISOString(), forgedCdr === 'copied' ? honest.cdr_zip : null, JSON.stringify(forged)],
  );
  return { pool, b, closeSandbox: async () => { closed = true; await sandbox.close(); } };
}

const returnAll = (series: string) => ({ clientKey: crypto.randomUUID(), sale: { series, number: 1 }, type: '07', reason: '06', description: 'Devolución total' });

describe("a return of another till's sale needs SUNAT's evidence", () => {
  it('refuses a sale a till role wrote as accepted that SUNAT never received, spending no number', async () => {
    const { pool, b } = await forgedShop('copied');
    // F7 finds it, as the server holds it...
    expect(await b.call<ShopSale>('findShopSale', { series: 'B009', number: 1 })).toMatchObject({ terminal: 'Caja 9', total: '650.00', status: 'accepted' });
    // ...but no note is issued on it: SUNAT has no such sale, whatever the row says.
    const res = await b.raw('issueShopNote', returnAll('B009'));
    expect(res).toMatchObject({ ok: false, error: { code: 'not_notable', message: expect.stringContaining('no se puede comprobar con SUNAT que B009-00000001') } });
    expect(lastNumber(b, 'BC02')).toBe(0);
    expect((await pool.query("SELECT count(*)::int AS n FROM documents WHERE doc_type = '07'")).rows[0]).toEqual({ n: 0 });

    // The honest sale of Caja 1 is returned at Caja 2 (SUNAT holds it, as its CDR and record say).
    const note = await b.call<DocumentSummary>('issueShopNote', returnAll('B001'));
    expect(note).toMatchObject({ docType: '07', series: 'BC02', number: 1, total: '650.00' });
  }, 60_000);

  it('without SUNAT at hand, stands on the CDR the server holds: one of another sale, or none, refuses', async () => {
    const copied = await forgedShop('copied');
    await copied.closeSandbox();
    const res = await copied.b.raw('issueShopNote', returnAll('B009'));
    expect(res).toMatchObject({ ok: false, error: { code: 'not_notable', message: expect.stringContaining('la constancia (CDR) del servidor de la tienda es de otro comprobante') } });
    expect(lastNumber(copied.b, 'BC02')).toBe(0);
    // Caja 1's own sale carries its CDR: returned offline, the note declared later.
    const note = await copied.b.call<DocumentSummary>('issueShopNote', returnAll('B001'));
    expect(note).toMatchObject({ series: 'BC02', number: 1, total: '650.00' });

    const none = await forgedShop('none');
    await none.closeSandbox();
    expect(await none.b.raw('issueShopNote', returnAll('B009'))).toMatchObject({
      ok: false, error: { code: 'not_notable', message: expect.stringContaining('el servidor de la tienda no tiene su constancia (CDR)') },
    });
    expect(lastNumber(none.b, 'BC02')).toBe(0);
  }, 90_000);
});
