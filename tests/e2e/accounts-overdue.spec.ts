// The overdue balances in Caja → Cuentas por cobrar: a credit factura whose first cuota fell due, seen 45 days after the
// sale with its days late, and the customer's account opened from the list.
import { test, expect } from './harness';
import { closeDialog, ticketDialog, typeLine } from './sale-helpers';

/** The core's clock: the real time, then moved ahead by the test. */
let ahead = 0;
test.use({ printer: 'pdf', coreClock: { now: () => new Date(Date.now() + ahead) } });

test('a cuota past due shows in the overdue list with its days late', async ({ harness }) => {
  const { page } = harness;
  ahead = 0;
  await harness.open();
  await page.getByLabel('Tipo de documento').selectOption('6');
  await page.getByLabel('Número de documento').fill('20200000006');
  await expect(page.getByLabel('Razón social')).toHaveValue('DISTRIBUIDORA ANDINA DEMO S.A.');
  await page.getByRole('button', { name: 'Cambiar a factura' }).click();
  await typeLine(page, 1, { code: 'ARZ50', description: 'Arroz extra saco 50 kg', quantity: '1', price: '177.00' });
  // One cuota of the whole total, due in 30 days (the till's default).
  await page.locator('label', { hasText: 'Crédito' }).click();
  await page.keyboard.press('F12');
  await expect(ticketDialog(page).getByRole('heading', { name: 'Factura F001-00000001 emitida' })).toBeVisible();
  await closeDialog(page);

  // 45 days later: 15 days late.
  ahead = 45 * 86_400_000;
  await page.keyboard.press('F6');
  const panel = page.getByRole('region', { name: 'Cuentas por cobrar' });
  const row = panel.getByTestId('overdue-table').getByRole('row', { name: /DISTRIBUIDORA ANDINA DEMO/ });
  await expect(row).toContainText(/177\.00\s*177\.00\s*15/);
  await row.getByRole('button', { name: 'Ver cuenta' }).click();
  await expect(panel.getByTestId('account-line')).toHaveText('Debe S/ 177.00 · Sin límite · Vencido S/ 177.00');
  await expect(panel.getByTestId('account-dues').getByRole('row').nth(1)).toContainText(/177\.00\s*15$/);
  await panel.getByTestId('overdue-table').scrollIntoViewIfNeeded();
  await harness.screenshot('cuentas-vencidos');
});
