// The return at the till (F7) as the counter lives it: a cashier is asked for the supervisor's PIN before anything
// else; the dialog shows each line's price, what is left of it and the refund's total as lines are picked; the money
// goes back by the sale's own methods and the core's refusal is shown beside the refund, with nothing typed lost; the
// result says DEVOLVER with the cash to hand back; the note's ticket shows its reason once and the money only under
// "Devolución:"; and a scan right after the return is read whole.
import { test, expect } from './harness';
import { closeDialog, ticketDialog, typeLine, waitForStatus } from './sale-helpers';
import { scanner } from './scanner';

test('a cashier: the supervisor PIN first, prices and what is left, the refund total, DEVOLVER, the note once, a scan whole', async ({ harness }) => {
  const { page, core } = harness;
  const ana = await core.dispatch('saveUser', { name: 'Ana Supervisora', role: 'supervisor', pin: '567890' });
  const luis = await core.dispatch('saveUser', { name: 'Luis Cajero', role: 'cajero', pin: '1234' });
  if (!ana.ok || !luis.ok) throw new Error(`users: ${JSON.stringify([ana, luis])}`);
  await core.dispatch('lock', {});
  await core.dispatch('login', { userId: (luis.value as { id: number }).id, pin: '1234' });
  await harness.open();

  await typeLine(page, 1, { code: 'ARR', description: 'Arroz 1 kg', quantity: '2', price: '5.90' });
  await typeLine(page, 2, { code: 'AZU', description: 'Azúcar 1 kg', quantity: '3', price: '2.50' });
  await page.keyboard.press('F12');
  await expect(ticketDialog(page)).toBeVisible();
  await closeDialog(page);
  await waitForStatus(core.dispatch, 1, 'accepted');

  // F7: the supervisor's PIN before the sale can even be looked for.
  await page.keyboard.press('F7');
  const dialog = page.getByTestId('return-dialog');
  await expect(dialog.getByTestId('return-approval')).toBeVisible();
  await expect(dialog.getByTestId('return-find')).toHaveCount(0);
  const pin = dialog.getByLabel('PIN del supervisor');
  await expect(pin).toBeFocused();
  await pin.fill('0000');
  await pin.press('Enter');
  await expect(dialog.getByTestId('return-approval').getByRole('alert')).toContainText('PIN incorrecto');
  await expect(dialog.getByTestId('return-find')).toHaveCount(0);
  await pin.fill('567890');
  await pin.press('Enter');
  await expect(dialog.getByTestId('return-find')).toBeFocused();
  await expect(dialog.getByTestId('return-approved')).toContainText('Ana Supervisora');

  await dialog.getByTestId('return-find').fill('B001-00000001');
  await dialog.getByTestId('return-find').press('Enter');
  await dialog.getByTestId('return-mode-lines').check();
  // Each line with its unit price and what is left; the amount and the total follow the quantity typed.
  await expect(dialog.getByTestId('return-row-1')).toContainText('5.90');
  await expect(dialog.getByTestId('return-row-2')).toContainText('2.50');
  await expect(dialog.getByTestId('return-left-2')).toHaveText('3');
  await dialog.getByTestId('return-line-2').fill('2');
  await expect(dialog.getByTestId('return-amount-2')).toHaveText('5.00');
  await expect(dialog.getByTestId('return-total')).toContainText('S/ 5.00');
  await expect(dialog.getByTestId('return-refund-efectivo')).toHaveValue('5.00');
  await harness.screenshot('till-return-cashier-dialog');
  await dialog.getByTestId('return-issue').click();

  // The result: the cash to hand back, large; never a VUELTO.
  await expect(page.getByRole('heading', { name: 'Nota de crédito BC01-00000001 emitida' })).toBeVisible();
  await expect(page.getByTestId('issued-refund')).toHaveText('DEVOLVER S/ 5.00');
  await expect(page.getByTestId('issued-change')).toHaveCount(0);
  const paper = page.locator('.ticket-dialog__paper');
  await expect(paper).toContainText('Devolución:');
  await expect(paper).toContainText('Efectivo: S/ 5.00');
  await expect(paper).not.toContainText('Vuelto');
  // The reason once.
  expect(((await paper.innerText()).match(/Devolución por ítem/g) ?? []).length).toBe(1);
  await harness.screenshot('till-return-cashier-result');
  await closeDialog(page);

  // Back at the sale, the cursor in the code field: a scan right after is read whole.
  await expect(page.getByLabel('Código, línea 1', { exact: true })).toBeFocused();
  await page.keyboard.type('7751234567890', { delay: 5 });
  await expect(page.getByLabel('Código, línea 1', { exact: true })).toHaveValue('7751234567890');
  await page.getByLabel('Código, línea 1', { exact: true }).fill('');

  // A second return shows what the first left.
  await page.keyboard.press('F7');
  // The only supervisor is chosen for the cashier, and the cursor then waits in the PIN.
  await expect(dialog.getByLabel('PIN del supervisor')).toBeFocused();
  await dialog.getByLabel('PIN del supervisor').fill('567890');
  await dialog.getByLabel('PIN del supervisor').press('Enter');
  await dialog.getByTestId('return-find').fill('B001-00000001');
  await dialog.getByTestId('return-find').press('Enter');
  await dialog.getByTestId('return-mode-lines').check();
  await expect(dialog.getByTestId('return-left-2')).toHaveText('1');
  await expect(dialog.getByTestId('return-left-1')).toHaveText('2');
  await dialog.getByRole('button', { name: 'Cancelar (Esc)' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByLabel('Código, línea 1', { exact: true })).toBeFocused();
  expect(harness.pageErrors).toEqual([]);
});

test('a supervisor goes straight in; a Yape sale is refunded by Yape; cash beyond the drawer is refused beside the refund, nothing lost', async ({ harness }) => {
  const { page, core } = harness;
  await harness.open();
  // A Yape sale, then a cash sale whose cash leaves the drawer.
  await typeLine(page, 1, { code: 'ACE', description: 'Aceite 1 L', quantity: '1', price: '10.00' });
  await page.keyboard.press('F10');
  await page.keyboard.press('y');
  await page.getByLabel('Operación del pago 1').fill('7781234');
  await page.keyboard.press('F12');
  await expect(ticketDialog(page)).toBeVisible();
  await closeDialog(page);
  await typeLine(page, 1, { code: 'LEC', description: 'Leche 400 g', quantity: '4', price: '3.80' });
  await page.keyboard.press('F12');
  await expect(ticketDialog(page)).toBeVisible();
  await closeDialog(page);
  await waitForStatus(core.dispatch, 1, 'accepted');
  await waitForStatus(core.dispatch, 2, 'accepted');
  const out = await core.dispatch('addCashMovement', { clientKey: crypto.randomUUID(), kind: 'out', amount: '15.20', reason: 'Pago a proveedor' });
  expect(out.ok).toBe(true);

  // An administrator: no PIN asked.
  await page.keyboard.press('F7');
  const dialog = page.getByTestId('return-dialog');
  await expect(dialog.getByTestId('return-find')).toBeFocused();
  await expect(dialog.getByTestId('return-approval')).toHaveCount(0);
  await dialog.getByTestId('return-find').fill('B001-00000001');
  await dialog.getByTestId('return-find').press('Enter');
  await dialog.getByTestId('return-mode-whole').check();
  await expect(dialog.getByTestId('return-total')).toContainText('S/ 10.00');
  await expect(dialog.getByTestId('return-refund-yape')).toHaveValue('10.00');
  await expect(dialog.getByTestId('return-refund-efectivo')).toHaveCount(0);
  await dialog.getByTestId('return-issue').click();
  await expect(page.getByRole('heading', { name: 'Nota de crédito BC01-00000001 emitida' })).toBeVisible();
  await expect(page.getByTestId('issued-refund-other')).toContainText('Devolver por Yape: S/ 10.00');
  await expect(page.getByTestId('issued-refund')).toHaveCount(0);
  await closeDialog(page);

  // The cash sale: 2 of 4 back in cash, but the drawer holds nothing.
  await page.keyboard.press('F7');
  await dialog.getByTestId('return-find').fill('B001-00000002');
  await dialog.getByTestId('return-find').press('Enter');
  await dialog.getByTestId('return-mode-lines').check();
  await dialog.getByTestId('return-line-1').fill('2');
  await expect(dialog.getByTestId('return-refund-efectivo')).toHaveValue('7.60');
  await dialog.getByTestId('return-issue').click();
  await expect(dialog.getByTestId('return-refund-error')).toContainText('En caja hay S/ 0.00: no alcanza para devolver S/ 7.60 en efectivo.');
  await expect(dialog.getByTestId('return-line-1')).toHaveValue('2');
  await expect(dialog.getByTestId('return-refund-efectivo')).toHaveValue('7.60');
  await harness.screenshot('till-return-refused-drawer');
  // Cash put back in the drawer, the same return goes through.
  const back = await core.dispatch('addCashMovement', { clientKey: crypto.randomUUID(), kind: 'in', amount: '10.00', reason: 'Sencillo' });
  expect(back.ok).toBe(true);
  await dialog.getByTestId('return-issue').click();
  await expect(page.getByRole('heading', { name: 'Nota de crédito BC01-00000002 emitida' })).toBeVisible();
  await expect(page.getByTestId('issued-refund')).toHaveText('DEVOLVER S/ 7.60');
  expect(harness.pageErrors).toEqual([]);
});

test('after a return (no PIN for an administrator): DEVOLVER with the cash, and a scan right after the ticket closes is read whole', async ({ harness }) => {
  const { page, core } = harness;
  await harness.open();
  await typeLine(page, 1, { code: 'ARR', description: 'Arroz 1 kg', quantity: '2', price: '5.90' });
  await page.keyboard.press('F12');
  await expect(ticketDialog(page)).toBeVisible();
  await closeDialog(page);
  await waitForStatus(core.dispatch, 1, 'accepted');

  await page.keyboard.press('F7');
  const dialog = page.getByTestId('return-dialog');
  await dialog.getByTestId('return-find').fill('B001-00000001');
  await dialog.getByTestId('return-find').press('Enter');
  await dialog.getByTestId('return-mode-lines').check();
  await dialog.getByTestId('return-line-1').fill('1');
  await dialog.getByTestId('return-issue').click();
  await expect(page.getByRole('heading', { name: 'Nota de crédito BC01-00000001 emitida' })).toBeVisible();
  await expect(page.getByTestId('issued-refund')).toHaveText('DEVOLVER S/ 5.90');
  await expect(page.getByText(/VUELTO/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Cerrar (Esc)' }).click();
  await expect(dialog).toHaveCount(0);
  // The scanner's burst, right after: every digit lands in the sale's code field.
  await page.keyboard.type('7751234567890', { delay: 5 });
  await expect(page.getByLabel('Código, línea 1', { exact: true })).toHaveValue('7751234567890');
  expect(harness.pageErrors).toEqual([]);
});

test("a scan over the note's ticket closes it and goes into the sale, as over a sale's ticket", async ({ harness }) => {
  const { page, core } = harness;
  await harness.open();
  await typeLine(page, 1, { code: 'ARR', description: 'Arroz 1 kg', quantity: '2', price: '5.90' });
  await page.keyboard.press('F12');
  await expect(ticketDialog(page)).toBeVisible();
  await closeDialog(page);
  await waitForStatus(core.dispatch, 1, 'accepted');
  await page.keyboard.press('F7');
  const dialog = page.getByTestId('return-dialog');
  await dialog.getByTestId('return-find').fill('B001-00000001');
  await dialog.getByTestId('return-find').press('Enter');
  await dialog.getByTestId('return-mode-lines').check();
  await dialog.getByTestId('return-line-1').fill('1');
  await dialog.getByTestId('return-issue').click();
  await expect(page.getByRole('heading', { name: 'Nota de crédito BC01-00000001 emitida' })).toBeVisible();
  // The ticket drawn and its state known (a page still drawing delays keys, and the scanner's reader takes a late key
  // as the end of a burst: that is the scanner's timing, not the return's).
  await expect(page.locator('.ticket-dialog__status')).toContainText('Aceptado');
  await scanner(page, '7751234567890');
  await expect(page.locator('dialog[open]')).toHaveCount(0);
  // The whole code reached the sale (as a line's code, or named in the line's "not found"), never only its end.
  await expect
    .poll(() => page.evaluate(() => [...document.querySelectorAll('#screen-sale input')].map((i) => (i as HTMLInputElement).value).join(' ') + ' ' + (document.getElementById('screen-sale')?.innerText ?? '')))
    .toContain('7751234567890');
  await harness.screenshot('till-return-scan-over-note');
  expect(harness.pageErrors).toEqual([]);
});
