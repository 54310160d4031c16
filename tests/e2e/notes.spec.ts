// A credit note (by lines) and a debit note (an amount) from a document's detail in the back office; the
// document lists its notes and a note links back to the document it modifies.
import { test, expect } from './harness';
import { closeDialog, ticketDialog, typeLine, waitForStatus } from './sale-helpers';

test('back office: a credit note by lines and a debit note from a boleta, linked both ways', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await typeLine(page, 1, { code: 'P1', description: 'Producto 1', quantity: '3', price: '5.00' });
  await page.keyboard.press('F12');
  await expect(ticketDialog(page)).toBeVisible();
  await closeDialog(page);
  await waitForStatus(harness.core.dispatch, 1, 'accepted');

  await page.getByRole('button', { name: /^Documentos/ }).click();
  await page.getByRole('button', { name: 'Ver boleta B001-00000001' }).click();
  await expect(page.getByRole('heading', { name: 'Boleta B001-00000001' })).toBeVisible();

  // Credit note 07 (devolución por ítem): 1 of the 3 units; more than is left is refused before a number is spent.
  await page.getByTestId('new-credit-note').click();
  const credit = page.getByTestId('note-form-07');
  await credit.getByTestId('note-reason').selectOption('07');
  await credit.getByTestId('note-description').fill('Devolución de una unidad');
  await credit.getByTestId('note-line-1').fill('4');
  await credit.getByTestId('note-submit').click();
  await expect(credit).toContainText('De la línea 1 quedan 3 por devolver');
  await credit.getByTestId('note-line-1').fill('1');
  await credit.getByTestId('note-submit').click();
  await expect(page.getByText('Emitida la nota de crédito BC01-00000001')).toBeVisible();
  await expect(page.getByTestId('note-list')).toContainText('Nota de crédito BC01-00000001');

  // Debit note 08 (aumento en el valor) for an amount.
  await page.getByTestId('new-debit-note').click();
  const debit = page.getByTestId('note-form-08');
  await debit.getByTestId('note-reason').selectOption('02');
  await debit.getByTestId('note-amount').fill('2.00');
  await debit.getByTestId('note-submit').click();
  await expect(page.getByText('Emitida la nota de débito BD01-00000001')).toBeVisible();
  await expect(page.getByTestId('note-list')).toContainText('Nota de débito BD01-00000001');
  await harness.screenshot('documento-notas-credito-debito');

  // The note links back to the boleta it modifies.
  await page.getByTestId('note-list').getByRole('button', { name: 'Nota de crédito BC01-00000001' }).click();
  await expect(page.getByRole('heading', { name: 'Nota de crédito BC01-00000001' })).toBeVisible();
  await expect(page.getByTestId('note-modifies')).toContainText('Boleta B001-00000001');
  await expect(page.getByTestId('note-modifies')).toContainText('Motivo 07 Devolución por ítem');
  await expect(page.getByTestId('detail-totals')).toContainText('Total S/ 5.00');
  await page.getByTestId('note-modifies').getByRole('button', { name: 'Boleta B001-00000001' }).click();
  await expect(page.getByRole('heading', { name: 'Boleta B001-00000001' })).toBeVisible();
  expect(harness.pageErrors).toEqual([]);
});
