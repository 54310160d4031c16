// The kardex in SUNAT's permanent inventory books (PLE 12.1 units, 13.1 valued), through the bridge of a real core:
// each line's fields against the layout of docs/sunat/ple-kardex.md, and the values reconciled to the cent with the
// stock the till shows.
import { describe, expect, it } from 'vitest';
import type { DocumentSummary, KardexBook, StockCount, StockRow } from '../../../shared/bridge';
import { Dec } from '../../../shared/billing/decimal';
import { limaDate } from '../../../shared/catalog';
import { anonymousBoleta, line, statusOf, useRigs, type Rig } from './harness';

const rigs = useRigs();
const period = limaDate(new Date()).slice(0, 7);
const previousMonthInstant = (() => {
  const [y, m] = period.split('-').map(Number) as [number, number];
  const prev = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
  return new Date(`${prev}-15T12:00:00-05:00`).toISOString();
})();

const fields = (l: string) => {
  const f = l.split('|');
  expect(f.pop()).toBe(''); // every line closes with "|"
  return f;
};

async function monthOfStock(): Promise<{ r: Rig; sale: DocumentSummary }> {
  const r = await rigs();
  await r.call('saveProduct', { code: 'P001', description: 'Arroz extra | 1 kg', unit: 'NIU', price: '7.50', affectation: '10' });
  await r.call('saveProduct', { code: 'KG01', description: 'Azúcar rubia a granel', unit: 'KGM', price: '4.80', affectation: '10' });
  const buy = (number: string, code: string, quantity: string, unitCost: string) =>
    r.call('recordPurchase', {
      clientKey: crypto.randomUUID(),
      supplier: { docType: '6', docNumber: '20100070970', name: 'DISTRIBUIDORA NORTE S.A.C.' },
      document: { type: '01', series: 'F001', number, date: `${period}-02` },
      lines: [{ code, quantity, unitCost, costIncludesIgv: false }],
    });
  await buy('300', 'P001', '10', '5');
  // That purchase was made last month: this month opens with its 10.
  r.core.db.sqlite.prepare("UPDATE stock_movements SET at = ? WHERE product_code = 'P001'").run(previousMonthInstant);
  await buy('301', 'KG01', '2.5', '4');
  const sale = await r.call<DocumentSummary>('issueSale', anonymousBoleta({
    lines: [line({ code: 'P001', quantity: '4', unitPrice: '7.50' }), line({ code: 'KG01', description: 'Azúcar rubia a granel', unit: 'KGM', quantity: '0.375', unitPrice: '4.80' })],
  }));
  await r.core.outbox.drain();
  expect(statusOf(r, sale.id)).toBe('accepted');
  await r.call('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '07', description: 'Devuelve 2', lines: [{ line: 1, quantity: '2' }] });
  const count = await r.call<StockCount>('recordStockCount', { clientKey: crypto.randomUUID(), lines: [{ code: 'P001', counted: '7' }] });
  await r.call('approveStockCount', { id: count.id, reason: 'Merma' });
  return { r, sale };
}

describe('the kardex in PLE 13.1 and 12.1', () => {
  it('writes each product opened by its balance, then every movement with its document and operation, reconciled to the cent', async () => {
    const { r, sale } = await monthOfStock();
    const ruc = (await r.call<{ company: { ruc: string } }>('getSettings', {})).company.ruc;
    const book = await r.call<KardexBook>('exportKardexBook', { period, book: '13.1' });
    expect(book.fileName).toBe(`LE${ruc}${period.replace('-', '')}00130100001111.txt`);
    expect(book).toMatchObject({ products: 2, movements: 5 });
    const lines = book.text.split('\r\n');
    expect(lines.pop()).toBe('');
    const rows = lines.map(fields);
    for (const f of rows) {
      expect(f).toHaveLength(27);
      expect(f[0]).toBe(`${period.replace('-', '')}00`);
      expect(f[2]).toMatch(/^M\d{1,9}$/);
      expect(f.slice(3, 6)).toEqual(['0000', '9', '01']);
      expect(f[9]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(f[16]).toBe('1');
      expect(f[26]).toBe('1');
    }
    // KG01 then P001 (by code); field 7 the code, 14 the operation (tabla 12), 11-13 the document.
    const saleNumber = String(sale.number);
    expect(rows.map((f) => [f[6], f[13], f[10], f[11], f[15]])).toEqual([
      ['KG01', '16', '00', '0', 'KGM'],
      ['KG01', '02', '01', 'F001', 'KGM'],
      ['KG01', '01', '03', sale.series, 'KGM'],
      ['P001', '16', '00', '0', 'NIU'],
      ['P001', '01', '03', sale.series, 'NIU'],
      ['P001', '24', '07', expect.stringMatching(/^B/), 'NIU'],
      ['P001', '28', '00', '0', 'NIU'],
    ]);
    expect(rows[2]![12]).toBe(saleNumber);
    // The "|" of the description cannot split the line.
    expect(rows[3]![14]).toBe('Arroz extra 1 kg');
    // Weights keep their grams in 13.1: out as negative quantity and total, unit cost positive.
    expect(rows[2]!.slice(17, 26)).toEqual(['0.00', '0.00', '0.00', '-0.375', '4.00', '-1.50', '2.125', '4.00', '8.50']);
    // The opening of P001: last month's 10 at 5.
    expect(rows[3]!.slice(17, 26)).toEqual(['10.00', '5.00', '50.00', '0.00', '0.00', '0.00', '10.00', '5.00', '50.00']);

    // Each product: its opening value plus what came in and went out is its closing value, which is what the till shows.
    const stock = await r.call<StockRow[]>('getStock', {});
    let closing = new Dec(0);
    for (const code of ['KG01', 'P001']) {
      const own = rows.filter((f) => f[6] === code);
      const moved = own.slice(1).reduce((sum, f) => sum.plus(f[19]!).plus(f[22]!), new Dec(own[0]![19]!));
      expect(moved.toFixed(2)).toBe(own.at(-1)![25]);
      expect(own.at(-1)![25]).toBe(stock.find((s) => s.code === code)!.value);
      expect(new Dec(own.at(-1)![23]!).eq(stock.find((s) => s.code === code)!.quantity)).toBe(true);
      closing = closing.plus(own.at(-1)![25]!);
    }
    expect(book.closingValue).toBe(closing.toFixed(2));
  });

  it('12.1 gives the same movements in units, 2 decimals, ins and outs apart', async () => {
    const { r } = await monthOfStock();
    const book = await r.call<KardexBook>('exportKardexBook', { period, book: '12.1' });
    expect(book.fileName).toMatch(/^LE\d{11}\d{6}00120100001111\.txt$/);
    const rows = book.text.trimEnd().split('\r\n').map(fields);
    for (const f of rows) expect(f).toHaveLength(19);
    expect(rows.map((f) => f.slice(16, 19))).toEqual([
      ['0.00', '0.00', '1'],
      ['2.50', '0.00', '1'],
      ['0.00', '-0.38', '1'],
      ['10.00', '0.00', '1'],
      ['0.00', '-4.00', '1'],
      ['2.00', '0.00', '1'],
      ['0.00', '-1.00', '1'],
    ]);
  });

  it('a month without stock gives the file SUNAT takes as "sin información"', async () => {
    const r = await rigs();
    const book = await r.call<KardexBook>('exportKardexBook', { period: '2020-01', book: '13.1' });
    expect(book).toMatchObject({ text: '', products: 0, movements: 0, closingValue: '0.00' });
    expect(book.fileName).toMatch(/^LE\d{11}20200100130100001011\.txt$/);
    await expect(r.call('exportKardexBook', { period: '2020-13', book: '13.1' })).rejects.toThrow(/AAAA-MM/);
  });
});
