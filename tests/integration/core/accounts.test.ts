// Customer accounts through the bridge, on a real core and a real SQLite file: credit sales charge the account (over
// the limit only with a supervisor), collections are applied oldest first or to a picked document, an overpayment is
// kept in favour and said, a credit note lowers the balance and gives no cash, the same key twice answers the first
// collection, and the X and the Z count collections apart from sales with their cash in the drawer, to the cent.
import { describe, expect, it } from 'vitest';
import type { Collection, CustomerAccount, DocumentSummary, OverdueRow, Session, User } from '../../../shared/bridge';
import type { CashReport, SalesReport } from '../../../shared/cash';
import { salesSections, cashSections } from '../../../shared/printing/report-sections';
import { anonymousBoleta, line, type Rig, useRigs } from './harness';

const rig = useRigs();

const RUC_BUYER = { docType: '6', docNumber: '20100066603', name: 'EMPRESA CLIENTE S.A.C.', address: 'Av. Lima 123' };
const VECINO = { docType: '1', docNumber: '45678912', name: 'JUAN PEREZ', address: '' };
const ruc = { docType: '6', docNumber: '20100066603' };
const dni = { docType: '1', docNumber: '45678912' };

/** 2 March 2026, 10:00 in Lima; the clock moves when a test says so. */
const clock = { at: '2026-03-02T15:00:00Z' };

/** An administrator (signed in), a cashier and a supervisor; a session open with S/ 50. */
async function shop(): Promise<{ r: Rig; cajero: User; supervisor: User }> {
  clock.at = '2026-03-02T15:00:00Z';
  const r = await rig({ core: { now: () => new Date(clock.at) }, sandbox: { clock: () => new Date(clock.at) } });
  await r.call<Session>('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' });
  const cajero = await r.call<User>('saveUser', { name: 'Luis Cajero', role: 'cajero', pin: '1234' });
  const supervisor = await r.call<User>('saveUser', { name: 'Ana Supervisora', role: 'supervisor', pin: '567890' });
  await r.call('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '50' });
  return { r, cajero, supervisor };
}

async function signIn(r: Rig, user: { id: number }, pin: string) {
  await r.call('lock');
  await r.call('login', { userId: user.id, pin });
}

/** A factura al crédito of 118.00 in two cuotas (50.00 due 4 March, 68.00 due 2 April). */
const creditFactura = (r: Rig, over: Record<string, unknown> = {}) =>
  r.call<DocumentSummary>('issueSale', {
    ...anonymousBoleta({ docType: '01', customer: RUC_BUYER, lines: [line({ quantity: '10', unitPrice: '11.80' })] }),
    payment: { method: 'CREDITO', installments: [{ amount: '50.00', dueDate: '2026-03-04' }, { amount: '68.00', dueDate: '2026-04-02' }] },
    ...over,
  });

/** A boleta of 23.60 on account for the neighbour. */
const onAccount = (r: Rig, over: Record<string, unknown> = {}) =>
  r.raw('issueSale', anonymousBoleta({ customer: VECINO, lines: [line({ quantity: '4' })], onAccount: true, ...over }));

const account = (r: Rig, customer = ruc) => r.call<CustomerAccount>('getCustomerAccount', { customer });
const collect = (r: Rig, over: Record<string, unknown>) =>
  r.raw('recordCollection', { clientKey: crypto.randomUUID(), customer: ruc, method: 'efectivo', ...over });
const printedOf = (d: DocumentSummary) => `${d.series}-${String(d.number).padStart(8, '0')}`;

describe('customer accounts: charges and the credit limit', () => {
  it('a credit factura and a boleta on account charge their customers; beyond the limit a supervisor consents', async () => {
    const { r, cajero, supervisor } = await shop();
    const f = await creditFactura(r);
    expect(await account(r)).toMatchObject({ balance: '118.00', limit: null, overdue: '0.00', customer: { name: 'EMPRESA CLIENTE S.A.C.' } });
    expect((await account(r)).dues.map((d) => [d.cuota, d.dueDate, d.open])).toEqual([[1, '2026-03-04', '50.00'], [2, '2026-04-02', '68.00']]);
    expect((await account(r)).entries).toEqual([{ at: clock.at.replace('Z', '.000Z'), kind: 'charge', document: printedOf(f), amount: '118.00', balance: '118.00', method: null }]);

    // The limit is a supervisor's: a cashier is refused at the bridge.
    await signIn(r, cajero, '1234');
    expect(await r.raw('setCreditLimit', { clientKey: crypto.randomUUID(), customer: dni, limit: '30' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    await signIn(r, supervisor, '567890');
    expect(await r.call<CustomerAccount>('setCreditLimit', { clientKey: crypto.randomUUID(), customer: dni, limit: '30' })).toMatchObject({ limit: '30.00', balance: '0.00' });
    await signIn(r, cajero, '1234');

    expect(await onAccount(r)).toMatchObject({ ok: true });
    expect(await account(r, dni)).toMatchObject({ balance: '23.60', limit: '30.00', customer: { name: 'JUAN PEREZ' } });
    // 23.60 + 23.60 = 47.20 is beyond 30.00: the cashier needs a supervisor's PIN, and nothing is charged without it.
    const over = await onAccount(r);
    expect(over).toMatchObject({ ok: false, error: { code: 'approval_required' } });
    expect((over as { error: { message: string } }).error.message).toContain('lleva la deuda de JUAN PEREZ a S/ 47.20 (límite S/ 30.00)');
    expect(await account(r, dni)).toMatchObject({ balance: '23.60' });
    expect(await onAccount(r, { approval: { userId: supervisor.id, pin: '567890' } })).toMatchObject({ ok: true });
    expect(await account(r, dni)).toMatchObject({ balance: '47.20' });

    // An anonymous customer carries no account; a sale on account takes no payment.
    expect(await onAccount(r, { customer: { docType: '0', docNumber: '', name: '', address: '' } })).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(await onAccount(r, { tenders: [{ method: 'efectivo', amount: '23.60' }], approval: { userId: supervisor.id, pin: '567890' } })).toMatchObject({ ok: false, error: { code: 'validation' } });
  });
});

describe('customer accounts: collections', () => {
  it('applies a collection to the oldest open cuota first, or to a picked document, and keeps an overpayment in favour', async () => {
    const { r } = await shop();
    const first = await creditFactura(r);
    const second = await creditFactura(r, {
      payment: { method: 'CREDITO', installments: [{ amount: '118.00', dueDate: '2026-03-20' }] },
    });
    expect(await account(r)).toMatchObject({ balance: '236.00' });

    // Oldest first: cuota 1 of the first factura (due 4 March), then the second factura (20 March).
    const c1 = (await collect(r, { amount: '60' })) as { ok: true; value: Collection };
    expect(c1.value).toMatchObject({ balanceBefore: '236.00', balanceAfter: '176.00', inFavour: '0.00', methodLabel: 'Efectivo' });
    expect(c1.value.applied).toEqual([
      { document: printedOf(first), cuota: 1, amount: '50.00', stillOpen: '0.00' },
      { document: printedOf(second), cuota: 1, amount: '10.00', stillOpen: '108.00' },
    ]);
    expect(c1.value.message).toBe(`Cobranza de S/ 60.00 aplicada a ${printedOf(first)} cuota 1 (S/ 50.00, pagada), ${printedOf(second)} cuota 1 (S/ 10.00, quedan S/ 108.00). Debe S/ 176.00.`);

    // Picked: the first factura's cuota 2, though the second factura falls due earlier.
    const c2 = (await collect(r, { amount: '68', document: { series: first.series, number: first.number } })) as { ok: true; value: Collection };
    expect(c2.value.applied).toEqual([{ document: printedOf(first), cuota: 2, amount: '68.00', stillOpen: '0.00' }]);
    expect(await account(r)).toMatchObject({ balance: '108.00' });
    // The first factura picked again, now paid: the money goes to what is next, and it is said.
    const c2b = (await collect(r, { amount: '8', document: { series: first.series, number: first.number } })) as { ok: true; value: Collection };
    expect(c2b.value.message).toBe(`${printedOf(first)} ya estaba pagado: se aplicó a lo siguiente. Cobranza de S/ 8.00 aplicada a ${printedOf(second)} cuota 1 (S/ 8.00, quedan S/ 100.00). Debe S/ 100.00.`);

    // 112 for 100 owed: 12.00 stays in favour, and it is said.
    const c3 = (await collect(r, { amount: '112', method: 'yape' })) as { ok: true; value: Collection };
    expect(c3.value).toMatchObject({ balanceAfter: '-12.00', inFavour: '12.00' });
    expect(c3.value.message).toContain('Quedan S/ 12.00 a favor del cliente.');
    expect(await account(r)).toMatchObject({ balance: '-12.00', inFavour: '12.00', dues: [] });
    // Nothing owed: nothing to collect.
    expect(await collect(r, { amount: '1' })).toMatchObject({ ok: false, error: { code: 'nothing_owed' } });

    // The credit in favour pays the next sale first.
    await creditFactura(r, { payment: { method: 'CREDITO', installments: [{ amount: '118.00', dueDate: '2026-04-20' }] } });
    expect(await account(r)).toMatchObject({ balance: '106.00', inFavour: '0.00', dues: [{ open: '106.00' }] });
    // A balance is what the entries say, to the cent: 118 + 118 − 60 − 68 − 8 − 112 + 118.
    expect((await account(r)).entries.map((e) => [e.kind, e.amount, e.balance])).toEqual([
      ['charge', '118.00', '118.00'],
      ['charge', '118.00', '236.00'],
      ['collection', '-60.00', '176.00'],
      ['collection', '-68.00', '108.00'],
      ['collection', '-8.00', '100.00'],
      ['collection', '-112.00', '-12.00'],
      ['charge', '118.00', '106.00'],
    ]);
  });

  it('the same clientKey twice answers the first collection and applies nothing more; a closed till does not collect', async () => {
    const { r } = await shop();
    await creditFactura(r);
    const clientKey = crypto.randomUUID();
    const first = await collect(r, { clientKey, amount: '30' });
    const again = await collect(r, { clientKey, amount: '30' });
    expect(again).toEqual(first);
    expect(await account(r)).toMatchObject({ balance: '88.00' });
    expect((await account(r)).entries.filter((e) => e.kind === 'collection')).toHaveLength(1);
    // The same key for another amount is another request: refused.
    expect(await collect(r, { clientKey, amount: '31' })).toMatchObject({ ok: false, error: { code: 'idempotency_conflict' } });

    await r.call('closeCashSession', { clientKey: crypto.randomUUID(), countedCash: '80' });
    expect(await collect(r, { amount: '10' })).toMatchObject({ ok: false, error: { code: 'cash_closed', message: 'La caja está cerrada: ábrala antes de cobrar.' } });
    expect(await account(r)).toMatchObject({ balance: '88.00' });
  });

  it('a credit note on a credit sale lowers the balance and gives no cash; the overdue list says the days late', async () => {
    const { r } = await shop();
    const f = await creditFactura(r);
    await r.core.outbox.drain();
    const refused = await r.raw('issueNote', {
      clientKey: crypto.randomUUID(), of: f.id, type: '07', reason: '07', description: 'Devuelve 2', lines: [{ line: 1, quantity: '2' }],
      refund: [{ method: 'efectivo', amount: '23.60' }],
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'refund_exceeds' } });
    const note = await r.call<DocumentSummary>('issueNote', {
      clientKey: crypto.randomUUID(), of: f.id, type: '07', reason: '07', description: 'Devuelve 2', lines: [{ line: 1, quantity: '2' }],
    });
    const a = await account(r);
    expect(a).toMatchObject({ balance: '94.40', dues: [{ cuota: 1, open: '26.40' }, { cuota: 2, open: '68.00' }] });
    expect(a.entries.at(-1)).toMatchObject({ kind: 'note', document: printedOf(note), amount: '-23.60', balance: '94.40' });

    // 10 March: cuota 1 (due 4 March) is 6 days late.
    clock.at = '2026-03-10T15:00:00Z';
    expect(await account(r)).toMatchObject({ overdue: '26.40', dues: [{ daysLate: 6 }, { daysLate: 0 }] });
    expect(await r.call<OverdueRow[]>('listOverdueAccounts', {})).toEqual([
      { customer: { ...ruc, name: 'EMPRESA CLIENTE S.A.C.' }, balance: '94.40', overdue: '26.40', daysLate: 6, oldestDue: '2026-03-04' },
    ]);
  });
});

describe('customer accounts: a void', () => {
  it('a credit sale voided at SUNAT owes nothing: its open cuotas close, and what was paid on it goes to the next debt', async () => {
    const { r } = await shop();
    const first = await creditFactura(r);
    await creditFactura(r, { payment: { method: 'CREDITO', installments: [{ amount: '118.00', dueDate: '2026-03-20' }] } });
    await r.core.outbox.drain();
    // 60 paid: 50 on the first factura's cuota 1, 10 on the second factura.
    await collect(r, { amount: '60' });
    await r.call('voidDocument', { clientKey: crypto.randomUUID(), of: first.id, reason: 'RUC equivocado' });
    await r.core.voids.drain();
    const a = await account(r);
    // 236 − 60 − 118 (the voided factura whole): 68 close its cuota 2, the 50 paid on it go to the second factura.
    expect(a).toMatchObject({ balance: '58.00', inFavour: '0.00', dues: [{ document: expect.stringMatching(/^F001-/), open: '58.00' }] });
    expect(a.entries.at(-1)).toMatchObject({ kind: 'void', document: printedOf(first), amount: '-118.00', balance: '58.00' });
  });
});

describe('customer accounts: the X, the Z and the sales report', () => {
  it('count collections apart from sales, by method, and the cash ones in the expected cash, to the cent', async () => {
    const { r } = await shop();
    await creditFactura(r);
    await r.call('issueSale', anonymousBoleta({ tenders: [{ method: 'efectivo', amount: '11.80' }] }));
    await collect(r, { amount: '33.33' });
    await collect(r, { amount: '20.01', method: 'yape' });
    const x = await r.call<CashReport>('getCashReport', {});
    expect(x.collections).toEqual({ count: 2, total: '53.34', cash: '33.33', byMethod: [
      { method: 'efectivo', label: 'Efectivo', count: 1, total: '33.33' },
      { method: 'yape', label: 'Yape', count: 1, total: '20.01' },
    ] });
    // Sales are the day's sales only: the factura al crédito and the boleta, not the money collected.
    expect(x.sales).toEqual([{ currency: 'PEN', count: 2, total: '129.80' }]);
    // 50.00 float + 11.80 cash sale + 33.33 cash collection.
    expect(x.cash).toMatchObject({ cashSales: '11.80', cashCollections: '33.33', expected: '95.13' });
    const sections = salesSections(x);
    expect(sections.find((s) => s.title === 'Cobranzas de créditos')?.rows).toEqual([
      { label: 'Efectivo', count: 1, amount: '33.33' },
      { label: 'Yape', count: 1, amount: '20.01' },
      { label: 'Total cobrado', count: 2, amount: '53.34', strong: true },
    ]);
    expect(cashSections(x)[1]?.rows).toContainEqual({ label: '+ Cobranzas en efectivo', amount: '33.33' });

    const z = await r.call<CashReport>('closeCashSession', { clientKey: crypto.randomUUID(), countedCash: '95.13' });
    expect(z.collections.total).toBe('53.34');
    expect(z.cash).toMatchObject({ expected: '95.13', difference: '0.00' });

    const report = await r.call<SalesReport>('getSalesReport', { from: '2026-03-02', to: '2026-03-02' });
    expect(report.collections).toMatchObject({ count: 2, total: '53.34', cash: '33.33' });
    expect(report.sales).toEqual([{ currency: 'PEN', count: 2, total: '129.80' }]);
  });
});
