// Several tills: a return at one till of a sale made at another, through the shop server (a real PostgreSQL
// cluster) and one sandbox both tills declare to. The note is built from the server's copy of the sale (its lines and
// totals); the evidence is the server's copy of the selling till's status (accepted or observed), and what is left
// counts every till's credit notes. Refusals spend no number.
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../electron/sandbox';
import type { AppStatus, DocumentDetail, DocumentSummary, ShopSale } from '../../../shared/bridge';
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

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const undo of cleanups.splice(0).reverse()) await undo();
});

const rig = shopRig(() => cluster, () => admin);
afterEach(() => rig.dispose());

async function shop(): Promise<{ name: string; pool: pg.Pool; sandbox: Sandbox }> {
  const { name, pool } = await rig.freshDatabase();
  const sandbox = await startSandbox({ port: 0 });
  cleanups.push(() => pool.end(), () => sandbox.close());
  return { name, pool, sandbox };
}

/** A till of the shop: real mode, its own series, declaring to the shop's sandbox, pushing to its server. */
const till = (database: string, sandbox: Sandbox, name: string, series: string): Promise<Rig> => rig.till(database, name, series, { shared: sandbox });

const onServer = (pool: pg.Pool, series: string, number: number, status = 'accepted') => async () =>
  (await pool.query('SELECT status FROM documents WHERE series = $1 AND number = $2', [series, number])).rows[0]?.status === status;
const lastNumber = (r: Rig, series: string) => (r.core.db.sqlite.prepare("SELECT last_number FROM series WHERE doc_type = '07' AND series = ?").pluck().get(series) as number | undefined) ?? 0;

/** 2 × 5.90 + 3 × 2.50 + 1 × 10.00 = 29.30, at Caja 1, accepted and on the server. */
async function saleAtCaja1(a: Rig, pool: pg.Pool): Promise<DocumentSummary> {
  const sale = await a.call<DocumentSummary>(
    'issueSale',
    anonymousBoleta({ lines: [line(), line({ code: 'P002', description: 'Azúcar 1 kg', quantity: '3', unitPrice: '2.50' }), line({ code: 'P003', description: 'Aceite 1 L', quantity: '1', unitPrice: '10.00' })] }),
  );
  await until(a, () => statusOf(a, sale.id) === 'accepted');
  await waitFor(onServer(pool, sale.series, sale.number));
  return sale;
}

describe('a return at one till of a sale made at another', () => {
  it('finds the sale on the server, issues the note from the server\'s copy, and counts every till\'s notes', async () => {
    const { name, pool, sandbox } = await shop();
    const a = await till(name, sandbox, 'Caja 1', 'B001');
    const b = await till(name, sandbox, 'Caja 2', 'B002');
    const sale = await saleAtCaja1(a, pool);
    await waitFor(async () => (await b.call<AppStatus>('getStatus')).shopServer?.state === 'online');

    const found = await b.call<ShopSale>('findShopSale', { series: 'B001', number: sale.number });
    expect(found).toMatchObject({ terminal: 'Caja 1', docType: '03', series: 'B001', number: 1, total: '29.30', status: 'accepted', credited: '0.00', currency: 'PEN' });
    expect((JSON.parse(found.payload) as { detalle: unknown[] }).detalle).toHaveLength(3);

    // Caja 2 takes back 2 of the 3 sugars: its own note series, declared and accepted (the sandbox finds the sale).
    const note = await b.call<DocumentSummary>('issueShopNote', {
      sale: { series: 'B001', number: 1 }, type: '07', reason: '07', description: 'Devuelve azúcar', lines: [{ line: 2, quantity: '2' }], clientKey: 'return-caja2-0001',
    });
    expect(note).toMatchObject({ docType: '07', series: 'BC02', number: 1, total: '5.00' });
    await until(b, () => statusOf(b, note.id) === 'accepted');
    const payload = JSON.parse(b.core.db.sqlite.prepare('SELECT payload FROM documents WHERE id = ?').pluck().get(note.id) as string) as Record<string, unknown>;
    expect(payload).toMatchObject({ afectado_Tipo_Doc: '03', afectado_Num_Doc: 'B001-1', motivo_Cod: '07', monto_Imp_Venta: 5 });
    const detail = await b.call<DocumentDetail>('getDocument', { id: note.id });
    expect(detail.modifies).toMatchObject({ id: 0, docType: '03', series: 'B001', number: 1, total: '29.30', reason: '07' });
    // The same return again answers the same note.
    const again = await b.call<DocumentSummary>('issueShopNote', {
      sale: { series: 'B001', number: 1 }, type: '07', reason: '07', description: 'Devuelve azúcar', lines: [{ line: 2, quantity: '2' }], clientKey: 'return-caja2-0001',
    });
    expect(again.id).toBe(note.id);

    // Caja 1, the sale's own till, counts Caja 2's note once the server holds it.
    await waitFor(onServer(pool, 'BC02', 1));
    const overAtCaja1 = await a.raw('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '07', description: 'Devuelve azúcar', lines: [{ line: 2, quantity: '2' }] });
    expect(overAtCaja1).toMatchObject({ ok: false, error: { code: 'note_exceeds', message: expect.stringContaining('De la línea 2 quedan 1 por devolver') } });
    expect(lastNumber(a, 'BC01')).toBe(0);

    // Caja 1 returns both rice bags of its own sale; once on the server, Caja 2 counts it.
    const own = await a.call<DocumentSummary>('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '07', description: 'Devuelve arroz', lines: [{ line: 1, quantity: '2' }] });
    await until(a, () => statusOf(a, own.id) === 'accepted');
    await waitFor(onServer(pool, 'BC02', 1));
    await waitFor(onServer(pool, 'BC01', 1));
    expect(await b.call<ShopSale>('findShopSale', { series: 'B001', number: 1 })).toMatchObject({ credited: '16.80' });

    const refusals = [
      { lines: [{ line: 2, quantity: '2' }], reason: '07', expect: 'De la línea 2 quedan 1 por devolver' }, // this till's own note
      { lines: [{ line: 1, quantity: '1' }], reason: '07', expect: 'De la línea 1 quedan 0 por devolver' }, // Caja 1's note
      { reason: '06', expect: 'ya tiene notas de crédito' },
      { reason: '09', amount: '12.51', expect: 'quedan 12.50' },
    ];
    for (const { expect: text, ...over } of refusals) {
      const res = await b.raw('issueShopNote', { clientKey: crypto.randomUUID(), sale: { series: 'B001', number: 1 }, type: '07', description: 'Otra devolución', ...over });
      expect(res, text).toMatchObject({ ok: false, error: { code: 'note_exceeds', message: expect.stringContaining(text) } });
    }
    expect(lastNumber(b, 'BC02')).toBe(1);
    const rest = await b.call<DocumentSummary>('issueShopNote', { clientKey: crypto.randomUUID(), sale: { series: 'B001', number: 1 }, type: '07', reason: '09', description: 'Rebaja del resto', amount: '12.50' });
    expect(rest).toMatchObject({ series: 'BC02', number: 2, total: '12.50' });
    await until(b, () => statusOf(b, rest.id) === 'accepted');
    await waitFor(onServer(pool, 'BC02', 2));
    const notes = (await pool.query("SELECT series, number, modifies FROM documents WHERE doc_type = '07' ORDER BY series, number")).rows;
    expect(notes).toEqual([
      { series: 'BC01', number: 1, modifies: '03-B001-1' }, { series: 'BC02', number: 1, modifies: '03-B001-1' }, { series: 'BC02', number: 2, modifies: '03-B001-1' },
    ]);
  }, 60_000);

  it('refuses a sale the server does not hold as accepted, or does not hold at all, spending no number', async () => {
    const { name, pool, sandbox } = await shop();
    const a = await till(name, sandbox, 'Caja 1', 'B001');
    const b = await till(name, sandbox, 'Caja 2', 'B002');
    const sale = await saleAtCaja1(a, pool);
    // The server's copy is the evidence: as long as it says "pending", no note (whatever Caja 1 knows by now).
    await a.core.stop();
    await pool.query("UPDATE documents SET status = 'pending' WHERE series = 'B001' AND number = $1", [sale.number]);
    const pending = await b.raw('issueShopNote', { clientKey: crypto.randomUUID(), sale: { series: 'B001', number: sale.number }, type: '07', reason: '06', description: 'Devolución total' });
    expect(pending).toMatchObject({ ok: false, error: { code: 'not_notable', message: expect.stringContaining('no figura aceptado por SUNAT en el servidor de la tienda') } });
    const missing = await b.raw('findShopSale', { series: 'B001', number: 99 });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found', message: 'No se encontró la venta B001-00000099 en esta caja ni en el servidor de la tienda.' } });
    expect(lastNumber(b, 'BC02')).toBe(0);
  }, 60_000);
});
