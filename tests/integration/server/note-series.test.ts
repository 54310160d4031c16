// Credit and debit notes on the shop server (migration server/0004): each till's note series (07/08) are claimed like its invoice
// series, so a till whose note series another till owns is refused; a note lands naming the sale it modifies, and the
// server answers, for a sale of any till, its status and what every till already credited on it (shop-notes.ts).
// Notes pushed before 0004 get their `modifies` from their payload when the server migrates.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrateServer } from '../../../electron/core/server/migrate';
import { registerTerminal } from '../../../electron/core/server/register';
import { findShopSale } from '../../../electron/core/server/shop-notes';
import type { AppStatus, DocumentDetail, DocumentSummary } from '../../../shared/bridge';
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

const shop = shopRig(() => cluster, () => admin);
let pools: pg.Pool[] = [];
afterEach(async () => {
  await shop.dispose();
  await Promise.all(pools.map((p) => p.end()));
  pools = [];
});

async function freshDatabase(): Promise<{ name: string; pool: pg.Pool }> {
  const fresh = await shop.freshDatabase();
  pools.push(fresh.pool);
  return fresh;
}

/** A till in real mode pointed at the shop server, with its own invoice series. */
const till = (database: string, name: string, series: string): Promise<Rig> => shop.till(database, name, series);

const online = (r: Rig) => async () => (await r.call<AppStatus>('getStatus')).shopServer?.state === 'online';

describe('note series and notes on the shop server', () => {
  it('each till claims its note series; a note lands naming its sale, and the server sums the shop\'s credits on it', async () => {
    const { name, pool } = await freshDatabase();
    const a = await till(name, 'Caja 1', 'B001');
    const b = await till(name, 'Caja 2', 'B002');
    await waitFor(online(a));
    await waitFor(online(b));
    const owners = (await pool.query("SELECT s.doc_type, s.series, t.name FROM series_owners s JOIN terminals t USING (terminal_id) WHERE s.doc_type IN ('07', '08') ORDER BY s.series")).rows;
    expect(owners).toEqual([
      { doc_type: '07', series: 'BC01', name: 'Caja 1' }, { doc_type: '07', series: 'BC02', name: 'Caja 2' },
      { doc_type: '08', series: 'BD01', name: 'Caja 1' }, { doc_type: '08', series: 'BD02', name: 'Caja 2' },
      { doc_type: '07', series: 'FC01', name: 'Caja 1' }, { doc_type: '07', series: 'FC02', name: 'Caja 2' },
      { doc_type: '08', series: 'FD01', name: 'Caja 1' }, { doc_type: '08', series: 'FD02', name: 'Caja 2' },
    ]);

    // 2 × 5.90 + 3 × 2.50 = 19.30; a return of 2 of the 3 sugars (5.00), then a rebate of 1.00.
    const sale = await a.call<DocumentSummary>('issueSale', anonymousBoleta({ lines: [line(), line({ code: 'P002', description: 'Azúcar 1 kg', quantity: '3', unitPrice: '2.50' })] }));
    await until(a, () => statusOf(a, sale.id) === 'accepted');
    const partial = await a.call<DocumentSummary>('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '07', description: 'Devuelve azúcar', lines: [{ line: 2, quantity: '2' }] });
    const rebate = await a.call<DocumentSummary>('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '09', description: 'Rebaja', amount: '1.00' });
    await until(a, () => statusOf(a, partial.id) === 'accepted' && statusOf(a, rebate.id) === 'accepted');
    await waitFor(async () => (await pool.query("SELECT COUNT(*)::int AS n FROM documents WHERE status = 'accepted'")).rows[0].n === 3);
    const notes = (await pool.query("SELECT series, number, modifies FROM documents WHERE doc_type = '07' ORDER BY number")).rows;
    expect(notes).toEqual([{ series: 'BC01', number: 1, modifies: '03-B001-1' }, { series: 'BC01', number: 2, modifies: '03-B001-1' }]);

    const found = await findShopSale(pool, 'b001', 1);
    expect(found).toMatchObject({ terminal: 'Caja 1', docType: '03', series: 'B001', number: 1, total: '19.30', status: 'accepted', credited: '6.00' });
    expect(JSON.parse(found!.payload!)).toMatchObject({ serie: 'B001', monto_Imp_Venta: 19.3 });
    expect(found!.creditNotes.map((n) => `${n.series}-${n.number} ${n.total}`)).toEqual(['BC01-1 5.00', 'BC01-2 1.00']);
    expect(await findShopSale(pool, 'B001', 2)).toBeNull();

    // "Todas las cajas" at the other till: the sale lists both notes; a note links to the sale it modifies.
    const ofSale = await b.call<DocumentDetail>('getShopDocument', { idBaseDato: found!.idBaseDato });
    expect(ofSale.notes.map((n) => [n.series, n.number, n.total, n.reason, n.reasonLabel])).toEqual([
      ['BC01', 1, '5.00', '07', 'Devolución por ítem'], ['BC01', 2, '1.00', '09', 'Disminución en el valor'],
    ]);
    const ofNote = await b.call<DocumentDetail>('getShopDocument', { idBaseDato: found!.creditNotes[0]!.idBaseDato });
    expect(ofNote.modifies).toMatchObject({ id: 0, docType: '03', series: 'B001', number: 1, total: '19.30', reason: '07' });
  }, 30_000);

  it('a till whose note series another till owns is refused, naming that till', async () => {
    const { name, pool } = await freshDatabase();
    const a = await till(name, 'Caja 1', 'B001');
    await waitFor(online(a));
    const claim = await registerTerminal(pool, {
      id: 'caja-intrusa', name: 'Caja 3', series: { boleta: 'B003', factura: 'F003' },
      notes: { creditBoleta: 'BC03', creditFactura: 'FC03', debitBoleta: 'BD01', debitFactura: 'FD03' },
    });
    expect(claim).toEqual({ ok: false, message: expect.stringContaining('La serie BD01 ya la usa «Caja 1»') });
    const own = await registerTerminal(pool, {
      id: 'caja-intrusa', name: 'Caja 3', series: { boleta: 'B003', factura: 'F003' },
      notes: { creditBoleta: 'BC03', creditFactura: 'FC03', debitBoleta: 'BD03', debitFactura: 'FD03' },
    });
    expect(own).toEqual({ ok: true });
  }, 30_000);

  it('notes pushed before migration 0004 get the sale they modify from their payload', async () => {
    const { pool } = await freshDatabase();
    const shipped = path.join(import.meta.dirname, '../../../migrations/server');
    const upTo = (last: number) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-server-migrations-'));
      for (const f of fs.readdirSync(shipped).filter((f) => /^\d{4}_.*\.sql$/.test(f) && Number(f.slice(0, 4)) <= last)) fs.copyFileSync(path.join(shipped, f), path.join(dir, f));
      return dir;
    };
    const before = upTo(3);
    const after = upTo(4);
    try {
      await migrateServer(pool, before);
      await pool.query("INSERT INTO terminals (terminal_id, name) VALUES ('t1', 'Caja 1')");
      const insert = `INSERT INTO documents (id_base_dato, terminal_id, doc_type, series, number, issued_at, issue_date, currency, customer_doc_type,
        customer_doc_number, customer_name, total, igv, status, payload, local_updated_at) VALUES ($1, 't1', $2, $3, $4, '2026-11-25T10:00:00-05:00',
        '2026-11-25', 'PEN', '1', '00000000', 'CLIENTES VARIOS', 10, 1.53, 'accepted', $5, '2026-11-25T15:00:00Z')`;
      await pool.query(insert, ['n1', '07', 'BC01', 1, JSON.stringify({ tipo_Doc: '07', afectado_Tipo_Doc: '03', afectado_Num_Doc: 'b001-0024' })]);
      await pool.query(insert, ['n2', '08', 'FD01', 1, JSON.stringify({ tipo_Doc: '08', afectado_Tipo_Doc: '01', afectado_Num_Doc: 'F001-7' })]);
      await pool.query(insert, ['n3', '07', 'BC01', 2, 'not json']);
      await pool.query(insert, ['s1', '03', 'B001', 24, JSON.stringify({ tipo_Doc: '03' })]);
      expect(await migrateServer(pool, after)).toEqual([4]);
      const rows = (await pool.query('SELECT id_base_dato, modifies FROM documents ORDER BY id_base_dato')).rows;
      expect(rows).toEqual([
        { id_base_dato: 'n1', modifies: '03-B001-24' }, { id_base_dato: 'n2', modifies: '01-F001-7' },
        { id_base_dato: 'n3', modifies: null }, { id_base_dato: 's1', modifies: null },
      ]);
    } finally {
      fs.rmSync(before, { recursive: true, force: true });
      fs.rmSync(after, { recursive: true, force: true });
    }
  }, 30_000);
});
