// The returns drill: three tills, each its own process and SQLite file, sell, return each other's sales at the same
// moments and void their own, against a sandbox whose answers vary and whose connections drop, while one till is
// killed with SIGKILL again and again (a write it left unanswered is sent again under its key). The shop server's
// ledger decides what is left of each sale. At the end: no sale credited beyond its total or a line beyond what was
// sold, no note on a voided sale and no void of a credited one, no number used twice, nothing refused by SUNAT for
// any of that, and every till's store equal to the server's copy of it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { shopDrillRig } from './shop-drill-rig';
import { killAgainAndAgain, spawnTill, type TillProcess } from './spawn-till';

const OPS = 70;
const SEED = 20261129;
const script = fileURLToPath(new URL('./returns-till-process.ts', import.meta.url));
const TILLS = [
  { name: 'Caja 1', series: 'B001' },
  { name: 'Caja 2', series: 'B002' },
  { name: 'Caja 3', series: 'B003' },
];

const drill = shopDrillRig({ database: 'devoluciones', sandbox: { vary: { seed: SEED } } });
const { query, server, sandboxArgs } = drill;

function launch(till: (typeof TILLS)[number], index: number): TillProcess {
  const dataDir = path.join(drill.root, till.series);
  fs.mkdirSync(dataDir, { recursive: true });
  const args = { dataDir, sandbox: sandboxArgs(), server: server(), ...till, ops: OPS, seed: SEED + index };
  return spawnTill(script, [JSON.stringify(args)]);
}

interface Row {
  id_base_dato: string;
  doc_type: string;
  series: string;
  number: number;
  status: string;
  total: string;
  payload: string;
  modifies: string | null;
  void_status: string | null;
}

describe('returns drill', () => {
  it(`3 tills × ${OPS} sales, returns of each other's sales and voids, one till killed again and again: every promise kept`, async () => {
    // Sales' answers lost after SUNAT registered them, and refused connections, now and then.
    drill.sandbox.faults.declaredButLost(4, 'send');
    drill.sandbox.faults.reset(4, 'any');
    const runs = new Map(TILLS.map((t, i) => [t.series, launch(t, i)]));
    await Promise.all([...runs.values()].map((r) => Promise.race([r.ready, r.exit])));

    // Short pauses: a till started from its prebuilt bundle sells fast, and two kills must land before it is done.
    const killer = killAgainAndAgain(runs, 'B002', { times: 5, pauseMs: [200, 600], relaunch: () => launch(TILLS[1]!, 1) });
    const kills = await killer;
    for (const till of TILLS) {
      const run = runs.get(till.series)!;
      expect(await run.exit, run.output()).toBe(0);
    }
    // A till that finished before the others' last notes reached the server pushes and drains again.
    for (const [i, till] of TILLS.entries()) {
      const again = launch(till, i);
      expect(await again.exit, again.output()).toBe(0);
      expect(again.output()).not.toContain('UNEXPECTED');
    }
    for (const run of runs.values()) expect(run.output()).not.toContain('UNEXPECTED');
    expect(kills).toBeGreaterThanOrEqual(2);

    const docs = await query<Row>('SELECT id_base_dato, doc_type, series, number, status, total::text AS total, payload, modifies, void_status FROM documents ORDER BY series, number');
    const sales = docs.filter((d) => d.doc_type === '03');
    const notes = docs.filter((d) => d.doc_type === '07');
    expect(sales.length).toBeGreaterThan(40);
    expect(notes.length, 'returns were made across tills').toBeGreaterThan(10);
    expect(new Set(notes.map((n) => n.series)).size, 'every till returned').toBe(3);
    expect(new Set(docs.map((d) => `${d.doc_type}-${d.series}-${d.number}`)).size, 'no number used twice').toBe(docs.length);
    // SUNAT (the sandbox) refused nothing for crediting too much or a voided sale: every note is accepted.
    expect(notes.filter((n) => n.status !== 'accepted').map((n) => `${n.series}-${n.number} ${n.status}`)).toEqual([]);

    for (const sale of sales) {
      const key = `03-${sale.series}-${sale.number}`;
      const on = notes.filter((n) => n.modifies === key);
      const credited = on.reduce((sum, n) => sum.plus(n.total), new Decimal(0));
      expect(credited.lte(sale.total), `${key}: credited ${credited.toFixed(2)} of ${sale.total}`).toBe(true);
      const sold = (JSON.parse(sale.payload) as { detalle: { cod_Producto: string; cantidad: number }[] }).detalle;
      for (const [i, line] of sold.entries()) {
        const returned = on.reduce((sum, n) => {
          const d = (JSON.parse(n.payload) as { detalle: { cod_Producto: string; cantidad: number }[] }).detalle;
          return sum.plus(d.filter((l) => l.cod_Producto === line.cod_Producto && (JSON.parse(n.payload) as { motivo_Cod: string }).motivo_Cod !== '09').reduce((s, l) => s.plus(l.cantidad), new Decimal(0)));
        }, new Decimal(0));
        expect(returned.lte(line.cantidad), `${key} line ${i + 1}: returned ${returned.toString()} of ${line.cantidad}`).toBe(true);
      }
      if (sale.void_status === 'voided') expect(on.map((n) => `${n.series}-${n.number}`), `${key} is voided`).toEqual([]);
    }
    expect(sales.filter((s) => s.void_status === 'voided').length, 'some voids went through').toBeGreaterThan(0);

    // Every till's store is what the server holds of it.
    for (const till of TILLS) {
      const db = new Database(path.join(drill.root, till.series, 'caja.db'), { readonly: true });
      const local = db.prepare("SELECT id_base_dato, series, number, status FROM documents WHERE series = ? OR series LIKE 'BC%' ORDER BY series, number").all(till.series) as Row[];
      db.close();
      const mine = new Set(local.map((d) => d.id_base_dato));
      const serverCopy = docs.filter((d) => mine.has(d.id_base_dato)).map(({ id_base_dato, series, number, status }) => ({ id_base_dato, series, number, status }));
      expect(serverCopy, till.name).toEqual(local.map(({ id_base_dato, series, number, status }) => ({ id_base_dato, series, number, status })));
    }
  }, 420_000);
});
