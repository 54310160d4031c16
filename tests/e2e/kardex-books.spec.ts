// Inventario → Libros PLE: the accountant saves the month's kardex as PLE 13.1 from the screen, as the .txt PLE takes.
import { test, expect } from './harness';

test('Inventario saves the month\'s kardex as PLE 13.1', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  const d = harness.core.dispatch;
  expect(await d('saveProduct', { code: 'A001', description: 'Arroz extra 1 kg', unit: 'NIU', price: '7.50', affectation: '10' })).toMatchObject({ ok: true });
  expect(await d('recordPurchase', {
    clientKey: crypto.randomUUID(),
    supplier: { docType: '6', docNumber: '20100070970', name: 'DISTRIBUIDORA NORTE S.A.C.' },
    document: { type: '01', series: 'F001', number: '88', date: '2026-11-20' },
    lines: [{ code: 'A001', quantity: '10', unitCost: '5.00', costIncludesIgv: false }],
  })).toMatchObject({ ok: true });

  await page.keyboard.press('Alt+7');
  const books = page.getByTestId('kardex-books');
  await expect(books).toBeVisible();
  const download = page.waitForEvent('download');
  await books.getByRole('button', { name: '13.1 valorizado' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^LE\d{11}\d{6}00130100001111\.txt$/);
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks as Buffer[]).toString('latin1'));
  const lines = text.trimEnd().split('\r\n');
  // The product opens with a zero balance and the purchase follows: 10 at 5.00.
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('|02|Arroz extra 1 kg|NIU|1|10.00|5.00|50.00|0.00|0.00|0.00|10.00|5.00|50.00|1|');
  await expect(books).toContainText('(1 producto, 1 movimiento; valor al cierre S/ 50.00)');
  await books.getByLabel('Periodo (AAAA-MM)').fill('2026-13');
  await books.getByRole('button', { name: '12.1 en unidades' }).click();
  await expect(books).toContainText('El periodo es AAAA-MM');
  await books.scrollIntoViewIfNeeded();
  await harness.screenshot('inventario-libros-ple');
});
