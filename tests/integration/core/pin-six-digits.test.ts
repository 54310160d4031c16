// Supervisors and administrators approve refunds, cash outs and discounts, and their PIN hashes can be read from a
// stolen staff table: their PINs have 6 digits. A new or changed PIN of theirs with fewer is refused; one kept from
// before the rule signs in, but the till asks for a new one before anything else.
import { describe, expect, it } from 'vitest';
import type { Session, User } from '../../../shared/bridge';
import { hashPin } from '../../../electron/core/users';
import { useRigs } from './harness';

const rig = useRigs();

describe('6-digit PINs for supervisors and administrators', () => {
  it('refuses a shorter PIN for a new administrator or supervisor, and a promotion that keeps one', async () => {
    const r = await rig();
    expect(await r.raw('createFirstAdmin', { name: 'Rosa Dueña', pin: '2468' })).toMatchObject({
      ok: false, error: { code: 'validation', message: expect.stringContaining('6 dígitos') },
    });
    await r.call<Session>('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' });
    expect(await r.raw('saveUser', { name: 'Ana Supervisora', role: 'supervisor', pin: '5678' })).toMatchObject({
      ok: false, error: { code: 'validation', message: expect.stringContaining('6 dígitos'), fields: [{ path: 'pin' }] },
    });
    const luis = await r.call<User>('saveUser', { name: 'Luis Cajero', role: 'cajero', pin: '1234' });
    expect(await r.raw('saveUser', { id: luis.id, name: 'Luis Cajero', role: 'supervisor', active: true })).toMatchObject({
      ok: false, error: { code: 'validation', message: expect.stringContaining('6 dígitos') },
    });
    expect(await r.call<User>('saveUser', { id: luis.id, name: 'Luis Cajero', role: 'supervisor', active: true, pin: '135790' })).toMatchObject({ role: 'supervisor' });
  });

  it("signs in a supervisor's older 4-digit PIN, then refuses everything until a 6-digit one replaces it", async () => {
    const r = await rig();
    await r.call<Session>('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' });
    // A supervisor from before the rule (as an older Caja, or the office, stored them).
    const old = await hashPin('5678');
    const ana = r.core.db.sqlite
      .prepare("INSERT INTO users (name, role, pin_hash, pin_salt, active, created_at, updated_at) VALUES ('Ana Supervisora', 'supervisor', ?, ?, 1, '', '') RETURNING id")
      .pluck().get(old.hash, old.salt) as number;
    await r.call('lock');

    const session = await r.call<Session>('login', { userId: ana, pin: '5678' });
    expect(session).toMatchObject({ user: { name: 'Ana Supervisora' }, mustChangePin: true });
    expect(await r.call<Session>('getSession')).toMatchObject({ mustChangePin: true });
    expect(await r.raw('listDocuments', {})).toMatchObject({ ok: false, error: { code: 'pin_change_required', message: expect.stringContaining('cambie su PIN') } });
    expect(await r.raw('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '50' })).toMatchObject({ ok: false, error: { code: 'pin_change_required' } });
    // The new PIN: 6 digits, not the old one.
    expect(await r.raw('login', { userId: ana, pin: '5678', newPin: '1234' })).toMatchObject({ ok: false, error: { code: 'validation', fields: [{ path: 'newPin' }] } });
    const changed = await r.call<Session>('login', { userId: ana, pin: '5678', newPin: '567890' });
    expect(changed.user).toMatchObject({ name: 'Ana Supervisora' });
    expect(changed.mustChangePin).toBeUndefined();
    expect((await r.raw('listDocuments', {})).ok).toBe(true);
    await r.call('lock');
    expect(await r.raw('login', { userId: ana, pin: '5678' })).toMatchObject({ ok: false, error: { code: 'auth' } });
    expect(await r.call<Session>('login', { userId: ana, pin: '567890' })).not.toHaveProperty('mustChangePin');
  });

  it("a cashier's 4-digit PIN stays enough", async () => {
    const r = await rig();
    await r.call<Session>('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' });
    const luis = await r.call<User>('saveUser', { name: 'Luis Cajero', role: 'cajero', pin: '1234' });
    await r.call('lock');
    expect(await r.call<Session>('login', { userId: luis.id, pin: '1234' })).not.toHaveProperty('mustChangePin');
    expect((await r.raw('listDocuments', {})).ok).toBe(true);
  });
});
