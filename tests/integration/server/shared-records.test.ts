// Shared records (staff, products, payment methods) are merged one record at a time by the shop server.
// A till that was offline while the office deactivated a cashier, changed a price and edited the payment methods
// cannot undo any of it when it reconnects; what it wanted is listed for the office ("cambios no aplicados").
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UnappliedChange } from '../../../shared/server/unapplied';
import type { Rig } from '../core/harness';
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

type Cashier = { id: number; name: string };
type UserView = { id: number; name: string; role: string; active: boolean };
/** Read from the till's own database: a till whose staff arrived is locked, and Ajustes' list needs a sign-in. */
const userAt = (r: Rig, name: string): Promise<UserView | undefined> => {
  const row = r.core.db.sqlite.prepare('SELECT id, name, role, active FROM users WHERE name = ?').get(name) as (Omit<UserView, 'active'> & { active: number }) | undefined;
  return Promise.resolve(row ? { ...row, active: row.active === 1 } : undefined);
};
const priceAt = (r: Rig, code: string): Promise<string | null> =>
  Promise.resolve((r.core.db.sqlite.prepare('SELECT price FROM products WHERE code = ?').pluck().get(code) as string | undefined) ?? null);
const methodsAt = async (r: Rig) => (await r.call<{ paymentMethods: { code: string; label: string; active: boolean }[] }>('getSettings')).paymentMethods;

/** A fresh shop database with two tills, the office's (and its administrator, Rosa) and till 2 on B002. */
async function officeAndTill2(test: (shopTills: { db: string; pool: pg.Pool; office: Rig; till2: Rig }) => Promise<void>): Promise<void> {
  const { name: db, pool } = await shop.freshDatabase();
  try {
    const office = await shop.till(db, 'Oficina');
    const till2 = await shop.till(db, 'Caja 2', 'B002');
    await office.call('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' });
    await test({ db, pool, office, till2 });
  } finally {
    await pool.end();
  }
}

describe('shared records through the shop server', () => {
  it('an offline till cannot bring back a deactivated cashier, an old price or old payment methods', () => officeAndTill2(async ({ db, pool, office, till2 }) => {
    await office.call('saveUser', { name: 'Pedro Cajero', role: 'cajero', pin: '1234' });
    await office.call('saveProduct', { code: 'A001', description: 'Arroz extra 1 kg', unit: 'NIU', price: '5.50', affectation: '10' });
    await waitFor(async () => (await userAt(till2, 'Pedro Cajero')) !== undefined && (await priceAt(till2, 'A001')) === '5.5');
    // Till 2 signs in as Rosa (created at the office) to manage its own users.
    const rosa2 = (await till2.call<Cashier[]>('listCashiers')).find((c) => c.name === 'Rosa Dueña')!;
    await till2.call('login', { userId: rosa2.id, pin: '246810' });

    await shop.setOnline(till2, db, 'Caja 2', false);
    // The office, meanwhile: Pedro is let go, the rice costs more, Plin is switched off.
    const pedroAtOffice = (await userAt(office, 'Pedro Cajero'))!;
    await office.call('saveUser', { id: pedroAtOffice.id, name: 'Pedro Cajero', role: 'cajero', active: false });
    await office.call('saveProduct', { code: 'A001', originalCode: 'A001', description: 'Arroz extra 1 kg', unit: 'NIU', price: '6.25', affectation: '10' });
    const officeMethods = (await methodsAt(office)).map((m) => (m.code === 'plin' ? { ...m, active: false } : m));
    await office.call('saveSettings', { paymentMethods: officeMethods });

    // Till 2, offline: hires Lucía, gives Pedro a new PIN, sells rice cheaper, renames Yape.
    await till2.call('saveUser', { name: 'Lucía Nueva', role: 'cajero', pin: '5678' });
    const pedro2 = (await userAt(till2, 'Pedro Cajero'))!;
    expect(pedro2.active).toBe(true);
    await till2.call('saveUser', { id: pedro2.id, name: 'Pedro Cajero', role: 'cajero', pin: '9999', active: true });
    await till2.call('saveProduct', { code: 'A001', originalCode: 'A001', description: 'Arroz extra 1 kg', unit: 'NIU', price: '4.10', affectation: '10' });
    await till2.call('saveSettings', { paymentMethods: (await methodsAt(till2)).map((m) => (m.code === 'yape' ? { ...m, label: 'Yape QR' } : m)) });

    await shop.setOnline(till2, db, 'Caja 2', true);
    // Lucía (new, nobody else touched her) reaches the office; everything the office decided holds at both tills.
    await waitFor(async () => (await userAt(office, 'Lucía Nueva')) !== undefined && (await priceAt(till2, 'A001')) === '6.25', 30_000);
    expect((await userAt(till2, 'Pedro Cajero'))?.active).toBe(false);
    expect((await userAt(office, 'Pedro Cajero'))?.active).toBe(false);
    expect((await till2.call<Cashier[]>('listCashiers')).map((c) => c.name)).not.toContain('Pedro Cajero');
    await expect(till2.call('login', { userId: pedro2.id, pin: '9999' })).rejects.toThrow(/desactivado/);
    expect(await priceAt(office, 'A001')).toBe('6.25');
    expect((await methodsAt(till2)).find((m) => m.code === 'plin')?.active).toBe(false);
    expect((await methodsAt(till2)).find((m) => m.code === 'yape')?.label).toBe('Yape');
    const staff = (await pool.query<{ name: string; active: boolean }>('SELECT name, active FROM staff ORDER BY name')).rows;
    expect(staff).toEqual([{ name: 'Lucía Nueva', active: true }, { name: 'Pedro Cajero', active: false }, { name: 'Rosa Dueña', active: true }]);

    // The office sees what till 2 wanted and why it was not applied; no PIN hash leaves the staff table.
    const rosa1 = (await office.call<Cashier[]>('listCashiers')).find((c) => c.name === 'Rosa Dueña')!;
    await office.call('login', { userId: rosa1.id, pin: '246810' });
    const unapplied = await office.call<UnappliedChange[]>('listUnappliedChanges');
    expect(unapplied.map((u) => [u.kind, u.record, u.terminal]).sort()).toEqual([
      ['Ajuste', 'Medios de pago', 'Caja 2'], ['Persona', 'Pedro Cajero', 'Caja 2'], ['Producto', 'A001', 'Caja 2'],
    ]);
    expect(unapplied.find((u) => u.kind === 'Producto')?.wanted).toContain('precio S/ 4.1');
    expect(unapplied.find((u) => u.kind === 'Persona')?.wanted).toContain('PIN cambiado');
    expect(unapplied.find((u) => u.kind === 'Ajuste')?.wanted).toContain('Yape QR');
    const raw = JSON.stringify((await pool.query('SELECT wanted FROM unapplied_changes')).rows);
    expect(raw).not.toMatch(/pinHash|pinSalt/);
  }), 60_000);

  it('"precio libre" set at the office reaches the other till, and unset too (server 0011)', async () => {
    const { name: db, pool } = await shop.freshDatabase();
    const freeAt = (r: Rig, code: string) => r.core.db.sqlite.prepare('SELECT free_price FROM products WHERE code = ?').pluck().get(code) as number | undefined;
    try {
      const office = await shop.till(db, 'Oficina');
      const till2 = await shop.till(db, 'Caja 2', 'B002');
      await office.call('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' });
      const product = { code: 'PAN1', description: 'Pan a granel', unit: 'KGM', price: '8.00', affectation: '10' };
      await office.call('saveProduct', { ...product, freePrice: true });
      await waitFor(async () => freeAt(till2, 'PAN1') === 1);
      expect((await pool.query('SELECT free_price FROM products WHERE code = $1', ['PAN1'])).rows).toEqual([{ free_price: true }]);
      await office.call('saveProduct', { ...product, originalCode: 'PAN1', freePrice: false });
      await waitFor(async () => freeAt(till2, 'PAN1') === 0);
    } finally {
      await pool.end();
    }
  }, 60_000);

  it('a category set at the office reaches the other till, a CSV import\'s too, and an edit there keeps it (server 0018)', async () => {
    const { name: db, pool } = await shop.freshDatabase();
    const categoryAt = (r: Rig, code: string) => r.core.db.sqlite.prepare('SELECT category FROM products WHERE code = ?').pluck().get(code) as string | undefined;
    try {
      const office = await shop.till(db, 'Oficina');
      const till2 = await shop.till(db, 'Caja 2', 'B002');
      await office.call('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' });
      const milk = { code: 'L001', description: 'Leche Gloria 400 g', unit: 'NIU', price: '4.20', affectation: '10' };
      await office.call('saveProduct', { ...milk, category: ' Lácteos ' });
      await office.call('importProducts', { csv: 'codigo,descripcion,unidad,precio,afectacion,categoria\r\nB001,Inca Kola 500 ml,NIU,2.50,10,Bebidas\r\n' });
      await waitFor(async () => categoryAt(till2, 'L001') === 'Lácteos' && categoryAt(till2, 'B001') === 'Bebidas');
      expect((await pool.query("SELECT code, category FROM products WHERE code IN ('B001', 'L001') ORDER BY code")).rows).toEqual([
        { code: 'B001', category: 'Bebidas' }, { code: 'L001', category: 'Lácteos' },
      ]);
      expect(await office.call('listProductCategories', {})).toEqual(['Bebidas', 'Lácteos']);
      // A price change made by a caller that leaves the category out keeps it, here and at the other till.
      await office.call('importProducts', { csv: 'codigo,descripcion,unidad,precio,afectacion\r\nL001,Leche Gloria 400 g,NIU,4.40,10\r\n' });
      await waitFor(async () => (await priceAt(till2, 'L001')) === '4.4');
      expect(categoryAt(till2, 'L001')).toBe('Lácteos');
      await office.call('saveProduct', { ...milk, price: '4.40', originalCode: 'L001', category: '' });
      await waitFor(async () => categoryAt(till2, 'L001') === '');
    } finally {
      await pool.end();
    }
  }, 60_000);

  it('a deactivation made at an offline till wins over the office renaming the same person meanwhile', () => officeAndTill2(async ({ db, office, till2 }) => {
    await office.call('saveUser', { name: 'Pedro Cajero', role: 'cajero', pin: '123456' });
    await waitFor(async () => (await userAt(till2, 'Pedro Cajero')) !== undefined && (await userAt(till2, 'Rosa Dueña')) !== undefined);
    await till2.call('login', { userId: (await userAt(till2, 'Rosa Dueña'))!.id, pin: '246810' });
    await shop.setOnline(till2, db, 'Caja 2', false);
    const atOffice = (await userAt(office, 'Pedro Cajero'))!;
    await office.call('saveUser', { id: atOffice.id, name: 'Pedro Cajero', role: 'supervisor', active: true });
    const at2 = (await userAt(till2, 'Pedro Cajero'))!;
    await till2.call('saveUser', { id: at2.id, name: 'Pedro Cajero', role: 'cajero', active: false });
    await shop.setOnline(till2, db, 'Caja 2', true);
    // The office's promotion was a security change too, made after till 2's base: the deactivation still wins.
    await waitFor(async () => (await userAt(office, 'Pedro Cajero'))?.active === false, 30_000);
    expect((await userAt(till2, 'Pedro Cajero'))?.active).toBe(false);
  }), 60_000);

  it('a wait started by wrong PINs at one till holds at the others; an unlock at one ends it everywhere', () => officeAndTill2(async ({ office, till2 }) => {
    await office.call('saveUser', { name: 'Pedro Cajero', role: 'cajero', pin: '1234' });
    await waitFor(async () => (await userAt(till2, 'Pedro Cajero')) !== undefined);
    const pedroAt = async (r: Rig) => (await userAt(r, 'Pedro Cajero'))!.id;
    await office.call('lock');
    for (let i = 0; i < 5; i++) expect((await office.raw('login', { userId: await pedroAt(office), pin: '0000' })).ok).toBe(false);
    expect(await office.raw('login', { userId: await pedroAt(office), pin: '1234' })).toMatchObject({ ok: false, error: { code: 'throttled' } });
    // Till 2 hears of the wait: the right PIN is refused there too, instead of five more guesses.
    await waitFor(async () => {
      const r = await till2.raw('login', { userId: await pedroAt(till2), pin: '9999' });
      return !r.ok && r.error.code === 'throttled';
    }, 20_000);
    expect(await till2.raw('login', { userId: await pedroAt(till2), pin: '1234' })).toMatchObject({ ok: false, error: { code: 'throttled' } });
    // The administrator unlocks him at the office: he signs in at till 2.
    await office.call('login', { userId: (await userAt(office, 'Rosa Dueña'))!.id, pin: '246810' });
    await office.call('unlockUser', { userId: await pedroAt(office) });
    await waitFor(async () => (await till2.raw('login', { userId: await pedroAt(till2), pin: '1234' })).ok, 20_000);
  }), 60_000);
});
