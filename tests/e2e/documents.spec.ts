import JSZip from 'jszip';
import fs from 'node:fs/promises';
import { test, expect } from './harness';
import { closeDialog, ticketDialog, typeLine, waitForStatus } from './sale-helpers';

test('documents: filters, detail with payload, hash, CDR, history; reprint marks REIMPRESIÓN and counts', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  for (const [n, price] of [[1, '3.00'], [2, '7.50']] as const) {
    await typeLine(page, 1, { code: `P${n}`, description: `Producto ${n}`, quantity: '1', price });
    await page.keyboard.press('F12');
    await expect(ticketDialog(page)).toBeVisible();
    await closeDialog(page);
    await waitForStatus(harness.core.dispatch, n, 'accepted');
  }

  await page.getByRole('button', { name: /^Documentos/ }).click();
  await expect(page.getByRole('table', { name: 'Documentos' }).getByRole('row', { name: /B001-0000000[12]/ })).toHaveCount(2);
  // The list adds up what it shows.
  await expect(page.getByTestId('listed-total')).not.toHaveText('');
  const listedTotal = await page.getByTestId('listed-total').textContent();
  // Filter by number, then clear.
  await page.getByLabel('Número', { exact: true }).fill('2');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('table', { name: 'Documentos' }).getByRole('row', { name: /B001-0000000[12]/ })).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'Documentos' }).getByRole('row', { name: /B001-00000002/ })).toContainText('S/ 7.50');
  await expect(page.getByTestId('listed-total')).toHaveText('S/ 7.50');
  expect(listedTotal).not.toBe('S/ 7.50');
  // The number as printed on the ticket, or short.
  for (const asTyped of ['B001-00000001', 'b001-1']) {
    await page.getByLabel('Número', { exact: true }).fill(asTyped);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByRole('table', { name: 'Documentos' }).getByRole('row', { name: /B001-0000000[12]/ })).toHaveCount(1);
    await expect(page.getByRole('table', { name: 'Documentos' }).getByRole('row', { name: /B001-00000001/ })).toHaveCount(1);
  }
  await page.getByLabel('Número', { exact: true }).fill('B001-');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByLabel('Número', { exact: true })).toHaveAccessibleDescription('Escriba el número (ej. 2) o serie y número (ej. B001-2)');
  await page.getByLabel('Número', { exact: true }).fill('');
  // A bad filter value is reported on its field, in Spanish.
  await page.getByLabel('Serie').fill('B00001');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByLabel('Serie')).toHaveAccessibleDescription('La serie tiene como máximo 4 caracteres (ej. B001)');
  await page.getByRole('button', { name: 'Limpiar' }).click();
  await expect(page.getByRole('table', { name: 'Documentos' }).getByRole('row', { name: /B001-0000000[12]/ })).toHaveCount(2);
  await page.getByLabel('Estado', { exact: true }).selectOption('pending');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('No hay documentos con estos filtros.')).toBeVisible();
  await page.getByRole('button', { name: 'Limpiar' }).click();

  await page.getByRole('button', { name: 'Ver boleta B001-00000001' }).click();
  await expect(page.getByRole('heading', { name: 'Boleta B001-00000001' })).toBeVisible();
  await expect(page.getByTestId('detail-hash')).not.toHaveText('—');
  await expect(page.getByTestId('detail-cdr-description')).toContainText('ha sido aceptada');
  // The items, totals and payment in words and columns, not only the JSON.
  const items = page.getByTestId('detail-items');
  await expect(items.getByRole('row')).toHaveCount(2); // header + one line
  await expect(items).toContainText('UNIDAD');
  await expect(page.getByTestId('detail-totals')).toContainText('IGV 18 %');
  await expect(page.getByTestId('detail-payment')).toHaveText('Forma de pago: Contado');
  await page.getByText('Datos enviados (JSON)').click();
  await expect(page.getByTestId('detail-payload')).toContainText('"serie": "B001"');
  await page.getByText('CDR (XML)').click();
  await expect(page.getByTestId('detail-cdr-xml')).toContainText('ApplicationResponse');
  await expect(page.getByRole('region', { name: 'Historial' })).toContainText('Aceptado');
  await harness.screenshot('documentos-detalle');

  // The CDR zip is saved as a file.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Guardar CDR (zip)' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('R-20987654326-03-B001-1.zip');
  const zip = await JSZip.loadAsync(await fs.readFile(await download.path()));
  expect(Object.keys(zip.files).some((name) => name.toLowerCase().endsWith('.xml'))).toBe(true);

  // Reprint: the copy says REIMPRESIÓN and the counter goes up.
  await page.getByRole('button', { name: 'Reimprimir o guardar PDF' }).click();
  const dialog = ticketDialog(page);
  await expect(dialog.getByRole('heading', { name: 'Reimpresión de B001-00000001' })).toBeVisible();
  await expect(dialog.getByText('REIMPRESIÓN', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Imprimir copia' }).click(); // a copy is counted when it is printed
  await expect(dialog.getByText('Reimpresiones: 1', { exact: true })).toBeVisible();
  await harness.screenshot('ticket-reimpresion');
  await closeDialog(page);
  await expect(page.getByTestId('detail-reprints')).toHaveText('1');
  await page.getByRole('button', { name: 'Reimprimir o guardar PDF' }).click();
  await ticketDialog(page).getByRole('button', { name: 'Imprimir copia' }).click();
  await expect(ticketDialog(page).getByText('Reimpresiones: 2', { exact: true })).toBeVisible();
  await closeDialog(page);
  await expect(page.getByTestId('detail-reprints')).toHaveText('2');
  const doc = (await harness.core.dispatch('getDocument', { id: 1 })) as { value: { reprints: number } };
  expect(doc.value.reprints).toBe(2);
});

test('keyboard navigation between the four screens (F1–F4, Alt+1–4) keeps the sale being typed', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await page.getByLabel('Descripción, línea 1', { exact: true }).fill('Sin terminar');
  // On a line that holds something F2 edits that line: the screens are reached from it with Alt+1–4.
  await page.keyboard.press('Alt+2');
  await expect(page.getByRole('heading', { name: 'Documentos', level: 1 })).toBeVisible();
  await page.keyboard.press('F3');
  await expect(page.getByRole('heading', { name: 'Consultas', level: 1 })).toBeVisible();
  await page.keyboard.press('F2');
  await expect(page.getByRole('heading', { name: 'Documentos', level: 1 })).toBeVisible();
  await page.keyboard.press('Alt+4');
  await expect(page.getByRole('heading', { name: 'Ajustes', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Ajustes/ })).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('F1');
  await expect(page.getByLabel('Descripción, línea 1', { exact: true })).toHaveValue('Sin terminar');
});
