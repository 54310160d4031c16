// Inventario → Libros PLE: the accountant saves the month's kardex as PLE 13.1 from the screen, as the .txt PLE takes.
import { test, expect } from './harness';

test('Inventario writes goods off (merma) and saves the month\'s kardex as PLE 13.1', async ({ harness }) => {
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
  // A write-off first: 2 bags lost, with the reason; the kardex book then shows it as a merma.
  const screen = page.getByRole('region', { name: 'Inventario' });
  await screen.getByRole('button', { name: 'Registrar merma' }).click();
  const loss = page.getByRole('complementary', { name: 'Registrar merma' });
  await loss.getByLabel('Código').fill('A001');
  await loss.getByLabel('Cantidad perdida').fill('2');
  await loss.getByLabel('Motivo').fill('Bolsas rotas por humedad');
  await harness.screenshot('inventario-merma');
  await loss.getByRole('button', { name: 'Guardar merma' }).click();
  await expect(screen.getByText('Merma registrada: A001 2.')).toBeVisible();
  await expect(screen.getByTestId('stock-table').getByRole('row', { name: /A001/ })).toContainText('40.00');
  // The valued stock as CSV, for Excel.
  const csvDownload = page.waitForEvent('download');
  await screen.getByRole('button', { name: 'Exportar stock (CSV)' }).click();
  const csvFile = await csvDownload;
  expect(csvFile.suggestedFilename()).toMatch(/^stock-valorizado-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = Buffer.concat((await (await csvFile.createReadStream()).toArray()) as Buffer[]).toString('utf8');
  expect(csv).toContain('A001,Arroz extra 1 kg,,8,,5,40.00');
  expect(csv.trimEnd().split('\r\n').at(-1)).toBe('TOTAL,,,,,,40.00');
  const books = page.getByTestId('kardex-books');
  await expect(books).toBeVisible();
  const download = page.waitForEvent('download');
  await books.getByRole('button', { name: '13.1 valorizado' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^LE\d{11}\d{6}00130100001111\.txt$/);
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks as Buffer[]).toString('latin1'));
  const lines = text.trimEnd().split('\r\n');
  // The product opens with a zero balance, the purchase follows (10 at 5.00), then the merma (2 out, tabla 12: 13).
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain('|02|Arroz extra 1 kg|NIU|1|10.00|5.00|50.00|0.00|0.00|0.00|10.00|5.00|50.00|1|');
  expect(lines[2]).toContain('|13|Arroz extra 1 kg|NIU|1|0.00|0.00|0.00|-2.00|5.00|-10.00|8.00|5.00|40.00|1|');
  await expect(books).toContainText('(1 producto, 2 movimientos; valor al cierre S/ 40.00)');
  await books.getByLabel('Periodo (AAAA-MM)').fill('2026-13');
  await books.getByRole('button', { name: '12.1 en unidades' }).click();
  await expect(books).toContainText('El periodo es AAAA-MM');
  await books.scrollIntoViewIfNeeded();
  await harness.screenshot('inventario-libros-ple');
});
