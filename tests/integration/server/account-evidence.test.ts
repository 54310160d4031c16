// Account entries stand on the server's documents (server migration 0020): every till pulls every till's entries and
// trusts them, so a till's role in the wrong hands must not lower (or raise) a customer's debt at every till without a
// document of its own behind it. Each till here is a registered till role used directly in SQL, as a till's push would
// (and as psql would, for the thief). An honest till's entry pushed before its document is held, not lost, and
// stands once the document is there: the balance every till pulls comes out to the cent.
import crypto from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolOn, startPgCluster, type PgCluster } from './pg-cluster';
import { printed, roleShop, type Customer } from './role-shop';

const BUYER: Customer = { docType: '6', docNumber: '20100066603', name: 'EMPRESA CLIENTE S.A.C.' };
const VECINO: Customer = { docType: '1', docNumber: '45678912', name: 'JUAN PEREZ' };

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
const shop = () => roleShop(cluster, admin);

let minute = 0;
/** An entry as a till sends it; `at` moves on a minute each, as entries made one after another. */
function entry(c: Customer, kind: 'charge' | 'collection' | 'note' | 'void', amount: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  minute += 1;
  return {
    uid: crypto.randomUUID(), docType: c.docType, docNumber: c.docNumber, name: c.name, kind, amount, appliesTo: null, document: null,
    method: kind === 'collection' ? 'efectivo' : null, methodLabel: kind === 'collection' ? 'Efectivo' : null, methodKind: kind === 'collection' ? 'cash' : null,
    dues: kind === 'charge' ? [{ position: 1, amount, dueDate: '2026-12-20' }] : [], intended: null,
    at: new Date(Date.UTC(2026, 10, 20, 15, minute)).toISOString(), by: 'ANA', ...over,
  };
}
/** A charge of a sale as the till fills it: the sale's id_Base_Dato and its printed number. */
const chargeOf = (c: Customer, amount: string, sale: { id: string; series: string; number: number }) =>
  entry(c, 'charge', amount, { appliesTo: sale.id, document: printed(sale.series, sale.number) });

/** What every till pulls of a customer (the entries with a version) and the server's balance of them, read as `reader`. */
async function pulled(reader: pg.Pool, c: Customer) {
  const rows = (await reader.query<{ uid: string }>('SELECT uid FROM account_entries WHERE doc_type = $1 AND doc_number = $2 ORDER BY version', [c.docType, c.docNumber])).rows;
  const balance = (await reader.query<{ balance: string }>('SELECT balance::text FROM account_balances WHERE doc_type = $1 AND doc_number = $2', [c.docType, c.docNumber])).rows[0]?.balance ?? null;
  return { uids: rows.map((r) => r.uid), balance };
}

describe('account entries stand on the documents the server holds', () => {
  it("a stolen till's notes, voids, charges and collections without its own document behind them reach no till", async () => {
    const s = await shop();
    try {
      const a = await s.till('Caja 1', ['01-F001', '07-FCA1']);
      const b = await s.till('Caja 2', ['01-F002']);
      const thief = await s.till('Caja 9', ['03-B009', '07-BCA9']);
      // Caja 1's credit factura of 118.00 to BUYER, accepted, and its charge: every till pulls 118.00.
      const sale = { id: await a.doc({ type: '01', series: 'F001', number: 1, customer: BUYER, total: '118.00' }), series: 'F001', number: 1 };
      const honest = chargeOf(BUYER, '118.00', sale);
      expect(await a.put([honest])).toBe(1);
      const before = await pulled(b.pool, BUYER);
      expect(before).toEqual({ uids: [honest.uid], balance: '118.00' });

      const attacks = {
        // A note and a void that wipe the debt, with no document at all.
        bareNote: entry(BUYER, 'note', '-118.00', { appliesTo: sale.id, document: 'BCA9-00000001' }),
        bareVoid: entry(BUYER, 'void', '-118.00', { appliesTo: sale.id, document: printed('F001', 1) }),
        // A charge on Caja 1's sale, as if it were the thief's.
        foreignCharge: chargeOf(BUYER, '118.00', sale),
        // A charge against BUYER on a sale of its own to another customer.
        otherCustomer: chargeOf(BUYER, '50.00', { id: await thief.doc({ type: '03', series: 'B009', number: 1, customer: VECINO, total: '50.00' }), series: 'B009', number: 1 }),
        // More than its own sale's total.
        overAmount: chargeOf(VECINO, '80.00', { id: (await s.office.query<{ id: string }>("SELECT id_base_dato AS id FROM documents WHERE series = 'B009'")).rows[0]!.id, series: 'B009', number: 1 }),
        // Cash it says it took from a customer the server never charged.
        strangerCash: entry({ docType: '1', docNumber: '11111111', name: 'NADIE' }, 'collection', '-500.00'),
        // Cash that leaves BUYER a creditor of the shop beyond anything they bought.
        overCash: entry(BUYER, 'collection', '-400.00'),
      };
      expect(await thief.put(Object.values(attacks))).toBe(7);
      // Even with a credit note of its own, written "accepted", on Caja 1's sale: it never charged that sale.
      await thief.doc({ type: '07', series: 'BCA9', number: 1, customer: BUYER, total: '118.00', modifies: `01-F001-1` });
      await thief.put([attacks.bareNote]);

      for (const reader of [a.pool, b.pool, thief.pool]) expect(await pulled(reader, BUYER)).toEqual(before);
      expect(await pulled(b.pool, VECINO)).toEqual({ uids: [], balance: null });
      const held = new Map((await s.office.query<{ uid: string; reason: string }>('SELECT uid, reason FROM account_entries_held')).rows.map((r) => [r.uid, r.reason]));
      expect(Object.fromEntries(Object.entries(attacks).map(([k, e]) => [k, held.get(e.uid as string)]))).toEqual({
        bareNote: 'la venta no tiene un cargo de esta caja',
        bareVoid: 'la venta no tiene un cargo de esta caja',
        foreignCharge: 'la venta es de otra caja',
        otherCustomer: 'la venta es de otro cliente',
        overAmount: 'cargo mayor que el total de la venta',
        strangerCash: 'cobro a un cliente sin cargos en el servidor',
        overCash: 'cobro que deja a favor más que su mayor cargo',
      });
      // Nor can it read or write the held entries directly.
      expect(await thief.pool.query('SELECT 1 FROM account_entries_held').then(() => 'read', (e: { code?: string }) => e.code)).toBe('42501');
      expect(await thief.pool.query("UPDATE account_entries_held SET reason = ''").then(() => 'wrote', (e: { code?: string }) => e.code)).toBe('42501');

      // What stays its claim: cash from a real debtor, in its own name (its drawer must hold it), and no more.
      const cash = entry(BUYER, 'collection', '-18.00');
      await thief.put([cash]);
      expect(await pulled(b.pool, BUYER)).toEqual({ uids: [honest.uid, cash.uid], balance: '100.00' });
    } finally {
      await s.end();
    }
  }, 60_000);

  it("a stolen till credits no more than it charged itself: a note or void on its own sale nets to nothing, and counts once", async () => {
    const s = await shop();
    try {
      const a = await s.till('Caja 1', ['01-F001']);
      const thief = await s.till('Caja 9', ['03-B009', '07-BCA9']);
      await a.put([chargeOf(BUYER, '300.00', { id: await a.doc({ type: '01', series: 'F001', number: 1, customer: BUYER, total: '300.00' }), series: 'F001', number: 1 })]);
      // Its own "accepted" boleta to BUYER of 5,000.00, charged 1.00, and a note of 5,000.00 on it: the note waits.
      const own = { id: await thief.doc({ type: '03', series: 'B009', number: 1, customer: BUYER, total: '5000.00' }), series: 'B009', number: 1 };
      await thief.doc({ type: '07', series: 'BCA9', number: 1, customer: BUYER, total: '5000.00', modifies: '03-B009-1' });
      const note = entry(BUYER, 'note', '-5000.00', { appliesTo: own.id, document: printed('BCA9', 1) });
      await thief.put([chargeOf(BUYER, '1.00', own), note]);
      expect((await pulled(a.pool, BUYER)).balance).toBe('301.00');
      // The same note twice, once within its charge: counted once.
      const again = [entry(BUYER, 'note', '-1.00', { appliesTo: own.id, document: printed('BCA9', 1) }), entry(BUYER, 'note', '-1.00', { appliesTo: own.id, document: printed('BCA9', 1) })];
      await thief.put(again);
      expect((await pulled(a.pool, BUYER)).balance).toBe('300.00');
      // A void of it, its void not accepted by SUNAT: waits too.
      await thief.put([entry(BUYER, 'void', '-1.00', { appliesTo: own.id, document: printed('B009', 1) })]);
      expect((await pulled(a.pool, BUYER)).balance).toBe('300.00');
      expect((await s.office.query('SELECT count(*)::int AS n FROM account_entries_held')).rows[0]).toEqual({ n: 3 });
    } finally {
      await s.end();
    }
  }, 60_000);

  it("an honest till's entries pushed before their documents wait, then stand: every till pulls the same balance to the cent", async () => {
    const s = await shop();
    try {
      const a = await s.till('Caja 1', ['01-F001', '07-FCA1']);
      const b = await s.till('Caja 2', ['01-F002']);
      const saleId = crypto.randomUUID();
      const sale = { id: saleId, series: 'F001', number: 7 };
      const charge = chargeOf(BUYER, '236.50', sale);
      const cash = entry(BUYER, 'collection', '-36.50', { appliesTo: saleId });
      const note = entry(BUYER, 'note', '-50.25', { appliesTo: saleId, document: printed('FCA1', 1) });
      // The entries go up before the factura reached the server: none stands yet, none is lost.
      expect(await a.put([charge, cash, note])).toBe(3);
      expect(await pulled(b.pool, BUYER)).toEqual({ uids: [], balance: null });
      // A lost answer: the same push again adds nothing.
      expect(await a.put([charge, cash, note])).toBe(0);
      // Caja 2 collects from BUYER meanwhile (it saw the debt at Caja 1's counter, say): it waits for the charge too.
      const atB = entry(BUYER, 'collection', '-50.00');
      expect(await b.put([atB])).toBe(1);
      expect(await pulled(b.pool, BUYER)).toEqual({ uids: [], balance: null });
      // The factura arrives, still pending at SUNAT: still waiting. Accepted: the charge and the cash stand.
      await a.doc({ id: saleId, type: '01', series: 'F001', number: 7, customer: BUYER, total: '236.50', status: 'pending' });
      expect(await pulled(b.pool, BUYER)).toEqual({ uids: [], balance: null });
      await a.doc({ id: saleId, type: '01', series: 'F001', number: 7, customer: BUYER, total: '236.50', status: 'accepted' });
      expect(await pulled(b.pool, BUYER)).toEqual({ uids: [charge.uid, cash.uid, atB.uid], balance: '150.00' });
      // The credit note arrives accepted: the note stands too.
      await a.doc({ type: '07', series: 'FCA1', number: 1, customer: BUYER, total: '50.25', modifies: '01-F001-7' });
      expect(await pulled(b.pool, BUYER)).toEqual({ uids: [charge.uid, cash.uid, atB.uid, note.uid], balance: '99.75' });
      // SUNAT accepts the factura's void: the rest of the charge leaves the balance (236.50 − 50.25 credited).
      const voided = entry(BUYER, 'void', '-186.25', { appliesTo: saleId, document: printed('F001', 7) });
      await a.put([voided]);
      expect((await pulled(b.pool, BUYER)).balance).toBe('99.75');
      await a.doc({ id: saleId, type: '01', series: 'F001', number: 7, customer: BUYER, total: '236.50', voidStatus: 'voided' });
      expect(await pulled(b.pool, BUYER)).toEqual({ uids: [charge.uid, cash.uid, atB.uid, note.uid, voided.uid], balance: '-86.50' });
      expect((await s.office.query('SELECT count(*)::int AS n FROM account_entries_held')).rows[0]).toEqual({ n: 0 });
      // Versions keep rising: a till that pulled before the release still gets every released entry after its cursor.
      const versions = (await b.pool.query<{ v: string }>('SELECT version::text AS v FROM account_entries ORDER BY version')).rows.map((r) => Number(r.v));
      expect(versions).toEqual([...versions].sort((x, y) => x - y));
    } finally {
      await s.end();
    }
  }, 60_000);

  it('a sale whose number the server refused, issued again under a new one: its charge and its stock stand on the new one', async () => {
    const s = await shop();
    try {
      const a = await s.till('Caja 1', ['03-B001']);
      const b = await s.till('Caja 2', ['03-B002']);
      // B001-5 was refused (its number taken), as push.ts records it; its charge and its movement name it.
      const refused = crypto.randomUUID();
      await a.pool.query("INSERT INTO refused_documents (terminal_id, id_base_dato, doc_type, series, number, reason) VALUES ($1, $2, '03', 'B001', 5, 'Número ocupado')", [a.terminal, refused]);
      const charge = chargeOf(BUYER, '59.00', { id: refused, series: 'B001', number: 5 });
      expect(await a.put([charge])).toBe(1);
      const sold = { uid: crypto.randomUUID(), code: 'QUESO', kind: 'sale', quantity: '-1.5', unitCost: '10', value: '-15.00', document: printed('B001', 5), at: '2026-11-20T15:00:00.000Z', by: 'ANA' };
      expect(await a.putStock([sold])).toBe(1);
      expect(await pulled(b.pool, BUYER)).toEqual({ uids: [], balance: null });
      // Issued again as B001-6, naming the one it replaces: both stand.
      await a.doc({ type: '03', series: 'B001', number: 6, customer: BUYER, total: '59.00', replaces: refused, lines: [['QUESO', '1.5']] });
      expect(await pulled(b.pool, BUYER)).toEqual({ uids: [charge.uid], balance: '59.00' });
      expect((await b.pool.query('SELECT uid, quantity::text FROM stock_movements')).rows).toEqual([{ uid: sold.uid, quantity: '-1.5' }]);
      // Another till's role cannot stand on that refusal: it is Caja 1's.
      const thief = await s.till('Caja 9', ['03-B009']);
      await thief.doc({ type: '03', series: 'B009', number: 1, customer: BUYER, total: '59.00', replaces: refused });
      expect(await thief.put([chargeOf(BUYER, '59.00', { id: refused, series: 'B001', number: 5 })])).toBe(1);
      expect((await pulled(b.pool, BUYER)).balance).toBe('59.00');
    } finally {
      await s.end();
    }
  }, 60_000);

  it('the reads every document push and every check makes are index reads, however long the ledgers', async () => {
    const s = await shop();
    const client = await s.office.connect();
    try {
      await client.query('SET enable_seqscan = off');
      const plan = async (sql: string) => (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`)).rows.map((r) => r['QUERY PLAN']).join('\n');
      // A document arriving: does any held entry or movement name it?
      const held = await plan("SELECT DISTINCT doc_type, doc_number FROM account_entries_held WHERE applies_to = 'k' OR (terminal_id = 't' AND document = 'B001-00000001')");
      expect(held).not.toMatch(/Seq Scan/);
      expect(held).toMatch(/account_entries_held_applies/);
      expect(held).toMatch(/account_entries_held_document/);
      expect(await plan("SELECT 1 FROM stock_movements_held WHERE terminal_id = 't' AND document = 'B001-00000001'")).toMatch(/stock_movements_held_document/);
      // The checks: a sale's charge and credits, a customer's entries, a document's movements of a product.
      expect(await plan("SELECT sum(amount) FROM account_entries WHERE applies_to = 'k' AND kind IN ('note', 'void')")).toMatch(/account_entries_applies/);
      expect(await plan("SELECT sum(amount) FROM account_entries WHERE doc_type = '6' AND doc_number = '1'")).toMatch(/account_entries_customer/);
      expect(await plan("SELECT sum(quantity) FROM stock_movements WHERE terminal_id = 't' AND document = 'B001-00000001' AND product_code = 'Q' AND kind = 'sale'"))
        .toMatch(/stock_movements_document/);
      const printedPlan = await plan("SELECT * FROM documents WHERE doc_type IN ('01', '03', '07', '08') AND series = 'B001' AND number = 1 AND terminal_id = 't'");
      expect(printedPlan).toMatch(/documents_doc_type_series_number_key/);
      expect(printedPlan).not.toMatch(/Seq Scan/);
    } finally {
      client.release();
      await s.end();
    }
  }, 60_000);
});
