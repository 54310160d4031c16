// Cashiers and roles, enforced by the core at the bridge (not only by the screens).
import { describe, expect, it } from 'vitest';
import type { DocumentDetail, DocumentSummary, Session, User } from '../../../shared/bridge';
import { anonymousBoleta, useRigs, type Rig } from './harness';

const rig = useRigs();

async function withStaff(r: Rig) {
  await r.call<Session>('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' });
  const cajero = await r.call<User>('saveUser', { name: 'Luis Cajero', role: 'cajero', pin: '1234' });
  const supervisor = await r.call<User>('saveUser', { name: 'Ana Supervisora', role: 'supervisor', pin: '567890' });
  await r.call('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '50' });
  await r.call('lock');
  return { cajero, supervisor };
}

describe('cashiers and roles', () => {
  it('before the first administrator the till is open; afterwards the first admin cannot be created twice', async () => {
    const r = await rig();
    expect(await r.call<Session>('getSession')).toEqual({ user: null, usersExist: false });
    await r.call('issueSale', anonymousBoleta());
    const session = await r.call<Session>('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' });
    expect(session).toMatchObject({ usersExist: true, user: { name: 'Rosa Dueña', role: 'administrador' } });
    expect(await r.raw('createFirstAdmin', { name: 'Otro', pin: '1111' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('a locked till refuses everything but signing in; a cashier sells, and the document records who', async () => {
    const r = await rig();
    const { cajero } = await withStaff(r);
    expect(await r.raw('issueSale', anonymousBoleta())).toMatchObject({ ok: false, error: { code: 'locked', message: 'La caja está bloqueada: ingrese con su PIN.' } });
    expect((await r.raw('getStatus')).ok).toBe(true);
    expect(await r.call('listCashiers')).toEqual(expect.arrayContaining([{ id: cajero.id, name: 'Luis Cajero', approver: null }]));
    expect(await r.raw('login', { userId: cajero.id, pin: '9999' })).toMatchObject({ ok: false, error: { code: 'auth', message: 'PIN incorrecto.' } });
    await r.call('login', { userId: cajero.id, pin: '1234' });
    const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    expect((await r.call<DocumentDetail>('getDocument', { id: doc.id })).cashierName).toBe('Luis Cajero');
  });

  it('a cashier is refused Ajustes, the token, products, backups, users and re-issuing, with a Spanish reason', async () => {
    const r = await rig();
    const { cajero } = await withStaff(r);
    await r.call('login', { userId: cajero.id, pin: '1234' });
    const refused = [
      ['saveSettings', { sale: { allowPriceChange: true } }],
      ['setToken', { token: 'abcdefghijk' }],
      ['saveProduct', { code: 'X1', description: 'Algo', unit: 'NIU', price: '1', affectation: '10' }],
      ['backupNow', {}],
      ['listUsers', {}],
      ['saveUser', { name: 'Intruso', role: 'administrador', pin: '0000' }],
      ['reissueDocument', { id: 1 }],
    ] as const;
    for (const [method, input] of refused) {
      const res = await r.raw(method, input);
      expect(res, method).toMatchObject({ ok: false, error: { code: 'forbidden', message: expect.stringMatching(/^No permitido: solo un (administrador|supervisor) puede hacer esto \(usted es cajero\)\.$/) } });
    }
    expect((await r.raw('listProducts', {})).ok).toBe(true);
  });

  it('a supervisor may re-issue but not change Ajustes; the last administrator stays one', async () => {
    const r = await rig();
    const { supervisor } = await withStaff(r);
    await r.call('login', { userId: supervisor.id, pin: '567890' });
    expect(await r.raw('reissueDocument', { clientKey: crypto.randomUUID(), id: 99 })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await r.raw('saveSettings', { sale: { allowPriceChange: true } })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    await r.call('lock');
    const admin = (await r.call<{ id: number; name: string }[]>('listCashiers')).find((u) => u.name === 'Rosa Dueña')!;
    await r.call('login', { userId: admin.id, pin: '246810' });
    expect(await r.raw('saveUser', { id: admin.id, name: 'Rosa Dueña', role: 'cajero' })).toMatchObject({ ok: false, error: { message: 'Debe quedar al menos un administrador activo.' } });
    // A switched-off user is signed out at once and cannot sign in.
    await r.call('saveUser', { id: supervisor.id, name: 'Ana Supervisora', role: 'supervisor', active: false });
    expect(await r.raw('login', { userId: supervisor.id, pin: '567890' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('PINs are stored as slow hashes, and five wrong PINs make the user wait', async () => {
    const r = await rig();
    const { cajero } = await withStaff(r);
    const rows = r.core.db.sqlite.prepare('SELECT pin_hash, pin_salt FROM users').all() as { pin_hash: string; pin_salt: string }[];
    for (const row of rows) {
      expect(row.pin_hash).toMatch(/^scrypt\$\d+\$8\$1\$[0-9a-f]{64}$/);
      expect(row.pin_hash).not.toContain('1234');
    }
    for (let i = 0; i < 5; i++) expect((await r.raw('login', { userId: cajero.id, pin: '0000' })).ok).toBe(false);
    expect(await r.raw('login', { userId: cajero.id, pin: '1234' })).toMatchObject({ ok: false, error: { code: 'throttled', message: expect.stringMatching(/^Demasiados intentos fallidos: espere \d+ s/) } });
  });
});
