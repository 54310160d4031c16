// A supervisor's approval at the till starts on the only supervisor. Whoever types a PIN there may be someone else
// who did not look at the name (another supervisor, or the cashier guessing), so a wrong PIN over that preselected
// name is charged to the till's own tally, as at the sign-in, never to the supervisor shown; a name picked on purpose
// still counts against that person.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Session, User } from '../../../shared/bridge';
import { useRigs, type Rig } from './harness';

const rig = useRigs();

function handClock(start = Date.parse('2026-11-25T15:00:00.000Z')) {
  let t = start;
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) };
}

async function staffed(r: Rig) {
  const admin = (await r.call<Session>('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' })).user!;
  const supervisor = await r.call<User>('saveUser', { name: 'Ana Supervisora', role: 'supervisor', pin: '567890' });
  const luis = await r.call<User>('saveUser', { name: 'Luis Cajero', role: 'cajero', pin: '1234' });
  await r.call('lock');
  await r.call('login', { userId: luis.id, pin: '1234' });
  return { admin, supervisor, luis };
}

const lockoutOf = (r: Rig, userId: number) =>
  (r.core.db.sqlite.prepare('SELECT failures, level FROM pin_lockouts WHERE user_id = ?').get(userId) as { failures: number; level: number } | undefined) ?? {
    failures: 0,
    level: 0,
  };

const ret = (approval: { userId: number; pin: string; preselected?: true }) => ({ action: 'return', approval });

describe('a PIN typed over the preselected supervisor of an approval', () => {
  it('is never charged to the supervisor shown: five wrong PINs leave her free to approve', async () => {
    const r = await rig({ core: { now: handClock().now } });
    const { supervisor } = await staffed(r);
    for (let i = 0; i < 4; i++) {
      expect(await r.raw('checkApproval', ret({ userId: supervisor.id, pin: '000000', preselected: true }))).toMatchObject({
        ok: false,
        error: { code: 'auth', message: 'PIN incorrecto para Ana Supervisora. Si no es Ana Supervisora quien autoriza, elija quién autoriza.' },
      });
    }
    expect(await r.raw('checkApproval', ret({ userId: supervisor.id, pin: '000000', preselected: true }))).toMatchObject({
      ok: false,
      error: { code: 'throttled', message: 'Demasiados PIN incorrectos con el nombre ya elegido: elija quién autoriza en la lista, o espere 60 s.' },
    });
    expect(lockoutOf(r, supervisor.id)).toEqual({ failures: 0, level: 0 });
    // While the till waits, the preselected name is refused even with the right PIN; picked on purpose, she approves.
    expect(await r.raw('checkApproval', ret({ userId: supervisor.id, pin: '567890', preselected: true }))).toMatchObject({ ok: false, error: { code: 'throttled' } });
    expect(await r.call('checkApproval', ret({ userId: supervisor.id, pin: '567890' }))).toEqual({ id: supervisor.id, name: 'Ana Supervisora' });
  });

  it('a cash withdrawal follows the same rule', async () => {
    const r = await rig({ core: { now: handClock().now } });
    const { supervisor } = await staffed(r);
    await r.call('openCashSession', { openingFloat: '50', clientKey: randomUUID() });
    for (const code of ['auth', 'auth', 'auth', 'auth', 'throttled']) {
      const out = { kind: 'out', amount: '10', reason: 'Pago a proveedor', approval: { userId: supervisor.id, pin: '111111', preselected: true }, clientKey: randomUUID() };
      expect(await r.raw('addCashMovement', out)).toMatchObject({ ok: false, error: { code } });
    }
    expect(lockoutOf(r, supervisor.id)).toEqual({ failures: 0, level: 0 });
  });

  it('a supervisor picked on purpose still counts against her', async () => {
    const r = await rig();
    const { supervisor } = await staffed(r);
    for (let i = 0; i < 5; i++) await r.raw('checkApproval', ret({ userId: supervisor.id, pin: '000000' }));
    expect(lockoutOf(r, supervisor.id)).toEqual({ failures: 0, level: 1 });
  });

  it('only the approval\'s own preselection may be claimed: another name is refused before any PIN is checked', async () => {
    const r = await rig();
    const { admin } = await staffed(r);
    // With one supervisor on the floor the approval starts on her, not on the owner.
    expect(await r.raw('checkApproval', ret({ userId: admin.id, pin: '000000', preselected: true }))).toMatchObject({
      ok: false,
      error: { code: 'validation', message: 'Elija quién autoriza en la lista.' },
    });
    expect(lockoutOf(r, admin.id)).toEqual({ failures: 0, level: 0 });
  });
});
