// Note series, one per till of a RUC: tills on B101 and B201 once both took BC01 (the last two characters of their
// invoice series), and the second till's notes reused numbers SUNAT already held: never declared. Now they take
// different note series, each claimed on the shop server, and a till of a shop server issues no note until the
// server has confirmed its note series as its own.
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../electron/sandbox';
import type { AppStatus, DocumentSummary } from '../../../shared/bridge';
import { anonymousBoleta, statusOf, until, type Rig } from '../core/harness';
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

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const undo of cleanups.splice(0).reverse()) await undo();
});
const rig = shopRig(() => cluster, () => admin);
afterEach(() => rig.dispose());

const online = (r: Rig) => async () => (await r.call<AppStatus>('getStatus')).shopServer?.state === 'online';

async function acceptedSale(r: Rig): Promise<DocumentSummary> {
  const sale = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
  await until(r, () => statusOf(r, sale.id) === 'accepted');
  return sale;
}

const returnAll = (of: number) => ({ clientKey: crypto.randomUUID(), of, type: '07', reason: '06', description: 'Devolución total' });

describe('note series per till of a RUC', () => {
  it('tills on B101 and B201 claim different note series, and both declare their notes', async () => {
    const { name, pool } = await rig.freshDatabase();
    const sandbox: Sandbox = await startSandbox({ port: 0 });
    cleanups.push(() => pool.end(), () => sandbox.close());
    const a = await rig.till(name, 'Caja 1', 'B101', { shared: sandbox });
    const b = await rig.till(name, 'Caja 2', 'B201', { shared: sandbox });
    await waitFor(online(a));
    await waitFor(online(b));
    const owners = (await pool.query<{ series: string; name: string }>(
      "SELECT s.series, t.name FROM series_owners s JOIN terminals t USING (terminal_id) WHERE s.doc_type = '07' AND s.series LIKE 'BC%' ORDER BY t.name",
    )).rows;
    expect(owners).toHaveLength(2);
    expect(owners[0]!.series).not.toBe(owners[1]!.series);

    const notes: DocumentSummary[] = [];
    for (const r of [a, b]) {
      const sale = await acceptedSale(r);
      const note = await r.call<DocumentSummary>('issueNote', returnAll(sale.id));
      await until(r, () => statusOf(r, note.id) === 'accepted');
      notes.push(note);
    }
    expect(notes.map((n) => n.series)).toEqual(owners.map((o) => o.series));
  }, 60_000);

  it('holds notes until the server confirms the till\'s note series, then issues them', async () => {
    const { name, pool } = await rig.freshDatabase();
    const sandbox: Sandbox = await startSandbox({ port: 0 });
    cleanups.push(() => pool.end(), () => sandbox.close());
    // A till joined to the shop server, its cable out since its series were set: nothing confirmed them.
    const a = await rig.till(name, 'Caja 1', 'B101', { shared: sandbox, online: false });
    await a.call('saveSettings', { shopServer: { enabled: true, host: cluster.host, port: 1, database: name, user: cluster.user, tls: 'off', terminalName: 'Caja 1' } });
    const sale = await acceptedSale(a);
    const held = await a.raw('issueNote', returnAll(sale.id));
    expect(held).toMatchObject({ ok: false, error: { code: 'series_unconfirmed', message: expect.stringContaining('aún no están confirmadas en el servidor de la tienda') } });
    expect(a.core.db.sqlite.prepare("SELECT COALESCE(SUM(last_number), 0) FROM series WHERE doc_type = '07'").pluck().get()).toBe(0);
    await rig.setOnline(a, name, 'Caja 1', true);
    await waitFor(online(a));
    const note = await a.call<DocumentSummary>('issueNote', returnAll(sale.id));
    expect(note).toMatchObject({ docType: '07', number: 1 });
    expect(note.series).not.toBe('BC01');
  }, 60_000);
});
