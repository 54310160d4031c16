// An honest administrator changes a cashier's PIN at a till (its own role on the server): with her PIN, which the
// server verifies against the credential the office set when she signed in there, the change reaches the other till;
// without it, or with a wrong one, it is only listed for the office and the other till keeps the PIN it knew.
import path from 'node:path';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrateServer } from '../../../electron/core/server';
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

const userId = (r: Rig, name: string) => (r.core.db.sqlite.prepare('SELECT id FROM users WHERE name = ?').pluck().get(name) as number | undefined) ?? null;
const signsIn = async (r: Rig, name: string, pin: string) => {
  const res = await r.raw('login', { userId: userId(r, name), pin });
  if (res.ok) await r.call('lock');
  return res.ok;
};

describe('a PIN changed at a till with its own role', () => {
  it('reaches the other till when the administrator gives her PIN for the server to verify', async () => {
    const { name: db, pool } = await shop.freshDatabase();
    try {
      await migrateServer(pool, path.resolve(__dirname, '../../../migrations/server'));
      const login = async (name: string) => {
        const password = `pw-${Math.random().toString(36).slice(2)}`;
        await admin.query(`CREATE ROLE ${db}_${name} LOGIN PASSWORD '${password}' IN ROLE caja_tills`);
        return { user: `${db}_${name}`, password };
      };
      const office = await shop.till(db, 'Oficina', 'B001');
      await office.call('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' });
      await office.call('saveUser', { name: 'Pedro Cajero', role: 'cajero', pin: '1234' });
      // Rosa's PIN, known at the office, became her credential on the server.
      await waitFor(async () => (await pool.query('SELECT 1 FROM admin_credentials WHERE staff_key = $1', ['rosa dueña'])).rowCount === 1, 20_000);
      const a = await shop.till(db, 'Caja A', 'B002', { login: await login('a') });
      const b = await shop.till(db, 'Caja B', 'B003', { login: await login('b') });
      await waitFor(async () => userId(a, 'Pedro Cajero') !== null && userId(b, 'Pedro Cajero') !== null, 20_000);

      await a.call('login', { userId: userId(a, 'Rosa Dueña'), pin: '246810' });
      const pedro = userId(a, 'Pedro Cajero')!;
      // A wrong administrator PIN: saved at till A only, said so.
      const wrong = await a.call<{ server?: { applied: boolean; message: string } }>('saveUser', { id: pedro, name: 'Pedro Cajero', role: 'cajero', pin: '5555', adminPin: '111111' });
      expect(wrong.server).toEqual({ applied: false, message: 'El servidor de la tienda no aceptó su PIN de administrador. No llega a las demás cajas: la oficina lo verá en «Cambios no aplicados».' });
      // Her PIN: the server applies it for every till.
      const saved = await a.call<{ server?: { applied: boolean; message: string } }>('saveUser', { id: pedro, name: 'Pedro Cajero', role: 'cajero', pin: '4321', adminPin: '246810' });
      expect(saved.server).toEqual({ applied: true, message: 'El servidor de la tienda verificó su PIN y aplicó el cambio en todas las cajas.' });
      await a.call('lock');
      await waitFor(async () => signsIn(b, 'Pedro Cajero', '4321'), 20_000);
      expect(await signsIn(b, 'Pedro Cajero', '1234')).toBe(false);
      expect((await pool.query<{ updated_by: string }>("SELECT updated_by FROM staff WHERE key = 'pedro cajero'")).rows[0]?.updated_by).toBe('Caja A (autorizó Rosa Dueña)');

      // Without her PIN, a change at till A stays there (listed for the office), as before.
      const listed = async () => Number((await pool.query<{ n: string }>("SELECT count(*) AS n FROM unapplied_changes WHERE key = 'pedro cajero'")).rows[0]!.n);
      await waitFor(async () => (await a.raw('getStatus')).ok && a.core.db.sqlite.prepare("SELECT count(*) FROM catalog_outbox WHERE kind = 'user'").pluck().get() === 0, 20_000);
      const before = await listed();
      await a.call('login', { userId: userId(a, 'Rosa Dueña'), pin: '246810' });
      const alone = await a.call<{ server?: unknown }>('saveUser', { id: pedro, name: 'Pedro Cajero', role: 'cajero', pin: '7777' });
      expect(alone.server).toBeUndefined();
      await a.call('lock');
      await waitFor(async () => (await listed()) > before, 20_000);
      expect(await signsIn(b, 'Pedro Cajero', '4321')).toBe(true);
      expect(await signsIn(b, 'Pedro Cajero', '7777')).toBe(false);
    } finally {
      await pool.end();
    }
  }, 120_000);
});
