// A write-off (merma) through the bridge of a real core: a supervisor's, with its reason; the goods leave at the
// average cost and the kardex names it; a retry with the same key writes it once; a restore carries it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyRestore } from '../../../electron/core/backup';
import { defaultMigrationsDir } from '../../../electron/core/db';
import type { BackupInfo, KardexRow, Session, StockCount, StockRow, User } from '../../../shared/bridge';
import { useScratch } from './harness';

const scratch = useScratch('caja-stock-loss-');
const PIN = '246810';

async function shopWithRice() {
  const s = await scratch.sandbox();
  const dataDir = scratch.folder();
  const r = await scratch.till(s, dataDir);
  const admin = await r.call<Session>('createFirstAdmin', { name: 'Rosa Dueña', pin: PIN });
  await r.call('saveProduct', { code: 'P001', description: 'Arroz extra 1 kg', unit: 'NIU', price: '5.90', affectation: '10' });
  await r.call('recordPurchase', {
    clientKey: crypto.randomUUID(),
    supplier: { docType: '6', docNumber: '20100070970', name: 'DISTRIBUIDORA NORTE S.A.C.' },
    document: { type: '01', series: 'F001', number: '501', date: '2026-11-20' },
    lines: [{ code: 'P001', quantity: '10', unitCost: '5', costIncludesIgv: false }],
  });
  return { s, dataDir, r, adminId: admin.user!.id };
}

const loss = (over: Record<string, unknown> = {}) => ({
  clientKey: crypto.randomUUID(),
  lines: [{ code: 'p001', quantity: '3' }],
  reason: 'Bolsas rotas por humedad',
  ...over,
});

describe('stock write-offs (mermas)', () => {
  it('a supervisor writes goods off at the average cost, with the reason; a cashier is refused; the same key writes once', async () => {
    const { r, adminId } = await shopWithRice();
    const cajero = await r.call<User>('saveUser', { name: 'Luis Cajero', role: 'cajero', pin: '1234' });
    await r.call('lock');
    await r.call('login', { userId: cajero.id, pin: '1234' });
    expect(await r.raw('recordStockLoss', loss())).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    await r.call('lock');
    await r.call('login', { userId: adminId, pin: PIN });

    const key = crypto.randomUUID();
    const written = await r.call<StockCount>('recordStockLoss', loss({ clientKey: key }));
    expect(written).toMatchObject({ status: 'approved', lines: [{ code: 'P001', expected: '10', counted: '7', difference: '-3' }] });
    expect(await r.call<StockCount>('recordStockLoss', loss({ clientKey: key }))).toEqual(written);
    expect((await r.call<StockRow[]>('getStock', { codes: ['P001'] }))[0]).toMatchObject({ quantity: '7', value: '35.00' });
    const kardex = await r.call<KardexRow[]>('getKardex', { code: 'P001' });
    expect(kardex.map((k) => [k.kind, k.quantityOut, k.balance, k.balanceValue])).toEqual([
      ['purchase', '0', '10', '50.00'],
      ['waste', '3', '7', '35.00'],
    ]);
    expect(r.core.db.sqlite.prepare('SELECT reason FROM stock_counts WHERE id = ?').pluck().get(written.id)).toBe('Merma: Bolsas rotas por humedad');
  });

  it('refuses in Spanish a product without stock, a line twice, a reason too short, and writes nothing', async () => {
    const { r } = await shopWithRice();
    await r.call('saveProduct', { code: 'SERV', description: 'Delivery', unit: 'ZZ', price: '3', affectation: '10' });
    await r.call('setStockSettings', { code: 'SERV', tracked: false, minimum: null, packSize: null });
    expect(await r.raw('recordStockLoss', loss({ lines: [{ code: 'SERV', quantity: '1' }] }))).toMatchObject({ ok: false, error: { message: expect.stringMatching(/no lleva stock/) } });
    expect(await r.raw('recordStockLoss', loss({ lines: [{ code: 'P001', quantity: '1' }, { code: 'p001', quantity: '2' }] }))).toMatchObject({ ok: false, error: { message: expect.stringMatching(/dos veces/) } });
    expect(await r.raw('recordStockLoss', loss({ reason: 'x' }))).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(await r.raw('recordStockLoss', loss({ lines: [{ code: 'P001', quantity: '0' }] }))).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect((await r.call<StockRow[]>('getStock', { codes: ['P001'] }))[0]).toMatchObject({ quantity: '10' });
  });

  it('travels through a restore: a write-off made after the copy is still there, with its reason', async () => {
    const { s, dataDir, r, adminId } = await shopWithRice();
    const copy = await r.call<BackupInfo>('backupNow');
    await r.call('recordStockLoss', loss());
    await r.dispose();
    await applyRestore(copy.path, path.join(dataDir, 'caja.db'), { backupFolder: path.dirname(copy.path), migrationsDir: defaultMigrationsDir() });
    expect(fs.existsSync(path.join(dataDir, 'caja.db'))).toBe(true);
    const again = await scratch.till(s, dataDir);
    await again.call('login', { userId: adminId, pin: PIN });
    expect((await again.call<StockRow[]>('getStock', { codes: ['P001'] }))[0]).toMatchObject({ quantity: '7', value: '35.00' });
    expect(again.core.db.sqlite.prepare("SELECT reason FROM stock_counts WHERE reason LIKE 'Merma:%'").pluck().all()).toEqual(['Merma: Bolsas rotas por humedad']);
  });
});
