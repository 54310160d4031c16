import { test, expect } from './harness';
import { closeDialog, handBeat, lineField, ticketDialog, typeLine } from './sale-helpers';

test('anonymous boleta: live totals, change due, issue with the button, ticket, form ready for the next customer', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await expect(page.getByTestId('next-number')).toHaveText('B001-00000001');
  await expect(page.getByText('MODO DEMO: los documentos no se declaran a SUNAT')).toBeVisible();
  await harness.screenshot('venta-vacia');

  await expect(lineField(page, 'Código', 1)).toBeVisible();
  await typeLine(page, 1, { code: 'A001', description: 'Arroz extra 1 kg', quantity: '2', price: '4.50' });
  await typeLine(page, 2, { code: 'L002', description: 'Leche evaporada 400 g', quantity: '3', price: '3.80' });

  // 9.00 + 11.40 = 20.40 → gravadas 7.63 + 9.66 = 17.29, IGV 3.11
  await expect(page.getByTestId('total-total')).toHaveText('S/ 20.40');
  await expect(page.getByTestId('total-gravadas')).toHaveText('S/ 17.29');
  await expect(page.getByTestId('total-igv')).toHaveText('S/ 3.11');
  await expect(page.getByTestId('total-words')).toHaveText('SON VEINTE CON 40/100 SOLES');
  await expect(page.getByLabel('Importe, línea 2')).toHaveText('11.40');

  await page.getByLabel('Efectivo recibido').fill('50');
  await expect(page.getByTestId('payment-change')).toHaveText('S/ 29.60');
  await harness.screenshot('venta-boleta');

  await page.getByRole('button', { name: 'Emitir (F12)' }).click();
  const dialog = ticketDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Boleta B001-00000001 emitida' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'BOLETA DE VENTA ELECTRÓNICA B001-00000001' })).toBeVisible();
  await expect(dialog.getByText('CLIENTES VARIOS')).toBeVisible();
  await expect(dialog.getByText('SON VEINTE CON 40/100 SOLES')).toBeVisible();
  await expect(dialog.getByText('Aceptado')).toBeVisible();
  await expect(dialog.getByText(/^Resumen: .+/)).toBeVisible();
  await harness.screenshot('ticket-boleta');
  await closeDialog(page);

  // Ready for the next customer: empty form, next number, focus on the first code field.
  await expect(page.getByTestId('next-number')).toHaveText('B001-00000002');
  await expect(lineField(page, 'Código', 1)).toHaveValue('');
  await expect(lineField(page, 'Código', 2)).toHaveCount(0);
  await expect(lineField(page, 'Código', 1)).toBeFocused();
  await expect(page.getByTestId('total-total')).toHaveText('S/ 0.00');

  const list = await harness.core.dispatch('listDocuments', {});
  expect(list.ok).toBe(true);
  const rows = (list as { value: { rows: { series: string; number: number; total: string; status: string }[] } }).value.rows;
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ series: 'B001', number: 1, total: '20.40', status: 'accepted' });
});

test('F12 issues the sale from the keyboard; a scanner code + Enter keeps focus for the next scan', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  // Codes of the demo catalogue: Galletas Soda Field (3.20) and Inca Kola 500 ml (2.50).
  const code1 = lineField(page, 'Código', 1);
  await code1.focus();
  await page.keyboard.type('7756141000111');
  await page.keyboard.press('Enter');
  await expect(lineField(page, 'Código', 2)).toBeFocused();
  await page.keyboard.type('7753056000182');
  await page.keyboard.press('Enter');
  await expect(lineField(page, 'Código', 3)).toBeFocused();
  // Enter on an empty code does nothing (a scanner's stray Enter adds no line).
  await page.keyboard.press('Enter');
  await expect(lineField(page, 'Código', 4)).toHaveCount(0);
  await expect(page.getByTestId('total-total')).toHaveText('S/ 5.70');

  // Ctrl+Supr removes the line with focus.
  await lineField(page, 'Descripción', 2).focus();
  await page.keyboard.press('Control+Delete');
  await expect(lineField(page, 'Código', 3)).toHaveCount(0);
  await expect(lineField(page, 'Código', 2)).toBeFocused(); // the empty line that took its place
  await expect(page.getByTestId('total-total')).toHaveText('S/ 3.20');
  await page.keyboard.type('7753056000182');
  await page.keyboard.press('Enter');
  await expect(lineField(page, 'Código', 3)).toBeFocused();
  await expect(page.getByTestId('total-total')).toHaveText('S/ 5.70');

  await page.keyboard.press('F12');
  await expect(ticketDialog(page).getByRole('heading', { name: 'Boleta B001-00000001 emitida' })).toBeVisible();
  await closeDialog(page);
  const doc = await harness.core.dispatch('getDocument', { id: 1 });
  const payload = JSON.parse((doc as { value: { payload: string } }).value.payload) as { detalle: { cod_Producto: string }[] };
  expect(payload.detalle.map((l) => l.cod_Producto)).toEqual(['7756141000111', '7753056000182']);
});

test('Esc cancels the sale only after confirming; Esc again keeps it', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await typeLine(page, 1, { code: 'ARZ', description: 'Arroz extra 1 kg', quantity: '2', price: '5.90' });
  await typeLine(page, 2, { code: 'ACE', description: 'Aceite vegetal 1 L', quantity: '1', price: '8.50' });
  await expect(page.getByTestId('total-total')).toHaveText('S/ 20.30');

  await page.keyboard.press('Escape');
  const confirm = page.getByRole('dialog', { name: '¿Cancelar esta venta?' });
  await expect(confirm).toContainText('Se borrarán 2 productos');
  await harness.screenshot('venta-cancelar');
  await page.keyboard.press('Escape'); // keep it
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId('total-total')).toHaveText('S/ 20.30');

  await page.keyboard.press('Escape');
  // Enter keeps the sale; throwing it away takes a deliberate Shift+Tab first.
  await expect(confirm.getByRole('button', { name: 'No, seguir con la venta (Enter)' })).toBeFocused();
  await handBeat(page);
  await page.keyboard.press('Shift+Tab');
  await expect(confirm.getByRole('button', { name: 'Sí, cancelar la venta' })).toBeFocused();
  await handBeat(page);
  await page.keyboard.press('Enter');
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId('total-total')).toHaveText('S/ 0.00');
  await expect(lineField(page, 'Código', 1)).toBeFocused();
  await expect(lineField(page, 'Código', 2)).toHaveCount(0);
  // nothing was issued
  expect(harness.sandbox.declarations()).toEqual([]);
  await expect(page.getByTestId('next-number')).toHaveText('B001-00000001');
});

test('a hand-typed line needs no invented code: it gets MANUAL-<n>', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await typeLine(page, 1, { code: '', description: 'Servicio de copias', quantity: '10', price: '0.10' });
  await page.keyboard.press('F12');
  await expect(ticketDialog(page).getByRole('heading', { name: 'Boleta B001-00000001 emitida' })).toBeVisible();
  await closeDialog(page);
  const doc = await harness.core.dispatch('getDocument', { id: 1 });
  const payload = JSON.parse((doc as { value: { payload: string } }).value.payload) as { detalle: { cod_Producto: string }[] };
  expect(payload.detalle.map((l) => l.cod_Producto)).toEqual(['MANUAL-1']);
});

test('the keys are on screen and work: Alt+F/Alt+B, Alt+R/Alt+C, F8', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await expect(page.getByTestId('key-hints')).toContainText('Alt+B / Alt+F Boleta / Factura');
  await page.keyboard.press('Alt+f');
  await expect(page.getByRole('radio', { name: 'Factura' })).toBeChecked();
  await expect(page.getByLabel('Tipo de documento')).toHaveValue('6'); // a factura starts the customer on RUC
  await page.keyboard.press('Alt+b');
  await expect(page.getByRole('radio', { name: 'Boleta' })).toBeChecked();
  await typeLine(page, 1, { code: 'ARZ', description: 'Arroz', quantity: '1', price: '10.00' });
  await page.keyboard.press('Alt+r');
  await expect(page.getByRole('radio', { name: 'Crédito' })).toBeChecked();
  await page.keyboard.press('Alt+c');
  await expect(page.getByRole('radio', { name: 'Contado' })).toBeChecked();
  await page.keyboard.press('F8');
  await expect(page.getByLabel('Efectivo recibido')).toBeFocused();
  await page.keyboard.type('20');
  await expect(page.getByTestId('payment-change')).toContainText('10.00');
});
