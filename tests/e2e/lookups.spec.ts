import fs from 'node:fs/promises';
import { test, expect } from './harness';
import { closeDialog, ticketDialog, typeLine, waitForStatus } from './sale-helpers';

test('boleta and factura records by RUC, series and number, with a reprint from the record', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  const panel = page.getByRole('tabpanel');
  await page.keyboard.press('F3');
  await expect(page.getByRole('tab', { name: 'Boleta o factura' })).toHaveAttribute('aria-selected', 'true');
  const ruc = panel.getByLabel('RUC del emisor');
  await expect(ruc).toHaveValue('20987654326'); // starts with the company's RUC
  await ruc.fill('20100000009');
  await panel.getByLabel('Serie').fill('B1');
  await panel.getByLabel('Número').fill('120');
  await panel.getByRole('button', { name: 'Consultar' }).click();
  await expect(panel.getByLabel('Serie')).toHaveAccessibleDescription('La serie tiene 4 caracteres (ej. B001)');

  await panel.getByLabel('Serie').fill('B001');
  await panel.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByRole('heading', { name: 'Boleta de venta B001-00000120' })).toBeVisible();
  await expect(page.getByText('BODEGA DEMO CAJA S.A.C. (RUC 20100000009)')).toBeVisible();
  await expect(page.getByText('QUISPE HUAMAN ROSA ELENA (DNI 10000001)')).toBeVisible();
  await expect(page.getByTestId('record-total')).toHaveText('S/ 118.00');
  await expect(page.getByRole('cell', { name: 'ACEITE VEGETAL 1 L' })).toBeVisible();
  await harness.screenshot('consultas-comprobante');

  await page.getByRole('button', { name: 'Reimprimir desde la consulta' }).click();
  const dialog = ticketDialog(page);
  await expect(dialog.getByText('REIMPRESIÓN', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'BOLETA DE VENTA ELECTRÓNICA B001-00000120' })).toBeVisible();
  await expect(dialog.getByText('SON CIENTO DIECIOCHO CON 00/100 SOLES')).toBeVisible();
  await expect(dialog.getByRole('row', { name: /Importe total/ })).toContainText('118.00');
  await closeDialog(page);

  await panel.getByLabel('Tipo', { exact: true }).selectOption('factura');
  await panel.getByLabel('Serie').fill('F001');
  await panel.getByLabel('Número').fill('45');
  await panel.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByRole('heading', { name: 'Factura F001-00000045' })).toBeVisible();
  await expect(page.getByTestId('record-total')).toHaveText('S/ 354.00');

  await panel.getByLabel('Número').fill('46');
  await panel.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'No se encontró el comprobante' })).toBeVisible();
});

test('transport guide: main fields and its XML download', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  const panel = page.getByRole('tabpanel');
  await page.keyboard.press('F3');
  await page.getByRole('tab', { name: 'Guía de remisión' }).click();
  await panel.getByLabel('RUC del emisor').fill('20100000009');
  await panel.getByLabel('Tipo de guía').selectOption('09');
  await panel.getByLabel('Serie').fill('T001');
  await panel.getByLabel('Número').fill('15');
  await panel.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByRole('heading', { name: /T001-00000015/ })).toBeVisible();
  await expect(page.getByText('BODEGA DEMO CAJA S.A.C. (RUC 20100000009)')).toBeVisible();
  await expect(page.getByText(/ABC123/)).toBeVisible();
  await expect(page.getByText(/TORRES VARGAS LUIS ALBERTO/)).toBeVisible();
  await expect(page.getByRole('cell', { name: 'ARROZ EXTRA SACO 50 KG' })).toBeVisible();
  await expect(page.getByText(/JR\. COMERCIO 250, AREQUIPA/)).toBeVisible();
  await harness.screenshot('consultas-guia');

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar XML' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.xml$/i);
  const xml = await fs.readFile(await download.path(), 'utf8');
  expect(xml).toContain('T001');
  expect(xml.trimStart().startsWith('<')).toBe(true);
});

test('CDR query with SOL credentials attaches the CDR to our document and can remember the credentials', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await typeLine(page, 1, { code: 'CAF', description: 'Café molido 250 g', quantity: '1', price: '12.50' });
  await page.keyboard.press('F12');
  await expect(ticketDialog(page)).toBeVisible();
  await closeDialog(page);
  await waitForStatus(harness.core.dispatch, 1, 'accepted');

  const panel = page.getByRole('tabpanel');
  await page.keyboard.press('F3');
  await page.getByRole('tab', { name: 'CDR' }).click();
  await expect(panel.getByLabel('RUC', { exact: true })).toHaveValue('20987654326');
  await panel.getByLabel('Usuario SOL').fill('MODDATOS');
  await panel.getByLabel('Clave SOL').fill('moddatos');
  await panel.getByLabel('Tipo', { exact: true }).selectOption('03');
  await panel.getByLabel('Serie').fill('B001');
  await panel.getByLabel('Número').fill('1');
  await panel.getByLabel('Recordar credenciales').check();
  await page.getByRole('button', { name: 'Consultar CDR' }).click();
  await expect(page.getByText('Adjuntado al documento B001-00000001')).toBeVisible();
  await expect(page.getByTestId('cdr-code')).toHaveText('0');
  await expect(panel.getByLabel('Clave SOL')).toHaveValue('');
  await expect(page.getByText('Credenciales recordadas (MODDATOS): deje usuario y clave vacíos para usarlas.')).toBeVisible();
  await harness.screenshot('consultas-cdr');

  const settings = (await harness.core.dispatch('getSettings', {})) as { value: { portal: { remembered: boolean } } };
  expect(settings.value.portal.remembered).toBe(true);
  // The password never came back to the page.
  expect(harness.responses.some((r) => r.includes('moddatos'))).toBe(false);
});
