// What the shop server's checks cost (server migration 0020): a till's role pushes a day of documents, then their
// account entries and stock movements, each held and checked against those documents; the office's connection
// pushes the same without checks (as every push went before). And a document push, where a trigger looks for held
// entries naming each document, against the same push with the triggers off. A throwaway local PostgreSQL.
import crypto from 'node:crypto';
import type pg from 'pg';
import { poolOn, startPgCluster } from '../integration/server/pg-cluster';
import { printed, roleShop, type RoleTill } from '../integration/server/role-shop';
import { report } from './stats';

const BATCH = 500;
const BUYER = { docType: '6', docNumber: '20100066603', name: 'EMPRESA CLIENTE S.A.C.' };

interface Day {
  docs: { id: string; number: number }[];
}

const PAYLOAD = (number: number) => JSON.stringify({ detalle: [{ cod_Producto: `P${number % 50}`, cantidad: 2 }] });
const UPSERT = `INSERT INTO documents (id_base_dato, terminal_id, doc_type, series, number, issued_at, issue_date, currency, customer_doc_type,
    customer_doc_number, customer_name, total, igv, status, payload, local_updated_at)
  VALUES ($1, $2, '03', 'B001', $3, now()::text, '2026-11-25', 'PEN', '6', '20100066603', 'EMPRESA CLIENTE S.A.C.', 100, 15.25, 'accepted', $4, now()::text)
  ON CONFLICT (id_base_dato) DO UPDATE SET status = EXCLUDED.status, local_updated_at = EXCLUDED.local_updated_at`;

/**
 * `n` accepted boletas of the till's series B001, one line of product P<number % 50> each, pushed as push.ts does:
 * one upsert each, 200 to a transaction. Answers them and the time taken.
 */
async function documents(pool: pg.Pool, terminal: string, n: number, first = 1): Promise<{ day: Day; ms: number }> {
  const docs = Array.from({ length: n }, (_, i) => ({ id: crypto.randomUUID(), number: first + i }));
  const client = await pool.connect();
  const t = performance.now();
  try {
    for (let i = 0; i < n; i += 200) {
      await client.query('BEGIN');
      for (const d of docs.slice(i, i + 200)) await client.query({ name: 'bench_push_document', text: UPSERT, values: [d.id, terminal, d.number, PAYLOAD(d.number)] });
      await client.query('COMMIT');
    }
  } finally {
    client.release();
  }
  return { day: { docs }, ms: performance.now() - t };
}

const entries = (day: Day) => day.docs.map((d, i) => ({
  uid: crypto.randomUUID(), docType: BUYER.docType, docNumber: BUYER.docNumber, name: BUYER.name, kind: 'charge', amount: '100.00',
  appliesTo: d.id, document: printed('B001', d.number), method: null, methodLabel: null, methodKind: null,
  dues: [{ position: 1, amount: '100.00', dueDate: '2026-12-25' }], intended: null,
  at: new Date(Date.UTC(2026, 10, 25, 12, 0, 0, i)).toISOString(), by: 'ANA',
}));
const movements = (day: Day) => day.docs.map((d, i) => ({
  uid: crypto.randomUUID(), code: `P${d.number % 50}`, kind: 'sale', quantity: '-2', unitCost: '3.500000', value: '-7.00',
  document: printed('B001', d.number), at: new Date(Date.UTC(2026, 10, 25, 12, 0, 0, i)).toISOString(), by: 'ANA',
}));

/** Pushes `rows` in the till's batches through `fn`; answers ms per batch (p50 of all). */
async function pushed(pool: pg.Pool, fn: string, terminal: string, rows: unknown[]): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const t = performance.now();
    await pool.query(`SELECT ${fn}($1, $2::jsonb)`, [terminal, JSON.stringify(rows.slice(i, i + BATCH))]);
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

export async function run(quick: boolean): Promise<void> {
  const n = quick ? 2_000 : 20_000;
  const cluster = await startPgCluster();
  const admin = poolOn(cluster);
  try {
    const shop = await roleShop(cluster, admin);
    try {
      const till: RoleTill = await shop.till('Caja 1', ['03-B001']);
      const { day } = await documents(till.pool, till.terminal, n);
      const checkedEntries = await pushed(till.pool, 'caja_put_account_entries', till.terminal, entries(day));
      const checkedMoves = await pushed(till.pool, 'caja_put_stock_movements', till.terminal, movements(day));
      const held = (await shop.office.query<{ n: number }>('SELECT (SELECT count(*) FROM account_entries_held) + (SELECT count(*) FROM stock_movements_held) AS n')).rows[0]!.n;
      // The same again from the office's connection: no checks, as before 0020 (fresh uids, the checks would refuse a second charge).
      const office = await shop.office.query<{ terminal_id: string }>("INSERT INTO terminals (terminal_id, name) VALUES ('office', 'Oficina') RETURNING terminal_id");
      const officeEntries = await pushed(shop.office, 'caja_put_account_entries', office.rows[0]!.terminal_id, entries(day));
      const officeMoves = await pushed(shop.office, 'caja_put_stock_movements', office.rows[0]!.terminal_id, movements(day));
      report(`account entries, ${BATCH} per push, a till's role (checked)`, { p50_ms: checkedEntries, held: Number(held) }, { figure: 'p50_ms', atMost: 1_000, unit: 'ms' });
      report(`account entries, ${BATCH} per push, the office (unchecked)`, { p50_ms: officeEntries });
      report(`stock movements, ${BATCH} per push, a till's role (checked)`, { p50_ms: checkedMoves }, { figure: 'p50_ms', atMost: 1_000, unit: 'ms' });
      report(`stock movements, ${BATCH} per push, the office (unchecked)`, { p50_ms: officeMoves });

      // A document push with the triggers looking for held entries, against the same push without them: each twice,
      // alternately, the faster of each kept (other work on the machine only ever slows one down).
      const trigger = (on: boolean) => shop.office.query(`ALTER TABLE documents ${on ? 'ENABLE' : 'DISABLE'} TRIGGER documents_release_held`);
      let next = n + 1;
      let withTriggers = Infinity;
      let without = Infinity;
      for (let round = 0; round < 2; round++) {
        withTriggers = Math.min(withTriggers, (await documents(till.pool, till.terminal, n, next)).ms);
        next += n;
        await trigger(false);
        without = Math.min(without, (await documents(till.pool, till.terminal, n, next)).ms);
        next += n;
        await trigger(true);
      }
      report(`${n.toLocaleString('en')} documents pushed, held lookups on`, { ms: withTriggers, per_doc_ms: withTriggers / n });
      report('  with ÷ without the held lookups', { ratio: withTriggers / without }, { figure: 'ratio', atMost: 1.25 });
    } finally {
      await shop.end();
    }
  } finally {
    await admin.end();
    cluster.destroy();
  }
}
