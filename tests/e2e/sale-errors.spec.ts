import { test, expect } from './harness';
import { lineField, ticketDialog } from './sale-helpers';

test('errors appear in Spanish on their fields and nothing typed is lost', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await page.getByLabel('Tipo de documento').selectOption('1');
  await page.getByLabel('Número de documento').fill('1234567');
  await lineField(page, 'Código', 1).fill('QSO');
  await lineField(page, 'Descripción', 1).fill('Queso fresco');
  await lineField(page, 'Cantidad', 1).fill('1.5');

  await page.keyboard.press('F12');
  await expect(page.getByRole('alert').filter({ hasText: 'Revise los datos del comprobante.' })).toBeVisible();
  const price = lineField(page, 'Precio con IGV', 1);
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await expect(price).toHaveAccessibleDescription('Ingrese el precio');
  await expect(page.getByLabel('Número de documento')).toHaveAccessibleDescription('El DNI debe tener exactamente 8 dígitos');
  await expect(page.getByLabel('Número de documento')).toBeFocused(); // the first field in error
  await harness.screenshot('venta-errores');
  // Nothing typed was lost.
  await expect(lineField(page, 'Descripción', 1)).toHaveValue('Queso fresco');
  await expect(page.getByLabel('Número de documento')).toHaveValue('1234567');

  // Fixing a field clears its error; the next check finds the next problem, on its field.
  await price.fill('12.00');
  await expect(price).toHaveAttribute('aria-invalid', 'false');
  // A hand-typed line may have a decimal quantity of any unit (SUNAT accepts it); whole units are a catalogue
  // product's guard.
  await lineField(page, 'Unidad', 1).selectOption('KGM');

  // A factura needs a RUC customer.
  await page.locator('label', { hasText: 'Factura' }).click();
  await page.keyboard.press('F12');
  await expect(page.getByLabel('Tipo de documento')).toHaveAccessibleDescription('Una factura requiere un cliente con RUC');

  // A RUC with a wrong check digit is flagged as it is typed.
  await page.getByLabel('Tipo de documento').selectOption('6');
  await page.getByLabel('Número de documento').fill('20200000005');
  await expect(page.getByLabel('Número de documento')).toHaveAccessibleDescription('RUC no válido: revise el número (dígito verificador)');
  await page.getByLabel('Número de documento').fill('20200000006');
  await page.getByLabel('Razón social').fill('DISTRIBUIDORA ANDINA DEMO S.A.');
  await page.keyboard.press('F12');
  await expect(ticketDialog(page).getByRole('heading', { name: 'Factura F001-00000001 emitida' })).toBeVisible();
  const doc = (await harness.core.dispatch('getDocument', { id: 1 })) as { value: { payload: string } };
  const payload = JSON.parse(doc.value.payload) as { detalle: { unidad: string; cantidad: number; descripcion: string }[] };
  expect(payload.detalle).toMatchObject([{ unidad: 'KGM', cantidad: 1.5, descripcion: 'Queso fresco' }]);
});
