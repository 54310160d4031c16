// Honest tills on their own roles, whose account entries and stock movements the server now checks against its
// documents (server migration 0020): a credit sale whose factura SUNAT has not accepted yet is charged at its till at
// once, reaches the other till once the acceptance reaches the server, and collections at both tills and a credit note
// still come out to the cent; a sale, a return and a void move every till's stock alike, and the void's credit leaves
// the account. Nothing is left waiting. Real PostgreSQL, real tills, the sandbox as SUNAT.
import crypto from 'node:crypto';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../electron/sandbox';
import { migrateServer } from '../../../electron/core/server/migrate';
import { Dec } from '../../../shared/billing/decimal';
import type { AppStatus, Collection, CustomerAccount, DocumentSummary, StockRow } from '../../../shared/bridge';
import { limaDate } from '../../../shared/catalog';
import { anonymousBoleta, line, statusOf, until, type Rig } from '../core/harness';
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

const BUYER = { docType: '6', docNumber: '20100066603', name: 'EMPRESA CLIENTE S.A.C.', address: 'Av. Lima 123' };
const ruc = { docType: '6', docNumber: '20100066603' };
const inDays = (n: number) => limaDate(new Date(Date.now() + n * 86_400_000));

const VECINO = { docType: '1', docNumber: '45678912', name: 'JUAN PEREZ', address: '' };
const dni = { docType: '1', docNumber: '45678912' };
const CHEESE = { code: 'QUESO', description: 'Queso fresco', unit: 'KGM', price: '24.00', affectation: '10' };
const account = (r: Rig, customer = ruc) => r.call<CustomerAccount>('getCustomerAccount', { customer });
const stockOf = async (r: Rig) => (await r.call<StockRow[]>('getStock', { codes: [CHEESE.code] }))[0];

/** A shop server, its office on the owner's connection, and two tills on roles of their own. */
async function shop() {
  const { name: db, pool } = await rig.freshDatabase();
  const sandbox = await startSandbox({ port: 0 });
  cleanups.push(() => pool.end(), () => sandbox.close());
  await migrateServer(pool, path.resolve(__dirname, '../../../migrations/server'));
  const login = async (who: string) => {
    const password = `pw-${crypto.randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE ROLE ${db}_${who} LOGIN PASSWORD '${password}' IN ROLE caja_tills`);
    return { user: `${db}_${who}`, password };
  };
  const a = await rig.till(db, 'Caja 1', 'B001', { shared: sandbox, login: await login('a') });
  const b = await rig.till(db, 'Caja 2', 'B002', { shared: sandbox, login: await login('b') });
  for (const t of [a, b]) {
    await waitFor(async () => (await t.call<AppStatus>('getStatus')).shopServer?.state === 'online', 20_000);
    await t.call('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '50' });
  }
  return { db, pool, sandbox, a, b };
}
const figures = (x: CustomerAccount) => ({ balance: x.balance, inFavour: x.inFavour, dues: x.dues.map((d) => [d.document, d.cuota, d.open]) });
const collect = (r: Rig, amount: string, document?: DocumentSummary) =>
  r.call<Collection>('recordCollection', {
    clientKey: crypto.randomUUID(), customer: ruc, amount, method: 'efectivo', ...(document ? { document: { series: document.series, number: document.number } } : {}),
  });

describe('honest tills on their own roles, their entries and movements checked by the server', () => {
  it('a credit sale not yet accepted waits at the server, then every till and the server agree to the cent', async () => {
    const { pool, sandbox, a, b } = await shop();
    // SUNAT out of reach: Caja 1 sells on credit and charges 118.00 at once; the factura reaches the server pending.
    sandbox.faults.status(503, Infinity, 'send');
    const sale = await a.call<DocumentSummary>('issueSale', {
      ...anonymousBoleta({ docType: '01', customer: BUYER, lines: [line({ quantity: '1', unitPrice: '118.00' })] }),
      payment: { method: 'CREDITO', installments: [{ amount: '50.00', dueDate: inDays(10) }, { amount: '68.00', dueDate: inDays(40) }] },
    });
    expect((await account(a)).balance).toBe('118.00');
    await waitFor(async () => (await pool.query('SELECT reason FROM account_entries_held')).rows[0]?.reason === 'venta sin aceptación de SUNAT', 20_000);
    expect((await account(b)).balance).toBe('0.00');

    // Accepted: the factura's new status reaches the server, the charge stands, and Caja 2 learns it.
    sandbox.faults.clear();
    await until(a, () => statusOf(a, sale.id) === 'accepted');
    await waitFor(async () => (await account(b)).balance === '118.00', 20_000);

    // Both collect; Caja 1 then credits 20.00 by a note on the sale.
    await collect(a, '50.00', sale);
    await collect(b, '30.00');
    await a.call('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '09', description: 'Descuento', amount: '20.00' });
    const expected = { balance: '18.00', inFavour: '0.00', dues: [[`${sale.series}-${String(sale.number).padStart(8, '0')}`, 2, '18.00']] };
    await waitFor(async () => JSON.stringify(figures(await account(a))) === JSON.stringify(expected)
      && JSON.stringify(figures(await account(b))) === JSON.stringify(expected), 30_000);
    await waitFor(async () => (await pool.query("SELECT balance::text FROM account_balances WHERE doc_number = '20100066603'")).rows[0]?.balance === '18.00', 20_000);
    expect((await pool.query('SELECT count(*)::int AS n FROM account_entries_held')).rows[0]).toEqual({ n: 0 });
    expect((await pool.query('SELECT kind FROM account_entries ORDER BY at')).rows.map((r: { kind: string }) => r.kind)).toEqual(['charge', 'collection', 'collection', 'note']);
  }, 120_000);

  it('a sale, a return and a void on account move every till\'s stock and balance alike', async () => {
    const { db, pool, sandbox, a, b } = await shop();
    // Only the office writes the catalogue: its product reaches both tills.
    const office = await rig.till(db, 'Oficina', 'B003', { shared: sandbox });
    await office.call('saveProduct', CHEESE);
    for (const t of [a, b]) await waitFor(async () => (await stockOf(t)) !== undefined, 20_000);
    const cheese = (quantity: string) => line({ code: CHEESE.code, description: CHEESE.description, unit: 'KGM', quantity, unitPrice: CHEESE.price });
    const kept = await a.call<DocumentSummary>('issueSale', anonymousBoleta({ customer: VECINO, lines: [cheese('2')], onAccount: true }));
    const voided = await a.call<DocumentSummary>('issueSale', anonymousBoleta({ customer: VECINO, lines: [cheese('1.250')], onAccount: true }));
    await a.core.outbox.drain();
    await a.call('issueNote', { clientKey: crypto.randomUUID(), of: kept.id, type: '07', reason: '07', description: 'Devuelve medio kilo', lines: [{ line: 1, quantity: '0.5' }] });
    await a.call('voidDocument', { clientKey: crypto.randomUUID(), of: voided.id, reason: 'Venta registrada por error' });
    await a.core.outbox.drain();
    await a.core.voids.drain();
    // 2 − 0.5 returned; the voided sale's 1.250 back. 48.00 − 12.00 credited; the void takes its 30.00 off.
    await waitFor(async () => {
      const [atA, atB] = [await stockOf(a), await stockOf(b)];
      return !!atA && !!atB && new Dec(atA.quantity).eq('-1.5') && new Dec(atB.quantity).eq('-1.5') && atA.value === atB.value
        && (await account(a, dni)).balance === '36.00' && (await account(b, dni)).balance === '36.00';
    }, 30_000);
    expect((await pool.query('SELECT (SELECT count(*) FROM stock_movements_held)::int AS stock, (SELECT count(*) FROM account_entries_held)::int AS accounts')).rows[0])
      .toEqual({ stock: 0, accounts: 0 });
    expect((await pool.query("SELECT kind, evidence FROM stock_movements WHERE product_code = 'QUESO' ORDER BY at")).rows)
      .toEqual([{ kind: 'sale', evidence: 'document' }, { kind: 'sale', evidence: 'document' }, { kind: 'return', evidence: 'document' }, { kind: 'void', evidence: 'document' }]);
  }, 120_000);
});
