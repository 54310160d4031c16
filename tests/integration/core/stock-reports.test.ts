// The stock reports as CSV through the bridge of a real core: the valued stock with its categories and total, the
// stock under its minimum, and a product's kardex over Lima days; read back with the CSV reader of the imports.
import { describe, expect, it } from 'vitest';
import { parseCsv, readCsvCell } from '../../../electron/core/products';
import type { DocumentSummary, ProductsFile } from '../../../shared/bridge';
import { limaDate } from '../../../shared/catalog';
import { anonymousBoleta, line, statusOf, useRigs, type Rig } from './harness';

const rigs = useRigs();
const rowsOf = (file: ProductsFile) => parseCsv(file.csv).map((r) => r.fields.map(readCsvCell));

async function shop(): Promise<Rig> {
  const r = await rigs();
  await r.call('saveProduct', { code: 'P001', description: 'Arroz extra 1 kg', unit: 'NIU', price: '5.90', affectation: '10', category: 'Abarrotes' });
  await r.call('saveProduct', { code: 'P002', description: '=HYPERLINK("x")', unit: 'NIU', price: '2.50', affectation: '10' });
  await r.call('recordPurchase', {
    clientKey: crypto.randomUUID(),
    supplier: { docType: '6', docNumber: '20100070970', name: 'DISTRIBUIDORA NORTE S.A.C.' },
    document: { type: '01', series: 'F001', number: '700', date: '2026-11-20' },
    lines: [{ code: 'P001', quantity: '10', unitCost: '5', costIncludesIgv: false }, { code: 'P002', quantity: '4', unitCost: '1.25', costIncludesIgv: false }],
  });
  await r.call('setStockSettings', { code: 'P002', tracked: true, minimum: '5', packSize: null });
  const sale = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ lines: [line({ code: 'P001', quantity: '3' })] }));
  await r.core.outbox.drain();
  expect(statusOf(r, sale.id)).toBe('accepted');
  return r;
}

describe('stock reports as CSV', () => {
  it('the valued stock: each product with its category, stock, minimum, average cost and value, and the total', async () => {
    const r = await shop();
    const file = await r.call<ProductsFile>('exportStockCsv', { kind: 'stock' });
    expect(file.fileName).toBe(`stock-valorizado-${limaDate(new Date())}.csv`);
    const rows = rowsOf(file);
    expect(rows[0]).toEqual(['codigo', 'descripcion', 'categoria', 'stock', 'minimo', 'costo_promedio', 'valor']);
    const p001 = rows.find((row) => row[0] === 'P001');
    const p002 = rows.find((row) => row[0] === 'P002');
    expect(p001).toEqual(['P001', 'Arroz extra 1 kg', 'Abarrotes', '7', '', '5', '35.00']);
    // A description that looks like a formula is written neutralised and reads back as typed.
    expect(file.csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(p002).toEqual(['P002', '=HYPERLINK("x")', '', '4', '5', '1.25', '5.00']);
    expect(rows.at(-1)).toEqual(['TOTAL', '', '', '', '', '', '40.00']);

    const low = rowsOf(await r.call<ProductsFile>('exportStockCsv', { kind: 'stock', low: true }));
    expect(low.slice(1, -1).map((row) => row[0])).toEqual(['P002']);
  });

  it("a product's kardex over Lima days, and a Spanish refusal for a product that does not exist", async () => {
    const r = await shop();
    const today = limaDate(new Date());
    const file = await r.call<ProductsFile>('exportStockCsv', { kind: 'kardex', code: 'p001', from: today, to: today });
    expect(file.fileName).toBe(`kardex-P001-${today}-al-${today}.csv`);
    const rows = rowsOf(file);
    expect(rows[0]).toEqual(['fecha', 'movimiento', 'documento', 'entrada', 'salida', 'saldo', 'costo_unitario', 'valor_saldo']);
    expect(rows.slice(1).map((row) => row.slice(1))).toEqual([
      ['Compra', 'Compra F001-00000700', '10', '0', '10', '5', '50.00'],
      ['Venta', expect.stringMatching(/^B\d{3}-\d{8}$/), '0', '3', '7', '5', '35.00'],
    ]);
    expect(rows[1]![0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    // The day before has nothing.
    expect(rowsOf(await r.call<ProductsFile>('exportStockCsv', { kind: 'kardex', code: 'P001', to: '2020-01-01' }))).toHaveLength(1);
    await expect(r.call('exportStockCsv', { kind: 'kardex', code: 'NOPE' })).rejects.toThrow(/No existe el producto NOPE/);
  });
});
