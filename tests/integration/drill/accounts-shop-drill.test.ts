// The accounts shop drill: two tills, each its own process and SQLite file, on a real PostgreSQL shop server. Both
// collect cuota 1 of the same factura al crédito at the same moment (Caja 2 with its cable out), then sell on credit,
// collect and give credit notes on credit sales, Caja 2 offline until its last write, Caja 1 killed with SIGKILL
// mid-collection again and again (the write it left unanswered is sent again under its key). At the end every
// customer's balance is sales on credit − notes − collections as the cashiers were answered, to the cent, on both tills
// and on the server, and each till's Z shows its collections apart from its sales.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../../shared/billing/decimal';
import { TAKEN_TO_FAVOUR, TAKEN_TO_NEXT } from '../../../electron/core/accounts/settle';
import type { CustomerAccount } from '../../../shared/bridge';
import type { CashReport } from '../../../shared/cash/report';
import type { JournalLine } from './accounts-shop-till-process';
import { shopDrillRig } from './shop-drill-rig';
import { createShopTillCore, mustOn } from './shop-till-core';
import { spawnTill, type TillProcess } from './spawn-till';

const OPS = 30;
const KILLS = 3;
const SEED = 20261129;
const script = fileURLToPath(new URL('./accounts-shop-till-process.ts', import.meta.url));
const TILLS = [
  { name: 'Caja 1', series: 'B001' },
  { name: 'Caja 2', series: 'B002', offline: true },
];

/** As the till script has them (importing it would run it). */
const BUYER = { docType: '6', docNumber: '20100066603' };
const SHARED_CUOTA = '100.00';

const drill = shopDrillRig({ database: 'cuentas' });
const { query, server, sandboxArgs } = drill;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const dataDir = (till: (typeof TILLS)[number]) => path.join(drill.root, till.series);

function launch(till: (typeof TILLS)[number], index: number, settle = false): TillProcess {
  fs.mkdirSync(dataDir(till), { recursive: true });
  return spawnTill(script, [JSON.stringify({ dataDir: dataDir(till), sandbox: sandboxArgs(), server: server(), ...till, ops: OPS, seed: SEED + index, meet: drill.root, settle })]);
}

const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 3000 && !check(); i++) await sleep(20);
  if (!check()) throw new Error(`never: ${what}`);
};
const marks = (run: TillProcess, mark: string) => run.output().split('\n').filter((l) => l.startsWith(mark)).length;

/** What the cashiers were answered, each keyed write once: the balance each customer must have. */
function journalOf(till: (typeof TILLS)[number]): JournalLine[] {
  const lines = fs.readFileSync(path.join(dataDir(till), 'journal.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as JournalLine);
  return [...new Map(lines.map((l) => [l.key, l])).values()];
}

describe('accounts shop drill', () => {
  it(`2 tills × ${OPS} writes on a shop server, one offline, one killed mid-collection, the same cuota collected at once: every balance is sales − notes − collections everywhere`, async () => {
    const runs = new Map(TILLS.map((t, i) => [t.series, launch(t, i)]));
    const c1 = () => runs.get('B001')!;
    const lives = [...runs.values()];
    try {
      await until(() => [...runs.values()].every((r) => marks(r, 'armed') === 1 || r.child.exitCode !== null), 'both tills armed');
      fs.writeFileSync(path.join(drill.root, 'go'), '');

      // Caja 1 is killed right as it sends a collection, before its answer reached the screen.
      let kills = 0;
      while (kills < KILLS && c1().child.exitCode === null) {
        await sleep(100 + Math.random() * 300);
        const seen = marks(c1(), 'collecting');
        await until(() => marks(c1(), 'collecting') > seen || c1().child.exitCode !== null, 'a collection at Caja 1');
        if (c1().child.exitCode !== null) break;
        c1().child.kill('SIGKILL');
        await c1().exit;
        kills++;
        const next = launch(TILLS[0]!, 0);
        runs.set('B001', next);
        lives.push(next);
        await Promise.race([next.ready, next.exit]);
      }
      for (const till of TILLS) {
        const run = runs.get(till.series)!;
        expect(await run.exit, run.output()).toBe(0);
      }
      expect(kills).toBeGreaterThanOrEqual(2);

      const settles = TILLS.map((t, i) => launch(t, i, true));
      lives.push(...settles);
      for (const s of settles) expect(await s.exit, s.output()).toBe(0);
      // A killed collection was sent again under its key by the next life.
      expect(lives.reduce((n, l) => n + marks(l, 'resent recordCollection'), 0)).toBeGreaterThanOrEqual(1);

      // What each customer must owe: every till's answered writes added up.
      const journals = TILLS.map(journalOf);
      const expected = new Map<string, Dec>();
      for (const l of journals.flat()) {
        const k = `${l.docType}-${l.docNumber}`;
        expected.set(k, (expected.get(k) ?? new Dec(0)).plus(l.kind === 'sale' ? l.amount : new Dec(l.amount).neg()));
      }
      const want = Object.fromEntries([...expected].map(([k, v]) => [k, v.toFixed(2)]).sort());
      for (const kind of ['sale', 'note', 'collection'] as const) {
        for (const [i, j] of journals.entries()) expect(j.filter((l) => l.kind === kind).length, `${TILLS[i]!.name}: ${kind}s`).toBeGreaterThan(kind === 'note' ? 0 : 3);
      }

      const onServer = await query<{ doc_type: string; doc_number: string; balance: string }>('SELECT doc_type, doc_number, balance::text FROM account_balances');
      expect(Object.fromEntries(onServer.map((b) => [`${b.doc_type}-${b.doc_number}`, new Dec(b.balance).toFixed(2)]).sort()), 'the server').toEqual(want);
      const total = Number((await query<{ n: string }>('SELECT count(*) AS n FROM account_entries'))[0]?.n);

      const notesOf: (string | null)[][] = [];
      for (const [i, till] of TILLS.entries()) {
        const core = createShopTillCore({ dataDir: dataDir(till), sandbox: sandboxArgs(), server: server(), ...till });
        try {
          expect(core.db.sqlite.prepare('SELECT count(*) FROM account_entries').pluck().get(), `${till.name} knows every entry`).toBe(total);
          const balances: Record<string, string> = {};
          for (const k of Object.keys(want)) {
            const [docType, docNumber] = k.split('-') as [string, string];
            balances[k] = ((await mustOn(core, 'getCustomerAccount', { customer: { docType, docNumber } })) as CustomerAccount).balance;
          }
          expect(balances, `${till.name}'s balances`).toEqual(want);
          const ofBuyer = (await mustOn(core, 'getCustomerAccount', { customer: BUYER })) as CustomerAccount;
          notesOf.push(ofBuyer.entries.filter((e) => e.kind === 'collection').map((e) => e.note ?? null));
          // Each collection is one keyed request: never applied twice, however often it was sent.
          const own = journals[i]!.filter((l) => l.kind === 'collection');
          const taken = own.reduce((s, l) => s.plus(l.amount), new Dec(0)).toFixed(2);
          const kept = core.db.sqlite.prepare("SELECT count(*) FROM bridge_requests WHERE method = 'recordCollection' AND result IS NOT NULL").pluck().get();
          expect(kept).toBe(own.length);
          // The Z: the collections apart from the sales (all on credit: no cash sale, no cash refund for the notes).
          const session = core.db.sqlite.prepare('SELECT id FROM cash_sessions WHERE closed_at IS NOT NULL').pluck().all() as number[];
          expect(session.length).toBe(1);
          const z = (await mustOn(core, 'getCashReport', { sessionId: session[0] })) as CashReport;
          expect(z).toMatchObject({ kind: 'Z', collections: { count: own.length, total: taken, cash: taken } });
          expect(z.cash).toMatchObject({ cashSales: '0.00', cashRefunds: '0.00', cashCollections: taken, expected: new Dec(50).plus(taken).toFixed(2), difference: '0.00' });
        } finally {
          core.close();
        }
      }

      // The shared cuota: both collections stand, the later one went on to what was next (or was kept in favour).
      const shared = journals.map((j) => j.filter((l) => l.kind === 'collection' && l.docNumber === BUYER.docNumber && l.amount === SHARED_CUOTA).length);
      for (const n of shared) expect(n).toBeGreaterThanOrEqual(1);
      for (const notes of notesOf) expect(notes.filter((n) => n === TAKEN_TO_NEXT || n === TAKEN_TO_FAVOUR).length).toBeGreaterThanOrEqual(1);
      // Caja 2's entries all reached the server after its last write: it worked with the cable out.
      const late = await query<{ ok: boolean }>("SELECT min(e.received_at) >= max(e.at) AS ok FROM account_entries e JOIN terminals t USING (terminal_id) WHERE t.name = 'Caja 2'");
      expect(late[0]?.ok).toBe(true);
    } finally {
      // A till left running by a failure is ended here, by its own process.
      for (const l of lives) if (l.child.exitCode === null && l.child.signalCode === null) l.child.kill('SIGKILL');
    }
  }, 120_000);
});
