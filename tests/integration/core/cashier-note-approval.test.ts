// A return at the till by a cashier (F7): the note is a supervisor's, so the core asks for a supervisor's approval,
// checks the PIN before anything else (checkApproval, asked before the return starts, and again with the note), and
// refuses a cashier's or a wrong PIN; a supervisor signed in needs none.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DocumentSummary, Session, User } from '../../../shared/bridge';
import { anonymousBoleta, line, startRig, statusOf, useScratch } from './harness';

const scratch = useScratch('caja-note-approval-');

describe("a cashier's return needs a supervisor's PIN", () => {
  it('refused without it or with a wrong one, issued with it; checkApproval answers who approves', async () => {
    const r = await startRig({ shared: await scratch.sandbox(), dataDir: scratch.folder() });
    scratch.onCleanup(() => r.dispose());
    await r.call<Session>('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' });
    const cajero = await r.call<User>('saveUser', { name: 'Luis Cajero', role: 'cajero', pin: '1234' });
    const otro = await r.call<User>('saveUser', { name: 'Eva Cajera', role: 'cajero', pin: '4321' });
    const supervisor = await r.call<User>('saveUser', { name: 'Ana Supervisora', role: 'supervisor', pin: '567890' });
    await r.call('lock');
    await r.call('login', { userId: cajero.id, pin: '1234' });
    await r.call('openCashSession', { openingFloat: '50', clientKey: randomUUID() });
    const sale = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ lines: [line()], clientKey: randomUUID() }));
    await r.core.outbox.drain();
    expect(statusOf(r, sale.id)).toBe('accepted');

    expect(await r.raw('checkApproval', { action: 'return', approval: { userId: supervisor.id, pin: '000000' } })).toMatchObject({ ok: false });
    expect(await r.raw('checkApproval', { action: 'return', approval: { userId: otro.id, pin: '4321' } })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await r.call('checkApproval', { action: 'return', approval: { userId: supervisor.id, pin: '567890' } })).toEqual({ id: supervisor.id, name: 'Ana Supervisora' });

    const note = { of: sale.id, type: '07', reason: '06', description: 'Devolución total', refund: [], clientKey: randomUUID() };
    expect(await r.raw('issueNote', note)).toMatchObject({ ok: false, error: { code: 'approval_required' } });
    expect(await r.raw('issueNote', { ...note, approval: { userId: otro.id, pin: '4321' } })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const issued = await r.call<DocumentSummary>('issueNote', { ...note, approval: { userId: supervisor.id, pin: '567890' } });
    expect(issued.docType).toBe('07');
  });
});
