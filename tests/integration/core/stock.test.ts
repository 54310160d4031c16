// Stock through the bridge, on a real core and a real SQLite file: purchases at their cost, sales, returns and voids
// moving the kardex in their own transactions, counts approved by a supervisor, weighted average cost.
import { describe, expect, it } from 'vitest';
import type { DocumentSummary, KardexRow, StockCount, StockRow, VoidView } from '../../../shared/bridge';
import { anonymousBoleta, line, type Rig, statusOf, useRigs } from './harness';

const rig = useRigs();

const supplier = { docType: '6', docNumber: '20100070970', name: 'DISTRIBUIDORA NORTE S.A.C.' };
let invoiceNumber = 100;

/** A purchase of `lines` on a new supplier's invoice (or the one given). */
const purchase = (r: Rig, lines: unknown[], document: Record<string, unknown> = {}, clientKey: string = crypto.randomUUID()) =>
  r.raw('recordPurchase', {
    clientKey,
    supplier,
    document: { type: '01', series: 'F001', number: String(++invoiceNumber), date: '2026-11-20', ...document },
    lines,
  });

const stockOf = async (r: Rig, code: string) => (await r.call<StockRow[]>('getStock', { codes: [code] }))[0];

async function withProducts(): Promise<Rig> {
  const r = await rig();
  await r.call('saveProduct', { code: 'P001', description: 'Arroz extra 1 kg', unit: 'NIU', price: '5.90', affectation: '10' });
  await r.call('saveProduct', { code: 'GAS', description: 'Gaseosa 500 ml', unit: 'NIU', price: '2.50', affectation: '10' });
  return r;
}

async function acceptedSale(r: Rig, lines: unknown[]): Promise<DocumentSummary> {
  const sale = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ lines }));
  await r.core.outbox.drain();
  expect(statusOf(r, sale.id)).toBe('accepted');
  return sale;
}

describe('stock: weighted average cost', () => {
  it('a purchase at a new cost moves the average; a return comes back at the cost it left at; a count adjusts at the average', async () => {
    const r = await withProducts();
    expect(await purchase(r, [{ code: 'P001', quantity: '10', unitCost: '5', costIncludesIgv: false }])).toMatchObject({ ok: true });
    expect(await stockOf(r, 'P001')).toEqual({ code: 'P001', description: 'Arroz extra 1 kg', quantity: '10', minimum: null, averageCost: '5', value: '50.00', category: '' });

    const sale = await acceptedSale(r, [line({ code: 'P001', quantity: '4' })]);
    expect(await stockOf(r, 'P001')).toMatchObject({ quantity: '6', averageCost: '5', value: '30.00' });

    await purchase(r, [{ code: 'P001', quantity: '6', unitCost: '8', costIncludesIgv: false }]);
    expect(await stockOf(r, 'P001')).toMatchObject({ quantity: '12', averageCost: '6.5', value: '78.00' });

    // Two of the sale come back at 5, the cost they left at, not at today's 6.5.
    await r.call('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '07', description: 'Devuelve 2', lines: [{ line: 1, quantity: '2' }] });
    expect(await stockOf(r, 'P001')).toMatchObject({ quantity: '14', averageCost: '6.285714', value: '88.00' });

    const count = await r.call<StockCount>('recordStockCount', { clientKey: crypto.randomUUID(), lines: [{ code: 'p001', counted: '13' }] });
    expect(count).toMatchObject({ status: 'pending', lines: [{ code: 'P001', counted: '13', expected: '14', difference: '-1' }] });
    // Nothing moves until a supervisor approves.
    expect(await stockOf(r, 'P001')).toMatchObject({ quantity: '14' });
    const approved = await r.call<StockCount>('approveStockCount', { id: count.id, reason: 'Merma' });
    expect(approved.status).toBe('approved');
    expect(await stockOf(r, 'P001')).toMatchObject({ quantity: '13', value: '81.71' });
    // Approving again adjusts nothing more.
    await r.call('approveStockCount', { id: count.id });
    expect(await stockOf(r, 'P001')).toMatchObject({ quantity: '13', value: '81.71' });

    const kardex = await r.call<KardexRow[]>('getKardex', { code: 'P001' });
    expect(kardex.map((k) => [k.kind, k.quantityIn, k.quantityOut, k.balance, k.unitCost, k.balanceValue])).toEqual([
      ['purchase', '10', '0', '10', '5', '50.00'],
      ['sale', '0', '4', '6', '5', '30.00'],
      ['purchase', '6', '0', '12', '8', '78.00'],
      ['return', '2', '0', '14', '5', '88.00'],
      ['count', '0', '1', '13', '6.285714', '81.71'],
    ]);
    expect(kardex[1]?.document).toBe(`B001-${String(sale.number).padStart(8, '0')}`);
    expect(kardex[0]?.document).toMatch(/^Compra F001-/);
    expect(kardex[4]?.document).toBe(`Inventario ${count.id}`);
  });
});

describe('stock: purchases', () => {
  it('the same supplier document entered twice is refused in Spanish; the same key twice answers the first purchase', async () => {
    const r = await withProducts();
    const key = crypto.randomUUID();
    const first = await purchase(r, [{ code: 'P001', quantity: '10', unitCost: '5', costIncludesIgv: false }], { number: '123' }, key);
    expect(first).toMatchObject({ ok: true });
    // A retry of the same intention: the same purchase, stock raised once.
    expect(await purchase(r, [{ code: 'P001', quantity: '10', unitCost: '5', costIncludesIgv: false }], { number: '123' }, key)).toEqual(first);
    // The same document entered again, printed with its leading zeros.
    const again = await purchase(r, [{ code: 'P001', quantity: '10', unitCost: '5', costIncludesIgv: false }], { number: '00000123' });
    expect(again).toMatchObject({ ok: false, error: { code: 'purchase_duplicate' } });
    expect(again.ok ? '' : again.error.message).toMatch(/^La compra F001-00000123 de DISTRIBUIDORA NORTE S\.A\.C\. \(20100070970\) ya se registró el \d{2}\/\d{2}\/\d{4}: no se registra dos veces\.$/);
    expect(await stockOf(r, 'P001')).toMatchObject({ quantity: '10' });
  });

  it('a box of 24 bought with IGV is stocked as 24 units at the cost of one without IGV, and sold by the unit', async () => {
    const r = await withProducts();
    await purchase(r, [{ code: 'GAS', quantity: '2', unitCost: '28.32', costIncludesIgv: true, pack: '24' }]);
    // 28.32 / 24 = 1.18 with IGV: 1.00 without.
    expect(await stockOf(r, 'GAS')).toEqual({ code: 'GAS', description: 'Gaseosa 500 ml', quantity: '48', minimum: null, averageCost: '1', value: '48.00', category: '' });
    await r.call('issueSale', anonymousBoleta({ lines: [line({ code: 'GAS', description: 'Gaseosa 500 ml', quantity: '5', unitPrice: '2.50' })] }));
    expect(await stockOf(r, 'GAS')).toMatchObject({ quantity: '43', value: '43.00' });
  });
});

describe('stock: notes and voids', () => {
  it('a note that returns goods puts them back; a discount note does not', async () => {
    const r = await withProducts();
    await purchase(r, [{ code: 'P001', quantity: '10', unitCost: '5', costIncludesIgv: false }]);
    const sale = await acceptedSale(r, [line({ code: 'P001', quantity: '3' })]);
    expect(await stockOf(r, 'P001')).toMatchObject({ quantity: '7' });
    await r.call('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '05', description: 'Descuento por ítem', amount: '1.00' });
    expect(await stockOf(r, 'P001')).toMatchObject({ quantity: '7' });
    await r.call('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '07', description: 'Devuelve 1', lines: [{ line: 1, quantity: '1' }] });
    expect(await stockOf(r, 'P001')).toMatchObject({ quantity: '8' });
    const whole = await acceptedSale(r, [line({ code: 'P001', quantity: '2' })]);
    expect(await stockOf(r, 'P001')).toMatchObject({ quantity: '6' });
    await r.call('issueNote', { clientKey: crypto.randomUUID(), of: whole.id, type: '07', reason: '06', description: 'Devolución total' });
    expect(await stockOf(r, 'P001')).toMatchObject({ quantity: '8', value: '40.00' });
  });

  it('a void SUNAT accepts reverses the sale\'s movements, once', async () => {
    const r = await withProducts();
    await purchase(r, [{ code: 'P001', quantity: '10', unitCost: '5', costIncludesIgv: false }]);
    const sale = await acceptedSale(r, [line({ code: 'P001', quantity: '3' })]);
    await r.call<VoidView>('voidDocument', { clientKey: crypto.randomUUID(), of: sale.id, reason: 'Venta registrada por error' });
    // Requested, not yet accepted: the goods are still out.
    expect(await stockOf(r, 'P001')).toMatchObject({ quantity: '7' });
    await r.core.voids.drain();
    expect((await r.call<VoidView>('getVoid', { of: sale.id })).request?.status).toBe('voided');
    expect(await stockOf(r, 'P001')).toMatchObject({ quantity: '10', value: '50.00' });
    const kinds = (await r.call<KardexRow[]>('getKardex', { code: 'P001' })).map((k) => k.kind);
    expect(kinds).toEqual(['purchase', 'sale', 'void']);
  });
});

describe('stock: a count while sales go on', () => {
  it('each product is compared with its stock at the moment it was counted; the approval keeps the sales made since', async () => {
    const r = await withProducts();
    await purchase(r, [{ code: 'P001', quantity: '10', unitCost: '5', costIncludesIgv: false }]);
    // Counted on the shelf now: 10.
    const countedAt = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Two sold before the count reaches the office.
    await r.call('issueSale', anonymousBoleta({ lines: [line({ code: 'P001', quantity: '2' })] }));
    const count = await r.call<StockCount>('recordStockCount', { clientKey: crypto.randomUUID(), lines: [{ code: 'P001', counted: '10', at: countedAt }] });
    expect(count.lines).toEqual([{ code: 'P001', counted: '10', expected: '10', difference: '0' }]);
    await r.call('approveStockCount', { id: count.id });
    expect(await stockOf(r, 'P001')).toMatchObject({ quantity: '8' });
  });
});

describe('stock: one transaction with the sale', () => {
  it('a balance that cannot be written undoes the sale: no document, no number spent, no movement', async () => {
    const r = await withProducts();
    await purchase(r, [{ code: 'P001', quantity: '10', unitCost: '5', costIncludesIgv: false }]);
    const s = r.core.db.sqlite;
    // The disk refuses the balance's write, after the document, its number and the movement were written.
    s.exec("CREATE TEMP TRIGGER balance_fails BEFORE UPDATE ON main.stock_balances BEGIN SELECT RAISE(ABORT, 'disco lleno'); END");
    const refused = await r.raw('issueSale', anonymousBoleta({ lines: [line({ code: 'P001', quantity: '3' })] }));
    expect(refused.ok).toBe(false);
    expect(s.prepare('SELECT COUNT(*) FROM documents').pluck().get()).toBe(0);
    expect(s.prepare("SELECT last_number FROM series WHERE series = 'B001'").pluck().get() ?? 0).toBe(0);
    expect(s.prepare("SELECT COUNT(*) FROM stock_movements WHERE kind = 'sale'").pluck().get()).toBe(0);
    s.exec('DROP TRIGGER temp.balance_fails');
    await r.call('issueSale', anonymousBoleta({ lines: [line({ code: 'P001', quantity: '3' })] }));
    expect(await stockOf(r, 'P001')).toMatchObject({ quantity: '7' });
  });
});

describe('stock: selling never stops', () => {
  it('a sale below zero is allowed and marked; a product not tracked moves nothing', async () => {
    const r = await withProducts();
    await r.call('saveProduct', { code: 'SERV', description: 'Servicio de delivery', unit: 'ZZ', price: '5', affectation: '10' });
    r.core.db.sqlite.prepare("UPDATE products SET stock_tracked = 0 WHERE code = 'SERV'").run();
    await r.call('issueSale', anonymousBoleta({ lines: [line({ code: 'P001', quantity: '2' }), line({ code: 'SERV', description: 'Servicio de delivery', unit: 'ZZ', quantity: '1', unitPrice: '5' })] }));
    expect(await stockOf(r, 'P001')).toMatchObject({ quantity: '-2' });
    expect(r.core.db.sqlite.prepare('SELECT product_code, below_zero FROM stock_movements').all()).toEqual([{ product_code: 'P001', below_zero: 1 }]);
    // Listed for review: the sale, what it took and the balance it left.
    expect(await r.call('getBelowZero', {})).toEqual([{ at: expect.any(String), code: 'P001', document: 'B001-00000001', quantity: '2', balance: '-2' }]);
    // The whole list: every tracked product, the service left out.
    const all = await r.call<StockRow[]>('getStock', {});
    expect(all.filter((s) => ['GAS', 'P001', 'SERV'].includes(s.code))).toEqual([
      { code: 'GAS', description: 'Gaseosa 500 ml', quantity: '0', minimum: null, averageCost: '0', value: '0.00', category: '' },
      { code: 'P001', description: 'Arroz extra 1 kg', quantity: '-2', minimum: null, averageCost: '0', value: '0.00', category: '' },
    ]);
  });
});

describe('stock: a product\'s settings', () => {
  it('a minimum raises the "stock bajo" list; the settings are this till\'s and queue nothing for the shop server', async () => {
    const r = await withProducts();
    await purchase(r, [{ code: 'P001', quantity: '10', unitCost: '5', costIncludesIgv: false }, { code: 'GAS', quantity: '3', unitCost: '1', costIncludesIgv: false }]);
    // As if the catalogue had gone up to the shop server: nothing queued.
    r.core.db.sqlite.prepare('DELETE FROM catalog_outbox').run();
    const queued = () => r.core.db.sqlite.prepare('SELECT COUNT(*) FROM catalog_outbox').pluck().get() as number;
    expect(await r.call('setStockSettings', { code: 'gas', tracked: true, minimum: '6', packSize: '24' })).toMatchObject({ code: 'GAS', quantity: '3', minimum: '6' });
    await r.call('setStockSettings', { code: 'P001', tracked: true, minimum: '4.500', packSize: null });
    expect(queued()).toBe(0);
    expect((await r.call<StockRow[]>('getStock', { low: true })).map((s) => s.code)).toEqual(['GAS']);
    await r.call('issueSale', anonymousBoleta({ lines: [line({ code: 'P001', quantity: '6' })] }));
    expect((await r.call<StockRow[]>('getStock', { low: true })).map((s) => [s.code, s.quantity, s.minimum])).toEqual([['GAS', '3', '6'], ['P001', '4', '4.5']]);
  });
});
