// Stock movements stand on the server's documents (server migration 0020): every till pulls every till's movements
// and adds them up, so a till's role in the wrong hands must not move every till's stock with sales, returns or voids
// no document of its own carries. Purchases, counts and write-offs stay the till's claim, and are marked so. An honest
// till's sale pushed before its boleta is held, not lost, and moves the balance once the boleta is there.
import crypto from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolOn, startPgCluster, type PgCluster } from './pg-cluster';
import { printed, roleShop, type Customer } from './role-shop';

const ANONYMOUS: Customer = { docType: '0', docNumber: '', name: '' };
const CHEESE = 'QUESO';

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

let second = 0;
/** A movement as stock-exchange.ts sends it. */
const movement = (kind: string, quantity: string, document: string | null, code = CHEESE): Record<string, unknown> => ({
  uid: crypto.randomUUID(), code, kind, quantity, unitCost: '10.000000', value: (Number(quantity) * 10).toFixed(2), document,
  at: new Date(Date.UTC(2026, 10, 20, 15, 0, ++second)).toISOString(), by: 'ANA',
});

/** What every till pulls of a product, and the server's balance of it. */
async function pulled(reader: pg.Pool, code = CHEESE) {
  const uids = (await reader.query<{ uid: string }>('SELECT uid FROM stock_movements WHERE product_code = $1 ORDER BY version', [code])).rows.map((r) => r.uid);
  const balance = (await reader.query<{ q: string }>('SELECT quantity::text AS q FROM stock_balances WHERE product_code = $1', [code])).rows[0]?.q ?? null;
  return { uids, balance };
}

describe('stock movements stand on the documents the server holds', () => {
  it("a stolen till's sales, returns and voids without its own document move no till's stock; its write-offs are its claim", async () => {
    const s = await roleShop(cluster, admin);
    try {
      const a = await s.till('Caja 1', ['03-B001']);
      const thief = await s.till('Caja 9', ['03-B009', '07-BC09']);
      await a.doc({ type: '03', series: 'B001', number: 1, customer: ANONYMOUS, total: '24.00', lines: [[CHEESE, '1']] });
      const bought = movement('purchase', '20', 'Compra F001-00000123');
      const sold = movement('sale', '-1', printed('B001', 1));
      await a.putStock([bought, sold]);
      const before = await pulled(thief.pool);
      expect(before).toEqual({ uids: [bought.uid, sold.uid], balance: '19' });

      await thief.doc({ type: '03', series: 'B009', number: 1, customer: ANONYMOUS, total: '24.00', lines: [[CHEESE, '1']] });
      const attacks = {
        noDocument: movement('sale', '-19', 'B009-00000002'),
        othersSale: movement('sale', '-19', printed('B001', 1)),
        beyondItsSale: movement('sale', '-19', printed('B009', 1)),
        returnNoNote: movement('return', '500', 'BC09-00000001'),
        voidNotVoided: movement('void', '1', printed('B009', 1)),
        wrongWay: movement('sale', '30', printed('B009', 1)),
        otherProduct: movement('sale', '-1', printed('B009', 1), 'VINO'),
      };
      expect(await thief.putStock(Object.values(attacks))).toBe(7);
      for (const reader of [a.pool, thief.pool]) expect(await pulled(reader)).toEqual(before);
      expect(await pulled(a.pool, 'VINO')).toEqual({ uids: [], balance: null });
      const held = new Map((await s.office.query<{ uid: string; reason: string }>('SELECT uid, reason FROM stock_movements_held')).rows.map((r) => [r.uid, r.reason]));
      expect(Object.fromEntries(Object.entries(attacks).map(([k, m]) => [k, held.get(m.uid as string)]))).toEqual({
        noDocument: 'el documento aún no está en el servidor',
        othersSale: 'el documento aún no está en el servidor',
        beyondItsSale: 'más de lo que lleva el documento',
        returnNoNote: 'el documento aún no está en el servidor',
        voidNotVoided: 'anulación sin aceptación de SUNAT',
        wrongWay: 'cantidad en el sentido contrario',
        otherProduct: 'el producto no está en el documento',
      });
      expect(await thief.pool.query('SELECT 1 FROM stock_movements_held').then(() => 'read', (e: { code?: string }) => e.code)).toBe('42501');

      // A write-off has no document the server holds: it stands, as the thief's claim, and says so.
      const waste = movement('waste', '-5', null);
      await thief.putStock([waste]);
      expect(await pulled(a.pool)).toEqual({ uids: [bought.uid, sold.uid, waste.uid], balance: '14' });
      expect((await s.office.query('SELECT uid, evidence FROM stock_movements ORDER BY version')).rows).toEqual([
        { uid: bought.uid, evidence: 'claim' }, { uid: sold.uid, evidence: 'document' }, { uid: waste.uid, evidence: 'claim' },
      ]);
    } finally {
      await s.end();
    }
  }, 60_000);

  it("an honest till's sale, return and void pushed before their documents wait, then every till holds the same stock to the gram", async () => {
    const s = await roleShop(cluster, admin);
    try {
      const a = await s.till('Caja 1', ['03-B001', '07-BC01']);
      const b = await s.till('Caja 2', ['03-B002']);
      const bought = movement('purchase', '10', 'Compra F001-00000001');
      const sold = movement('sale', '-1.250', printed('B001', 4));
      const returned = movement('return', '0.250', printed('BC01', 1));
      expect(await a.putStock([bought, sold, returned])).toBe(3);
      expect(await a.putStock([bought, sold, returned])).toBe(0);
      expect(await pulled(b.pool)).toEqual({ uids: [bought.uid], balance: '10' });
      // The boleta arrives (SUNAT's answer is not needed to move goods): the sale stands; then the note.
      const sale = await a.doc({ type: '03', series: 'B001', number: 4, customer: ANONYMOUS, total: '30.00', status: 'pending', lines: [[CHEESE, '1.25']] });
      expect(await pulled(b.pool)).toEqual({ uids: [bought.uid, sold.uid], balance: '8.750' });
      await a.doc({ type: '07', series: 'BC01', number: 1, customer: ANONYMOUS, total: '6.00', modifies: '03-B001-4', lines: [[CHEESE, '0.25']] });
      expect(await pulled(b.pool)).toEqual({ uids: [bought.uid, sold.uid, returned.uid], balance: '9.000' });
      // The void goes up at once; SUNAT's acceptance of it reaches the server later.
      const voided = movement('void', '1.250', printed('B001', 4));
      await a.putStock([voided]);
      expect((await pulled(b.pool)).balance).toBe('9.000');
      await a.doc({ id: sale, type: '03', series: 'B001', number: 4, customer: ANONYMOUS, total: '30.00', voidStatus: 'voided', lines: [[CHEESE, '1.25']] });
      expect(await pulled(b.pool)).toEqual({ uids: [bought.uid, sold.uid, returned.uid, voided.uid], balance: '10.250' });
      expect((await s.office.query('SELECT count(*)::int AS n FROM stock_movements_held')).rows[0]).toEqual({ n: 0 });
    } finally {
      await s.end();
    }
  }, 60_000);
});
