// A whole shift at the till. The cashier finds the till closed, opens it with a float, sells in cash with
// change, by card, by Yape, split, and with a discount a supervisor approves; takes cash out with a supervisor's PIN; reads the X; counts by denomination and
// closes; the Z comes out of the ticket printer (checked as text from its PDF) and is kept.
import { test, expect } from './harness';
import { pdfText } from './print-checks';
import { closeDialog, ticketDialog, typeLine } from './sale-helpers';

test.use({ cash: 'closed', printer: 'pdf' });

test('open with a float, five sales (one discounted with approval), a cash out approved by a supervisor, X, count by denomination, Z printed and kept', async ({ harness }) => {
  const { page, core } = harness;
  const must = async (method: string, input: unknown) => {
    const r = await core.dispatch(method, input);
    if (!r.ok) throw new Error(`${method}: ${JSON.stringify(r.error)}`);
    return r.value as { id: number };
  };
  const luis = await must('saveUser', { name: 'Luis Cajero', role: 'cajero', pin: '1234' });
  await must('saveUser', { name: 'Ana Supervisora', role: 'supervisor', pin: '567890' });
  await must('lock', {});
  await must('login', { userId: luis.id, pin: '1234' });
  await harness.open();

  // The till is closed: said before the first sale, and F12 is refused without spending a number.
  await expect(page.getByRole('alert').filter({ hasText: 'La caja está cerrada' })).toContainText('Ábrala en Caja (F6)');
  await typeLine(page, 1, { code: 'A001', description: 'Arroz extra 1 kg', quantity: '2', price: '5.75' });
  await page.keyboard.press('F12');
  await expect(page.getByText('La caja está cerrada: ábrala con el fondo de caja antes de vender.')).toBeVisible();
  await expect(page.getByTestId('next-number')).toHaveText('B001-00000001');

  // Open with S/ 100.00.
  await page.keyboard.press('F6');
  const open = page.getByRole('form', { name: 'Abrir caja' });
  await expect(open.getByLabel('Fondo de caja (S/)')).toBeFocused();
  await page.keyboard.type('100');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cash-status')).toContainText('Caja abierta n.º 1');
  await expect(page.getByTestId('cash-status')).toContainText('Luis Cajero · fondo S/ 100.00');

  // 1) 11.50 in cash, 20 handed over.
  await page.keyboard.press('F1');
  await expect(page.getByText('La caja está cerrada', { exact: true })).toHaveCount(0);
  await page.keyboard.press('F8');
  await page.keyboard.type('20');
  await page.keyboard.press('F12');
  await expect(ticketDialog(page).getByText('Vuelto: S/ 8.50')).toBeVisible();
  await closeDialog(page);
  // 2) 11.40 by debit card.
  await typeLine(page, 1, { code: 'L002', description: 'Leche evaporada 400 g', quantity: '3', price: '3.80' });
  await page.getByRole('button', { name: '+ Tarjeta, Yape u otro medio' }).click();
  await page.getByLabel('Medio de pago 1').selectOption({ label: 'Tarjeta de débito' });
  await page.getByLabel('Operación del pago 1').fill('004512');
  await page.keyboard.press('F12');
  await expect(ticketDialog(page).getByText('Tarjeta de débito: S/ 11.40')).toBeVisible();
  await closeDialog(page);
  // 3) 11.40 by Yape.
  await typeLine(page, 1, { code: 'L002', description: 'Leche evaporada 400 g', quantity: '3', price: '3.80' });
  await page.getByRole('button', { name: '+ Tarjeta, Yape u otro medio' }).click();
  await page.getByLabel('Medio de pago 1').selectOption({ label: 'Yape' });
  await page.getByLabel('Operación del pago 1').fill('7781234');
  await page.keyboard.press('F12');
  await expect(ticketDialog(page).getByText('Yape: S/ 11.40')).toBeVisible();
  await closeDialog(page);
  // 4) 11.50 split: Yape 5.00 and cash 10 → 3.50 of change.
  await typeLine(page, 1, { code: 'A001', description: 'Arroz extra 1 kg', quantity: '2', price: '5.75' });
  await page.getByRole('button', { name: '+ Tarjeta, Yape u otro medio' }).click();
  await page.getByLabel('Medio de pago 1').selectOption({ label: 'Yape' });
  await page.getByLabel('Monto del pago 1').fill('5');
  await page.getByLabel('Operación del pago 1').fill('7781235');
  await page.getByLabel('Efectivo recibido').fill('10');
  await page.keyboard.press('F12');
  await expect(ticketDialog(page).getByText('Vuelto: S/ 3.50')).toBeVisible();
  await closeDialog(page);
  // 5) 11.50 with 20 % off the sale (beyond the 10 % limit: Ana's PIN), 9.20 by credit card.
  await typeLine(page, 1, { code: 'A001', description: 'Arroz extra 1 kg', quantity: '2', price: '5.75' });
  await page.getByLabel('Descuento a toda la venta').fill('20%');
  await page.getByRole('button', { name: '+ Tarjeta, Yape u otro medio' }).click();
  await page.getByLabel('Medio de pago 1').selectOption({ label: 'Tarjeta de crédito' });
  await expect(page.getByLabel('Monto del pago 1')).toHaveValue('9.20');
  await page.keyboard.press('F12');
  await expect(page.getByText('Un descuento de 20.00 % (S/ 2.30) necesita la autorización de un supervisor: ingrese su PIN.')).toBeVisible();
  await page.getByLabel('Autoriza').selectOption({ label: 'Ana Supervisora' });
  await page.getByLabel('PIN del supervisor').fill('567890');
  await page.keyboard.press('F12');
  await expect(ticketDialog(page).getByText('Tarjeta de crédito: S/ 9.20')).toBeVisible();
  await closeDialog(page);

  // A cash out of S/ 20.00: the cashier needs a supervisor's PIN.
  await page.keyboard.press('F6');
  const move = page.getByRole('form', { name: 'Movimiento de efectivo' });
  await move.getByLabel('Monto (S/)').fill('20');
  await move.getByLabel('Motivo').fill('Pago a proveedor de pan');
  await move.getByRole('button', { name: 'Registrar retiro' }).click();
  await expect(move.getByText('Un retiro de efectivo necesita la autorización de un supervisor: ingrese su PIN.')).toBeVisible();
  await move.getByLabel('Autoriza').selectOption({ label: 'Ana Supervisora' });
  await move.getByLabel('PIN del supervisor').fill('0000');
  await move.getByRole('button', { name: 'Registrar retiro' }).click();
  await expect(move.getByLabel('PIN del supervisor')).toHaveAccessibleDescription('PIN incorrecto');
  await move.getByLabel('PIN del supervisor').fill('567890');
  await move.getByRole('button', { name: 'Registrar retiro' }).click();
  await expect(move.getByText('Retiro registrado: S/ 20.00 (Pago a proveedor de pan).')).toBeVisible();

  // The X: 5 sales for 55.00; cash 11.50 + 6.50 = 18.00; expected 100 + 18 − 20 = 98.00.
  const x = page.getByRole('article', { name: 'REPORTE X (CAJA ABIERTA)' });
  await expect(x.getByRole('row', { name: 'Efectivo esperado S/ 98.00' })).toBeVisible();
  await expect(x.getByRole('row', { name: 'Total (5) S/ 55.00' })).toBeVisible();
  await expect(x.getByRole('row', { name: 'Ventas con descuento (1) S/ -2.30' })).toBeVisible();
  await expect(x.getByRole('row', { name: 'Tarjeta de crédito (1) S/ 9.20' })).toBeVisible();
  await expect(x.getByRole('row', { name: 'Efectivo (2) S/ 18.00' })).toBeVisible();
  await expect(x.getByRole('row', { name: 'Yape (2) S/ 16.40' })).toBeVisible();
  await expect(x.getByRole('row', { name: 'Tarjeta de débito (1) S/ 11.40' })).toBeVisible();
  await expect(x.getByText('5 comprobante(s) del turno aún por enviar a SUNAT.').or(x.getByText('Todos los comprobantes del turno fueron enviados a SUNAT.'))).toBeVisible();
  await harness.screenshot('caja-reporte-x');

  // The count by denomination: 50 + 2 × 20 + 5 + 2 + 0.50 = 97.50 → S/ 0.50 short.
  const close = page.getByRole('form', { name: 'Cerrar caja' });
  await close.getByLabel('Contar por billetes y monedas').check();
  await close.getByLabel('S/ 50', { exact: true }).fill('1');
  await close.getByLabel('S/ 20', { exact: true }).fill('2');
  await close.getByLabel('S/ 5', { exact: true }).fill('1');
  await close.getByLabel('S/ 2', { exact: true }).fill('1');
  await close.getByLabel('S/ 0.50', { exact: true }).fill('1');
  await expect(close.getByTestId('count-total')).toHaveText('S/ 97.50');
  await harness.screenshot('caja-conteo');
  page.once('dialog', (d) => void d.accept());
  await close.getByRole('button', { name: 'Cerrar caja e imprimir Z' }).click();
  await expect(page.getByText('Caja n.º 1 cerrada')).toBeVisible();
  // A faltante is named, never a double negative.
  await expect(page.getByText('Esperado S/ 98.00 · contado S/ 97.50 · Faltante S/ 0.50')).toBeVisible();
  await expect(page.getByTestId('cash-status')).toContainText('Caja cerrada');
  await harness.screenshot('caja-cierre-z');

  // The Z came out of the ticket printer: its PDF, read as text.
  await expect.poll(() => harness.printed.filter((p) => p.job.source.kind === 'cashReport').length).toBe(1);
  const z = harness.printed.find((p) => p.job.source.kind === 'cashReport')!;
  expect(z.job.paper).toBe('80mm');
  const text = await pdfText(z.pdf);
  for (const fragment of [
    'CIERRE DE CAJA (Z)',
    'N° 1',
    'Luis Cajero',
    'Boletas (5) S/ 55.00',
    'Ventas con descuento (1) S/ -2.30',
    'Tarjeta de crédito (1) S/ 9.20',
    'Efectivo (2) S/ 18.00',
    'Yape (2) S/ 16.40',
    'Tarjeta de débito (1) S/ 11.40',
    'Retiro: Pago a proveedor de pan (Luis Cajero, autorizó Ana Supervisora) S/ -20.00',
    'Fondo inicial S/ 100.00',
    'Efectivo esperado S/ 98.00',
    'Efectivo contado S/ 97.50',
    'Faltante S/ 0.50',
    // Taxes by kind and the numbering of each series.
    'Op. gravadas S/',
    'Op. exoneradas S/',
    'Op. inafectas S/ 0.00',
    'ICBPER S/',
    'B001: 00000001 – 00000005 (5)',
    '2 x S/ 20 S/ 40.00',
  ]) {
    expect(text, fragment).toContain(fragment);
  }

  // Kept: the list of past closes prints the same Z again; the till is closed until the next shift opens it.
  await expect(page.getByRole('table', { name: 'Cierres anteriores' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Listo' }).click();
  await page.getByRole('table', { name: 'Cierres anteriores' }).getByRole('button', { name: 'Imprimir Z' }).click();
  await expect.poll(() => harness.printed.filter((p) => p.job.source.kind === 'cashReport').length).toBe(2);
  const again = harness.printed.filter((p) => p.job.source.kind === 'cashReport')[1]!;
  expect(await pdfText(again.pdf)).toBe(text);
  expect(await core.dispatch('getCashState', {})).toMatchObject({ ok: true, value: { session: null, required: true } });
});
