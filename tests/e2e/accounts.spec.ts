// Cuentas por cobrar in the browser: a factura al crédito sold at the till, the customer's account shown on the next
// sale when the customer is chosen, a collection in Caja with its constancia de pago printed (balance before and
// after), and the estado de cuenta printed. The printer is the harness's page printer: what it got is read back.
import { test, expect } from './harness';
import { pdfText } from './print-checks';
import { closeDialog, ticketDialog, typeLine } from './sale-helpers';

test.use({ printer: 'pdf' });

test('a credit sale charges the account; a collection prints its constancia; the statement prints', async ({ harness }) => {
  const { page } = harness;
  await harness.open();

  // A factura al crédito in two cuotas.
  await page.getByLabel('Tipo de documento').selectOption('6');
  await page.getByLabel('Número de documento').fill('20200000006');
  await expect(page.getByLabel('Razón social')).toHaveValue('DISTRIBUIDORA ANDINA DEMO S.A.');
  await page.getByRole('button', { name: 'Cambiar a factura' }).click();
  await typeLine(page, 1, { code: 'ARZ50', description: 'Arroz extra saco 50 kg', quantity: '2', price: '177.00' });
  await page.locator('label', { hasText: 'Crédito' }).click();
  await page.getByLabel('Monto de la cuota 1').fill('200');
  await page.getByRole('button', { name: '+ Agregar cuota' }).click();
  await expect(page.getByTestId('installments-difference')).toHaveText('S/ 0.00');
  await page.keyboard.press('F12');
  await expect(ticketDialog(page).getByRole('heading', { name: 'Factura F001-00000001 emitida' })).toBeVisible();
  await closeDialog(page);

  // The next sale to the same customer shows what they owe.
  await page.getByLabel('Tipo de documento').selectOption('6');
  await page.getByLabel('Número de documento').fill('20200000006');
  await expect(page.getByTestId('customer-account-line')).toHaveText('Debe S/ 354.00 · Sin límite');
  await harness.screenshot('cuentas-venta-debe');

  // Caja → Cuentas por cobrar: the account, its cuotas and the statement.
  await page.keyboard.press('F6');
  const panel = page.getByRole('region', { name: 'Cuentas por cobrar' });
  await panel.getByLabel('Documento', { exact: true }).selectOption('6');
  await panel.getByLabel('Número', { exact: true }).fill('20200000006');
  await panel.getByRole('button', { name: 'Ver cuenta' }).click();
  await expect(panel.getByTestId('account-line')).toHaveText('Debe S/ 354.00 · Sin límite');
  await expect(panel.getByTestId('account-dues').getByRole('row')).toHaveCount(3);
  await panel.scrollIntoViewIfNeeded();
  await harness.screenshot('cuentas-cuenta');

  // A collection of 250 in cash: cuota 1 (200.00) paid, 50.00 to cuota 2.
  await panel.getByLabel('Monto (S/)').fill('250');
  await panel.getByLabel('Medio de pago').selectOption('efectivo');
  await panel.getByRole('button', { name: 'Cobrar' }).click();
  const receipt = panel.getByRole('region', { name: 'Cobranza registrada' });
  await expect(receipt.getByRole('status').or(receipt.getByRole('alert')).first()).toContainText(
    'Cobranza de S/ 250.00 aplicada a F001-00000001 cuota 1 (S/ 200.00, pagada), F001-00000001 cuota 2 (S/ 50.00, quedan S/ 104.00). Debe S/ 104.00.',
  );
  await expect(receipt.getByRole('article', { name: 'CONSTANCIA DE PAGO' })).toContainText('Saldo anterior');
  await receipt.scrollIntoViewIfNeeded();
  await harness.screenshot('cuentas-constancia');
  // The factura printed when its ticket closed: what follows is counted from here.
  const before = harness.printed.length;
  await receipt.getByRole('button', { name: 'Imprimir constancia' }).click();
  await expect(receipt.getByText('Constancia de pago impreso.')).toBeVisible();
  await expect.poll(() => harness.printed.length).toBe(before + 1);
  const constancia = await pdfText(harness.printed[before]!.pdf);
  expect(constancia).toContain('CONSTANCIA DE PAGO');
  expect(constancia).toMatch(/Saldo anterior\s*S\/ 354\.00/);
  expect(constancia).toMatch(/Saldo actual\s*S\/ 104\.00/);
  expect(constancia).toContain('no es un comprobante de pago electrónico');
  await expect(panel.getByTestId('account-line')).toHaveText('Debe S/ 104.00 · Sin límite');

  // The statement prints with every movement.
  await panel.getByRole('button', { name: 'Imprimir estado de cuenta' }).click();
  await expect.poll(() => harness.printed.length).toBe(before + 2);
  const statement = await pdfText(harness.printed[before + 1]!.pdf);
  expect(statement).toContain('ESTADO DE CUENTA');
  expect(statement).toContain('Venta al crédito F001-00000001');
  expect(statement).toMatch(/Cobranza F001-\s*00000001 \(Efectivo\) · saldo 104\.00/);
  // And as a PDF, named for the customer.
  await panel.getByRole('button', { name: 'Guardar PDF' }).click();
  await expect(panel.getByText(/PDF guardado en .*CUENTA-20200000006/)).toBeVisible();
  expect(harness.printed[before + 2]!.job).toMatchObject({ action: 'pdf', source: { kind: 'accountStatement' } });

  // The X counts the collection apart from sales, and its cash in the drawer: the harness's float of 0.00 + 250.
  const x = (await harness.core.dispatch('getCashReport', {})) as { ok: true; value: { collections: { total: string }; cash: { expected: string } } };
  expect(x.value.collections.total).toBe('250.00');
  expect(x.value.cash.expected).toBe('250.00');
  await expect(page.getByRole('article', { name: /REPORTE X/ })).toContainText('Cobranzas de créditos');
  await page.getByRole('article', { name: /REPORTE X/ }).getByText('Cobranzas de créditos').scrollIntoViewIfNeeded();
  await harness.screenshot('cuentas-reporte-x');
});

test('a boleta sold «A cuenta» to a neighbour charges their account and takes no payment', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await page.getByLabel('Tipo de documento').selectOption('1');
  await page.getByLabel('Número de documento').fill('45678912');
  await page.getByLabel('Nombre', { exact: true }).fill('JUAN PEREZ');
  await typeLine(page, 1, { code: 'ARZ', description: 'Arroz extra 1 kg', quantity: '4', price: '5.90' });
  await page.locator('label', { hasText: 'A cuenta' }).click();
  await expect(page.getByTestId('on-account-hint')).toBeVisible();
  await harness.screenshot('cuentas-venta-a-cuenta');
  await page.keyboard.press('F12');
  await expect(ticketDialog(page).getByRole('heading', { name: 'Boleta B001-00000001 emitida' })).toBeVisible();
  await closeDialog(page);
  const account = (await harness.core.dispatch('getCustomerAccount', { customer: { docType: '1', docNumber: '45678912' } })) as { ok: true; value: { balance: string; dues: unknown[] } };
  expect(account.value).toMatchObject({ balance: '23.60', dues: [{ cuota: 1, open: '23.60' }] });
  // The X shows it as a sale al crédito (por cobrar), with no cash in the drawer.
  const x = (await harness.core.dispatch('getCashReport', {})) as { ok: true; value: { byMethod: { label: string; total: string }[]; cash: { expected: string } } };
  expect(x.value.byMethod).toEqual([expect.objectContaining({ label: 'Al crédito (por cobrar)', total: '23.60' })]);
  expect(x.value.cash.expected).toBe('0.00');
});
