// Failure 7: the sign-in's lockout is kept in SQLite and escalates (1 min, 5 min, 30 min, then only an
// administrator), a clock set back never lengthens a wait, Ajustes can require 6-digit PINs, and a PIN hashed with
// older parameters is hashed again at its next sign-in.
import { scryptSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { setPinHashParamsForTests } from '../../../electron/core/users/pin-hash';
import type { Session, User, UserListEntry } from '../../../shared/bridge';
import { CHEAP_PIN_HASH } from '../../support/cheap-pin-hash';
import { startRig, useRigs, type Rig } from './harness';

const rig = useRigs();

/** A clock the test moves by hand. */
function handClock(start = Date.parse('2026-11-25T15:00:00.000Z')) {
  let t = start;
  return { now: () => new Date(t), advance: (ms: number) => (t += ms), set: (ms: number) => (t = ms), at: () => t };
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

async function staffed(r: Rig) {
  const admin = (await r.call<Session>('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' })).user!;
  const cajero = await r.call<User>('saveUser', { name: 'Luis Cajero', role: 'cajero', pin: '1234' });
  await r.call('lock');
  return { admin, cajero };
}

async function wrongPins(r: Rig, userId: number, times: number) {
  const results = [];
  for (let i = 0; i < times; i++) results.push(await r.raw('login', { userId, pin: '0000' }));
  return results;
}

const lockoutRow = (r: Rig, userId: number) =>
  r.core.db.sqlite.prepare('SELECT failures, level, wait_started_at, wait_ms FROM pin_lockouts WHERE user_id = ?').get(userId) as
    | { failures: number; level: number; wait_started_at: number | null; wait_ms: number }
    | undefined;

describe('the sign-in lockout', () => {
  it('survives a restart: the fifth wrong PIN starts a wait that the reopened till still enforces', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-pin-'));
    const clock = handClock();
    try {
      const first = await startRig({ dataDir, core: { now: clock.now } });
      const { cajero } = await staffed(first);
      const results = await wrongPins(first, cajero.id, 5);
      expect(results.every((res) => !res.ok)).toBe(true);
      expect(await first.raw('login', { userId: cajero.id, pin: '1234' })).toMatchObject({ ok: false, error: { code: 'throttled' } });
      await first.dispose();

      clock.advance(10 * SECOND);
      const again = await startRig({ dataDir, core: { now: clock.now } });
      try {
        expect(await again.raw('login', { userId: cajero.id, pin: '1234' })).toMatchObject({
          ok: false,
          error: { code: 'throttled', message: 'Demasiados intentos fallidos: espere 50 s e intente de nuevo.' },
        });
        clock.advance(51 * SECOND);
        await again.call('login', { userId: cajero.id, pin: '1234' });
        // The correct PIN cleared it.
        expect(lockoutRow(again, cajero.id)).toMatchObject({ failures: 0, level: 0, wait_started_at: null });
      } finally {
        await again.dispose();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('escalates 1 min, 5 min, 30 min, then only an administrator unlocks (Ajustes → Usuarios: Desbloquear)', async () => {
    const clock = handClock();
    const r = await rig({ core: { now: clock.now } });
    const { admin, cajero } = await staffed(r);

    const waits = ['60 s', '5 min', '30 min'];
    const lengths = [1 * MINUTE, 5 * MINUTE, 30 * MINUTE];
    for (const [i, wait] of waits.entries()) {
      const results = await wrongPins(r, cajero.id, 5);
      expect(results[4]).toMatchObject({ ok: false, error: { code: 'throttled', message: `Demasiados intentos fallidos: espere ${wait} e intente de nuevo.` } });
      // Tries during the wait are refused without counting.
      expect(await r.raw('login', { userId: cajero.id, pin: '1234' })).toMatchObject({ ok: false, error: { code: 'throttled' } });
      clock.advance(lengths[i]! + SECOND);
    }
    const last = await wrongPins(r, cajero.id, 5);
    const lockedOut = {
      ok: false,
      error: { code: 'locked_out', message: 'Demasiados intentos fallidos: Luis Cajero quedó bloqueado. Un administrador debe desbloquearlo en Ajustes → Usuarios.' },
    };
    expect(last[4]).toMatchObject(lockedOut);
    clock.advance(24 * 60 * MINUTE);
    expect(await r.raw('login', { userId: cajero.id, pin: '1234' })).toMatchObject(lockedOut);

    await r.call('login', { userId: admin.id, pin: '246810' });
    const listed = (await r.call<UserListEntry[]>('listUsers')).find((u) => u.id === cajero.id)!;
    expect(listed.lockout).toEqual({ level: 4, waitSeconds: 0, needsAdmin: true });
    expect((await r.call<UserListEntry>('unlockUser', { userId: cajero.id })).lockout).toBeNull();
    await r.call('lock');
    await r.call('login', { userId: cajero.id, pin: '1234' });
    // Only an administrator may unlock.
    expect(await r.raw('unlockUser', { userId: admin.id })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  }, 60_000);

  it('a supervisor\'s approval counts the same: wrong PINs at a cash out lock the supervisor\'s sign-in too', async () => {
    const clock = handClock();
    const r = await rig({ core: { now: clock.now } });
    await r.call<Session>('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' });
    const cajero = await r.call<User>('saveUser', { name: 'Luis Cajero', role: 'cajero', pin: '1234' });
    const supervisor = await r.call<User>('saveUser', { name: 'Ana Supervisora', role: 'supervisor', pin: '567890' });
    await r.call('lock');
    await r.call('login', { userId: cajero.id, pin: '1234' });
    await r.call('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '100' });
    const cashOut = (pin: string) => r.raw('addCashMovement', { clientKey: crypto.randomUUID(), kind: 'out', amount: '5', reason: 'Pago de agua', approval: { userId: supervisor.id, pin } });
    for (let i = 0; i < 4; i++) expect(await cashOut('0000')).toMatchObject({ ok: false, error: { code: 'auth' } });
    expect(await cashOut('0000')).toMatchObject({ ok: false, error: { code: 'throttled', message: 'Demasiados intentos fallidos: espere 60 s e intente de nuevo.' } });
    expect(await cashOut('567890')).toMatchObject({ ok: false, error: { code: 'throttled' } });
    await r.call('lock');
    expect(await r.raw('login', { userId: supervisor.id, pin: '567890' })).toMatchObject({ ok: false, error: { code: 'throttled' } });
  });

  it('a clock set back never makes a wait longer than its length', async () => {
    const clock = handClock();
    const r = await rig({ core: { now: clock.now } });
    const { cajero } = await staffed(r);
    await wrongPins(r, cajero.id, 5);
    const startedAt = clock.at();
    clock.advance(-60 * MINUTE);
    expect(await r.raw('login', { userId: cajero.id, pin: '1234' })).toMatchObject({
      ok: false,
      error: { code: 'throttled', message: 'Demasiados intentos fallidos: espere 60 s e intente de nuevo.' },
    });
    // The wait now starts at the earlier time, for good.
    expect(lockoutRow(r, cajero.id)).toMatchObject({ level: 1, wait_started_at: startedAt - 60 * MINUTE, wait_ms: MINUTE });
    clock.advance(61 * SECOND);
    await r.call('login', { userId: cajero.id, pin: '1234' });
  });

  it('Ajustes can require 6-digit PINs: new and changed PINs need 6, a 4-digit one still signs in and is listed', async () => {
    const r = await rig();
    const { cajero } = await staffed(r);
    await r.call('login', { userId: (await r.call<{ id: number; name: string }[]>('listCashiers')).find((u) => u.name === 'Rosa Dueña')!.id, pin: '246810' });
    await r.call('saveSettings', { pins: { sixDigits: true } });
    const refused = { ok: false, error: { code: 'validation', message: 'Ajustes exige PIN de 6 dígitos: ingrese un PIN de 6 dígitos.', fields: [{ path: 'pin', message: 'El PIN debe tener 6 dígitos' }] } };
    expect(await r.raw('saveUser', { name: 'Nueva Cajera', role: 'cajero', pin: '4321' })).toMatchObject(refused);
    expect(await r.raw('saveUser', { id: cajero.id, name: 'Luis Cajero', role: 'cajero', pin: '5555' })).toMatchObject(refused);
    const listed = (await r.call<UserListEntry[]>('listUsers')).find((u) => u.id === cajero.id)!;
    expect(listed.pinDigits).toBe(4);
    await r.call('lock');
    await r.call('login', { userId: cajero.id, pin: '1234' });
    await r.call('lock');
    const admin = (await r.call<{ id: number; name: string }[]>('listCashiers')).find((u) => u.name === 'Rosa Dueña')!;
    await r.call('login', { userId: admin.id, pin: '246810' });
    await r.call('saveUser', { id: cajero.id, name: 'Luis Cajero', role: 'cajero', pin: '135790' });
    expect((await r.call<UserListEntry[]>('listUsers')).find((u) => u.id === cajero.id)!.pinDigits).toBe(6);
  });

  it('a PIN hashed with older parameters (no prefix, N = 2^15) signs in and is hashed again with today\'s', async () => {
    // A test of the hash itself: at the production cost, not the suite's cheap one (tests/support/cheap-pin-hash.ts).
    setPinHashParamsForTests(undefined);
    onTestFinished(() => setPinHashParamsForTests(CHEAP_PIN_HASH));
    const r = await rig();
    await staffed(r);
    const salt = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const legacy = scryptSync('4826', salt, 32, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }).toString('hex');
    const at = new Date().toISOString();
    const id = Number(
      r.core.db.sqlite
        .prepare("INSERT INTO users (name, role, pin_hash, pin_salt, created_at, updated_at) VALUES ('Vieja Cajera', 'cajero', ?, ?, ?, ?)")
        .run(legacy, salt, at, at).lastInsertRowid,
    );
    const stored = () => r.core.db.sqlite.prepare('SELECT pin_hash, pin_salt FROM users WHERE id = ?').get(id) as { pin_hash: string; pin_salt: string };
    await r.call('login', { userId: id, pin: '4826' });
    const rehashed = stored();
    const params = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$[0-9a-f]{64}$/.exec(rehashed.pin_hash);
    expect(params, rehashed.pin_hash).not.toBeNull();
    expect(Number(params![1])).toBeGreaterThan(32768);
    expect(rehashed.pin_salt).not.toBe(salt);
    await r.call('lock');
    await r.call('login', { userId: id, pin: '4826' });
    expect(await r.raw('login', { userId: id, pin: '4827' })).toMatchObject({ ok: false, error: { code: 'auth' } });
    // Learned at the sign-in: its digit count is known now.
    await r.call('login', { userId: (await r.call<{ id: number; name: string }[]>('listCashiers')).find((u) => u.name === 'Rosa Dueña')!.id, pin: '246810' });
    expect((await r.call<UserListEntry[]>('listUsers')).find((u) => u.id === id)!.pinDigits).toBe(4);
  });

  it('a stored hash with absurd parameters matches nothing (a crafted staff row cannot make the till hash for minutes)', async () => {
    const r = await rig();
    const { cajero } = await staffed(r);
    for (const params of ['1073741824$8$1', '1048576$16$4', '262144$16$1']) {
      r.core.db.sqlite.prepare('UPDATE users SET pin_hash = ? WHERE id = ?').run(`scrypt$${params}$${'ab'.repeat(32)}`, cajero.id);
      const started = Date.now();
      expect(await r.raw('login', { userId: cajero.id, pin: '1234' })).toMatchObject({ ok: false, error: { code: 'auth' } });
      expect(Date.now() - started, params).toBeLessThan(3_000);
    }
  });
});
