// A sale with the clock set before the last sale asks the cashier (the system's confirmation), and the
// retry of the same sale issues it once; declining issues nothing.
import { test, expect } from './harness';
import { closeDialog, ticketDialog, typeLine } from './sale-helpers';

let now = Date.parse('2026-03-02T10:00:00-05:00');

test.use({ coreClock: { now: () => new Date(now) } });

test('a clock behind the last sale is asked about; declining issues nothing, accepting issues the sale once', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await typeLine(page, 1, { code: 'AG', description: 'Agua 625 ml', quantity: '1', price: '1.50' });
  await page.keyboard.press('F12');
  await expect(ticketDialog(page).getByText('02/03/2026 10:00:00')).toBeVisible();
  await closeDialog(page);

  now -= 3 * 3_600_000; // someone set the clock back three hours
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await typeLine(page, 1, { code: 'AG', description: 'Agua 625 ml', quantity: '1', price: '1.50' });
  await page.keyboard.press('F12');
  await expect(page.getByText(/es anterior a la de la última venta/).first()).toBeVisible();
  expect(asked[0]).toContain('La fecha y hora de esta computadora (02/03/2026 07:00) es anterior a la de la última venta (02/03/2026 10:00)');

  page.once('dialog', (dialog) => void dialog.accept());
  await page.keyboard.press('F12');
  await expect(ticketDialog(page).getByText('02/03/2026 07:00:00')).toBeVisible();
  await closeDialog(page);
  const numbers = harness.core.sqlite().prepare('SELECT number FROM documents ORDER BY id').pluck().all();
  expect(numbers).toEqual([1, 2]);
  expect(harness.core.sqlite().prepare("SELECT COUNT(*) FROM numbering_log WHERE kind = 'clock'").pluck().get()).toBe(1);
});
