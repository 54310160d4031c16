// Discounts at the counter. A line discount within the limit; a sale discount beyond it asks for a
// supervisor's PIN on the form; the ticket prints list price, discount and net; the invoice declares the net prices.
import { test, expect } from './harness';
import { closeDialog, lineField, ticketDialog, typeLine } from './sale-helpers';

test('a 10 % line discount, then 20 % on the sale approved by a supervisor; the ticket shows list, discount and net', async ({ harness }) => {
  const { page, core } = harness;
  const ana = await core.dispatch('saveUser', { name: 'Ana Supervisora', role: 'supervisor', pin: '567890' });
  const luis = await core.dispatch('saveUser', { name: 'Luis Cajero', role: 'cajero', pin: '1234' });
  if (!ana.ok || !luis.ok) throw new Error('users');
  await core.dispatch('lock', {});
  await core.dispatch('login', { userId: (luis.value as { id: number }).id, pin: '1234' });
  await harness.open();

  // 2 × 5.75 = 11.50, 10 % off the line: 1.15 → 10.35; and a line without discount, 3 × 3.80 = 11.40.
  await typeLine(page, 1, { code: 'A001', description: 'Arroz extra 1 kg', quantity: '2', price: '5.75' });
  await lineField(page, 'Descuento', 1).fill('abc');
  await typeLine(page, 2, { code: 'L002', description: 'Leche evaporada 400 g', quantity: '3', price: '3.80' });
  await page.keyboard.press('F12');
  await expect(lineField(page, 'Descuento', 1)).toHaveAccessibleDescription('El descuento debe ser un número (use punto decimal)');
  await lineField(page, 'Descuento', 1).fill('10%');
  await expect(page.getByLabel('Importe, línea 1')).toHaveText('10.35');
  await expect(page.getByTestId('total-discount')).toHaveText('S/ -1.15');
  await expect(page.getByTestId('total-total')).toHaveText('S/ 21.75');

  // 20 % more on the sale: 4.35 → 17.40; 5.50 of 22.90 is 24 %, beyond the 10 % limit.
  await page.getByLabel('Descuento a toda la venta').fill('20%');
  await expect(page.getByTestId('total-discount')).toHaveText('S/ -5.50');
  await expect(page.getByTestId('total-total')).toHaveText('S/ 17.40');
  await harness.screenshot('venta-descuentos');
  await page.keyboard.press('F12');
  await expect(page.getByText('Un descuento de 24.02 % (S/ 5.50) necesita la autorización de un supervisor: ingrese su PIN.')).toBeVisible();
  await expect(page.getByTestId('next-number')).toHaveText('B001-00000001');
  await page.getByLabel('Autoriza').selectOption({ label: 'Ana Supervisora' });
  await page.getByLabel('PIN del supervisor').fill('567890');
  await harness.screenshot('venta-descuento-autorizacion');
  await page.keyboard.press('F12');

  const dialog = ticketDialog(page);
  await expect(dialog.getByRole('heading', { name: 'Boleta B001-00000001 emitida' })).toBeVisible();
  const ticket = dialog.getByRole('article');
  await expect(ticket).toContainText('2 UNIDAD x 5.75');
  // Line 1: its own 1.15 and 2.07 of the sale's 4.35 (spread 2.07 + 2.28 in proportion to 10.35 and 11.40).
  await expect(ticket).toContainText('2 UNIDAD x 5.7511.50Descuento-3.22Neto8.28');
  await expect(ticket).toContainText('3 UNIDAD x 3.8011.40Descuento-2.28Neto9.12');
  await expect(ticket.getByRole('row', { name: 'Descuentos S/ -5.50' })).toBeVisible();
  await expect(ticket.getByRole('row', { name: 'Importe total S/ 17.40' })).toBeVisible();
  await harness.screenshot('ticket-descuentos');
  await closeDialog(page);
  await expect(page.getByLabel('Descuento a toda la venta')).toHaveValue('');
  await expect(page.getByLabel('PIN del supervisor')).toHaveCount(0);

  const doc = await core.dispatch('getDocument', { id: 1 });
  expect(doc).toMatchObject({ ok: true, value: { discountTotal: '5.50', discountApprovedBy: 'Ana Supervisora' } });
  const payload = JSON.parse((doc as { value: { payload: string } }).value.payload) as { monto_Imp_Venta: number };
  expect(payload.monto_Imp_Venta).toBe(17.4);
});
