// The shop server decides what is left of a sale (server migration 0015, electron/core/server/sale-holds.ts): tills
// returning one sale at the same moment, a note on a sale another till voided, a void of a sale another till credited,
// and a hold whose note was never stored. Real PostgreSQL, one sandbox the tills all declare to.
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../electron/sandbox';
import type { AppStatus, DocumentSummary } from '../../../shared/bridge';
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

async function shop(tills: number): Promise<{ pool: pg.Pool; tills: Rig[] }> {
  const { name, pool } = await rig.freshDatabase();
  const sandbox = await startSandbox({ port: 0 });
  cleanups.push(() => pool.end(), () => sandbox.close());
  const all: Rig[] = [];
  for (let i = 1; i <= tills; i += 1) all.push(await rig.till(name, `Caja ${i}`, `B00${i}`, { shared: sandbox }));
  for (const t of all) await waitFor(async () => (await t.call<AppStatus>('getStatus')).shopServer?.state === 'online');
  return { pool, tills: all };
}

const onServer = (pool: pg.Pool, series: string, number: number, column = 'status', value = 'accepted') => async () =>
  (await pool.query(`SELECT ${column} AS v FROM documents WHERE series = $1 AND number = $2`, [series, number])).rows[0]?.v === value;
const lastNumber = (r: Rig, series: string) => (r.core.db.sqlite.prepare("SELECT last_number FROM series WHERE doc_type = '07' AND series = ?").pluck().get(series) as number | undefined) ?? 0;

/** 2 × 5.90 + 3 × 2.50 = 19.30 at Caja 1, accepted and on the server. */
async function saleAt(a: Rig, pool: pg.Pool): Promise<DocumentSummary> {
  const sale = await a.call<DocumentSummary>('issueSale', anonymousBoleta({ lines: [line(), line({ code: 'P002', description: 'Azúcar 1 kg', quantity: '3', unitPrice: '2.50' })] }));
  await until(a, () => statusOf(a, sale.id) === 'accepted');
  await waitFor(onServer(pool, sale.series, sale.number));
  return sale;
}

const shopNote = (over: Record<string, unknown>) => ({ sale: { series: 'B001', number: 1 }, type: '07', description: 'Devolución', clientKey: crypto.randomUUID(), ...over });

describe('the shop server decides what is left of a sale', () => {
  it('two tills returning the same sale at the same moment: one note, the other refused before its number', async () => {
    const { pool, tills } = await shop(3);
    const [a, b, c] = tills as [Rig, Rig, Rig];
    await saleAt(a, pool);
    // Both take back the whole sale, then both take back 2 of the 3 sugars of a second sale: one of each pair passes.
    const whole = await Promise.all([b.raw('issueShopNote', shopNote({ reason: '06' })), c.raw('issueShopNote', shopNote({ reason: '06' }))]);
    expect(whole.filter((r) => r.ok)).toHaveLength(1);
    expect(whole.find((r) => !r.ok)).toMatchObject({ ok: false, error: { code: 'note_exceeds' } });

    await saleAt(a, pool);
    const sugar = () => shopNote({ sale: { series: 'B001', number: 2 }, reason: '07', lines: [{ line: 2, quantity: '2' }] });
    const lines = await Promise.all([b.raw('issueShopNote', sugar()), c.raw('issueShopNote', sugar())]);
    expect(lines.filter((r) => r.ok)).toHaveLength(1);
    expect(lines.find((r) => !r.ok)).toMatchObject({ ok: false, error: { code: 'note_exceeds', message: expect.stringContaining('de la línea 2 quedan 1 por devolver') } });
    // Two notes in all, and the refused ones spent no number.
    expect(lastNumber(b, 'BC02') + lastNumber(c, 'BC03')).toBe(2);
  }, 90_000);

  it('a note held at another till counts before that till pushes it (a pulled cable hides nothing)', async () => {
    const { pool, tills } = await shop(2);
    const [a, b] = tills as [Rig, Rig];
    const sale = await saleAt(a, pool);
    // No document reaches the server while this lock is held (a push waits on it; reads and holds do not): Caja 2's
    // note stays at Caja 2, as behind a pulled cable.
    const blocker = await pool.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE documents IN SHARE MODE');
      const note = await b.call<DocumentSummary>('issueShopNote', shopNote({ reason: '06' }));
      expect(note).toMatchObject({ series: 'BC02', number: 1 });
      expect((await pool.query("SELECT count(*)::int AS n FROM documents WHERE doc_type = '07'")).rows[0].n).toBe(0);
      // Caja 1, the sale's own till, cannot credit it again.
      const again = await a.raw('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '07', description: 'Devuelve arroz', lines: [{ line: 1, quantity: '1' }] });
      expect(again).toMatchObject({ ok: false, error: { code: 'note_exceeds' } });
      expect(lastNumber(a, 'BC01')).toBe(0);
    } finally {
      await blocker.query('ROLLBACK');
      blocker.release();
    }
  }, 90_000);

  it('a sale voided at Caja 1 takes no note at Caja 2, and a sale credited at Caja 2 is not voided at Caja 1', async () => {
    const { pool, tills } = await shop(2);
    const [a, b] = tills as [Rig, Rig];
    const voided = await saleAt(a, pool);
    await a.call('voidDocument', { of: voided.id, reason: 'Error en el comprobante', clientKey: crypto.randomUUID() });
    await a.core.voids.drain();
    await waitFor(onServer(pool, 'B001', voided.number, 'void_status', 'voided'));
    // Caja 2 cannot ask SUNAT's record (which would say "anulado"): the sale's CDR on the server still accepts it.
    await b.call('saveSettings', { api: { billingBaseUrl: 'http://127.0.0.1:9', queryBaseUrl: 'http://127.0.0.1:9' } });
    const onVoided = await b.raw('issueShopNote', shopNote({ reason: '06' }));
    expect(onVoided).toMatchObject({ ok: false, error: { code: 'voided' } });
    const debit = await b.raw('issueShopNote', shopNote({ type: '08', reason: '02', amount: '1.00' }));
    expect(debit).toMatchObject({ ok: false, error: { code: 'voided' } });
    expect(lastNumber(b, 'BC02')).toBe(0);

    const credited = await saleAt(a, pool);
    await b.call<DocumentSummary>('issueShopNote', shopNote({ sale: { series: 'B001', number: credited.number }, reason: '07', lines: [{ line: 1, quantity: '1' }] }));
    // Caja 1 knows nothing of that note; its void is recorded, but the server's ledger stops it before it is sent.
    await a.call('voidDocument', { of: credited.id, reason: 'Error en el comprobante', clientKey: crypto.randomUUID() });
    await a.core.voids.drain();
    const view = await a.call<{ request: { status: string; lastError: string | null; answer: string | null } }>('getVoid', { of: credited.id });
    // Nothing left for SUNAT: no answer was ever received for it.
    expect(view.request).toMatchObject({ status: 'invalid', answer: null, lastError: expect.stringContaining('ya tiene notas de crédito o débito en alguna caja') });
  }, 90_000);

  it('a hold whose note was never stored is released by its till, and what it held comes back', async () => {
    const { pool, tills } = await shop(2);
    const [a, b] = tills as [Rig, Rig];
    await saleAt(a, pool);
    // As if Caja 2 died between the hold and its note: a hold of the whole sale with no note behind it.
    const terminal = b.core.db.sqlite.prepare("SELECT value FROM settings WHERE key = 'terminalId'").pluck().get() as string;
    await pool.query("SELECT caja_hold_sale('orphan-1', '03-B001-1', '07', $1, 19.30, TRUE, '[]'::jsonb)", [JSON.parse(terminal)]);
    const blocked = await a.raw('issueShopNote', shopNote({ reason: '07', lines: [{ line: 1, quantity: '1' }] }));
    expect(blocked).toMatchObject({ ok: false, error: { code: 'note_exceeds' } });
    // A young hold may still be a note being stored: kept. Once old, released.
    expect(await b.core.sweepHolds()).toBe(0);
    await pool.query("UPDATE sale_holds SET created_at = now() - interval '10 minutes' WHERE hold_key = 'orphan-1'");
    expect(await b.core.sweepHolds()).toBe(1);
    const note = await a.call<DocumentSummary>('issueShopNote', shopNote({ reason: '07', lines: [{ line: 1, quantity: '1' }] }));
    expect(note).toMatchObject({ series: 'BC01', total: '5.90' });
    // A till cannot release another till's hold.
    const other = a.core.db.sqlite.prepare("SELECT value FROM settings WHERE key = 'terminalId'").pluck().get() as string;
    const held = (await pool.query("SELECT hold_key FROM sale_holds WHERE released_at IS NULL AND terminal_id = $1", [JSON.parse(other)])).rows;
    expect(held).toHaveLength(1);
    // A released hold whose note reached the server (its till restored from an older copy no longer has it) still
    // counts, through the note itself; and the sweep never releases a hold whose note the server holds.
    await waitFor(onServer(pool, 'BC01', 1));
    await pool.query("UPDATE sale_holds SET released_at = now() WHERE hold_key = $1", [note.idBaseDato]);
    const beyond = await b.raw('issueShopNote', shopNote({ reason: '07', lines: [{ line: 2, quantity: '3' }], clientKey: crypto.randomUUID() }));
    expect(beyond).toMatchObject({ ok: true });
    const over = await b.raw('issueShopNote', shopNote({ reason: '09', amount: '6.00' }));
    expect(over).toMatchObject({ ok: false, error: { code: 'note_exceeds', message: expect.stringContaining('quedan 5.90') } });
    // The server's own word, without the till's count beside it.
    const asked = await pool.query("SELECT caja_hold_sale('over-1', '03-B001-1', '07', $1, 6.00, FALSE, '[]'::jsonb) AS a", [JSON.parse(terminal)]);
    expect(asked.rows[0].a).toMatchObject({ ok: false, message: expect.stringContaining('quedan 5.90') });
  }, 90_000);
});
