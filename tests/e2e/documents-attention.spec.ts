// Rejected and refused documents in the browser: a document the API refused ('invalid') or SUNAT rejected is loud (the status bar, the
// "Requiere atención" filter, "NO DECLARADO" / "RECHAZADO" on its reprint) and no dead end ("Reenviar", "Corregir y
// reenviar" under the same number, "Reemitir" under a new one).
import type { Invoice } from '../../shared/api';
import { test, expect, type Harness } from './harness';
import { closeDialog, ticketDialog, typeLine, waitForStatus } from './sale-helpers';

/** Replaces the stored payload of a document (what the outbox will send), to reach a 400 a valid sale never gets. */
function tamper(harness: Harness, id: number, mutate: (p: Record<string, unknown>) => void): void {
  const sqlite = harness.core.sqlite();
  const row = sqlite.prepare('SELECT payload FROM documents WHERE id = ?').get(id) as { payload: string };
  const p = JSON.parse(row.payload) as Record<string, unknown>;
  mutate(p);
  sqlite.prepare('UPDATE documents SET payload = ? WHERE id = ?').run(JSON.stringify(p), id);
}

/** Sells one anonymous boleta while the API is down, breaks its stored payload, and lets the API refuse it (400). */
async function refusedBoleta(harness: Harness, n: number, mutate: (p: Record<string, unknown>) => void): Promise<void> {
  const { page, sandbox } = harness;
  sandbox.faults.reset(Infinity, 'send');
  await typeLine(page, 1, { code: `AR${n}`, description: 'Arroz extra 5 kg', quantity: '1', price: '24.50' });
  await page.keyboard.press('F12');
  await expect(ticketDialog(page).getByText(`BOLETA DE VENTA ELECTRÓNICA B001-0000000${n}`)).toBeVisible();
  await closeDialog(page);
  // Once a send failed (the one in flight carried the payload as issued), the outbox is stopped, so that nothing holds
  // the document (in flight, or claimed ahead with the payload it had), then the payload is broken and the API is back.
  await expect
    .poll(async () => {
      const r = await harness.core.dispatch('getDocument', { id: n });
      const d = r.ok ? (r.value as { status: string; attempts: number }) : null;
      return d !== null && d.attempts > 0;
    })
    .toBe(true);
  await harness.core.stop();
  await expect.poll(async () => {
    const r = await harness.core.dispatch('getDocument', { id: n });
    return r.ok ? (r.value as { status: string }).status : null;
  }).toBe('pending');
  tamper(harness, n, mutate);
  sandbox.faults.clear();
  await harness.core.start();
  await waitForStatus(harness.core.dispatch, n, 'invalid');
}

test('an invalid boleta: counted, listed, resent, printed NO DECLARADO, corrected and sent under the same number', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  // The API refuses it: the customer's name is missing from what was stored.
  await refusedBoleta(harness, 1, (p) => {
    p.cliente_Razon_Social = '';
  });

  // Loud: the status bar counts it, and «Reintentar todos» is offered.
  await expect(page.getByTestId('attention-count')).toHaveText('Requieren atención: 1 (vea Documentos → Requiere atención)');
  await expect(page.getByRole('button', { name: 'Reintentar todos' })).toBeVisible();

  await page.keyboard.press('F2');
  await page.getByLabel('Estado', { exact: true }).selectOption({ label: 'Requiere atención' });
  await page.getByRole('button', { name: 'Buscar' }).click();
  const rows = page.getByRole('table', { name: 'Documentos' }).getByRole('row', { name: /B001-0000000/ });
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByText('Inválido')).toBeVisible();
  await page.getByRole('button', { name: 'Ver boleta B001-00000001' }).click();
  await expect(page.getByTestId('status-explanation')).toHaveText(/^La API no aceptó el envío y nada se declaró a SUNAT/);
  await expect(page.getByText('Respuesta de la API: Revise los datos enviados')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reemitir con número nuevo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reintentar ahora' })).toHaveCount(0);

  // "Reenviar": the same data under the same number; the API refuses it again.
  await page.getByRole('button', { name: 'Reenviar', exact: true }).click();
  await expect(page.getByText('Reenvío solicitado: se enviará en unos segundos con el mismo número.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Historial' })).toContainText('Reenvío solicitado por el usuario (mismos datos, mismo número)');
  await waitForStatus(harness.core.dispatch, 1, 'invalid');

  // Its reprint says, at the top, that it has no tax validity.
  await page.getByRole('button', { name: 'Reimprimir o guardar PDF' }).click();
  const dialog = ticketDialog(page);
  await expect(dialog.getByRole('heading', { name: 'Reimpresión de B001-00000001' })).toBeVisible();
  await expect(dialog.getByText('NO DECLARADO', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Este comprobante no tiene validez tributaria: no fue declarado a SUNAT.')).toBeVisible();
  await expect(dialog.getByText('pendiente de envío')).toHaveCount(0);
  await harness.screenshot('reimpresion-no-declarado');
  await closeDialog(page);

  // "Corregir y reenviar": the customer's fields, checked in Spanish, then the same number goes again.
  await page.getByRole('button', { name: 'Corregir y reenviar' }).click();
  const form = page.getByRole('form', { name: 'Corregir los datos del cliente' });
  await form.getByLabel('Tipo de documento').selectOption('1');
  await form.getByLabel('Número de documento').fill('4567891');
  await form.getByRole('button', { name: 'Guardar y reenviar' }).click();
  await expect(form.getByLabel('Número de documento')).toHaveAccessibleDescription('El DNI debe tener exactamente 8 dígitos');
  await expect(form.getByLabel('Nombre', { exact: true })).toHaveAccessibleDescription('Ingrese el nombre o la razón social del cliente');
  await form.getByLabel('Número de documento').fill('45678912');
  await form.getByLabel('Nombre', { exact: true }).fill('Juan Pérez Quispe');
  await harness.screenshot('documentos-corregir-y-reenviar');
  await form.getByRole('button', { name: 'Guardar y reenviar' }).click();
  await expect(page.getByText('Corregido: B001-00000001 se reenvía con el mismo número a nombre de Juan Pérez Quispe.')).toBeVisible();
  await waitForStatus(harness.core.dispatch, 1, 'accepted');
  await expect(page.getByRole('heading', { name: 'Boleta B001-00000001' })).toBeVisible();
  await expect(page.locator('.detail__head').getByText('Aceptado')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Historial' })).toContainText('Corregido por Admin Pruebas: cliente 45678912 Juan Pérez Quispe');
  await expect(page.getByTestId('attention-count')).toHaveCount(0);
  expect(harness.sandbox.declarations().map((d) => d.key)).toEqual(['20987654326-03-B001-1']);
});

test('an invalid boleta re-issued under a new number is resolved', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  // Refused for a field the till's own rules never write (as an account problem would be).
  await refusedBoleta(harness, 1, (p) => {
    p.campo_extra = 'x';
  });
  await page.keyboard.press('F2');
  await page.getByRole('button', { name: 'Ver boleta B001-00000001' }).click();
  await page.getByRole('button', { name: 'Reemitir con número nuevo' }).click();
  await expect(page.getByText('Reemitido como B001-00000002: se enviará en unos segundos.')).toBeVisible();
  await expect(page.getByText('Reemitido como B001-00000002', { exact: true })).toBeVisible();
  for (const gone of ['Reenviar', 'Corregir y reenviar', 'Reemitir con número nuevo']) {
    await expect(page.getByRole('button', { name: gone, exact: true })).toHaveCount(0);
  }
  await waitForStatus(harness.core.dispatch, 2, 'accepted');
  await expect(page.getByTestId('attention-count')).toHaveCount(0);
  // Its reprint still says NO DECLARADO, and names the replacement.
  await page.getByRole('button', { name: 'Reimprimir o guardar PDF' }).click();
  await expect(ticketDialog(page).getByText('NO DECLARADO', { exact: true })).toBeVisible();
  await expect(ticketDialog(page).getByText('Reemplazado por B001-00000002.')).toBeVisible();
  await closeDialog(page);
});

/** A factura with the number our till is about to use, declared by someone else and rejected (2800). */
function rejectedFactura(): Invoice {
  return {
    tipo_Operacion: '0101', tipo_Doc: '01', serie: 'F001', correlativo: '1', tipo_Moneda: 'PEN',
    fecha_Emision: '2026-03-02T10:15:00-05:00', empresa_Ruc: '20987654326',
    cliente_Tipo_Doc: '1', cliente_Num_Doc: '10000001', cliente_Razon_Social: 'QUISPE HUAMAN ROSA ELENA', cliente_Direccion: '-',
    monto_Oper_Gravadas: 100, monto_Igv: 18, total_Impuestos: 18, valor_Venta: 100, sub_Total: 118, monto_Imp_Venta: 118,
    estado_Documento: '0', manual: false,
    detalle: [{
      unidad: 'NIU', cantidad: 1, cod_Producto: 'X', descripcion: 'X', monto_Valor_Unitario: 100, monto_Base_Igv: 100, porcentaje_Igv: 18,
      igv: 18, tip_Afe_Igv: '10', total_Impuestos: 18, monto_Precio_Unitario: 118, monto_Valor_Venta: 100,
    }],
    forma_pago: [{ tipo: 'CONTADO', monto: 118, fecha_Pago: '2026-03-02T10:15:00-05:00' }],
    legend: [{ legend_Code: '1000', legend_Value: 'SON CIENTO DIECIOCHO CON 00/100 SOLES' }],
  };
}

test('a rejected factura prints RECHAZADO, is counted until re-issued, and Reemitir issues it under a new number', async ({ harness }) => {
  const { page, sandbox } = harness;
  // The sandbox's deterministic trigger: F001-1 of this issuer is already registered as rejected, so ours is answered
  // 1032 and recorded as rejected.
  const res = await fetch(`${sandbox.billingBaseUrl}/invoice/send`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sandbox.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(rejectedFactura()),
  });
  expect(res.status).toBe(200);

  await harness.open();
  await page.locator('label', { hasText: 'Factura' }).click();
  await page.getByLabel('Número de documento').fill('20200000006');
  await page.getByLabel('Razón social').fill('DISTRIBUIDORA ANDINA DEMO S.A.');
  await typeLine(page, 1, { code: 'ACE', description: 'Aceite vegetal 1 L', quantity: '12', price: '9.90' });
  await page.keyboard.press('F12');
  await expect(ticketDialog(page).getByRole('heading', { name: 'Factura F001-00000001 emitida' })).toBeVisible();
  await closeDialog(page);
  await waitForStatus(harness.core.dispatch, 1, 'rejected');
  await expect(page.getByTestId('attention-count')).toHaveText('Requieren atención: 1 (vea Documentos → Requiere atención)');

  await page.keyboard.press('Alt+2');
  await page.getByLabel('Estado', { exact: true }).selectOption({ label: 'Requiere atención' });
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('table', { name: 'Documentos' }).getByRole('row', { name: /F001-00000001/ }).getByText('Rechazado')).toBeVisible();
  await page.getByRole('button', { name: 'Ver factura F001-00000001' }).click();
  await expect(page.getByTestId('status-explanation')).toHaveText(/^SUNAT registró este número y rechazó el comprobante: no tiene validez tributaria/);
  await expect(page.getByRole('button', { name: 'Reintentar ahora' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Corregir y reenviar' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Reimprimir o guardar PDF' }).click();
  await expect(ticketDialog(page).getByText('RECHAZADO', { exact: true })).toBeVisible();
  await expect(ticketDialog(page).getByText('Este comprobante no tiene validez tributaria: SUNAT lo rechazó.')).toBeVisible();
  await harness.screenshot('reimpresion-rechazado');
  await closeDialog(page);

  await page.getByRole('button', { name: 'Reemitir con número nuevo' }).click();
  await expect(page.getByText('Reemitido como F001-00000002: se enviará en unos segundos.')).toBeVisible();
  await waitForStatus(harness.core.dispatch, 2, 'accepted');
  await expect(page.getByTestId('attention-count')).toHaveCount(0);
  // The filter no longer lists it: its replacement carries the sale.
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('No hay documentos con estos filtros.')).toBeVisible();
});
