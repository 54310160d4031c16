// Items 1 and 2, across the shop: what one till reads from the shop server is bounded in the query, and
// names that come from other tills reach the accountant's CSV neutralised. A row on a real PostgreSQL cluster is made
// hostile by hand (megabytes of name, CDR XML and events, formula-like names); another till reads it.
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_BOUNDS } from '../../../electron/core/server/bounds';
import type { AppStatus, DocumentDetail, DocumentSummary } from '../../../shared/bridge';
import type { ShopDocumentRow } from '../../../shared/server/documents';
import { parseCsv } from '../../unit/core/backup/parse-csv';
import { anonymousBoleta, until, type Rig } from '../core/harness';
import { poolOn, startPgCluster, type PgCluster } from './pg-cluster';
import { shopRig, waitFor } from './shop-rig';

let cluster: PgCluster;
let admin: pg.Pool;

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
const till = (database: string, name: string, series: string): Promise<Rig> => shop.till(database, name, series);

describe('reading the shop server is bounded', () => {
  it('megabytes in another till\'s row come back cut or left out; its names reach the shop report CSV neutralised', async () => {
    await admin.query('CREATE DATABASE hostil');
    const pool = testPool('hostil');
    try {
      const a = await till('hostil', 'Caja 1', 'B001');
      const b = await till('hostil', 'Caja 2', 'B002');
      const doc = await a.call<DocumentSummary>('issueSale', anonymousBoleta());
      await until(a, () => a.core.db.sqlite.prepare('SELECT status FROM documents WHERE id = ?').pluck().get(doc.id) === 'accepted');
      await waitFor(async () => (await a.call<AppStatus>('getStatus')).shopServer?.pending === 0 && (await pool.query("SELECT 1 FROM documents WHERE status = 'accepted'")).rowCount === 1);
      await a.core.stop(); // nothing pushes over the hostile row while the other till reads it

      await pool.query(`UPDATE terminals SET name = '=HYPERLINK("http://evil.example")' || repeat('t', 2000000) WHERE name = 'Caja 1'`);
      await pool.query(`UPDATE documents SET customer_name = repeat('N', 5000000), cashier_name = '@SUM(1+1)' || repeat('c', 1000000),
        cdr_xml = repeat('<x/>', 5000000), hash = repeat('h', 1000000),
        events = (SELECT jsonb_agg(jsonb_build_object('at', 'x', 'from_status', NULL, 'to_status', 'accepted', 'detail', repeat('d', 1000))) FROM generate_series(1, 2000))`);

      const [row] = await b.call<ShopDocumentRow[]>('searchShopDocuments', {});
      expect(row?.customerName.length).toBe(SHOP_BOUNDS.longText);
      expect(row?.terminal.length).toBe(SHOP_BOUNDS.name);
      expect(row?.cashierName?.length).toBe(SHOP_BOUNDS.name);
      const detail = await b.call<DocumentDetail>('getShopDocument', { idBaseDato: row!.idBaseDato });
      expect(detail.cdrXml).toBeNull();
      expect(detail.events).toEqual([]);
      expect(detail.hash?.length).toBe(SHOP_BOUNDS.name);

      const today = detail.issueDate;
      const file = await b.call<{ base64: string }>('exportSalesReport', { from: today, to: today, scope: 'shop' });
      const rows = parseCsv(Buffer.from(file.base64, 'base64').toString('utf8').replace(/^\uFEFF/, ''));
      const cashier = rows.find((r) => r[0] === 'cajero');
      const tillRow = rows.find((r) => r[0] === 'caja');
      expect(cashier?.[1]).toBe(`'@SUM(1+1)${'c'.repeat(SHOP_BOUNDS.name - 9)}`);
      expect(tillRow?.[1]?.startsWith(`'=HYPERLINK("http://evil.example")`)).toBe(true);
      expect(tillRow?.[1]?.length).toBe(SHOP_BOUNDS.name + 1);
    } finally {
      await pool.end();
    }
  });
});
