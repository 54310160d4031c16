// The cash session, at the bridge: open with a float, sales in it, movements, X, the count and the Z that
// is kept and never edited; selling needs an open session once users exist; the roles of cash outs and closes.
import { describe, expect, it } from 'vitest';
import type { CashState, DocumentSummary, Session, User } from '../../../shared/bridge';
import type { CashMovement, CashReport, CashSession, SalesReport } from '../../../shared/cash';
import { anonymousBoleta, useRigs, type Rig } from './harness';

const rig = useRigs();

/** An administrator (signed in), a cashier and a supervisor. */
async function staffed(r: Rig) {
  const admin = (await r.call<Session>('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' })).user!;
  const cajero = await r.call<User>('saveUser', { name: 'Luis Cajero', role: 'cajero', pin: '1234' });
  const supervisor = await r.call<User>('saveUser', { name: 'Ana Supervisora', role: 'supervisor', pin: '567890' });
  const otra = await r.call<User>('saveUser', { name: 'Otra Cajera', role: 'cajero', pin: '4321' });
  return { admin, cajero, supervisor, otra };
}

async function signIn(r: Rig, user: { id: number }, pin: string) {
  await r.call('lock');
  await r.call('login', { userId: user.id, pin });
}

describe('the cash session', () => {
  it('refuses to sell while closed, opens with a float, and counts every sale, movement and method into the X', async () => {
    const r = await rig();
    const { cajero } = await staffed(r);
    await signIn(r, cajero, '1234');
    expect(await r.call<CashState>('getCashState')).toEqual({ session: null, required: true });
    expect(await r.raw('issueSale', anonymousBoleta())).toMatchObject({ ok: false, error: { code: 'cash_closed', message: 'La caja está cerrada: ábrala con el fondo de caja antes de vender.' } });
    expect(await r.raw('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '-5' })).toMatchObject({ ok: false, error: { fields: [{ path: 'openingFloat', message: 'El fondo de caja no puede ser negativo' }] } });
    const session = await r.call<CashSession>('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '100' });
    expect(session).toMatchObject({ openedBy: 'Luis Cajero', openingFloat: '100.00', terminal: 'B001', closedAt: null });
    expect(await r.raw('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '1' })).toMatchObject({ ok: false, error: { code: 'cash_open' } });

    // 11.80 each: cash with change, card, Yape + cash split.
    await r.call('issueSale', anonymousBoleta({ tenders: [{ method: 'efectivo', amount: '20' }] }));
    await r.call('issueSale', anonymousBoleta({ tenders: [{ method: 'debito', amount: '11.80', reference: '8841' }] }));
    await r.call('issueSale', anonymousBoleta({ tenders: [{ method: 'yape', amount: '5', reference: '7781234' }, { method: 'efectivo', amount: '10' }] }));
    await r.call('addCashMovement', { clientKey: crypto.randomUUID(), kind: 'in', amount: '30', reason: 'Sencillo del banco' });

    const x = await r.call<CashReport>('getCashReport', {});
    expect(x.kind).toBe('X');
    expect(x.sales).toEqual([{ currency: 'PEN', count: 3, total: '35.40' }]);
    expect(x.byMethod).toEqual([
      { method: 'efectivo', label: 'Efectivo', kind: 'cash', currency: 'PEN', count: 2, total: '18.60' },
      { method: 'debito', label: 'Tarjeta de débito', kind: 'card', currency: 'PEN', count: 1, total: '11.80' },
      { method: 'yape', label: 'Yape', kind: 'wallet', currency: 'PEN', count: 1, total: '5.00' },
    ]);
    expect(x.byDocType).toEqual([{ docType: '03', label: 'Boletas', currency: 'PEN', count: 3, total: '35.40' }]);
    expect(x.byCashier).toEqual([{ name: 'Luis Cajero', currency: 'PEN', count: 3, total: '35.40' }]);
    // float 100 + cash 18.60 + in 30 = 148.60
    expect(x.cash).toEqual({
      openingFloat: '100.00', cashSales: '18.60', cashRefunds: '0.00', cashCollections: '0.00', cashIn: '30.00', cashOut: '0.00', changeInSoles: '0.00', expected: '148.60',
      counted: null, difference: null, dollars: { cashSales: '0.00', cashRefunds: '0.00', expected: '0.00', counted: null, difference: null },
    });
    // Nothing was sent yet (the rig's outbox is not started): all three await SUNAT.
    expect(x.awaitingSunat).toBe(3);
  });

  it('a cashier\'s cash out needs a supervisor\'s PIN; a wrong PIN or a cashier\'s PIN is refused', async () => {
    const r = await rig();
    const { cajero, supervisor } = await staffed(r);
    await signIn(r, cajero, '1234');
    await r.call('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '50' });
    const out = { kind: 'out', amount: '20', reason: 'Pago a proveedor' };
    expect(await r.raw('addCashMovement', { clientKey: crypto.randomUUID(), ...out })).toMatchObject({ ok: false, error: { code: 'approval_required', message: 'Un retiro de efectivo necesita la autorización de un supervisor: ingrese su PIN.' } });
    expect(await r.raw('addCashMovement', { clientKey: crypto.randomUUID(), ...out, approval: { userId: supervisor.id, pin: '0000' } })).toMatchObject({ ok: false, error: { code: 'auth' } });
    expect(await r.raw('addCashMovement', { clientKey: crypto.randomUUID(), ...out, approval: { userId: cajero.id, pin: '1234' } })).toMatchObject({ ok: false, error: { code: 'forbidden', message: 'Luis Cajero no puede autorizar esto: se necesita un supervisor.' } });
    const done = await r.call<CashMovement>('addCashMovement', { clientKey: crypto.randomUUID(), ...out, approval: { userId: supervisor.id, pin: '567890' } });
    expect(done).toMatchObject({ kind: 'out', amount: '20.00', userName: 'Luis Cajero', approvedBy: 'Ana Supervisora' });
    expect((await r.call<CashReport>('getCashReport', {})).cash.expected).toBe('30.00');
    // The bridge refuses the drawer to a cashier: a supervisor's action.
    expect(await r.raw('openCashDrawer', {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('the Z records count and difference, is kept as printed, and a closed session is never edited', async () => {
    const r = await rig();
    const { cajero, supervisor, otra } = await staffed(r);
    await signIn(r, cajero, '1234');
    const session = await r.call<CashSession>('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '100' });
    await r.call('issueSale', anonymousBoleta({ tenders: [{ method: 'efectivo', amount: '50' }] }));
    expect(await r.raw('closeCashSession', { clientKey: crypto.randomUUID(), denominations: { '100': 1, '10': 1, '1': 1, '0.50': 1, '0.20': 1 }, countedCash: '120' })).toMatchObject({
      ok: false, error: { message: 'El conteo por denominación suma S/ 111.70, no S/ 120.00.' },
    });
    // A different cashier closing Luis's session needs a supervisor.
    await signIn(r, otra, '4321');
    expect(await r.raw('closeCashSession', { clientKey: crypto.randomUUID(), countedCash: '111.70' })).toMatchObject({ ok: false, error: { code: 'approval_required' } });

    // 100 + 11.80 = 111.80 expected; counted 111.70 by denomination: S/ 0.10 short.
    const z = await r.call<CashReport>('closeCashSession', {
      clientKey: crypto.randomUUID(),
      denominations: { '100': 1, '10': 1, '1': 1, '0.50': 1, '0.20': 1 },
      approval: { userId: supervisor.id, pin: '567890' },
    });
    expect(z.kind).toBe('Z');
    expect(z.cash).toMatchObject({ expected: '111.80', counted: '111.70', difference: '-0.10' });
    expect(z.session).toMatchObject({ id: session.id, closedBy: 'Otra Cajera (autorizó Ana Supervisora)', countedCash: '111.70', difference: '-0.10' });
    expect(z.denominations).toEqual({ '100': 1, '10': 1, '1': 1, '0.50': 1, '0.20': 1 });
    expect(await r.call<CashReport>('getCashReport', { sessionId: session.id })).toEqual(z);
    expect(await r.call<CashState>('getCashState')).toMatchObject({ session: null });

    // Final: the database itself refuses to edit the closed session or add to it.
    const sqlite = r.core.db.sqlite;
    expect(() => sqlite.prepare("UPDATE cash_sessions SET counted_cash = '999.00' WHERE id = ?").run(session.id)).toThrow(/cash session is closed/);
    expect(() => sqlite.prepare("INSERT INTO cash_movements (session_id, kind, amount, reason, at, user_name) VALUES (?, 'in', '1.00', 'tarde', 'x', 'x')").run(session.id)).toThrow(/cash session is closed/);
    expect(() => sqlite.prepare('DELETE FROM cash_sessions WHERE id = ?').run(session.id)).toThrow(/cash sessions are kept/);
    expect(await r.raw('addCashMovement', { clientKey: crypto.randomUUID(), kind: 'in', amount: '1', reason: 'Tarde' })).toMatchObject({ ok: false, error: { code: 'cash_closed' } });
  });

  it('a re-issued document counts once, in the session of the sale it replaces', async () => {
    const r = await rig();
    await staffed(r);
    await r.call('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '0' });
    const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    r.core.db.sqlite.prepare("UPDATE documents SET status = 'conflict' WHERE id = ?").run(doc.id);
    await r.call('reissueDocument', { clientKey: crypto.randomUUID(), id: doc.id });
    const x = await r.call<CashReport>('getCashReport', {});
    expect(x.sales).toEqual([{ currency: 'PEN', count: 1, total: '11.80' }]);
    expect(x.cash.cashSales).toBe('11.80');
  });

  it('with "Exigir caja abierta" off, a sale outside a session belongs to none', async () => {
    const r = await rig();
    await staffed(r);
    const settings = await r.call<{ shift: { drawer: unknown } }>('getSettings');
    await r.call('saveSettings', { shift: { requireSession: false, drawer: settings.shift.drawer } });
    const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    const row = r.core.db.sqlite.prepare('SELECT cash_session_id FROM documents WHERE id = ?').get(doc.id) as { cash_session_id: number | null };
    expect(row.cash_session_id).toBeNull();
  });
});

describe('sales of a day or a range', () => {
  it('counts every sale once by method, cashier, type, status and session, to the cent; CSV for the accountant; not a cashier\'s', async () => {
    const r = await rig();
    const { cajero, supervisor } = await staffed(r);
    await r.call('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '0' });
    await r.call('issueSale', anonymousBoleta({ tenders: [{ method: 'efectivo', amount: '20' }] }));
    await r.call('issueSale', anonymousBoleta({ tenders: [{ method: 'yape', amount: '11.00', reference: '7781235' }], saleDiscount: { kind: 'amount', value: '0.80' } }));
    await r.call('closeCashSession', { clientKey: crypto.randomUUID(), countedCash: '11.80' });
    // The owner lets a sale go outside any session.
    const settings = await r.call<{ shift: Record<string, unknown> }>('getSettings');
    await r.call('saveSettings', { shift: { ...settings.shift, requireSession: false } });
    await r.call('issueSale', anonymousBoleta({ payment: { method: 'CREDITO', installments: [{ amount: '11.80', dueDate: '2099-01-31' }] } }));

    const today = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
    await signIn(r, cajero, '1234');
    expect(await r.raw('getSalesReport', { from: today, to: today })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    await signIn(r, supervisor, '567890');
    expect(await r.raw('getSalesReport', { from: today, to: '2000-01-01' })).toMatchObject({ ok: false, error: { fields: [{ path: 'to', message: 'La fecha final es anterior a la inicial' }] } });
    const report = await r.call<SalesReport>('getSalesReport', { from: today, to: today });
    expect(report.sales).toEqual([{ currency: 'PEN', count: 3, total: '34.60' }]);
    expect(report.byMethod).toEqual([
      { method: 'efectivo', label: 'Efectivo', kind: 'cash', currency: 'PEN', count: 1, total: '11.80' },
      { method: 'yape', label: 'Yape', kind: 'wallet', currency: 'PEN', count: 1, total: '11.00' },
      { method: 'credito_venta', label: 'Al crédito (por cobrar)', kind: 'credit', currency: 'PEN', count: 1, total: '11.80' },
    ]);
    expect(report.bySession).toEqual([
      { sessionId: 1, label: 'Caja n.º 1 (B001)', currency: 'PEN', count: 2, total: '22.80' },
      { sessionId: null, label: 'Fuera de caja', currency: 'PEN', count: 1, total: '11.80' },
    ]);
    expect(report.byCashier).toEqual([{ name: 'Rosa Dueña', currency: 'PEN', count: 3, total: '34.60' }]);
    expect(report.discounts).toEqual([{ currency: 'PEN', count: 1, total: '0.80' }]);
    // The totals match the documents to the cent.
    const stored = r.core.db.sqlite.prepare('SELECT total FROM documents').all() as { total: string }[];
    expect(stored.map((d) => d.total)).toEqual(['11.80', '11.00', '11.80']);

    const file = await r.call<{ fileName: string; base64: string }>('exportSalesReport', { from: today, to: today });
    expect(file.fileName).toBe(`ventas-${today}.csv`);
    const csv = Buffer.from(file.base64, 'base64').toString('utf8');
    expect(csv.startsWith('\uFEFFReporte de ventas,')).toBe(true);
    expect(csv).toContain('grupo,detalle,moneda,cantidad,total\r\ntotal,Ventas,PEN,3,34.60\r\n');
    expect(csv).toContain('medio de pago,Al crédito (por cobrar),PEN,1,11.80\r\n');
    expect(csv).toContain('caja,Caja n.º 1 (B001),PEN,2,22.80\r\n');
    expect(csv).toContain('descuentos,Ventas con descuento,PEN,1,0.80\r\n');
  });
});
