// Tills push their documents to the shop server, a real PostgreSQL cluster started for these tests. Each
// document lands once (by id_base_dato) with the status its till has; a till that was offline catches up when the
// server returns; a series another till owns is refused; a server migrated by a newer Caja is refused.
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppStatus, DocumentSummary } from '../../../shared/bridge';
import type { SalesReport } from '../../../shared/cash';
import { anonymousBoleta, statusOf, tamper, until, type Rig } from '../core/harness';
import { poolOn, startPgCluster, type PgCluster } from './pg-cluster';
import { shopRig, waitFor } from './shop-rig';

let cluster: PgCluster;
let admin: pg.Pool;

/** A pool for the test's own looks at the server. Its idle connections die when a test stops the server: ignored. */
const testPool = (database: string): pg.Pool => poolOn(cluster, database);
beforeAll(async () => {
  cluster = await startPgCluster();
  admin = testPool(cluster.database);
}, 60_000);
afterAll(async () => {
  await admin?.end();
  cluster?.destroy();
});

const shop = shopRig(() => cluster, () => admin);
afterEach(() => shop.dispose());

/** A fresh database for one test, and a pool on it to look at what the tills pushed. */
const freshDatabase = (): Promise<{ name: string; pool: pg.Pool }> => shop.freshDatabase();

/** A till in real mode (the replicator never pushes demo documents) pointed at the shop server. */
const till = (database: string, name: string, series = 'B001'): Promise<Rig> => shop.till(database, name, series);

async function serverRows(pool: pg.Pool): Promise<{ id_base_dato: string; series: string; number: number; status: string; total: string; payments: unknown[] }[]> {
  return (await pool.query('SELECT id_base_dato, series, number, status, total::text AS total, payments FROM documents ORDER BY series, number')).rows;
}

describe('the shop server', () => {
  it('each sale lands once with its till\'s status and payments; a repeated push changes nothing', async () => {
    const { name, pool } = await freshDatabase();
    try {
      const a = await till(name, 'Caja 1');
      const docs: DocumentSummary[] = [];
      for (let i = 0; i < 3; i++) docs.push(await a.call<DocumentSummary>('issueSale', anonymousBoleta({ tenders: [{ method: 'efectivo', amount: '20' }] })));
      await until(a, () => docs.every((d) => a.core.db.sqlite.prepare('SELECT status FROM documents WHERE id = ?').pluck().get(d.id) === 'accepted'));
      await waitFor(async () => (await serverRows(pool)).filter((r) => r.status === 'accepted').length === 3);
      const rows = await serverRows(pool);
      expect(rows.map((r) => [r.series, r.number, r.total])).toEqual([['B001', 1, '11.80'], ['B001', 2, '11.80'], ['B001', 3, '11.80']]);
      expect(rows[0]?.payments).toEqual([{ method: 'efectivo', label: 'Efectivo', kind: 'cash', tendered: '20.00', applied: '11.80', reference: '' }]);
      // Everything queued again (as after a crash between the push and its dequeue): the server still holds 3.
      a.core.db.sqlite.exec('INSERT OR IGNORE INTO replication_queue (document_id) SELECT id FROM documents');
      await waitFor(async () => (await a.call<AppStatus>('getStatus')).shopServer?.pending === 0);
      expect((await pool.query('SELECT COUNT(*)::int AS n FROM documents')).rows[0].n).toBe(3);
      expect((await a.call<AppStatus>('getStatus')).shopServer).toMatchObject({ state: 'online', pending: 0 });
    } finally {
      await pool.end();
    }
  });

  it('a credit note replicates like a document, under its till\'s own note series', async () => {
    const { name, pool } = await freshDatabase();
    try {
      const a = await till(name, 'Caja 1', 'B003');
      const sale = await a.call<DocumentSummary>('issueSale', anonymousBoleta());
      await until(a, () => statusOf(a, sale.id) === 'accepted');
      // Notes wait until the server has confirmed this till's note series (shop-link.ts guardNoteSeries).
      await waitFor(async () => (await a.call<AppStatus>('getStatus')).shopServer?.state === 'online');
      const note = await a.call<DocumentSummary>('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '06', description: 'Devolución total' });
      await until(a, () => statusOf(a, note.id) === 'accepted');
      await waitFor(async () => (await serverRows(pool)).filter((r) => r.status === 'accepted').length === 2);
      const rows = (await pool.query("SELECT doc_type, series, number, total::text AS total FROM documents ORDER BY doc_type")).rows;
      expect(rows).toEqual([{ doc_type: '03', series: 'B003', number: 1, total: '11.80' }, { doc_type: '07', series: 'BC03', number: 1, total: '11.80' }]);
    } finally {
      await pool.end();
    }
  });

  it('a second till claiming the same series is refused, sells nothing under it, and pushes once it has its own', async () => {
    const { name, pool } = await freshDatabase();
    try {
      const a = await till(name, 'Caja 1');
      await a.call('issueSale', anonymousBoleta());
      await waitFor(async () => (await serverRows(pool)).length === 1);
      const b = await till(name, 'Caja 2');
      await waitFor(async () => (await b.call<AppStatus>('getStatus')).shopServer?.state === 'conflict');
      const refused = await b.raw('issueSale', anonymousBoleta());
      expect(refused).toMatchObject({ ok: false, error: { code: 'series_conflict', message: expect.stringContaining('La serie B001 ya la usa «Caja 1»') } });
      expect(await b.raw('saveSettings', { series: { boleta: 'B001', factura: 'F002' } })).toMatchObject({ ok: false, error: { code: 'series_conflict' } });
      await b.call('saveSettings', { series: { boleta: 'B002', factura: 'F002' } });
      await waitFor(async () => (await b.call<AppStatus>('getStatus')).shopServer?.state === 'online');
      await b.call('issueSale', anonymousBoleta());
      await waitFor(async () => (await serverRows(pool)).length === 2);
      expect((await serverRows(pool)).map((r) => `${r.series}-${r.number}`)).toEqual(['B001-1', 'B002-1']);
    } finally {
      await pool.end();
    }
  });

  it('while the server is down the till sells on; it catches up when the server returns', async () => {
    const { name, pool } = await freshDatabase();
    const a = await till(name, 'Caja 1');
    await a.call('issueSale', anonymousBoleta());
    await waitFor(async () => (await serverRows(pool)).length === 1);
    await pool.end();
    cluster.stop();
    try {
      for (let i = 0; i < 4; i++) await a.call('issueSale', anonymousBoleta());
      // The first failure may be the server's own goodbye (57P01); the next ones find nobody listening.
      await waitFor(async () => (await a.call<AppStatus>('getStatus')).shopServer?.message === 'El servidor de la tienda no responde (conexión rechazada).');
      const status = (await a.call<AppStatus>('getStatus')).shopServer;
      expect(status).toMatchObject({ state: 'offline' });
      expect(status?.pending).toBeGreaterThanOrEqual(4);
    } finally {
      cluster.start();
    }
    const back = testPool(name);
    try {
      await waitFor(async () => (await serverRows(back)).length === 5, 15_000);
      expect((await serverRows(back)).map((r) => r.number)).toEqual([1, 2, 3, 4, 5]);
    } finally {
      await back.end();
    }
  });

  it('a server migrated by a newer Caja is refused and left untouched', async () => {
    const { name, pool } = await freshDatabase();
    try {
      const a = await till(name, 'Caja 1');
      await waitFor(async () => (await a.call<AppStatus>('getStatus')).shopServer?.state === 'online');
      await pool.query("INSERT INTO schema_migrations (version, name) VALUES (99, 'from_the_future')");
      const probe = await a.call<{ ok: boolean; message: string }>('testShopServer');
      expect(probe.ok).toBe(true); // this connection is already migrated; a new one checks again:
      await a.call('saveSettings', { shopServer: { enabled: true, host: cluster.host, port: cluster.port, database: name, user: cluster.user, tls: 'off', terminalName: 'Caja 1 bis' } });
      expect(await a.call('testShopServer')).toEqual({ ok: false, message: 'El servidor de la tienda tiene una versión más nueva de Caja (migración 99 from_the_future): actualice esta caja.' });
    } finally {
      await pool.end();
    }
  });
});

describe('the catalogue and shop-wide settings through the shop server', () => {
  type Product = { code: string; price: string } | null;
  const priceAt = async (r: Rig, code: string) => (await r.call<Product>('getProductByCode', { code }))?.price ?? null;

  it('a product saved at one till reaches the other; a price changed on the server reaches both; so do the company and the staff', async () => {
    const { name, pool } = await freshDatabase();
    try {
      const a = await till(name, 'Caja 1');
      const b = await till(name, 'Caja 2', 'B002');
      await a.call('saveProduct', { code: 'A001', description: 'Arroz extra 1 kg', unit: 'NIU', price: '5.75', affectation: '10' });
      await waitFor(async () => (await priceAt(b, 'A001')) === '5.75');
      // The office changes the price at the server itself (same stamp as a till's write).
      await pool.query("UPDATE products SET price = '6.2', version = nextval('change_version') WHERE code = 'A001'");
      await waitFor(async () => (await priceAt(a, 'A001')) === '6.2' && (await priceAt(b, 'A001')) === '6.2');
      // Till 2 edits it too: it goes up and comes back down to till 1; nothing echoes back and forth.
      await b.call('saveProduct', { code: 'A001', originalCode: 'A001', description: 'Arroz extra 1 kg', unit: 'NIU', price: '6.5', affectation: '10' });
      await waitFor(async () => (await priceAt(a, 'A001')) === '6.5');
      const versions = (await pool.query<{ version: string }>("SELECT version FROM products WHERE code = 'A001'")).rows[0]?.version;
      await new Promise((r) => setTimeout(r, 500));
      expect((await pool.query<{ version: string }>("SELECT version FROM products WHERE code = 'A001'")).rows[0]?.version).toBe(versions);

      const company = { ruc: '20100070970', name: 'BODEGA SAN MARTÍN E.I.R.L.', tradeName: 'San Martín', address: 'Jr. Junín 456, Lima', igvRegime: 'general' };
      await a.call('saveSettings', { company });
      await waitFor(async () => (await b.call<{ company: { name: string } }>('getSettings')).company.name === 'BODEGA SAN MARTÍN E.I.R.L.');
      // The staff too: the administrator created at till 1 signs in at till 2 with the same PIN.
      await a.call('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' });
      await a.call('saveUser', { name: 'Luis Cajero', role: 'cajero', pin: '1234' });
      await waitFor(async () => (await b.call<{ name: string }[]>('listCashiers')).length === 2);
      const rosa = (await b.call<{ id: number; name: string }[]>('listCashiers')).find((u) => u.name === 'Rosa Dueña')!;
      expect(await b.call('login', { userId: rosa.id, pin: '246810' })).toMatchObject({ user: { name: 'Rosa Dueña', role: 'administrador' } });
    } finally {
      await pool.end();
    }
  });
});

describe('the day across every till', () => {
  it('the sales report with scope "shop" counts each till\'s sales once, by till, method and cashier, to the cent', async () => {
    const { name, pool } = await freshDatabase();
    try {
      const a = await till(name, 'Caja 1');
      const b = await till(name, 'Caja 2', 'B002');
      await a.call('issueSale', anonymousBoleta({ tenders: [{ method: 'efectivo', amount: '20' }] }));
      const old = await a.call<DocumentSummary>('issueSale', anonymousBoleta({ tenders: [{ method: 'yape', amount: '11.80', reference: '7781234' }] }));
      // Its number turned out taken: re-issued under the next one; the shop counts the sale once.
      a.core.db.sqlite.prepare("UPDATE documents SET status = 'conflict' WHERE id = ?").run(old.id);
      await a.call('reissueDocument', { clientKey: crypto.randomUUID(), id: old.id });
      await b.call('issueSale', anonymousBoleta({ tenders: [{ method: 'debito', amount: '11.80' }] }));
      await waitFor(async () => (await pool.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM documents')).rows[0]?.n === 4 && (await a.call<AppStatus>('getStatus')).shopServer?.pending === 0);
      const today = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
      const report = await b.call<SalesReport>('getSalesReport', { from: today, to: today, scope: 'shop' });
      expect(report.scope).toBe('shop');
      expect(report.sales).toEqual([{ currency: 'PEN', count: 3, total: '35.40' }]);
      expect(report.bySession).toEqual([
        { sessionId: null, label: 'Caja 1', currency: 'PEN', count: 2, total: '23.60' },
        { sessionId: null, label: 'Caja 2', currency: 'PEN', count: 1, total: '11.80' },
      ]);
      expect(report.byMethod.map((m) => [m.label, m.count, m.total])).toEqual([['Efectivo', 1, '11.80'], ['Yape', 1, '11.80'], ['Tarjeta de débito', 1, '11.80']]);
      // The Yape payment once (as the re-issued sale), with its operation number and till, for the wallet's statement.
      expect(report.operations).toEqual([expect.objectContaining({ label: 'Yape', reference: '7781234', amount: '11.80', document: 'B001-00000003', terminal: 'Caja 1' })]);
      // This till's own report stays its own.
      expect((await b.call<SalesReport>('getSalesReport', { from: today, to: today })).sales).toEqual([{ currency: 'PEN', count: 1, total: '11.80' }]);
      const csv = await b.call<{ fileName: string }>('exportSalesReport', { from: today, to: today, scope: 'shop' });
      expect(csv.fileName).toBe(`ventas-tienda-${today}.csv`);
    } finally {
      await pool.end();
    }
  });
});

describe('refused and corrected documents across the shop', () => {
  it('a refused document stays apart from the shop\'s sales; corrected, its new customer and payload reach the server', async () => {
    const { name, pool } = await freshDatabase();
    try {
      // Retries 200 ms apart: between two attempts the document rests as 'pending' long enough to be seen there (with
      // answers committed in groups, a 1 ms backoff had it claimed again in the same commit).
      const a = await shop.till(name, 'Caja 1', 'B001', { core: { outbox: { concurrency: 4, retry: { baseMs: 200, maxMs: 200, random: () => 0 }, pollMs: 50 } } });
      await a.call('issueSale', anonymousBoleta({ tenders: [{ method: 'efectivo', amount: '20' }] }));
      // The API refuses the next one (its stored payload lost the customer's name): 'invalid', nothing declared.
      a.sandbox.faults.status(503, Infinity, 'send');
      const buyer = { docType: '1', docNumber: '45678912', name: 'Juan', address: '' };
      const bad = await a.call<DocumentSummary>('issueSale', anonymousBoleta({ customer: buyer, tenders: [{ method: 'efectivo', amount: '11.80' }] }));
      // Once a send failed (the one in flight carried the payload as issued), the payload is broken and the API is back.
      const state = () => a.core.db.sqlite.prepare('SELECT status, attempts FROM documents WHERE id = ?').get(bad.id) as { status: string; attempts: number };
      await waitFor(async () => state().status === 'pending' && state().attempts > 0);
      tamper(a, bad.id, (p) => (p.cliente_Razon_Social = ''));
      a.sandbox.faults.clear();
      const serverDoc = async () =>
        (await pool.query<{ status: string; customer_name: string; payload: string }>('SELECT status, customer_name, payload FROM documents WHERE id_base_dato = $1', [bad.idBaseDato])).rows[0];
      await waitFor(async () => statusOf(a, bad.id) === 'invalid' && (await serverDoc())?.status === 'invalid');
      const today = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
      const report = await a.call<SalesReport>('getSalesReport', { from: today, to: today, scope: 'shop' });
      expect(report.sales).toEqual([{ currency: 'PEN', count: 1, total: '11.80' }]);
      expect(report.notDeclared).toEqual([{ status: 'invalid', label: 'No aceptados por la API (inválidos)', currency: 'PEN', count: 1, total: '11.80', cash: '11.80' }]);

      await a.call('correctDocument', { clientKey: crypto.randomUUID(), id: bad.id, customer: { ...buyer, name: 'Juan Pérez Quispe' } });
      await waitFor(async () => (await serverDoc())?.status === 'accepted');
      const row = await serverDoc();
      expect(row?.customer_name).toBe('Juan Pérez Quispe');
      expect((JSON.parse(String(row?.payload)) as { cliente_Razon_Social: string }).cliente_Razon_Social).toBe('Juan Pérez Quispe');
    } finally {
      await pool.end();
    }
  });
});
