import { test, expect } from './harness';
import { closeDialog, lineField, ticketDialog, typeLine, waitForStatus } from './sale-helpers';

interface Payload {
  monto_Oper_Gravadas: number;
  monto_Oper_Exoneradas?: number;
  monto_Igv: number;
  total_Impuestos: number;
  monto_Imp_Venta: number;
  detalle: { tip_Afe_Igv: string; factor_Icbper?: number; igv: number; total_Impuestos: number }[];
}

async function payloadOf(harness: { core: { dispatch: (m: string, i: unknown) => Promise<unknown> } }, id: number): Promise<Payload> {
  const doc = (await harness.core.dispatch('getDocument', { id })) as { value: { payload: string } };
  return JSON.parse(doc.value.payload) as Payload;
}

test('a plastic-bag line adds ICBPER to the total', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await typeLine(page, 1, { code: 'PAN', description: 'Pan francés', quantity: '5', price: '0.20' });
  // The bag comes only from the catalogue: no line can be ticked as a bag by hand.
  await expect(lineField(page, 'Bolsa plástica (ICBPER)', 1)).toBeDisabled();
  await expect(lineField(page, 'Bolsa plástica (ICBPER)', 1)).not.toBeChecked();
  // The demo catalogue's plastic bag, scanned twice.
  await page.keyboard.type('2000000000664');
  await page.keyboard.press('Enter');
  await expect(lineField(page, 'Código', 3)).toBeFocused();
  await page.keyboard.type('2000000000664');
  await page.keyboard.press('Enter');
  await expect(lineField(page, 'Cantidad', 2)).toHaveValue('2');
  await expect(lineField(page, 'Bolsa plástica (ICBPER)', 2)).toBeChecked();
  // ICBPER 2 × 0.50; goods 1.00 + 0.20 incl. IGV.
  await expect(page.getByTestId('total-icbper')).toHaveText('S/ 1.00');
  await expect(page.getByTestId('total-total')).toHaveText('S/ 2.20');
  await expect(page.getByLabel('Importe, línea 2')).toHaveText('1.20');
  await harness.screenshot('venta-bolsa');

  await page.keyboard.press('F12');
  const dialog = ticketDialog(page);
  await expect(dialog.getByRole('row', { name: /I\.C\.B\.P\.E\.R\./ })).toContainText('1.00');
  await closeDialog(page);
  await waitForStatus(harness.core.dispatch, 1, 'accepted');
  const payload = await payloadOf(harness, 1);
  expect(payload.detalle[1]?.factor_Icbper).toBe(0.5);
  expect(payload.total_Impuestos - payload.monto_Igv).toBeCloseTo(1, 10);
  expect(payload.monto_Imp_Venta).toBe(2.2);
});

test('an exonerated line is totalled apart and carries no IGV', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await typeLine(page, 1, { code: 'LIB', description: 'Libro escolar', quantity: '1', price: '25.00', exonerated: true });
  await typeLine(page, 2, { code: 'CUA', description: 'Cuaderno A4', quantity: '2', price: '3.00' });
  await expect(page.getByTestId('total-exoneradas')).toHaveText('S/ 25.00');
  await expect(page.getByTestId('total-gravadas')).toHaveText('S/ 5.08');
  await expect(page.getByTestId('total-igv')).toHaveText('S/ 0.92');
  await expect(page.getByTestId('total-total')).toHaveText('S/ 31.00');

  await page.keyboard.press('F12');
  const dialog = ticketDialog(page);
  await expect(dialog.getByRole('row', { name: /Op\. exoneradas/ })).toContainText('25.00');
  await closeDialog(page);
  await waitForStatus(harness.core.dispatch, 1, 'accepted');
  const payload = await payloadOf(harness, 1);
  expect(payload.monto_Oper_Exoneradas).toBe(25);
  expect(payload.detalle[0]).toMatchObject({ tip_Afe_Igv: '20', igv: 0 });
  expect(payload.monto_Igv).toBe(0.92);
});

test('a zero or negative price or quantity is flagged on Enter, not at F12', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await lineField(page, 'Código', 1).fill('X');
  await lineField(page, 'Descripción', 1).fill('Servicio');
  await lineField(page, 'Precio con IGV', 1).fill('0');
  await lineField(page, 'Precio con IGV', 1).press('Enter');
  await expect(lineField(page, 'Precio con IGV', 1)).toHaveAccessibleDescription('El precio debe ser mayor que cero');
  await expect(lineField(page, 'Precio con IGV', 1)).toBeFocused();
  await lineField(page, 'Precio con IGV', 1).fill('5');
  await lineField(page, 'Cantidad', 1).fill('-2');
  await lineField(page, 'Precio con IGV', 1).press('Enter');
  await expect(lineField(page, 'Cantidad', 1)).toHaveAccessibleDescription('La cantidad debe ser mayor que cero');
  await lineField(page, 'Cantidad', 1).fill('2');
  await lineField(page, 'Precio con IGV', 1).press('Enter');
  await expect(lineField(page, 'Código', 2)).toBeFocused();
});
