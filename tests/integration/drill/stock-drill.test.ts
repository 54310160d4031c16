// The stock drill: three tills, each its own process and SQLite file, sell a weighed product and a unit product,
// return goods and void now and then; one sells offline and plugs back in at the end, one is killed with SIGKILL
// mid-sale again and again (the write it left unanswered is sent again under its key), the office enters a purchase
// and a count approved by a supervisor while sales go on, and the shop server restarts. At the end every till, the
// office and the server agree on every product's stock to the last gram, and it is the sum of what each side did.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Core } from '../../../electron/core/app';
import { Dec } from '../../../shared/billing/decimal';
import type { StockCount } from '../../../shared/bridge';
import { shopDrillRig } from './shop-drill-rig';
import { killAgainAndAgain, spawnTill, type TillProcess } from './spawn-till';
import { createShopTillCore, joinShop, mustOn } from './shop-till-core';

const OPS = 25;
const SEED = 20261130;
const script = fileURLToPath(new URL('./stock-till-process.ts', import.meta.url));
const TILLS = [
  { name: 'Caja 1', series: 'B001' },
  { name: 'Caja 2', series: 'B002' },
  { name: 'Caja 3', series: 'B003', offline: true },
];
const CODES = ['QUESO', 'GAS'];

const drill = shopDrillRig({ database: 'inventario' });
const { query, server, sandboxArgs } = drill;

function launch(till: (typeof TILLS)[number], index: number, settle = false): TillProcess {
  const dataDir = path.join(drill.root, till.series);
  fs.mkdirSync(dataDir, { recursive: true });
  return spawnTill(script, [JSON.stringify({ dataDir, sandbox: sandboxArgs(), server: server(), ...till, ops: OPS, seed: SEED + index, settle })]);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Figures {
  /** The running balance per product. */
  balance: Record<string, string>;
  value: Record<string, string>;
  /** What this side did itself: the sum of its own movements per product. */
  own: Record<string, string>;
  known: number;
}

function figuresOf(db: Database.Database): Figures {
  const me = JSON.parse(db.prepare("SELECT value FROM settings WHERE key = 'terminalId'").pluck().get() as string) as string;
  const balances = db.prepare('SELECT product_code, quantity, value FROM stock_balances').all() as { product_code: string; quantity: string; value: string }[];
  const own = db.prepare('SELECT product_code, quantity FROM stock_movements WHERE till = ?').all(me) as { product_code: string; quantity: string }[];
  const sum: Record<string, string> = {};
  for (const code of CODES) sum[code] = own.filter((m) => m.product_code === code).reduce((s, m) => s.plus(m.quantity), new Dec(0)).toString();
  return {
    balance: Object.fromEntries(balances.map((b) => [b.product_code, new Dec(b.quantity).toString()])),
    value: Object.fromEntries(balances.map((b) => [b.product_code, new Dec(b.value).toFixed(2)])),
    own: sum,
    known: db.prepare('SELECT COUNT(*) FROM stock_movements').pluck().get() as number,
  };
}

describe('stock drill', () => {
  it(`3 tills × ${OPS} sales, one offline, one killed mid-sale, the office buying and counting, the server restarted: every side agrees to the gram`, async () => {
    const office: Core = createShopTillCore({ dataDir: path.join(drill.root, 'office'), sandbox: sandboxArgs(), server: server(), name: 'Oficina', series: 'B009' });
    try {
      await joinShop(office, { dataDir: path.join(drill.root, 'office'), sandbox: sandboxArgs(), server: server(), name: 'Oficina', series: 'B009' });
      await mustOn(office, 'saveProduct', { code: 'QUESO', description: 'Queso fresco', unit: 'KGM', price: '24.00', affectation: '10' });
      await mustOn(office, 'saveProduct', { code: 'GAS', description: 'Gaseosa 500 ml', unit: 'NIU', price: '2.50', affectation: '10' });
      office.start();

      const runs = new Map(TILLS.map((t, i) => [t.series, launch(t, i)]));
      await Promise.all([...runs.values()].map((r) => Promise.race([r.ready, r.exit])));

      // The office buys while the tills sell.
      await mustOn(office, 'recordPurchase', {
        clientKey: crypto.randomUUID(), supplier: { docType: '6', docNumber: '20100070970', name: 'LÁCTEOS DEL SUR S.A.C.' },
        document: { type: '01', series: 'F001', number: '501', date: '2026-11-20' },
        lines: [{ code: 'QUESO', quantity: '40', unitCost: '18.50', costIncludesIgv: false }, { code: 'GAS', quantity: '10', unitCost: '28.80', costIncludesIgv: true, pack: '24' }],
      });

      // The first kill lands within 300 ms of the till being up: well before its sales end (each one a round trip to the
      // API and a pause), however fast the machine; the next ones while it sells or pushes.
      const killer = killAgainAndAgain(runs, 'B002', { times: 3, pauseMs: [100, 300], relaunch: () => launch(TILLS[1]!, 1) });
      // The shop server stops and comes back while the tills sell.
      await sleep(1_500);
      drill.cluster.stop();
      await sleep(1_000);
      drill.cluster.start();
      // A count with a difference, approved while sales go on.
      const count = await mustOn(office, 'recordStockCount', { clientKey: crypto.randomUUID(), lines: [{ code: 'QUESO', counted: '30.125' }] }) as StockCount;
      await mustOn(office, 'approveStockCount', { id: count.id, reason: 'Merma' });
      const kills = await killer;
      for (const till of TILLS) {
        const run = runs.get(till.series)!;
        expect(await run.exit, run.output()).toBe(0);
        expect(run.output()).not.toContain('UNEXPECTED');
      }
      expect(kills).toBeGreaterThanOrEqual(1);

      // Once every side pushed, each till comes up once more until it knows every movement the server holds.
      const settles = TILLS.map((t, i) => launch(t, i, true));
      for (const s of settles) expect(await s.exit, s.output()).toBe(0);
      const officeDb = office.db.sqlite;
      const serverCount = async () => Number((await query<{ n: string }>('SELECT count(*) AS n FROM stock_movements'))[0]?.n);
      for (let i = 0; i < 200 && figuresOf(officeDb).known !== (await serverCount()); i++) await sleep(100);

      const balances = await query<{ product_code: string; quantity: string; value: string; sum: string }>(
        `SELECT b.product_code, b.quantity::text, b.value::text, (SELECT sum(m.quantity) FROM stock_movements m WHERE m.product_code = b.product_code)::text AS sum
         FROM stock_balances b ORDER BY b.product_code`,
      );
      const onServer = Object.fromEntries(balances.map((b) => [b.product_code, new Dec(b.quantity).toString()]));
      const valueOnServer = Object.fromEntries(balances.map((b) => [b.product_code, new Dec(b.value).toFixed(2)]));
      for (const b of balances) expect(new Dec(b.sum).eq(b.quantity), `${b.product_code}: the balance is the sum of its movements`).toBe(true);
      expect(Object.keys(onServer).sort()).toEqual([...CODES].sort());

      const sides = [
        { name: 'Oficina', figures: figuresOf(officeDb) },
        ...TILLS.map((t) => {
          const db = new Database(path.join(drill.root, t.series, 'caja.db'), { readonly: true });
          try {
            return { name: t.name, figures: figuresOf(db) };
          } finally {
            db.close();
          }
        }),
      ];
      const kinds = await query<{ terminal: string; kind: string; n: string }>(
        'SELECT t.name AS terminal, m.kind, count(*) AS n FROM stock_movements m JOIN terminals t USING (terminal_id) GROUP BY 1, 2',
      );
      const made = (terminal: string, kind: string) => Number(kinds.find((k) => k.terminal === terminal && k.kind === kind)?.n ?? 0);
      for (const till of TILLS) expect(made(till.name, 'sale'), `${till.name} sold`).toBeGreaterThan(10);
      // The offline till's movements all reached the server after its last sale: it sold with the cable out.
      const late = await query<{ ok: boolean }>(
        "SELECT min(m.received_at) >= max(m.at) AS ok FROM stock_movements m JOIN terminals t USING (terminal_id) WHERE t.name = 'Caja 3'",
      );
      expect(late[0]?.ok).toBe(true);
      expect(TILLS.reduce((n, t) => n + made(t.name, 'return'), 0), 'goods came back').toBeGreaterThan(0);
      expect(made('Oficina', 'purchase')).toBe(2);
      expect(made('Oficina', 'count')).toBe(1);
      const total = await serverCount();
      for (const side of sides) {
        expect(side.figures.known, `${side.name} knows every movement`).toBe(total);
        expect(side.figures.balance, `${side.name}'s stock`).toEqual(onServer);
        expect(side.figures.value, `${side.name}'s valued stock`).toEqual(valueOnServer);
      }
      // The server's stock is what the four sides did, added up.
      for (const code of CODES) {
        const did = sides.reduce((s, side) => s.plus(side.figures.own[code] ?? 0), new Dec(0));
        expect(did.toString(), code).toBe(onServer[code]);
      }
      // Grams were sold: the cheese's balance is not whole.
      expect(new Dec(onServer.QUESO!).isInteger()).toBe(false);
    } finally {
      await office.stop();
      office.close();
    }
  }, 240_000);
});
