// The sales of a day, for the owner: on screen, printed on the ticket printer (checked as text from its
// PDF), and as CSV for the accountant (the file the browser downloads).
import fs from 'node:fs/promises';
import { test, expect } from './harness';
import { pdfText } from './print-checks';
import { closeDialog, ticketDialog, typeLine } from './sale-helpers';

test.use({ printer: 'pdf' });

test('Caja → Reporte de ventas: today by method, cashier, type and session; printed and downloaded as CSV', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  // Two sales: 11.50 in cash, and 11.40 by Yape.
  await typeLine(page, 1, { code: 'A001', description: 'Arroz extra 1 kg', quantity: '2', price: '5.75' });
  await page.keyboard.press('F12');
  await expect(ticketDialog(page).getByRole('heading', { name: 'Boleta B001-00000001 emitida' })).toBeVisible();
  await closeDialog(page);
  await typeLine(page, 1, { code: 'L002', description: 'Leche evaporada 400 g', quantity: '3', price: '3.80' });
  await page.getByRole('button', { name: '+ Tarjeta, Yape u otro medio' }).click();
  await page.getByLabel('Medio de pago 1').selectOption({ label: 'Yape' });
  // Without its operation number the Yape payment cannot be matched with the wallet's statement: refused on its row.
  await expect(page.getByLabel('Operación del pago 1')).toHaveAttribute('placeholder', 'Obligatorio');
  await page.keyboard.press('F12');
  await expect(page.getByText('Falta el número de operación del pago con Yape: cópielo de la constancia que muestra el cliente.')).toBeVisible();
  await expect(page.getByLabel('Operación del pago 1')).toHaveAccessibleDescription('Ingrese el número de operación');
  await expect(ticketDialog(page)).toHaveCount(0);
  await expect(page.getByTestId('next-number')).toHaveText('B001-00000002');
  await harness.screenshot('venta-yape-sin-operacion');
  // Nor does the core take it, whatever the form lets through.
  expect(await harness.core.dispatch('issueSale', {
    clientKey: crypto.randomUUID(), docType: '03', customer: { docType: '0', docNumber: '', name: '', address: '' },
    lines: [{ code: 'L002', description: 'Leche evaporada 400 g', unit: 'NIU', quantity: '1', unitPrice: '3.80', affectation: '10' }],
    tenders: [{ method: 'yape', amount: '3.80' }],
  })).toMatchObject({ ok: false, error: { fields: [{ path: 'tenders.0.reference' }] } });
  await page.getByLabel('Operación del pago 1').fill('7781234');
  await page.keyboard.press('F12');
  await expect(ticketDialog(page).getByText('Yape: S/ 11.40')).toBeVisible();
  await closeDialog(page);

  await page.keyboard.press('F6');
  const panel = page.getByRole('region', { name: 'Reporte de ventas' });
  await panel.getByLabel('Hasta').fill('01/01/2020');
  await panel.getByRole('button', { name: 'Ver reporte' }).click();
  await expect(panel.getByLabel('Hasta')).toHaveAccessibleDescription('La fecha final es anterior a la inicial');
  const today = await page.evaluate(() => new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10));
  const todayText = `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`;
  await panel.getByLabel('Hasta').fill(todayText);
  await panel.getByRole('button', { name: 'Ver reporte' }).click();
  const report = panel.getByRole('article', { name: 'REPORTE DE VENTAS' });
  await expect(report.getByRole('row', { name: 'Total (2) S/ 22.90' })).toBeVisible();
  await expect(report.getByRole('row', { name: 'Efectivo (1) S/ 11.50' })).toBeVisible();
  await expect(report.getByRole('row', { name: 'Yape (1) S/ 11.40' })).toBeVisible();
  await expect(report.getByRole('row', { name: 'Admin Pruebas (2) S/ 22.90' })).toBeVisible();
  await expect(report.getByRole('row', { name: 'Caja n.º 1 (B001) (2) S/ 22.90' })).toBeVisible();
  // The Yape payment, for the wallet's statement.
  const operations = panel.getByRole('table', { name: 'Pagos por app o transferencia' });
  await expect(operations.getByRole('row')).toHaveCount(2);
  await expect(operations.getByRole('row').nth(1)).toContainText(/Yape\s*7781234\s*S\/ 11\.40\s*B001-00000002\s*\d\d\/\d\d\/\d{4} \d\d:\d\d/);
  await operations.scrollIntoViewIfNeeded();
  await harness.screenshot('caja-pagos-por-app');
  await harness.screenshot('caja-reporte-ventas');

  await panel.getByRole('button', { name: 'Imprimir reporte' }).click();
  await expect(panel.getByText('Reporte de ventas impreso.')).toBeVisible();
  const printed = harness.printed.find((p) => p.job.source.kind === 'salesReport');
  expect(printed?.job.paper).toBe('80mm');
  const text = await pdfText(printed!.pdf);
  for (const fragment of ['REPORTE DE VENTAS', todayText, 'Boletas (2) S/ 22.90', 'Efectivo (1) S/ 11.50', 'Yape (1) S/ 11.40', 'Caja n.º 1 (B001) (2) S/ 22.90']) {
    expect(text, fragment).toContain(fragment);
  }

  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Descargar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`ventas-${today}.csv`);
  const csv = await fs.readFile(await file.path(), 'utf8');
  expect(csv).toContain('total,Ventas,PEN,2,22.90\r\n');
  expect(csv).toContain('medio de pago,Yape,PEN,1,11.40\r\n');
  expect(csv).toContain('\r\nPagos por app o transferencia,n.º de operación,monto,moneda,comprobante,fecha,hora\r\n');
  expect(csv).toMatch(new RegExp(`Yape,7781234,11\\.40,PEN,B001-00000002,${todayText.replace(/\//g, '\\/')},\\d\\d:\\d\\d\\r\\n`));
});
