import type { Invoice } from '../../shared/api';
import { test, expect } from './harness';
import { closeDialog, ticketDialog, typeLine } from './sale-helpers';

test('a sale while the API is down stays pending and is sent when it returns', async ({ harness }) => {
  const { page, sandbox } = harness;
  await harness.open();
  sandbox.faults.reset(Infinity, 'send');

  await typeLine(page, 1, { code: 'HV', description: 'Huevos x 15', quantity: '1', price: '8.90' });
  await page.keyboard.press('F12');
  // Offline-first: the ticket is there at once, the document waits.
  await expect(ticketDialog(page).getByText('BOLETA DE VENTA ELECTRÓNICA B001-00000001')).toBeVisible();
  await closeDialog(page);

  const statusBar = page.getByRole('status', { name: 'Estado del sistema' });
  await expect(statusBar).toContainText('Sin conexión');
  await expect(page.getByTestId('pending-count')).toHaveText('Pendientes de envío: 1');

  await page.keyboard.press('F2');
  await expect(page.getByRole('heading', { name: 'Documentos', level: 1 })).toBeVisible();
  const row = page.getByRole('table', { name: 'Documentos' }).getByRole('row', { name: /B001-00000001/ });
  await expect(row.getByText('Pendiente')).toBeVisible();
  await expect(page.getByTestId('documents-pending')).toHaveText('Pendientes de envío: 1');
  await page.getByRole('button', { name: 'Ver boleta B001-00000001' }).click();
  await harness.screenshot('documentos-pendiente');
  // "Retry now" while the API is still down: accepted as a request, the document stays pending.
  await page.getByRole('button', { name: 'Reintentar ahora' }).click();
  await expect(page.getByText('Reintento solicitado: se enviará en unos segundos.')).toBeVisible();
  await expect(row.getByText('Pendiente')).toBeVisible();

  // The API comes back: the outbox sends it and the badge turns to Aceptado by itself.
  sandbox.faults.clear();
  await expect(row.getByText('Aceptado')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reintentar ahora' })).toBeDisabled();
  await expect(page.getByTestId('documents-pending')).toHaveText('Pendientes de envío: 0');
  await expect(statusBar).toContainText('En línea');
  await expect(page.getByTestId('detail-cdr-code')).toHaveText('0');
  expect(sandbox.declarations().map((d) => d.key)).toEqual(['20987654326-03-B001-1']);
});

/** A factura with the number our till is about to use, declared by someone else and rejected (2800). */
function rejectedFactura(): Invoice {
  return {
    tipo_Operacion: '0101',
    tipo_Doc: '01',
    serie: 'F001',
    correlativo: '1',
    tipo_Moneda: 'PEN',
    fecha_Emision: '2026-03-02T10:15:00-05:00',
    empresa_Ruc: '20987654326',
    cliente_Tipo_Doc: '1',
    cliente_Num_Doc: '10000001',
    cliente_Razon_Social: 'QUISPE HUAMAN ROSA ELENA',
    cliente_Direccion: '-',
    monto_Oper_Gravadas: 100,
    monto_Igv: 18,
    total_Impuestos: 18,
    valor_Venta: 100,
    sub_Total: 118,
    monto_Imp_Venta: 118,
    estado_Documento: '0',
    manual: false,
    detalle: [
      {
        unidad: 'NIU',
        cantidad: 1,
        cod_Producto: 'X',
        descripcion: 'X',
        monto_Valor_Unitario: 100,
        monto_Base_Igv: 100,
        porcentaje_Igv: 18,
        igv: 18,
        tip_Afe_Igv: '10',
        total_Impuestos: 18,
        monto_Precio_Unitario: 118,
        monto_Valor_Venta: 100,
      },
    ],
    forma_pago: [{ tipo: 'CONTADO', monto: 118, fecha_Pago: '2026-03-02T10:15:00-05:00' }],
    legend: [{ legend_Code: '1000', legend_Value: 'SON CIENTO DIECIOCHO CON 00/100 SOLES' }],
  };
}

test('a factura the authority rejects is shown to the cashier as rejected', async ({ harness }) => {
  const { page, sandbox } = harness;
  // The sandbox's deterministic trigger: F001-1 of this issuer is already registered as rejected (code 2800),
  // so our F001-1 is answered 1032 ("informado ... rechazado") and the core records it as rejected.
  const res = await fetch(`${sandbox.billingBaseUrl}/invoice/send`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sandbox.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(rejectedFactura()),
  });
  const answer = (await res.json()) as { data: { authorityResponse: { cdrResponse: { code: string } } } };
  expect(answer.data.authorityResponse.cdrResponse.code).toBe('2800');

  await harness.open();
  await page.locator('label', { hasText: 'Factura' }).click();
  await page.getByLabel('Número de documento').fill('20200000006');
  await page.getByLabel('Razón social').fill('DISTRIBUIDORA ANDINA DEMO S.A.');
  await typeLine(page, 1, { code: 'ACE', description: 'Aceite vegetal 1 L', quantity: '12', price: '9.90' });
  await page.keyboard.press('F12');
  const dialog = ticketDialog(page);
  await expect(dialog.getByRole('heading', { name: 'Factura F001-00000001 emitida' })).toBeVisible();
  await expect(dialog.getByText('Rechazado', { exact: true })).toBeVisible();
  await expect(dialog.getByText('SUNAT rechazó este comprobante')).toBeVisible();
  // The ticket itself says so, above everything else.
  await expect(dialog.getByTestId('print-void')).toContainText('RECHAZADO');
  await closeDialog(page);

  await page.keyboard.press('Alt+2');
  await expect(page.getByRole('table', { name: 'Documentos' }).getByRole('row', { name: /F001-00000001/ }).getByText('Rechazado')).toBeVisible();
  await page.getByRole('button', { name: 'Ver factura F001-00000001' }).click();
  await expect(page.getByTestId('detail-cdr-code')).toHaveText('1032');
  await expect(page.getByTestId('detail-cdr-description')).toContainText('rechazado');
  // One plain sentence, and the way out (Reemitir, a new number).
  await expect(page.getByTestId('status-explanation')).toHaveText(/su número ya no se puede usar; reemítalo con un número nuevo\.$/);
  await expect(page.getByRole('button', { name: 'Reemitir con número nuevo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reintentar ahora' })).toBeDisabled();
  await harness.screenshot('documentos-rechazado');
});
