// The one conflict rule for shared records, row by row, as the server applies it (caja_put_record in
// migrations/server/0008_least_privilege.sql). Called here as the office (the owner); the tills' limits are in
// least-privilege.test.ts.
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateServer } from '../../../electron/core/server';
import { poolOn, startPgCluster, type PgCluster } from './pg-cluster';

let cluster: PgCluster;
let pool: pg.Pool;
beforeAll(async () => {
  cluster = await startPgCluster();
  const admin = poolOn(cluster);
  await admin.query('CREATE DATABASE rule');
  await admin.end();
  pool = poolOn(cluster, 'rule');
  await migrateServer(pool, path.resolve(__dirname, '../../../migrations/server'));
}, 60_000);
afterAll(async () => {
  await pool?.end();
  cluster?.destroy();
});

type Put = { version: number; value: Record<string, unknown>; own: boolean };
async function put(kind: string, key: string, base: number | null, wanted: unknown): Promise<Put> {
  const r = await pool.query<{ version: string; value: Record<string, unknown>; own: boolean }>('SELECT version, value, own FROM caja_put_record($1, $2, $3, $4, $5)', [
    kind, key, base, wanted === null ? null : JSON.stringify(wanted), 'Caja 2',
  ]);
  const row = r.rows[0]!;
  return { version: Number(row.version), value: row.value, own: row.own };
}
const reasonOf = async (key: string) => (await pool.query<{ reason: string }>('SELECT reason FROM unapplied_changes WHERE key = $1 ORDER BY id DESC LIMIT 1', [key])).rows[0]?.reason;

const product = { description: 'Arroz', unit: 'KGM', price: '5', affectation: '10', bag: false, active: true, wholeUnits: null };
const person = (name: string, over: Record<string, unknown> = {}) => ({ name, role: 'cajero', pinHash: 'h1', pinSalt: 's1', active: true, ...over });

describe('caja_put_record: products and settings', () => {
  it('applies a new record and an edit made on the current version; keeps the server record when it moved on', async () => {
    const v1 = await put('product', 'P1', null, product);
    expect(v1.own).toBe(true);
    const v2 = await put('product', 'P1', v1.version, { ...product, price: '6' });
    expect(v2).toMatchObject({ own: true, value: { price: '6' } });
    const stale = await put('product', 'P1', v1.version, { ...product, price: '4' });
    expect(stale).toMatchObject({ own: false, version: v2.version, value: { price: '6' } });
    expect(await reasonOf('P1')).toMatch(/^El registro cambió en el servidor/);
    // The same value again is nothing to do, whatever its base.
    expect(await put('product', 'P1', null, { ...product, price: '6' })).toMatchObject({ own: false, version: v2.version });
    const s1 = await put('setting', 'company', null, { name: 'A' });
    expect(await put('setting', 'company', null, { name: 'B' })).toMatchObject({ own: false, version: s1.version, value: { name: 'A' } });
  });
});

describe('caja_put_record: staff, where security changes win', () => {
  it('a deactivation made meanwhile is never undone by a stale edit', async () => {
    const v1 = await put('user', 'pedro', null, person('Pedro'));
    const off = await put('user', 'pedro', v1.version, person('Pedro', { active: false }));
    const back = await put('user', 'pedro', v1.version, person('Pedro', { pinHash: 'h9', pinSalt: 's9' }));
    expect(back).toMatchObject({ own: false, version: off.version, value: { active: false, pinHash: 'h1' } });
    expect(await reasonOf('pedro')).toMatch(/desactivada en otra caja/);
  });

  it('a PIN, role or active change wins over a concurrent edit that left them alone', async () => {
    const v1 = await put('user', 'ana', null, person('Ana'));
    const renamed = await put('user', 'ana', v1.version, person('Ana María'));
    const pin = await put('user', 'ana', v1.version, person('Ana', { pinHash: 'h2', pinSalt: 's2' }));
    expect(pin).toMatchObject({ own: false, value: { name: 'Ana María', pinHash: 'h2' } });
    expect(pin.version).toBeGreaterThan(renamed.version);
    // The unapplied rest (the old name) is listed, without the PIN's hash.
    const wanted = (await pool.query<{ wanted: Record<string, unknown> }>("SELECT wanted FROM unapplied_changes WHERE key = 'ana'")).rows[0]?.wanted;
    expect(wanted).toMatchObject({ name: 'Ana', pinChanged: true });
    expect(wanted).not.toHaveProperty('pinHash');
  });

  it('a deactivation from an offline till wins even over a newer security change; a promotion never does', async () => {
    const v1 = await put('user', 'luis', null, person('Luis'));
    const promoted = await put('user', 'luis', v1.version, person('Luis', { role: 'supervisor' }));
    const off = await put('user', 'luis', v1.version, person('Luis', { active: false }));
    expect(off).toMatchObject({ own: false, value: { role: 'supervisor', active: false } });
    expect(off.version).toBeGreaterThan(promoted.version);
    const v = await put('user', 'rosa', null, person('Rosa'));
    const demoted = await put('user', 'rosa', v.version, person('Rosa', { role: 'cajero', pinHash: 'h5' }));
    expect(await put('user', 'rosa', v.version, person('Rosa', { role: 'administrador' }))).toMatchObject({ own: false, version: demoted.version, value: { role: 'cajero' } });
  });

  it('a retired name (renamed at a till) is deactivated', async () => {
    await put('user', 'jose', null, person('Jose'));
    expect(await put('user', 'jose', null, null)).toMatchObject({ value: { active: false } });
  });
});
