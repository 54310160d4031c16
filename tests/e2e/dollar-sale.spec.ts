// A dollar sale as a Peruvian shop makes it: Moneda Dólares asks for the day's rate (SUNAT's, through the provider's
// sandbox), the catalogue's soles become dollars at that rate, the ticket prints the rate, and the accountant's CSV
// carries it. A rate typed by the cashier replaces SUNAT's for the day.
import fs from 'node:fs/promises';
import { test, expect } from './harness';
import { pdfText } from './print-checks';
import { closeDialog, lineField, ticketDialog, typeLine } from './sale-helpers';

const rice = { code: 'ARZ5', description: 'Arroz extra 5 kg', quantity: '1', price: '24.90' };

/** A CSV as rows of cells (the export quotes only what needs it). */
const csvRows = (text: string) => text.trim().split('\r\n').map((line) => line.split(','));

test("dollars: SUNAT's rate of the day converts the soles price, the ticket prints it, the CSV carries it", async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await page.getByLabel('Moneda').selectOption('USD');
  await expect(page.getByTestId('exchange-rate')).toHaveText('S/ 3.751 por US$ 1');
  await expect(page.getByText('(SUNAT)')).toBeVisible();

  await typeLine(page, 1, rice);
  // The line stays at the catalogue's soles; the document is in dollars: 24.90 / 3.751 = 6.638… → $ 6.64.
  await expect(page.getByLabel('Importe, línea 1')).toHaveText('24.90');
  await expect(page.getByTestId('total-total')).toHaveText('$ 6.64');
  await expect(page.getByTestId('total-igv')).toHaveText('$ 1.01');
  await expect(page.getByTestId('total-words')).toHaveText('SON SEIS CON 64/100 DÓLARES AMERICANOS');
  await expect(page.getByTestId('total-rate')).toHaveText('Precios en soles convertidos a S/ 3.751 por US$ 1');
  await harness.screenshot('venta-dolares');

  await page.getByRole('button', { name: 'Emitir (F12)' }).click();
  const dialog = ticketDialog(page);
  await expect(dialog.getByRole('heading', { name: 'Boleta B001-00000001 emitida' })).toBeVisible();
  await expect(dialog.getByTestId('printed-exchange-rate')).toHaveText('S/ 3.751 por US$ 1');
  await expect(dialog.getByText('SON SEIS CON 64/100 DÓLARES AMERICANOS')).toBeVisible();
  await expect(dialog.getByText('DÓLARES AMERICANOS', { exact: true })).toBeVisible();
  await harness.screenshot('ticket-dolares');
  await closeDialog(page);

  // The accountant's CSV: the dollar boleta with its rate.
  await page.keyboard.press('F4');
  const region = page.getByRole('region', { name: 'Exportar para el contador' });
  await region.getByRole('radio', { name: /^CSV/ }).check();
  await region.getByRole('button', { name: 'Exportar' }).click();
  await expect(region.getByText(/^Archivo guardado: comprobantes-/)).toBeVisible();
  const [header = [], row = []] = csvRows(await fs.readFile(harness.dialogs.saved.at(-1)!, 'utf8'));
  const boleta = Object.fromEntries(header.map((name, i) => [name, row[i]]));
  expect(boleta).toMatchObject({ serie: 'B001', numero: '1', moneda: 'USD', tipo_cambio: '3.751', total: '6.64' });
});

test('dollars: a rate typed by the cashier is the one the sale converts at', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await page.getByLabel('Moneda').selectOption('USD');
  await expect(page.getByTestId('exchange-rate')).toHaveText('S/ 3.751 por US$ 1');
  await page.getByRole('button', { name: 'Cambiar' }).click();
  await page.getByLabel('Tipo de cambio (S/ por US$ 1)').fill('3,8');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByTestId('exchange-rate')).toHaveText('S/ 3.800 por US$ 1');
  await expect(page.getByText('(ingresado a mano)')).toBeVisible();

  await lineField(page, 'Código', 1).focus();
  await typeLine(page, 1, rice);
  // 24.90 / 3.800 = 6.552… → $ 6.55
  await expect(page.getByTestId('total-total')).toHaveText('$ 6.55');
  await page.keyboard.press('F12');
  await expect(ticketDialog(page).getByTestId('printed-exchange-rate')).toHaveText('S/ 3.800 por US$ 1');
  const list = await harness.core.dispatch('listDocuments', {});
  const rows = (list as { value: { rows: { currency: string; total: string }[] } }).value.rows;
  expect(rows[0]).toMatchObject({ currency: 'USD', total: '6.55' });
});

test('dollars: paid with a US$ 10 bill, the change is handed back in soles and the X counts both currencies', async ({ harness }) => {
  const { page, core } = harness;
  const moved = await core.dispatch('addCashMovement', { clientKey: crypto.randomUUID(), kind: 'in', amount: '50', reason: 'Sencillo para vueltos' });
  expect(moved.ok).toBe(true);
  await harness.open();
  const display = await page.context().newPage();
  await display.goto(`${harness.baseUrl}/index.html#/display`);
  await page.getByLabel('Moneda').selectOption('USD');
  await expect(page.getByTestId('exchange-rate')).toHaveText('S/ 3.751 por US$ 1');
  await typeLine(page, 1, rice);
  await expect(page.getByTestId('total-total')).toHaveText('$ 6.64');
  await page.keyboard.press('F8');
  await page.keyboard.type('10');
  // US$ 3.36 of change at 3.751 → S/ 12.60
  await expect(page.getByTestId('payment-change')).toHaveText('S/ 12.60');
  await expect(display.getByTestId('display-total')).toHaveText('Total $ 6.64');
  await expect(display.getByTestId('display-change')).toHaveText('Vuelto: S/ 12.60');
  await page.keyboard.press('F12');
  const dialog = ticketDialog(page);
  await expect(dialog.getByTestId('issued-change')).toHaveText('VUELTO S/ 12.60');
  await expect(dialog.getByTestId('printed-change')).toHaveText('Vuelto: S/ 12.60 ($ 3.36)');
  await harness.screenshot('ticket-dolares-vuelto');
  await expect(display.getByTestId('display-change')).toHaveText('VUELTO S/ 12.60');
  await display.screenshot({ path: 'tests/artifacts/screens/pantalla-cliente-dolares.png' });
  await page.bringToFront();
  await closeDialog(page);

  await page.keyboard.press('F6');
  const x = page.getByRole('article', { name: 'REPORTE X (CAJA ABIERTA)' });
  // Soles: 0 + 50 − 12.60 = 37.40; dollars: the 10.00 handed over.
  await expect(x.getByRole('row', { name: 'Vuelto en soles de ventas en dólares S/ 12.60' })).toBeVisible();
  await expect(x.getByRole('row', { name: 'Efectivo esperado S/ 37.40' })).toBeVisible();
  await expect(x.getByRole('region', { name: 'Dólares en caja (US$)' }).getByRole('row', { name: 'Dólares esperados $ 10.00' })).toBeVisible();
  await harness.screenshot('caja-x-dolares');

  // The Z counts each currency.
  const close = page.getByRole('form', { name: 'Cerrar caja' });
  await close.getByLabel('Efectivo contado (S/)').fill('37.40');
  await close.getByLabel('Dólares contados (US$), esperados 10.00').fill('10');
  page.once('dialog', (d) => void d.accept());
  await close.getByRole('button', { name: 'Cerrar caja e imprimir Z' }).click();
  await expect(page.getByText('Caja n.º 1 cerrada')).toBeVisible();
  await expect(page.getByText('dólares: esperado $ 10.00 · contado $ 10.00', { exact: false })).toBeVisible();
  const zReport = page.getByRole('article', { name: /CIERRE DE CAJA \(Z\)/ });
  await expect(zReport.getByRole('row', { name: 'Dólares contados $ 10.00' })).toBeVisible();
});

test.describe('the A4', () => {
  test.use({ printer: 'pdf' });

  test('dollars: the A4 of a dollar sale prints its exchange rate', async ({ harness }) => {
    const { page } = harness;
    await harness.open();
    await page.getByLabel('Moneda').selectOption('USD');
    await expect(page.getByTestId('exchange-rate')).toHaveText('S/ 3.751 por US$ 1');
    await typeLine(page, 1, rice);
    await page.keyboard.press('F12');
    const dialog = ticketDialog(page);
    await dialog.getByLabel('Papel').selectOption('A4');
    await dialog.getByRole('button', { name: 'Guardar PDF' }).click();
    await expect(dialog.getByTestId('print-outcome')).toHaveText(/^PDF guardado en .+\.pdf\.$/);
    const a4 = harness.printed.find((p) => p.job.paper === 'A4')!;
    const text = await pdfText(a4.pdf);
    for (const fragment of ['DÓLARES AMERICANOS', 'Tipo de cambio S/ 3.751 por US$ 1', 'SON SEIS CON 64/100 DÓLARES AMERICANOS']) expect(text, fragment).toContain(fragment);
  });
});
