// Dollar sales: the day's exchange rate fetched from the sandbox (the provider's shape, both dialects) or typed at
// the till, stored per day; a dollar sale without it is refused in Spanish; with it, the catalogue's soles become
// dollars at that rate, the document keeps the rate, and the accountant's CSV has a column for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS, ExportService } from '../../../electron/core/export';
import { readCsvCell } from '../../../electron/core/export/csv';
import type { DocumentDetail, DocumentSummary, ExchangeRateView } from '../../../shared/bridge';
import type { CashReport } from '../../../shared/cash';
import { ticketFromDocument } from '../../../shared/printing/ticket-data';
import { parseCsv } from '../../unit/core/backup/parse-csv';
import { anonymousBoleta, line, setRigDialect, useRigs } from './harness';

const rig = useRigs();
const rice = line({ code: 'ARZ5', description: 'Arroz extra 5 kg', quantity: '2', unitPrice: '24.90' });

describe.each(['document', 'factiliza'] as const)('the day\'s exchange rate from the provider (%s names)', (dialect) => {
  beforeAll(() => setRigDialect(dialect));
  afterAll(() => setRigDialect('document'));

  it('is fetched for today and stored: the sandbox publishes compra 3.742, venta 3.751', async () => {
    const r = await rig();
    const before = await r.call<ExchangeRateView>('getExchangeRate');
    expect(before).toMatchObject({ rate: null, source: null });
    const fetched = await r.call<ExchangeRateView>('fetchExchangeRate');
    expect(fetched).toMatchObject({ day: before.day, rate: '3.751', buy: '3.742', source: 'provider' });
    expect(fetched.note).toBeUndefined();
    expect(await r.call<ExchangeRateView>('getExchangeRate')).toMatchObject({ rate: '3.751', source: 'provider' });
  });
});

describe('a dollar sale', () => {
  it('is refused while today has no rate, saying what to do, and spends no number', async () => {
    const r = await rig();
    const refused = await r.raw('issueSale', anonymousBoleta({ currency: 'USD', lines: [rice] }));
    expect(refused).toMatchObject({ ok: false, error: { code: 'exchange_rate_missing', message: expect.stringContaining('tipo de cambio de hoy') } });
    const soles = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ lines: [rice] }));
    expect(soles.number).toBe(1);
  });

  it('converts the soles prices at the rate typed at the till, stores the rate with the document and prints it', async () => {
    const r = await rig();
    const wrong = await r.raw('setExchangeRate', { rate: '0.27' });
    expect(JSON.stringify(wrong)).toContain('El tipo de cambio debe estar entre 1 y 10 soles por dólar');
    const typed = await r.call<ExchangeRateView>('setExchangeRate', { rate: '3,751' });
    expect(typed).toMatchObject({ rate: '3.751', source: 'manual' });
    const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ currency: 'USD', lines: [rice] }));
    expect(doc).toMatchObject({ currency: 'USD', total: '13.28' });
    const detail = await r.call<DocumentDetail>('getDocument', { id: doc.id });
    expect(detail.exchangeRate).toBe('3.751');
    const payload = JSON.parse(detail.payload) as { tipo_Moneda: string; detalle: { monto_Precio_Unitario: number }[]; monto_Igv: number };
    expect(payload.tipo_Moneda).toBe('USD');
    expect(payload.detalle[0]?.monto_Precio_Unitario).toBe(6.64);
    expect(payload.monto_Igv).toBe(2.03);
    const company = { ruc: '20987654326', name: 'Bodega', tradeName: '', address: '' } as Parameters<typeof ticketFromDocument>[1];
    expect(ticketFromDocument(detail, company, { copy: false })).toMatchObject({ currencySymbol: '$', exchangeRate: 'S/ 3.751 por US$ 1' });
  });

  it('keeps a typed rate when the provider publishes another, and says so', async () => {
    const r = await rig();
    await r.call('setExchangeRate', { rate: '3.800' });
    const fetched = await r.call<ExchangeRateView>('fetchExchangeRate');
    expect(fetched).toMatchObject({ rate: '3.800', source: 'manual', note: expect.stringContaining('3.751') });
  });

  it("offline, the fetch leaves today without a rate and asks for it by hand", async () => {
    const r = await rig();
    await r.sandbox.close();
    const fetched = await r.call<ExchangeRateView>('fetchExchangeRate');
    expect(fetched).toMatchObject({ rate: null, note: expect.stringContaining('Ingréselo a mano') });
  });

  it("goes to the accountant's CSV with its exchange rate; a soles sale leaves the column empty", async () => {
    const r = await rig();
    await r.call('fetchExchangeRate');
    const usd = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ currency: 'USD', lines: [rice] }));
    const pen = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ lines: [rice] }));
    const csv = await new ExportService({ db: r.core.db, demo: () => true }).exportDocumentsCsv({ from: usd.issueDate, to: usd.issueDate });
    const [header, ...rows] = parseCsv(csv);
    expect(header).toContain('tipo_cambio');
    const col = (l: string[], name: (typeof CSV_COLUMNS)[number]) => readCsvCell(l[CSV_COLUMNS.indexOf(name)]!);
    const byNumber = new Map(rows.map((l) => [Number(col(l, 'numero')), l]));
    expect([col(byNumber.get(usd.number)!, 'moneda'), col(byNumber.get(usd.number)!, 'tipo_cambio'), col(byNumber.get(usd.number)!, 'total')]).toEqual(['USD', '3.751', '13.28']);
    expect(col(byNumber.get(pen.number)!, 'tipo_cambio')).toBe('');
  });

  it('paid with a US$ 10 bill gives its change in soles, and the X counts the dollars and the soles apart', async () => {
    const r = await rig();
    await r.call('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '100' });
    await r.call('fetchExchangeRate');
    const one = { ...rice, quantity: '1' };
    const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ currency: 'USD', lines: [one], tenders: [{ method: 'efectivo', amount: '10' }] }));
    const detail = await r.call<DocumentDetail>('getDocument', { id: doc.id });
    expect(detail.payments).toEqual([expect.objectContaining({ kind: 'cash', tendered: '10.00', applied: '6.64' })]);
    const company = { ruc: '20987654326', name: 'Bodega', tradeName: '', address: '' } as Parameters<typeof ticketFromDocument>[1];
    // US$ 3.36 of change at 3.751 = S/ 12.60336 → S/ 12.60.
    expect(ticketFromDocument(detail, company, { copy: false }).payment).toMatchObject({ change: '3.36', changeInSoles: '12.60' });
    await r.call('issueSale', anonymousBoleta({ lines: [one], tenders: [{ method: 'efectivo', amount: '50' }] }));
    const x = await r.call<CashReport>('getCashReport', {});
    // Soles: 100 + 24.90 − 12.60 = 112.30; dollars: the 10.00 handed over.
    expect(x.cash).toMatchObject({ cashSales: '24.90', changeInSoles: '12.60', expected: '112.30', dollars: { cashSales: '10.00', expected: '10.00' } });
    // The Z counts each currency: the soles square, a dollar is missing.
    const z = await r.call<CashReport>('closeCashSession', { clientKey: crypto.randomUUID(), countedCash: '112.30', countedDollars: '9' });
    expect(z.cash).toMatchObject({ counted: '112.30', difference: '0.00', dollars: { expected: '10.00', counted: '9.00', difference: '-1.00' } });
  });

  it('with a discount typed in soles keeps its discounts in dollars, as its document: list − discount = net', async () => {
    const r = await rig();
    await r.call('fetchExchangeRate');
    // S/ 2.00 off the S/ 24.90 rice: S/ 22.90 → $ 6.11 (6.1050…); listed at $ 6.64, so $ 0.53 off.
    const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta({
      currency: 'USD', lines: [{ ...rice, quantity: '1' }], lineDiscounts: [{ line: 0, discount: { kind: 'amount', value: '2.00' } }],
    }));
    expect(doc.total).toBe('6.11');
    const detail = await r.call<DocumentDetail>('getDocument', { id: doc.id });
    expect(detail.discountTotal).toBe('0.53');
    expect(detail.discounts).toEqual([{ position: 0, listPrice: '6.64', listTotal: '6.64', lineDiscount: '0.53', saleShare: '0.00' }]);
  });

  it('returned with a credit note: the dollars handed back leave the dollars the X expects', async () => {
    const r = await rig();
    await r.call('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '100' });
    await r.call('fetchExchangeRate');
    const sale = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ currency: 'USD', lines: [{ ...rice, quantity: '1' }], tenders: [{ method: 'efectivo', amount: '10' }] }));
    await r.core.outbox.drain();
    const note = await r.call<DocumentSummary>('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '07', description: 'Devolución del arroz', lines: [{ line: 1, quantity: '1' }], refund: [{ method: 'efectivo', amount: '6.64' }] });
    expect(note).toMatchObject({ currency: 'USD', total: '6.64' });
    const x = await r.call<CashReport>('getCashReport', {});
    expect(x.cash.dollars).toMatchObject({ cashSales: '10.00', cashRefunds: '6.64', expected: '3.36' });
  });
});

