// Customer accounts merged through the shop server (server migration 0019, electron/core/server/sync/account-exchange.ts,
// electron/core/accounts/settle.ts): two tills, one offline, selling on credit and both collecting the same cuota;
// once back, both tills and the server agree on every customer's balance, dues and credit in favour to the cent, equal
// to the sum of what each did, and the later collection of that cuota went to the next one and says so. A push
// repeated after a lost answer counts once; a till's role writes only in its own name and never changes or deletes an
// entry. Real PostgreSQL, real tills.
import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../electron/sandbox';
import { migrateServer } from '../../../electron/core/server/migrate';
import { settle, TAKEN_TO_NEXT, type SettleEntry } from '../../../electron/core/accounts/settle';
import type { AppStatus, Collection, CustomerAccount, DocumentSummary } from '../../../shared/bridge';
import { limaDate } from '../../../shared/catalog';
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

const BUYER = { docType: '6', docNumber: '20100066603', name: 'EMPRESA CLIENTE S.A.C.', address: 'Av. Lima 123' };
const VECINO = { docType: '1', docNumber: '45678912', name: 'JUAN PEREZ', address: '' };
const ruc = { docType: '6', docNumber: '20100066603' };
const dni = { docType: '1', docNumber: '45678912' };
const inDays = (n: number) => limaDate(new Date(Date.now() + n * 86_400_000));
const printedOf = (d: DocumentSummary) => `${d.series}-${String(d.number).padStart(8, '0')}`;

async function shop(): Promise<{ name: string; pool: pg.Pool; a: Rig; b: Rig }> {
  const { name, pool } = await rig.freshDatabase();
  const sandbox = await startSandbox({ port: 0 });
  cleanups.push(() => pool.end(), () => sandbox.close());
  const a = await rig.till(name, 'Caja 1', 'B001', { shared: sandbox });
  const b = await rig.till(name, 'Caja 2', 'B002', { shared: sandbox });
  for (const t of [a, b]) {
    await waitFor(async () => (await t.call<AppStatus>('getStatus')).shopServer?.state === 'online');
    await t.call('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '50' });
  }
  return { name, pool, a, b };
}

/** A factura al crédito to BUYER: `cuotas` as [amount, days from today]; the total is their sum. */
const creditFactura = (r: Rig, cuotas: [string, number][]) => {
  const total = cuotas.reduce((s, [x]) => s + Number(x) * 100, 0) / 100;
  return r.call<DocumentSummary>('issueSale', {
    ...anonymousBoleta({ docType: '01', customer: BUYER, lines: [line({ quantity: '1', unitPrice: total.toFixed(2) })] }),
    payment: { method: 'CREDITO', installments: cuotas.map(([amount, days]) => ({ amount, dueDate: inDays(days) })) },
  });
};
const collect = (r: Rig, customer: { docType: string; docNumber: string }, amount: string, document?: DocumentSummary) =>
  r.call<Collection>('recordCollection', {
    clientKey: crypto.randomUUID(), customer, amount, method: 'efectivo', ...(document ? { document: { series: document.series, number: document.number } } : {}),
  });
const account = (r: Rig, customer: { docType: string; docNumber: string }) => r.call<CustomerAccount>('getCustomerAccount', { customer });

/** What every till must agree on: balance, credit in favour and each open due. */
const figures = (x: CustomerAccount) => ({ balance: x.balance, inFavour: x.inFavour, dues: x.dues.map((d) => [d.document, d.cuota, d.open]) });

/** The server's entries of a customer, worked out as a till does. */
async function serverFigures(pool: pg.Pool, c: { docType: string; docNumber: string }) {
  const rows = (await pool.query<{ uid: string; at: Date; kind: SettleEntry['kind']; amount: string; terminal_id: string; applies_to: string | null; dues: SettleEntry['dues']; intended: string | null }>(
    'SELECT uid, at, kind, amount::text, terminal_id, applies_to, dues, intended FROM account_entries WHERE doc_type = $1 AND doc_number = $2',
    [c.docType, c.docNumber],
  )).rows;
  const done = settle(rows.map((r) => {
    const hash = r.intended?.lastIndexOf('#') ?? -1;
    return {
      uid: r.uid, at: r.at.toISOString(), kind: r.kind, amount: r.amount, till: r.terminal_id, appliesTo: r.applies_to, dues: r.dues,
      intended: r.intended && hash > 0 ? { key: r.intended.slice(0, hash), position: Number(r.intended.slice(hash + 1)) } : null,
    };
  }));
  const view = (await pool.query<{ balance: string }>('SELECT balance::text FROM account_balances WHERE doc_type = $1 AND doc_number = $2', [c.docType, c.docNumber])).rows[0];
  return { balance: done.balance, inFavour: done.inFavour, open: done.dues.filter((d) => d.open).length, view: view?.balance, entries: rows.length };
}

describe('customer accounts merged through the shop server', () => {
  it('two tills, one offline, both collecting the same cuota: every till and the server agree to the cent, the later collection goes to the next cuota and says so', async () => {
    const { name, pool, a, b } = await shop();
    const f1 = await creditFactura(a, [['50.00', 10], ['68.00', 40]]);
    // Caja 2 learns the sale from the server, with its cuotas: it does not hold the factura itself.
    await waitFor(async () => (await account(b, ruc)).balance === '118.00', 20_000);
    expect(figures(await account(b, ruc)).dues).toEqual([[printedOf(f1), 1, '50.00'], [printedOf(f1), 2, '68.00']]);

    await rig.setOnline(b, name, 'Caja 2', false);
    // At once: both cashiers collect cuota 1 of the same factura, each picking it.
    const atA = await collect(a, ruc, '50.00', f1);
    const atB = await collect(b, ruc, '50.00', f1);
    expect(atA.applied).toEqual([{ document: printedOf(f1), cuota: 1, amount: '50.00', stillOpen: '0.00' }]);
    expect(atB.applied).toEqual([{ document: printedOf(f1), cuota: 1, amount: '50.00', stillOpen: '0.00' }]);
    // Meanwhile more credit at both: a factura at Caja 2 (offline), a boleta on account at Caja 1, and a collection of it.
    const f2 = await creditFactura(b, [['59.00', 20]]);
    await a.call('issueSale', anonymousBoleta({ customer: VECINO, lines: [line({ quantity: '4' })], onAccount: true }));
    await collect(a, dni, '30.00');
    expect((await account(a, dni))).toMatchObject({ balance: '-6.40', inFavour: '6.40' });

    await rig.setOnline(b, name, 'Caja 2', true);
    // Sales 118 + 59 less collections 50 + 50: 77.00, open in the second factura (59.00, due first) and cuota 2 of the
    // first (18.00).
    const expected = { balance: '77.00', inFavour: '0.00', dues: [[printedOf(f2), 1, '59.00'], [printedOf(f1), 2, '18.00']] };
    await waitFor(async () => JSON.stringify(figures(await account(a, ruc))) === JSON.stringify(expected)
      && JSON.stringify(figures(await account(b, ruc))) === JSON.stringify(expected), 20_000);
    expect(figures(await account(a, dni))).toEqual({ balance: '-6.40', inFavour: '6.40', dues: [] });
    await waitFor(async () => JSON.stringify(figures(await account(b, dni))) === JSON.stringify(figures(await account(a, dni))), 20_000);
    expect(await serverFigures(pool, ruc)).toEqual({ balance: '77.00', inFavour: '0.00', open: 2, view: '77.00', entries: 4 });
    expect(await serverFigures(pool, dni)).toEqual({ balance: '-6.40', inFavour: '6.40', open: 0, view: '-6.40', entries: 2 });

    // Caja 2's collection came later: both tills show it went to cuota 2, and why, in one same statement whose
    // balances follow one from the other.
    expect((await account(b, ruc)).entries).toEqual((await account(a, ruc)).entries);
    expect((await account(b, ruc)).entries.map((e) => e.balance)).toEqual(['118.00', '68.00', '18.00', '77.00']);
    for (const t of [a, b]) {
      const collections = (await account(t, ruc)).entries.filter((e) => e.kind === 'collection');
      const notes = collections.map((e) => e.note ?? null);
      expect(notes).toEqual([null, TAKEN_TO_NEXT]);
    }
    // Its constancia, printed again at Caja 2, says so too.
    expect((await b.call<Collection>('getCollection', { id: atB.id })).message).toContain(TAKEN_TO_NEXT);
  }, 120_000);

  it("a credit note at one till on a sale the other collected offline: both end with the same credit in favour", async () => {
    const { name, pool, a, b } = await shop();
    const f = await creditFactura(a, [['60.00', 10], ['40.00', 30]]);
    await a.core.outbox.drain();
    await waitFor(async () => (await account(b, ruc)).balance === '100.00', 20_000);
    await rig.setOnline(b, name, 'Caja 2', false);
    await collect(b, ruc, '60.00', f);
    // Caja 1 takes the whole sale back by a credit note, not knowing of the collection: it closes both cuotas there.
    await a.call('issueNote', { clientKey: crypto.randomUUID(), of: f.id, type: '07', reason: '07', description: 'Devuelve todo', lines: [{ line: 1, quantity: '1' }] });
    expect(figures(await account(a, ruc))).toEqual({ balance: '0.00', inFavour: '0.00', dues: [] });
    await rig.setOnline(b, name, 'Caja 2', true);
    // 100 − 60 − 100: the note finds cuota 1 paid by the collection, closes cuota 2 and leaves 60.00 in favour.
    const expected = { balance: '-60.00', inFavour: '60.00', dues: [] };
    await waitFor(async () => JSON.stringify(figures(await account(a, ruc))) === JSON.stringify(expected)
      && JSON.stringify(figures(await account(b, ruc))) === JSON.stringify(expected), 20_000);
    expect(await serverFigures(pool, ruc)).toEqual({ balance: '-60.00', inFavour: '60.00', open: 0, view: '-60.00', entries: 3 });
  }, 90_000);

  it('a push repeated after its answer was lost counts once', async () => {
    const { pool, a, b } = await shop();
    const f = await creditFactura(a, [['40.00', 10]]);
    await collect(a, ruc, '15.00', f);
    await waitFor(async () => (await account(b, ruc)).balance === '25.00', 20_000);
    // The server stored Caja 1's entries but Caja 1 never heard so: its cursor is back where it was before the push.
    a.core.db.sqlite.prepare("UPDATE settings SET value = '0' WHERE key = 'accountsPushedThrough'").run();
    await collect(a, ruc, '5.00');
    await waitFor(async () => (await account(b, ruc)).balance === '20.00', 20_000);
    expect(await serverFigures(pool, ruc)).toMatchObject({ balance: '20.00', view: '20.00', entries: 3 });
    expect(figures(await account(a, ruc))).toEqual(figures(await account(b, ruc)));
  }, 90_000);
});

describe('a till role and the account entries', () => {
  const connect = (db: string, user: string, password: string) => {
    const pool = new pg.Pool({ host: cluster.host, port: cluster.port, database: db, user, password, max: 2 });
    pool.on('error', () => undefined);
    return pool;
  };
  const codeOf = async (p: Promise<unknown>): Promise<string | undefined> => p.then(() => undefined, (e: unknown) => (e as { code?: string }).code);

  it('inserts entries only in its own till\'s name, and can neither change nor delete any', async () => {
    const db = `account_role_${process.pid}`;
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
      const entry = (over: Record<string, unknown> = {}) => JSON.stringify([{
        uid: crypto.randomUUID(), docType: '6', docNumber: '20100066603', name: 'EMPRESA CLIENTE S.A.C.', kind: 'collection', amount: '-10.00',
        appliesTo: null, document: null, method: 'efectivo', methodLabel: 'Efectivo', methodKind: 'cash', dues: [], intended: null,
        at: '2026-11-20T15:00:00.000Z', by: 'ANA', ...over,
      }]);
      const put = (terminal: string, rows: string) => thief.query('SELECT caja_put_account_entries($1, $2::jsonb) AS n', [terminal, rows]);
      const honestUid = crypto.randomUUID();
      await office.query('SELECT caja_put_account_entries($1, $2::jsonb)', [honest, entry({
        uid: honestUid, kind: 'charge', amount: '118.00', method: null, methodLabel: null, methodKind: null, appliesTo: 'k-1', document: 'F001-00000001',
        dues: [{ position: 1, amount: '118.00', dueDate: '2026-12-20' }],
      })]);

      expect(await codeOf(put(honest, entry()))).toBe('42501');
      expect((await put(own, entry())).rows[0]).toEqual({ n: 1 });
      // The honest till's entry again under the thief's name changes nothing: it is already there, as it was.
      expect((await put(own, entry({ uid: honestUid, kind: 'charge', amount: '1.00', method: null }))).rows[0]).toEqual({ n: 0 });
      expect(await codeOf(thief.query("INSERT INTO account_entries (uid, terminal_id, doc_type, doc_number, kind, amount, at, version) VALUES ('x', $1, '6', '1', 'note', -5, now(), 999)", [own]))).toBe('42501');
      expect(await codeOf(thief.query('UPDATE account_entries SET amount = 1 WHERE uid = $1', [honestUid]))).toBe('42501');
      expect(await codeOf(thief.query('DELETE FROM account_entries'))).toBe('42501');
      expect(await codeOf(thief.query("SELECT setval('account_version', 1000000)"))).toBe('42501');
      // Malformed entries are refused whoever asks.
      expect(await codeOf(put(own, entry({ amount: '10.00' })))).toBe('22023');
      expect(await codeOf(put(own, entry({ amount: '-1.5' })))).toBe('22023');
      expect(await codeOf(put(own, entry({ kind: 'gift' })))).toBe('22023');
      expect(await codeOf(put(own, entry({ method: null })))).toBe('22023');
      expect(await codeOf(put(own, entry({ kind: 'charge', amount: '5.00', method: null, dues: [{ position: 1, amount: '5', dueDate: '2026-12-01' }] })))).toBe('22023');
      // It reads every till's entries (to converge), and the balance is what both did.
      expect((await thief.query("SELECT balance::text FROM account_balances WHERE doc_number = '20100066603'")).rows).toEqual([{ balance: '108.00' }]);

      // A till pulls after a version: an index read, however long the history (sequential scans off: none serves).
      const client = await office.connect();
      try {
        await client.query('SET enable_seqscan = off');
        const plan = (await client.query<{ 'QUERY PLAN': string }>('EXPLAIN SELECT * FROM account_entries WHERE version > 10 ORDER BY version LIMIT 2000')).rows.map((r) => r['QUERY PLAN']).join('\n');
        expect(plan).not.toMatch(/Seq Scan/);
        expect(plan).toMatch(/account_entries_version_key/);
      } finally {
        client.release();
      }
    } finally {
      await thief.end();
      await office.end();
    }
  }, 60_000);
});
