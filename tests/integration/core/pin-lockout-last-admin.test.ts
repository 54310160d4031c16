// Wrong PINs must never lock the shop: the last administrator who could unlock anyone gets a long wait (4 h, started
// again by every 5 more wrong PINs) where other staff wait for an administrator's "Desbloquear".
import { describe, expect, it } from 'vitest';
import type { Session, User, UserListEntry } from '../../../shared/bridge';
import { ADMIN_LEVEL, LAST_ADMIN_WAIT_MS } from '../../../electron/core/users/lockout';
import { useRigs, type Rig } from './harness';

const rig = useRigs();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

function handClock(start = Date.parse('2026-11-25T15:00:00.000Z')) {
  let t = start;
  return { now: () => new Date(t), advance: (ms: number) => (t += ms), at: () => t };
}

async function wrongPins(r: Rig, userId: number, times: number) {
  const results = [];
  for (let i = 0; i < times; i++) results.push(await r.raw('login', { userId, pin: '0000' }));
  return results;
}

/** 15 wrong PINs through the 1, 5 and 30 minute waits, then 5 more: the fourth level. */
async function twentyWrong(r: Rig, clock: ReturnType<typeof handClock>, userId: number) {
  for (const wait of [1 * MINUTE, 5 * MINUTE, 30 * MINUTE]) {
    await wrongPins(r, userId, 5);
    clock.advance(wait + SECOND);
  }
  return wrongPins(r, userId, 5);
}

const lockoutRow = (r: Rig, userId: number) =>
  r.core.db.sqlite.prepare('SELECT level, wait_started_at, wait_ms FROM pin_lockouts WHERE user_id = ?').get(userId) as
    | { level: number; wait_started_at: number | null; wait_ms: number }
    | undefined;

describe('the lockout never locks the shop', () => {
  it('the only administrator waits 4 h after 20 wrong PINs, then signs in; 5 more wrong PINs start the wait again', async () => {
    const clock = handClock();
    const r = await rig({ core: { now: clock.now } });
    const admin = (await r.call<Session>('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' })).user!;
    await r.call('saveUser', { name: 'Luis Cajero', role: 'cajero', pin: '1234' });
    await r.call('lock');

    const last = await twentyWrong(r, clock, admin.id);
    expect(last[4]).toMatchObject({ ok: false, error: { code: 'throttled', message: 'Demasiados intentos fallidos: espere 4 h e intente de nuevo.' } });
    expect(lockoutRow(r, admin.id)).toEqual({ level: ADMIN_LEVEL, wait_started_at: clock.at(), wait_ms: LAST_ADMIN_WAIT_MS });
    clock.advance(HOUR);
    expect(await r.raw('login', { userId: admin.id, pin: '246810' })).toMatchObject({
      ok: false, error: { code: 'throttled', message: 'Demasiados intentos fallidos: espere 3 h e intente de nuevo.' },
    });
    clock.advance(3 * HOUR + SECOND);
    // 5 more wrong PINs: another long wait, never "only an administrator".
    const again = await wrongPins(r, admin.id, 5);
    expect(again[4]).toMatchObject({ ok: false, error: { code: 'throttled' } });
    clock.advance(LAST_ADMIN_WAIT_MS + SECOND);
    await r.call('login', { userId: admin.id, pin: '246810' });
    expect(lockoutRow(r, admin.id)).toMatchObject({ level: 0, wait_started_at: null });
  }, 60_000);

  it('an administrator\'s lock stored earlier (or reached while another administrator was there) ends by itself for the last one', async () => {
    const clock = handClock();
    const r = await rig({ core: { now: clock.now } });
    const admin = (await r.call<Session>('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' })).user!;
    await r.call('lock');
    // What an older version left: only an administrator unlocks, and there is no other.
    r.core.db.sqlite
      .prepare('INSERT INTO pin_lockouts (user_id, failures, level, wait_started_at, wait_ms, clears) VALUES (?, 0, ?, NULL, 0, 0)')
      .run(admin.id, ADMIN_LEVEL);
    expect(await r.raw('login', { userId: admin.id, pin: '246810' })).toMatchObject({ ok: false, error: { code: 'throttled' } });
    clock.advance(LAST_ADMIN_WAIT_MS + SECOND);
    await r.call('login', { userId: admin.id, pin: '246810' });
  });

  it('with a second administrator free to unlock, an administrator still waits for "Desbloquear"; other staff as before', async () => {
    const clock = handClock();
    const r = await rig({ core: { now: clock.now } });
    const rosa = (await r.call<Session>('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' })).user!;
    const pedro = await r.call<User>('saveUser', { name: 'Pedro Admin', role: 'administrador', pin: '135790' });
    const cajero = await r.call<User>('saveUser', { name: 'Luis Cajero', role: 'cajero', pin: '1234' });
    await r.call('lock');

    expect((await twentyWrong(r, clock, cajero.id))[4]).toMatchObject({ ok: false, error: { code: 'locked_out' } });
    expect((await twentyWrong(r, clock, rosa.id))[4]).toMatchObject({ ok: false, error: { code: 'locked_out' } });
    clock.advance(24 * HOUR);
    expect(await r.raw('login', { userId: rosa.id, pin: '246810' })).toMatchObject({ ok: false, error: { code: 'locked_out' } });
    // Now Pedro is the only administrator who could unlock: his fourth level is the long wait.
    expect((await twentyWrong(r, clock, pedro.id))[4]).toMatchObject({ ok: false, error: { code: 'throttled' } });
    clock.advance(LAST_ADMIN_WAIT_MS + SECOND);
    await r.call('login', { userId: pedro.id, pin: '135790' });
    const listed = await r.call<UserListEntry[]>('listUsers');
    expect(listed.find((u) => u.id === rosa.id)!.lockout).toEqual({ level: ADMIN_LEVEL, waitSeconds: 0, needsAdmin: true });
    expect(listed.find((u) => u.id === cajero.id)!.lockout).toEqual({ level: ADMIN_LEVEL, waitSeconds: 0, needsAdmin: true });
    await r.call('unlockUser', { userId: rosa.id });
    await r.call('lock');
    await r.call('login', { userId: rosa.id, pin: '246810' });
  }, 90_000);
});
