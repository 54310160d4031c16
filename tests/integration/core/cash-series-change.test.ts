// Failure 8: the cash session belongs to the till, not to a series. Changing the boleta series in Ajustes
// while a session is open must not orphan it: the till keeps selling in it, and its Z counts the sales of both series.
import { describe, expect, it } from 'vitest';
import type { CashState, DocumentSummary, Session } from '../../../shared/bridge';
import type { CashReport, CashSession } from '../../../shared/cash';
import { anonymousBoleta, useRigs } from './harness';

const rig = useRigs();

describe('the cash session across a series change', () => {
  it('a series changed in Ajustes keeps the open session: the sale after it lands in it, and the Z has both', async () => {
    const r = await rig();
    await r.call<Session>('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' });
    const session = await r.call<CashSession>('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '50' });
    const first = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ tenders: [{ method: 'efectivo', amount: '11.80' }] }));
    expect(first.series).toBe('B001');

    await r.call('saveSettings', { series: { boleta: 'B002', factura: 'F002' } });
    expect((await r.call<CashState>('getCashState')).session?.id).toBe(session.id);
    // A second session cannot be opened beside it.
    expect(await r.raw('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '1' })).toMatchObject({ ok: false, error: { code: 'cash_open' } });

    const second = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ tenders: [{ method: 'efectivo', amount: '11.80' }] }));
    expect(second.series).toBe('B002');

    const z = await r.call<CashReport>('closeCashSession', { clientKey: crypto.randomUUID(), countedCash: '73.60' });
    expect(z.kind).toBe('Z');
    expect(z.session.id).toBe(session.id);
    expect(z.sales).toEqual([{ currency: 'PEN', count: 2, total: '23.60' }]);
    expect(z.cash).toMatchObject({ openingFloat: '50.00', cashSales: '23.60', expected: '73.60', counted: '73.60', difference: '0.00' });
    expect((await r.call<CashState>('getCashState')).session).toBeNull();
  });

  it('the database refuses a second open session on the till, whatever its series', async () => {
    const r = await rig();
    await r.call('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '10' });
    const insert = r.core.db.sqlite.prepare(
      "INSERT INTO cash_sessions (terminal, opened_at, opened_by_name, opening_float) VALUES ('B999', '2026-11-25T10:00:00.000Z', 'Caja', '0.00')",
    );
    expect(() => insert.run()).toThrow(/already open on this till/);
  });
});
