// The stock of the product being sold, under the lines: what the shelf holds and what this sale leaves, amber under
// the minimum and red below zero, while the sale itself never stops.
import { test, expect } from './harness';
import { lineField } from './sale-helpers';

test('the till shows the stock of the line being sold and what the sale leaves of it', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  const d = harness.core.dispatch;
  expect(await d('saveProduct', { code: 'A001', description: 'Arroz extra 1 kg', unit: 'NIU', price: '7.50', affectation: '10' })).toMatchObject({ ok: true });
  expect(await d('recordPurchase', {
    clientKey: crypto.randomUUID(),
    supplier: { docType: '6', docNumber: '20100070970', name: 'DISTRIBUIDORA NORTE S.A.C.' },
    document: { type: '01', series: 'F001', number: '77', date: '2026-11-20' },
    lines: [{ code: 'A001', quantity: '10', unitCost: '5.00', costIncludesIgv: false }],
  })).toMatchObject({ ok: true });
  expect(await d('setStockSettings', { code: 'A001', tracked: true, minimum: '8', packSize: null })).toMatchObject({ ok: true });

  // Scanned: the till moves to a new line and still shows the product just added.
  await lineField(page, 'Código', 1).fill('A001');
  await lineField(page, 'Código', 1).press('Enter');
  await expect(lineField(page, 'Código', 2)).toBeFocused();
  const stock = page.getByTestId('line-stock');
  await expect(stock).toHaveText('Stock de Arroz extra 1 kg: 10 (mínimo 8) · quedarán 9');
  await expect(stock).toHaveClass(/lines__stock--info/);

  // Three: under the minimum.
  await lineField(page, 'Cantidad', 1).fill('3');
  await expect(stock).toContainText('quedarán 7: stock bajo.');
  await expect(stock).toHaveClass(/lines__stock--warning/);

  // Twelve: below zero, said before F12, and the sale still issues.
  await lineField(page, 'Cantidad', 1).fill('12');
  await expect(stock).toContainText('quedarán -2: la venta sigue');
  await expect(stock).toHaveClass(/lines__stock--error/);
  await harness.screenshot('venta-stock-de-la-linea');
  await page.keyboard.press('F12');
  await expect(page.getByRole('dialog')).toBeVisible();
});
