import { test, expect } from './harness';
import { closeDialog, ticketDialog, typeLine } from './sale-helpers';

const DAY = 86_400_000;
let now = Date.parse('2026-03-02T10:00:00-05:00');

test.use({ coreClock: { now: () => new Date(now) } });

test('a boleta that cannot be sent shows the deadline warning, then the overdue warning', async ({ harness }) => {
  const { page } = harness;
  harness.sandbox.faults.reset(Infinity, 'send');
  await harness.open();
  await typeLine(page, 1, { code: 'AG', description: 'Agua 625 ml', quantity: '1', price: '1.50' });
  await page.keyboard.press('F12');
  await expect(ticketDialog(page).getByText('Fecha de emisión')).toBeVisible();
  await expect(ticketDialog(page).getByText('02/03/2026 10:00:00')).toBeVisible();
  await closeDialog(page);

  // Day 4 after issue: a boleta has 5 days, so the last day is tomorrow.
  now += 4 * DAY;
  await page.keyboard.press('F2');
  await page.getByRole('button', { name: 'Ver boleta B001-00000001' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'El plazo vence pronto' })).toContainText('07/03/2026');
  await expect(page.getByRole('table', { name: 'Documentos' })).toContainText('Vence pronto');

  // Day 6: overdue.
  now += 2 * DAY;
  await page.keyboard.press('F1');
  await page.keyboard.press('F2');
  await page.getByRole('button', { name: 'Ver boleta B001-00000001' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Plazo vencido' })).toContainText('El último día para enviarlo a SUNAT fue el 07/03/2026.');
  await expect(page.getByRole('table', { name: 'Documentos' })).toContainText('Plazo vencido');
  await harness.screenshot('documentos-plazo-vencido');
  harness.sandbox.faults.clear();
});
