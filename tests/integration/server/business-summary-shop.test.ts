// The owner's view across every till: the shop server's PostgreSQL (a real cluster started for this test) adds up
// each till's documents with the same rule as a till's summary tables, so "Toda la tienda" agrees with the shop's
// sales report of the same day to the cent, and "Esta caja" stays the till's own.
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppStatus, BusinessSummary, DocumentSummary } from '../../../shared/bridge';
import type { SalesReport } from '../../../shared/cash';
import { anonymousBoleta, line } from '../core/harness';
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
afterEach(() => shop.dispose());

describe('the owner\'s summary of every till', () => {
  it('adds up both tills on the shop server, agrees with the shop\'s sales report, and keeps each till\'s own', async () => {
    const { name, pool } = await shop.freshDatabase();
    try {
      const a = await shop.till(name, 'Caja 1');
      const b = await shop.till(name, 'Caja 2', 'B002');
      // A note needs the till's note series confirmed by the server: once it is online.
      await waitFor(async () => (await a.call<AppStatus>('getStatus')).shopServer?.state === 'online');
      // The rice's category, set at the first till (the office), reaches till 2 through the server's catalogue.
      await a.call('saveProduct', { code: 'P001', description: 'Arroz extra 1 kg', unit: 'NIU', price: '5.90', affectation: '10', category: 'Abarrotes' });
      await waitFor(async () => b.core.db.sqlite.prepare('SELECT category FROM products WHERE code = ?').pluck().get('P001') === 'Abarrotes');
      const sale = await a.call<DocumentSummary>('issueSale', anonymousBoleta({ tenders: [{ method: 'efectivo', amount: '20' }] }));
      await a.call('issueSale', anonymousBoleta({
        lines: [line(), line({ code: 'P002', description: 'Aceite 1 L', quantity: '1', unitPrice: '9.45' })],
        tenders: [{ method: 'yape', amount: '21.25', reference: '7781234' }],
      }));
      await b.call('issueSale', anonymousBoleta({ tenders: [{ method: 'debito', amount: '11.80' }] }));
      await a.core.outbox.drain();
      await a.call('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '07', description: 'Devolución de uno', lines: [{ line: 1, quantity: '1' }] });
      await a.core.outbox.drain();
      await waitFor(async () => (await pool.query<{ n: number }>("SELECT COUNT(*)::int AS n FROM documents WHERE status = 'accepted'")).rows[0]?.n === 4
        && (await a.call<AppStatus>('getStatus')).shopServer?.pending === 0 && (await b.call<AppStatus>('getStatus')).shopServer?.pending === 0);
      const today = sale.issueDate;
      const range = { from: today, to: today };

      const all = await b.call<BusinessSummary>('getBusinessSummary', { ...range, scope: 'shop' });
      expect(all).toMatchObject({ scope: 'shop', source: 'shop', notice: null });
      expect(all.current.totals).toEqual([expect.objectContaining({ currency: 'PEN', sales: '44.85', documents: 3, averageTicket: '14.95', returns: '5.90', returnCount: 1, net: '38.95' })]);
      const report = await b.call<SalesReport>('getSalesReport', { ...range, scope: 'shop' });
      expect(all.current.totals[0]).toMatchObject({ sales: report.sales[0]!.total, returns: report.returns[0]!.total, net: report.net[0]!.total });
      const byMethod = (rows: { method: string; total: string }[]) => Object.fromEntries(rows.map((m) => [m.method, m.total]));
      expect(byMethod(all.current.byMethod)).toEqual(byMethod(report.byMethod));
      expect(all.current.topProducts.map((p) => [p.code, p.documents, p.total])).toEqual([['P001', 3, '35.40'], ['P002', 1, '9.45']]);
      expect(all.current.byHour.reduce((n, h) => n + h.documents, 0)).toBe(3);
      // Both tills' rice under its category, the oil (not in the catalogue) under none.
      expect(all.current.byCategory.map((c) => [c.category, c.documents, c.total])).toEqual([['Abarrotes', 3, '35.40'], ['', 1, '9.45']]);

      // Each till's own view, from its own summary tables.
      const own = await b.call<BusinessSummary>('getBusinessSummary', { ...range, scope: 'till' });
      expect(own).toMatchObject({ source: 'till', notice: null });
      expect(own.current.totals).toEqual([expect.objectContaining({ sales: '11.80', documents: 1, returns: '0.00' })]);
    } finally {
      await pool.end();
    }
  });
});
