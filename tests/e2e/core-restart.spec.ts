// The core runs in a worker thread. When that worker dies, the host starts a new one: the sale it had
// committed is still there, the window says what happened, and the till goes on selling.
import { test, expect } from './harness';
import { closeDialog, ticketDialog, typeLine } from './sale-helpers';

test('a core worker that dies is replaced: the committed sale is kept, the window says so, the next sale follows it', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await typeLine(page, 1, { code: 'AG', description: 'Agua 625 ml', quantity: '1', price: '1.50' });
  await page.keyboard.press('F12');
  await expect(ticketDialog(page).getByRole('heading', { name: 'Boleta B001-00000001 emitida' })).toBeVisible();
  await closeDialog(page);

  await harness.core.host.crashForDrill();
  const notice = page.getByTestId('core-notice');
  await expect(notice).toContainText('Caja se recuperó de un fallo interno y siguió trabajando. Las ventas registradas se conservaron.');
  expect(harness.core.host.restartCount).toBe(1);

  // The sale committed before the failure is in the database the new worker opened.
  const count = harness.core.sqlite().prepare('SELECT COUNT(*) FROM documents').pluck().get();
  expect(count).toBe(1);

  // The new core's session is new: the till locks at once (not at the next sale), and the cashier signs in again.
  await expect(page.getByRole('form', { name: 'Ingresar' })).toBeVisible();
  await harness.screenshot('nucleo-reiniciado-ingreso');
  await page.getByLabel('PIN').fill('135790');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Admin Pruebas · Administrador')).toBeVisible();
  await typeLine(page, 1, { code: 'AG', description: 'Agua 625 ml', quantity: '1', price: '1.50' });
  await page.keyboard.press('F12');
  await expect(ticketDialog(page).getByRole('heading', { name: 'Boleta B001-00000002 emitida' })).toBeVisible();
  await closeDialog(page);
  await page.getByTestId('core-notice').getByRole('button', { name: 'Descartar aviso' }).click();
  await expect(page.getByTestId('core-notice')).toHaveCount(0);
});
