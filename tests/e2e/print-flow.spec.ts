// The cashier's printing, end to end through window.pos.printDocument. With `printer: 'pdf'` the core's printer is
// the harness's page printer (print-page.ts): it renders the print route in a second page and makes a real PDF, so
// what the printer "got" can be read. Without a printer (a plain browser) the browser's own printing is used.
import fs from 'node:fs/promises';
import type { DocumentDetail } from '../../shared/bridge';
import { test, expect } from './harness';
import { call, pdfText } from './print-checks';
import { closeDialog, lineField, ticketDialog, typeLine, waitForStatus } from './sale-helpers';

test.describe('with a printer behind the bridge', () => {
  test.use({ printer: 'pdf' });

  test('Enter on the issued ticket prints it and starts the next sale, focus back in the code field', async ({ harness }) => {
    const { page } = harness;
    await harness.open();
    await typeLine(page, 1, { code: 'ARZ', description: 'Arroz extra 1 kg', quantity: '1', price: '5.90' });
    await page.keyboard.press('F12');
    const dialog = ticketDialog(page);
    const next = dialog.getByRole('button', { name: 'Imprimir y nueva venta (Enter)' });
    await expect(next).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect.poll(() => harness.printed.length).toBe(1); // printed in the background
    expect(await pdfText(harness.printed[0]!.pdf)).toContain('B001-00000001');
    const code = lineField(page, 'Código', 1);
    await expect(code).toBeFocused();

    // With "Imprimir al emitir" off, Enter only starts the next sale.
    await page.keyboard.press('F4');
    await page.getByLabel('Imprimir al emitir').uncheck();
    await page.getByRole('button', { name: 'Guardar venta' }).click();
    await expect(page.getByRole('region', { name: 'Venta' }).getByText('Cambios guardados.')).toBeVisible();
    await page.keyboard.press('F1');
    await typeLine(page, 1, { code: 'ARZ', description: 'Arroz extra 1 kg', quantity: '1', price: '5.90' });
    await page.keyboard.press('F12');
    await expect(dialog.getByRole('button', { name: 'Nueva venta (Enter)' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(harness.printed).toHaveLength(1);
    await expect(code).toBeFocused();
  });

  test('prints after issuing, saves a PDF, reprints a counted copy from Documentos and from a lookup record', async ({ harness }) => {
    const { page, core } = harness;
    const dispatch = core.dispatch.bind(core);
    await harness.open();
    await typeLine(page, 1, { code: 'ARZ', description: 'Arroz extra 1 kg', quantity: '2', price: '5.90' });
    await typeLine(page, 2, { code: 'ACE', description: 'Aceite vegetal 1 L', quantity: '1', price: '8.50' });
    await page.getByLabel('Efectivo recibido').fill('50');
    await page.keyboard.press('F12');

    const dialog = ticketDialog(page);
    await expect(dialog.getByRole('heading', { name: 'Boleta B001-00000001 emitida' })).toBeVisible();
    // The payment is stored with the document: the ticket on screen shows the cash and the change.
    await expect(dialog.getByText('Efectivo: S/ 50.00')).toBeVisible();
    await expect(dialog.getByText('Vuelto: S/ 29.70')).toBeVisible();
    await expect(dialog.getByTestId('print-qr')).toBeVisible();
    await harness.screenshot('ticket-dialogo-impresion');

    await dialog.getByRole('button', { name: 'Imprimir', exact: true }).click();
    await expect(dialog.getByTestId('print-outcome')).toHaveText('Comprobante impreso.');
    expect(harness.printed).toHaveLength(1);
    expect(harness.printed[0]!.job).toEqual({
      source: { kind: 'document', id: 1 }, paper: '80mm', deviceName: '', copy: false, action: 'print',
    });
    const printedText = await pdfText(harness.printed[0]!.pdf);
    // The original printed by the print window shows the cash and the change too, read from the document.
    expect(printedText).toContain('Efectivo: S/ 50.00');
    expect(printedText).toContain('Vuelto: S/ 29.70');
    expect(printedText).toContain('BOLETA DE VENTA ELECTRÓNICA B001-00000001');
    expect(printedText).toContain('Importe total S/ 20.30');
    expect(printedText).not.toContain('REIMPRESIÓN');
    // The IGV rate, unit names (not catalogue codes), where to check validity, and that it awaits SUNAT.
    expect(printedText).toMatch(/I\.G\.V\. 18 % S\//);
    expect(printedText).toMatch(/UNIDAD x/);
    expect(printedText).not.toMatch(/\bNIU x/);
    expect(printedText).toContain('Consulte la validez de este comprobante');

    // Save as PDF on A4, chosen in the dialog.
    await dialog.getByLabel('Papel').selectOption('A4');
    await dialog.getByRole('button', { name: 'Guardar PDF' }).click();
    await expect(dialog.getByTestId('print-outcome')).toHaveText(/^PDF guardado en .+\.pdf\.$/);
    const saved = harness.printed[1]!.file;
    await expect(dialog.getByTestId('print-outcome')).toHaveText(`PDF guardado en ${saved}.`);
    expect(harness.printed[1]!.job).toMatchObject({ paper: 'A4', action: 'pdf', copy: false });
    expect((await fs.readFile(saved)).subarray(0, 5).toString()).toBe('%PDF-');
    await closeDialog(page);
    await waitForStatus(dispatch, 1, 'accepted');

    // Documentos: a reprint is a counted copy, marked REIMPRESIÓN, with the hash now known.
    await page.keyboard.press('F2');
    await page.getByRole('button', { name: 'Ver boleta B001-00000001' }).click();
    await page.getByRole('button', { name: 'Reimprimir o guardar PDF' }).click();
    const copyDialog = ticketDialog(page);
    await expect(copyDialog.getByRole('heading', { name: 'Reimpresión de B001-00000001' })).toBeVisible();
    await expect(copyDialog.getByText('Copia n.º 1', { exact: true })).toBeVisible();
    await expect(copyDialog.getByTestId('ticket-reprints')).toHaveText('Reimpresiones: 0');
    await copyDialog.getByRole('button', { name: 'Imprimir copia' }).click();
    await expect(copyDialog.getByTestId('print-outcome')).toHaveText('Copia impresa (reimpresión n.º 1).');
    await expect(copyDialog.getByTestId('ticket-reprints')).toHaveText('Reimpresiones: 1');
    await expect(copyDialog.getByText('Copia n.º 2', { exact: true })).toBeVisible(); // the next one
    const detail = await call<DocumentDetail>(dispatch, 'getDocument', { id: 1 });
    const copyText = await pdfText(harness.printed[2]!.pdf);
    expect(copyText).not.toContain('pendiente de envío a SUNAT'); // accepted by now
    expect(harness.printed[2]!.job).toMatchObject({ source: { kind: 'document', id: 1 }, copy: true, action: 'print' });
    expect(copyText).toContain('REIMPRESIÓN Copia n.º 1');
    expect(copyText).toContain(`Resumen: ${detail.hash}`);
    await closeDialog(page);
    await expect(page.getByTestId('detail-reprints')).toHaveText('1');

    // Consultas: a record found through the API prints as a copy too (not counted: it is not one of ours).
    await page.keyboard.press('F3');
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('RUC del emisor').fill('20100000009');
    await panel.getByLabel('Serie').fill('B001');
    await panel.getByLabel('Número').fill('120');
    await panel.getByRole('button', { name: 'Consultar' }).click();
    await page.getByRole('button', { name: 'Reimprimir desde la consulta' }).click();
    await ticketDialog(page).getByRole('button', { name: 'Imprimir copia' }).click();
    await expect(ticketDialog(page).getByTestId('print-outcome')).toHaveText('Copia impresa.');
    expect(harness.printed[3]!.job).toMatchObject({
      source: { kind: 'record', lookup: { kind: 'boleta', ruc: '20100000009', series: 'B001', number: '120' } },
      copy: true,
    });
    const recordText = await pdfText(harness.printed[3]!.pdf);
    expect(recordText).toContain('REIMPRESIÓN');
    expect(recordText).toContain('BOLETA DE VENTA ELECTRÓNICA B001-00000120');
    expect((await call<DocumentDetail>(dispatch, 'getDocument', { id: 1 })).reprints).toBe(1);
  });
});

test('without a printer (a plain browser) the browser prints the ticket on screen, and a copy is still counted', async ({ harness }) => {
  const { page, core } = harness;
  await page.addInitScript(() => {
    const w = window as unknown as { __prints: number; print: () => void };
    w.__prints = 0;
    w.print = () => {
      w.__prints += 1;
    };
  });
  await harness.open();
  await typeLine(page, 1, { code: 'HV', description: 'Huevos x 15', quantity: '1', price: '8.90' });
  await page.keyboard.press('F12');
  await ticketDialog(page).getByRole('button', { name: 'Imprimir', exact: true }).click();
  await expect(ticketDialog(page).getByTestId('print-outcome')).toHaveText('Se abrió la impresión del navegador.');
  expect(await page.evaluate(() => (window as unknown as { __prints: number }).__prints)).toBe(1);
  await closeDialog(page);

  await page.keyboard.press('F2');
  await page.getByRole('button', { name: 'Ver boleta B001-00000001' }).click();
  await page.getByRole('button', { name: 'Reimprimir o guardar PDF' }).click();
  // The copy's dialog loads the document first; its shortcut works once it is shown.
  await expect(ticketDialog(page).getByRole('button', { name: 'Imprimir copia' })).toBeVisible();
  await page.keyboard.press('Control+p'); // the dialog's shortcut, not the browser's
  await expect(ticketDialog(page).getByTestId('print-outcome')).toHaveText('Se abrió la impresión del navegador (reimpresión n.º 1).');
  expect(await page.evaluate(() => (window as unknown as { __prints: number }).__prints)).toBe(2);
  await closeDialog(page);
  await expect(page.getByTestId('detail-reprints')).toHaveText('1');
  expect((await call<DocumentDetail>(core.dispatch.bind(core), 'getDocument', { id: 1 })).reprints).toBe(1);
});
