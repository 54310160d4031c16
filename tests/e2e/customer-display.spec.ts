// The customer display (#/display) follows the till: lines, total, change, and a thank-you after issuing.
import { test, expect } from './harness';
import { lineField, ticketDialog, typeLine } from './sale-helpers';

test('the customer display shows the sale as it is rung up, the change, and thanks the customer', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  const display = await page.context().newPage();
  await display.goto(`${harness.baseUrl}/index.html#/display`);
  await expect(display.getByText('¡Bienvenido!')).toBeVisible();

  await typeLine(page, 1, { code: 'ARZ', description: 'Arroz extra 1 kg', quantity: '2', price: '5.90' });
  await typeLine(page, 2, { code: 'ACE', description: 'Aceite vegetal 1 L', quantity: '1', price: '8.50' });
  await expect(display.getByTestId('display-lines')).toContainText('2 × Arroz extra 1 kg');
  await expect(display.getByTestId('display-total')).toHaveText('Total S/ 20.30');
  await page.getByLabel('Efectivo recibido').fill('50');
  await expect(display.getByTestId('display-change')).toHaveText('Vuelto: S/ 29.70');
  await display.screenshot({ path: 'tests/artifacts/screens/pantalla-cliente.png' });

  await page.keyboard.press('F12');
  await expect(ticketDialog(page)).toBeVisible();
  await expect(display.getByText('¡Gracias por su compra!')).toBeVisible();
  await expect(display.getByTestId('display-change')).toHaveText('VUELTO S/ 29.70');
  await page.keyboard.press('Escape');

  // The next customer's first line replaces the thank-you.
  await lineField(page, 'Código', 1).fill('PAN');
  await lineField(page, 'Descripción', 1).fill('Pan francés');
  await lineField(page, 'Precio con IGV', 1).fill('0.20');
  await expect(display.getByTestId('display-lines')).toContainText('Pan francés');
  await display.close();
});
