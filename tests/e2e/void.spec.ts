// "A void" from the back office. A boleta SUNAT accepted offers "Anular"; the confirmation says what it does;
// the document then shows "Anulación pendiente" and "Anulado" once SUNAT's answer says so, and takes no notes. Ajustes
// keeps the deadline and shows the till's note series. (Credit and debit notes from the back office: notes.spec.ts.)
import { test, expect } from './harness';
import { closeDialog, ticketDialog, typeLine, waitForStatus } from './sale-helpers';

test('back office: a boleta is voided after a confirmation and shows "Anulado"; Ajustes keeps the deadline and the note series', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await typeLine(page, 1, { code: 'P1', description: 'Producto 1', quantity: '2', price: '5.00' });
  await page.keyboard.press('F12');
  await expect(ticketDialog(page)).toBeVisible();
  await closeDialog(page);
  await waitForStatus(harness.core.dispatch, 1, 'accepted');

  await page.getByRole('button', { name: /^Documentos/ }).click();
  await page.getByRole('button', { name: 'Ver boleta B001-00000001' }).click();
  await expect(page.getByRole('heading', { name: 'Boleta B001-00000001' })).toBeVisible();
  await expect(page.getByTestId('new-credit-note')).toBeVisible();

  // The confirmation says what voiding does before anything is recorded; a reason is required.
  await page.getByTestId('void-open').click();
  const confirm = page.getByTestId('void-confirm');
  await expect(confirm.getByRole('heading', { name: '¿Anular la Boleta B001-00000001?' })).toBeVisible();
  await expect(confirm).toContainText('por el resumen diario');
  await expect(confirm).toContainText('deja de tener validez tributaria');
  await expect(confirm).toContainText('No se puede deshacer');
  await expect(confirm).toContainText('lo seguro es una nota de crédito con motivo 01');
  await confirm.getByTestId('void-submit').click();
  await expect(confirm).toContainText('Indique el motivo de la anulación');
  await confirm.getByLabel('Motivo de la anulación').fill('Venta registrada dos veces');
  await harness.screenshot('documento-anular-confirmacion');
  await confirm.getByTestId('void-submit').click();

  await expect(page.getByTestId('void-badge')).toHaveText(/Anulación pendiente|Anulado/);
  await expect(page.getByTestId('void-badge')).toHaveText('Anulado', { timeout: 15_000 });
  await expect(page.getByTestId('void-state')).toContainText('SUNAT aceptó la anulación');
  // The list says it too, beside SUNAT's status of the document; the detail no longer calls it valid.
  await expect(page.getByTestId('list-void-badge')).toHaveText('Anulado');
  await expect(page.getByTestId('status-explanation')).toHaveCount(0);
  await expect(page.getByTestId('void-state')).toContainText('Motivo: Venta registrada dos veces');
  await expect(page.getByTestId('void-state')).toContainText('resumen diario');
  // A voided document takes no notes, and "Anular" is gone.
  await expect(page.getByTestId('new-credit-note')).toHaveCount(0);
  await expect(page.getByTestId('void-open')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Historial' })).toContainText('Anulación solicitada');
  await harness.screenshot('documento-anulado');
  const view = await harness.core.dispatch('getVoid', { of: 1 });
  expect(view).toMatchObject({ ok: true, value: { request: { status: 'voided' } } });

  // Ajustes → Notas y anulaciones: the deadline (validated) and the note series, read-only.
  await page.keyboard.press('F4');
  const section = page.getByRole('region', { name: 'Notas y anulaciones' });
  await expect(section.getByTestId('note-series')).toContainText('BC01');
  await expect(section.getByTestId('note-series')).toContainText('FC01');
  await expect(section.getByTestId('note-series')).toContainText('BD01');
  await expect(section.getByTestId('note-series')).toContainText('FD01');
  await expect(section.getByLabel('Días para anular una boleta')).toHaveValue('3');
  await section.getByLabel('Días para anular una boleta').fill('0');
  await section.getByRole('button', { name: 'Guardar plazos' }).click();
  await expect(section).toContainText('Al menos 1 día');
  await section.getByLabel('Días para anular una boleta').fill('5');
  await section.getByRole('button', { name: 'Guardar plazos' }).click();
  await expect(section).toContainText('Cambios guardados.');
  await section.scrollIntoViewIfNeeded();
  await harness.screenshot('ajustes-notas-anulaciones');
  expect(await harness.core.dispatch('getVoidSettings', {})).toMatchObject({ ok: true, value: { deadlines: { boletaDays: 5, facturaDays: 7 } } });
  expect(harness.pageErrors).toEqual([]);
});
