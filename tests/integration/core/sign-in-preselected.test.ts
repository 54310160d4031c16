// The sign-in starts on the last person who held this till. Someone else who walks up and types their own PIN over
// that name did not pick it: the core never charges such a PIN to the person shown. A wrong PIN typed over a
// preselected name counts against the till's own tally (with the same waits, never "administrator only"), and a
// name picked on purpose counts against that person as before.
import { describe, expect, it } from 'vitest';
import type { Session, User, UserListEntry } from '../../../shared/bridge';
import { useRigs, type Rig } from './harness';

const rig = useRigs();
const SECOND = 1000;
const MINUTE = 60 * SECOND;

function handClock(start = Date.parse('2026-11-25T15:00:00.000Z')) {
  let t = start;
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) };
}

async function staffed(r: Rig) {
  const admin = (await r.call<Session>('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' })).user!;
  const ana = await r.call<User>('saveUser', { name: 'Ana Cajera', role: 'cajero', pin: '5678' });
  const luis = await r.call<User>('saveUser', { name: 'Luis Cajero', role: 'cajero', pin: '1234' });
  await r.call('lock');
  return { admin, ana, luis };
}

const lockoutOf = (r: Rig, userId: number) =>
  r.core.db.sqlite.prepare('SELECT failures, level FROM pin_lockouts WHERE user_id = ?').get(userId) as { failures: number; level: number } | undefined;

const cashiers = (r: Rig) => r.call<{ id: number; name: string; lastHere?: true }[]>('listCashiers');

describe('a PIN typed over a preselected name', () => {
  it('is never charged to the person shown: five wrong PINs over the administrator leave her untouched', async () => {
    const clock = handClock();
    const r = await rig({ core: { now: clock.now } });
    const { admin, ana } = await staffed(r);
    // The administrator held the till last: the sign-in screen starts on her.
    expect((await cashiers(r)).filter((c) => c.lastHere).map((c) => c.id)).toEqual([admin.id]);

    // Ana types her own PIN over Rosa's name, five times.
    for (let i = 0; i < 4; i++) {
      expect(await r.raw('login', { userId: admin.id, pin: '5678', preselected: true })).toMatchObject({
        ok: false,
        error: { code: 'auth', message: 'PIN incorrecto para Rosa Dueña. Si usted no es Rosa Dueña, elija su nombre.' },
      });
    }
    expect(await r.raw('login', { userId: admin.id, pin: '5678', preselected: true })).toMatchObject({
      ok: false,
      error: { code: 'throttled', message: 'Demasiados PIN incorrectos con el nombre ya elegido: elija su nombre en la lista, o espere 60 s.' },
    });
    expect(lockoutOf(r, admin.id) ?? { failures: 0, level: 0 }).toEqual({ failures: 0, level: 0 });
    // During the till's wait the preselected name is refused without a PIN check, even the right PIN...
    expect(await r.raw('login', { userId: admin.id, pin: '246810', preselected: true })).toMatchObject({ ok: false, error: { code: 'throttled' } });
    // ...but a name picked on purpose signs in at once: Ana, and Rosa herself.
    await r.call('login', { userId: ana.id, pin: '5678' });
    await r.call('lock');
    await r.call('login', { userId: admin.id, pin: '246810' });
    const listed = await r.call<UserListEntry[]>('listUsers');
    expect(listed.every((u) => u.lockout === null)).toBe(true);
  });

  it('a name picked on purpose still counts against that person', async () => {
    const r = await rig();
    const { luis } = await staffed(r);
    for (let i = 0; i < 5; i++) await r.raw('login', { userId: luis.id, pin: '0000' });
    expect(lockoutOf(r, luis.id)).toEqual({ failures: 0, level: 1 });
  });

  it('only the till\'s last person may be claimed as preselected, and a sign-in moves that to whoever signed in', async () => {
    const clock = handClock();
    const r = await rig({ core: { now: clock.now } });
    const { admin, ana, luis } = await staffed(r);
    // A preselection the core did not make is refused before any PIN is checked: nobody is charged.
    expect(await r.raw('login', { userId: luis.id, pin: '0000', preselected: true })).toMatchObject({
      ok: false,
      error: { code: 'validation', message: 'Elija su nombre en la lista.' },
    });
    expect(lockoutOf(r, luis.id)).toBeUndefined();

    await r.call('login', { userId: ana.id, pin: '5678' });
    await r.call('lock');
    expect((await cashiers(r)).filter((c) => c.lastHere).map((c) => c.id)).toEqual([ana.id]);
    // The administrator can no longer be tried over a preselection: the tally a cashier cleared by signing in gives
    // no new guesses at her.
    expect(await r.raw('login', { userId: admin.id, pin: '000000', preselected: true })).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect((await r.raw('login', { userId: ana.id, pin: '5678', preselected: true })).ok).toBe(true);
  });

  it('the till\'s tally never needs an administrator: after the waits it is a long wait that ends by itself', async () => {
    const clock = handClock();
    const r = await rig({ core: { now: clock.now } });
    const { admin } = await staffed(r);
    for (const wait of [1 * MINUTE, 5 * MINUTE, 30 * MINUTE]) {
      for (let i = 0; i < 5; i++) await r.raw('login', { userId: admin.id, pin: '000000', preselected: true });
      clock.advance(wait + SECOND);
    }
    for (let i = 0; i < 4; i++) await r.raw('login', { userId: admin.id, pin: '000000', preselected: true });
    expect(await r.raw('login', { userId: admin.id, pin: '000000', preselected: true })).toMatchObject({
      ok: false,
      error: { code: 'throttled', message: 'Demasiados PIN incorrectos con el nombre ya elegido: elija su nombre en la lista, o espere 4 h.' },
    });
    expect(lockoutOf(r, admin.id)).toBeUndefined();
    clock.advance(4 * 60 * MINUTE + SECOND);
    expect((await r.raw('login', { userId: admin.id, pin: '246810', preselected: true })).ok).toBe(true);
  }, 60_000);
});
