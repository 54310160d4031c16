// "done when": a return at the till. Scan the ticket's QR, return 1 of 3 lines in cash, the note's ticket
// opens at once, and the Z nets the refund by method.
import type { DocumentDetail } from '../../shared/bridge';
import type { CashReport } from '../../shared/cash';
import { ticketFromDocument } from '../../renderer/print/ticket-data';
import { test, expect } from './harness';
import { closeDialog, ticketDialog, typeLine, waitForStatus } from './sale-helpers';

test('till return: scan the QR, return 1 of 3 lines in cash, the note prints, the Z nets it', async ({ harness }) => {
  const { page, core } = harness;
  await harness.open();
  // The harness opens the cash session with a float of S/ 0.00 (tests/e2e/harness.ts).
  await typeLine(page, 1, { code: 'ARR', description: 'Arroz 1 kg', quantity: '2', price: '5.90' });
  await typeLine(page, 2, { code: 'AZU', description: 'Azúcar 1 kg', quantity: '3', price: '2.50' });
  await typeLine(page, 3, { code: 'ACE', description: 'Aceite 1 L', quantity: '1', price: '10.00' });
  await page.keyboard.press('F12');
  await expect(ticketDialog(page)).toBeVisible();
  await closeDialog(page);
  await waitForStatus(core.dispatch, 1, 'accepted');

  // The QR text exactly as the sale's ticket carries it.
  const sale = await core.dispatch('getDocument', { id: 1 });
  if (!sale.ok) throw new Error('no sale');
  const settings = await core.dispatch('getSettings', {});
  if (!settings.ok) throw new Error('no settings');
  const qr = ticketFromDocument(sale.value as DocumentDetail, (settings.value as { company: Parameters<typeof ticketFromDocument>[1] }).company, { copy: false }).qr;

  await page.keyboard.press('F7');
  const dialog = page.getByTestId('return-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('return-find').fill(qr);
  await dialog.getByTestId('return-find').press('Enter');
  await expect(dialog.getByTestId('return-sale')).toContainText('Boleta B001-00000001');
  await dialog.getByTestId('return-mode-lines').check();
  await dialog.getByTestId('return-line-2').fill('3');
  await dialog.getByTestId('return-issue').click();

  // The note's ticket opens at once.
  await expect(page.getByRole('heading', { name: 'Nota de crédito BC01-00000001 emitida' })).toBeVisible();
  const paper = page.locator('.ticket-dialog__paper');
  await expect(paper).toContainText('NOTA DE CRÉDITO ELECTRÓNICA');
  await expect(paper).toContainText('BOLETA DE VENTA B001-00000001');
  await expect(paper).toContainText('07 Devolución por ítem');
  await expect(paper).toContainText('7.50');
  await closeDialog(page);

  // A second return beyond what is left is refused before a number is spent.
  await page.keyboard.press('F7');
  await dialog.getByTestId('return-find').fill('B001-00000001');
  await dialog.getByTestId('return-find').press('Enter');
  await dialog.getByTestId('return-mode-lines').check();
  await dialog.getByTestId('return-line-2').fill('1');
  await dialog.getByTestId('return-issue').click();
  await expect(dialog).toContainText('De la línea 2 quedan 0 por devolver');
  await dialog.getByRole('button', { name: 'Cancelar (Esc)' }).click();
  await expect(dialog).toHaveCount(0);

  // The Z: sales 29.30, the return apart (7.50 in cash), cash netted: 0 + 29.30 - 7.50.
  const z = await core.dispatch('closeCashSession', { clientKey: crypto.randomUUID(), countedCash: '21.80' });
  expect(z.ok).toBe(true);
  const report = (z as { value: CashReport }).value;
  expect(report.returns).toEqual([{ currency: 'PEN', count: 1, total: '7.50', cash: '7.50', igv: '1.14' }]);
  expect(report.cash).toMatchObject({ cashSales: '29.30', cashRefunds: '7.50', expected: '21.80', difference: '0.00' });
  // The sales by method add up to the sales; the refund is listed under the returns by its method; the net is both.
  expect(report.byMethod.find((m) => m.kind === 'cash')?.total).toBe('29.30');
  expect(report.returnsByMethod).toEqual([expect.objectContaining({ method: 'efectivo', total: '7.50' })]);
  expect(report.net).toEqual([{ currency: 'PEN', total: '21.80' }]);
  expect(harness.pageErrors).toEqual([]);
});
