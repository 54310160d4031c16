// How a sale is paid. Cash with change, quick amounts, card and Yape with their operation numbers, a split
// payment, and short cash refused with the shortfall on the cash field; the ticket prints every payment.
import { test, expect } from './harness';
import { closeDialog, ticketDialog, typeLine } from './sale-helpers';

test('short cash is refused with the shortfall; quick amounts; split Yape + cash; a card payment with its number', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await typeLine(page, 1, { code: 'A001', description: 'Arroz extra 1 kg', quantity: '2', price: '5.75' }); // 11.50

  // Short cash: shown live in red, and F12 refuses it on the cash field without spending a number.
  await page.keyboard.press('F8');
  await expect(page.getByLabel('Efectivo recibido')).toBeFocused();
  await page.keyboard.type('10');
  await expect(page.getByText('Falta', { exact: true })).toBeVisible();
  await expect(page.getByTestId('payment-change')).toHaveText('S/ 1.50');
  await page.keyboard.press('F12');
  await expect(page.getByLabel('Efectivo recibido')).toHaveAccessibleDescription('Falta S/ 1.50');
  await expect(page.getByLabel('Efectivo recibido')).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('next-number')).toHaveText('B001-00000001');
  await harness.screenshot('venta-falta-efectivo');

  // Quick amounts: 20 gives 8.50 of change; "Exacto" is the total.
  await page.getByRole('button', { name: 'Recibí 20 soles' }).click();
  await expect(page.getByLabel('Efectivo recibido')).toHaveValue('20');
  await expect(page.getByTestId('payment-change')).toHaveText('S/ 8.50');
  await page.getByRole('button', { name: 'Exacto' }).click();
  await expect(page.getByLabel('Efectivo recibido')).toHaveValue('11.50');

  // Split: Yape 5.00 (with its operation number) and the rest in cash, 10 handed over → 3.50 of change.
  await page.getByRole('button', { name: '+ Tarjeta, Yape u otro medio' }).click();
  await page.getByLabel('Medio de pago 1').selectOption({ label: 'Yape' });
  await page.getByLabel('Monto del pago 1').fill('5');
  await page.getByLabel('Operación del pago 1').fill('7781234');
  await page.getByLabel('Efectivo recibido').fill('10');
  await expect(page.getByText('Vuelto', { exact: true })).toBeVisible();
  await expect(page.getByTestId('payment-change')).toHaveText('S/ 3.50');
  await harness.screenshot('venta-pago-dividido');
  await page.keyboard.press('F12');
  const dialog = ticketDialog(page);
  await expect(dialog.getByRole('heading', { name: 'Boleta B001-00000001 emitida' })).toBeVisible();
  await expect(dialog.getByText('Yape: S/ 5.00')).toBeVisible();
  await expect(dialog.getByText('Op. 7781234')).toBeVisible();
  await expect(dialog.getByText('Efectivo: S/ 10.00')).toBeVisible();
  await expect(dialog.getByText('Vuelto: S/ 3.50')).toBeVisible();
  await harness.screenshot('ticket-pago-dividido');
  await closeDialog(page);
  const first = await harness.core.dispatch('getDocument', { id: 1 });
  expect(first).toMatchObject({ ok: true, value: { payments: [
    { method: 'yape', tendered: '5.00', applied: '5.00', reference: '7781234' },
    { method: 'efectivo', tendered: '10.00', applied: '6.50' },
  ] } });

  // A card for the whole sale: no cash, no change.
  await typeLine(page, 1, { code: 'L002', description: 'Leche evaporada 400 g', quantity: '3', price: '3.80' }); // 11.40
  await page.getByRole('button', { name: '+ Tarjeta, Yape u otro medio' }).click();
  await expect(page.getByLabel('Monto del pago 1')).toHaveValue('11.40');
  await page.getByLabel('Medio de pago 1').selectOption({ label: 'Tarjeta de débito' });
  await page.getByLabel('Operación del pago 1').fill('004512');
  await expect(page.getByTestId('payment-change')).toHaveText('S/ 0.00');
  await page.keyboard.press('F12');
  await expect(dialog.getByText('Tarjeta de débito: S/ 11.40')).toBeVisible();
  await closeDialog(page);
  const second = await harness.core.dispatch('getDocument', { id: 2 });
  expect(second).toMatchObject({ ok: true, value: { payments: [{ method: 'debito', kind: 'card', tendered: '11.40', reference: '004512' }] } });
});

test('Ajustes → Medios de pago: add one, switch one off; the till offers exactly the active ones; cash cannot be switched off', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await page.keyboard.press('F4');
  const section = page.getByRole('region', { name: 'Medios de pago' });
  await section.getByLabel('Nuevo medio de pago').fill('Tarjeta Ripley');
  await section.getByRole('button', { name: 'Agregar' }).click();
  await section.getByLabel('Plin activo').uncheck();
  await section.getByLabel('Efectivo activo').uncheck();
  await section.getByRole('button', { name: 'Guardar medios de pago' }).click();
  await expect(section.getByText('Debe quedar activo al menos un medio de pago en efectivo')).toBeVisible();
  await section.getByLabel('Efectivo activo').check();
  await section.getByRole('button', { name: 'Guardar medios de pago' }).click();
  await expect(section.getByText('Cambios guardados.')).toBeVisible();
  await harness.screenshot('ajustes-medios-de-pago');
  const view = await harness.core.dispatch('getSettings', {});
  expect(view).toMatchObject({ ok: true, value: { paymentMethods: expect.arrayContaining([
    { code: 'tarjeta_ripley', label: 'Tarjeta Ripley', kind: 'card', active: true },
    { code: 'plin', label: 'Plin', kind: 'wallet', active: false },
  ]) } });

  await page.keyboard.press('F1');
  await typeLine(page, 1, { code: 'A001', description: 'Arroz extra 1 kg', quantity: '1', price: '30' });
  await page.getByRole('button', { name: '+ Tarjeta, Yape u otro medio' }).click();
  const options = await page.getByLabel('Medio de pago 1').locator('option').allTextContents();
  expect(options).toEqual(['Tarjeta de débito', 'Tarjeta de crédito', 'Yape', 'Transferencia', 'Tarjeta Ripley']);
  await page.getByLabel('Medio de pago 1').selectOption({ label: 'Tarjeta Ripley' });
  await page.keyboard.press('F12');
  await expect(ticketDialog(page).getByText('Tarjeta Ripley: S/ 30.00')).toBeVisible();
});
