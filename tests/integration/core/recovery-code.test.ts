// The owner's way back in when no administrator can sign in: the recovery code shown once when the first
// administrator is created. It sets a new PIN, ends the wait and signs the administrator in; it is spent, and a new
// one is shown. The till keeps only its hash.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Session, User } from '../../../shared/bridge';
import { useRigs, type Rig } from './harness';

const rig = useRigs();
const SECOND = 1000;
const MINUTE = 60 * SECOND;

function handClock(start = Date.parse('2026-11-25T15:00:00.000Z')) {
  let t = start;
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) };
}

type WithCode = Session & { recoveryCode: string };

/** 20 wrong PINs through the waits: the only administrator is in her long wait. */
async function lockOut(r: Rig, clock: ReturnType<typeof handClock>, userId: number) {
  for (const wait of [1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 0]) {
    for (let i = 0; i < 5; i++) await r.raw('login', { userId, pin: '000000' });
    clock.advance(wait + SECOND);
  }
}

describe('the recovery code', () => {
  it('lets the owner back in when the only administrator is locked out, once, and is kept only as a hash', async () => {
    const clock = handClock();
    const r = await rig({ core: { now: clock.now } });
    const first = await r.call<WithCode>('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' });
    expect(first.recoveryCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    const admin = first.user!;
    const cajero = await r.call<User>('saveUser', { name: 'Luis Cajero', role: 'cajero', pin: '1234' });
    await r.call('lock');
    await lockOut(r, clock, admin.id);
    expect(await r.raw('login', { userId: admin.id, pin: '246810' })).toMatchObject({ ok: false, error: { code: 'throttled' } });

    // A wrong code, a cashier, a short PIN: refused, nothing changes.
    expect(await r.raw('recoverAdmin', { userId: admin.id, code: 'AAAA-BBBB-CCCC-DDDD', newPin: '135790' })).toMatchObject({
      ok: false, error: { code: 'auth', message: 'Código de recuperación incorrecto.' },
    });
    expect(await r.raw('recoverAdmin', { userId: cajero.id, code: first.recoveryCode, newPin: '135790' })).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(await r.raw('recoverAdmin', { userId: admin.id, code: first.recoveryCode, newPin: '1357' })).toMatchObject({ ok: false, error: { code: 'validation' } });

    // Typed as it reads on paper, in lower case and without dashes: in at once, with a new PIN.
    const typed = first.recoveryCode.toLowerCase().replace(/-/g, ' ');
    const back = await r.call<WithCode>('recoverAdmin', { userId: admin.id, code: typed, newPin: '135790' });
    expect(back.user).toMatchObject({ id: admin.id, role: 'administrador' });
    expect(back.recoveryCode).not.toBe(first.recoveryCode);
    await r.call('lock');
    expect(await r.raw('login', { userId: admin.id, pin: '246810' })).toMatchObject({ ok: false, error: { code: 'auth' } });
    await r.call('login', { userId: admin.id, pin: '135790' });
    await r.call('lock');

    // Spent: the first code no longer works; the new one does.
    expect(await r.raw('recoverAdmin', { userId: admin.id, code: first.recoveryCode, newPin: '975310' })).toMatchObject({ ok: false, error: { code: 'auth' } });
    const again = await r.call<WithCode>('recoverAdmin', { userId: admin.id, code: back.recoveryCode, newPin: '975310' });

    // Only hashes on disk: neither code appears in the till's database.
    r.core.db.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const files = fs.readdirSync(r.dataDir).filter((f) => /\.(db|sqlite|db-wal)$/.test(f) || f.includes('caja'));
    const bytes = Buffer.concat(files.filter((f) => fs.statSync(path.join(r.dataDir, f)).isFile()).map((f) => fs.readFileSync(path.join(r.dataDir, f))));
    expect(bytes.length).toBeGreaterThan(0);
    for (const code of [first.recoveryCode, back.recoveryCode, again.recoveryCode]) {
      expect(bytes.includes(Buffer.from(code.replace(/-/g, '')))).toBe(false);
      expect(bytes.includes(Buffer.from(code))).toBe(false);
    }
    const row = r.core.db.sqlite.prepare('SELECT code_hash FROM recovery_code').get() as { code_hash: string };
    expect(row.code_hash).toMatch(/^scrypt\$/);
  }, 60_000);

  it('an administrator makes a new one in Ajustes: the one before stops working; a cashier may not', async () => {
    const r = await rig();
    const first = await r.call<WithCode>('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' });
    const cajero = await r.call<User>('saveUser', { name: 'Luis Cajero', role: 'cajero', pin: '1234' });
    const { code } = await r.call<{ code: string }>('newRecoveryCode');
    await r.call('lock');
    expect(await r.raw('recoverAdmin', { userId: first.user!.id, code: first.recoveryCode, newPin: '135790' })).toMatchObject({ ok: false, error: { code: 'auth' } });
    await r.call('login', { userId: cajero.id, pin: '1234' });
    expect(await r.raw('newRecoveryCode')).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    await r.call('lock');
    expect((await r.call<WithCode>('recoverAdmin', { userId: first.user!.id, code, newPin: '135790' })).user?.name).toBe('Rosa Dueña');
  });
});
