// A void reaches the shop server with its document, so the shop's sales report leaves the voided sale out
// and counts it apart, as the till's own report does.
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentSummary } from '../../../shared/bridge';
import type { SalesReport } from '../../../shared/cash';
import { anonymousBoleta, statusOf } from '../core/harness';
import { poolOn, startPgCluster, type PgCluster } from './pg-cluster';
import { shopRig, waitFor } from './shop-rig';

let cluster: PgCluster;
let admin: pg.Pool;
const shop = shopRig(() => cluster, () => admin);
beforeAll(async () => {
  cluster = await startPgCluster();
  admin = poolOn(cluster);
}, 60_000);
afterAll(async () => {
  await admin?.end();
  cluster?.destroy();
});
afterEach(() => shop.dispose());

describe('voids on the shop server', () => {
  it("a sale voided at its till is out of the shop's sales and counted apart", async () => {
    const { name: db, pool } = await shop.freshDatabase();
    try {
      const a = await shop.till(db, 'Caja 1');
      const b = await shop.till(db, 'Caja 2', 'B002');
      const kept = await a.call<DocumentSummary>('issueSale', anonymousBoleta({ tenders: [{ method: 'efectivo', amount: '20' }] }));
      const voided = await a.call<DocumentSummary>('issueSale', anonymousBoleta({ tenders: [{ method: 'efectivo', amount: '20' }] }));
      await a.core.outbox.drain();
      expect([statusOf(a, kept.id), statusOf(a, voided.id)]).toEqual(['accepted', 'accepted']);
      await a.call('voidDocument', { clientKey: crypto.randomUUID(), of: voided.id, reason: 'Venta registrada por error' });
      await a.core.voids.drain();
      const voidStatus = async () => (await pool.query<{ void_status: string | null }>('SELECT void_status FROM documents WHERE id_base_dato = $1', [voided.idBaseDato])).rows[0]?.void_status;
      await waitFor(async () => (await voidStatus()) === 'voided');
      const today = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
      const report = await b.call<SalesReport>('getSalesReport', { from: today, to: today, scope: 'shop' });
      expect(report.sales).toEqual([{ currency: 'PEN', count: 1, total: '11.80' }]);
      const own = await a.call<SalesReport>('getSalesReport', { from: today, to: today });
      // The voided sale is apart from the rejected and refused ones, in the shop's report as in the till's own.
      expect(report.voided).toEqual(own.voided);
      expect(report.voided.map((n) => n.count)).toEqual([1]);
      expect(report.notDeclared).toEqual([]);
    } finally {
      await pool.end();
    }
  }, 60_000);
});
