import { SEED_CITIZENS } from '../../electron/sandbox';
import { test, expect } from './harness';
import { closeDialog, ticketDialog, typeLine, waitForStatus } from './sale-helpers';

const base = SEED_CITIZENS[0];
if (!base) throw new Error('sandbox seed has no citizens');
const CITIZEN = {
  ...base,
  numero: '47111222',
  nombres: 'ANA SOFIA',
  apellido_paterno: 'RAMIREZ',
  apellido_materno: 'LOPEZ',
  nombre_completo: 'RAMIREZ LOPEZ, ANA SOFIA',
  direccion: 'JR. HUALLAGA 555',
  direccion_completa: 'JR. HUALLAGA 555, LIMA - LIMA - LIMA',
};

test.describe('DNI autofill', () => {
  test.use({ sandboxOptions: { seed: { citizens: [CITIZEN] } } });

  test('a complete DNI fills name and address; offline gives a note and manual entry; the book answers next time', async ({ harness }) => {
    const { page } = harness;
    await harness.open();
    const docType = page.getByLabel('Tipo de documento');
    const docNumber = page.getByLabel('Número de documento');
    const name = page.getByLabel('Nombre', { exact: true });

    // The DNI query is down: a note, and the cashier can type the name.
    harness.sandbox.faults.reset(1, 'query');
    await docType.selectOption('1');
    await docNumber.fill('10000002');
    await expect(page.getByText('Sin conexión con la consulta de DNI: ingrese el nombre a mano.')).toBeVisible();
    await expect(name).toHaveValue('');
    await expect(name).toBeEditable();

    await docNumber.fill('47111222');
    await expect(name).toHaveValue('RAMIREZ LOPEZ, ANA SOFIA');
    await expect(page.getByLabel('Dirección')).toHaveValue('JR. HUALLAGA 555, LIMA - LIMA - LIMA');
    await expect(page.getByText('Datos obtenidos de la consulta de DNI.')).toBeVisible();
    await harness.screenshot('venta-dni');

    await typeLine(page, 1, { code: 'AZ1', description: 'Azúcar rubia 1 kg', quantity: '1', price: '4.20' });
    await page.keyboard.press('Control+Enter');
    const dialog = ticketDialog(page);
    await expect(dialog.getByRole('heading', { name: 'Boleta B001-00000001 emitida' })).toBeVisible();
    await expect(dialog.getByText('47111222')).toBeVisible();
    await expect(dialog.getByText('RAMIREZ LOPEZ, ANA SOFIA')).toBeVisible();
    await closeDialog(page);
    await waitForStatus(harness.core.dispatch, 1, 'accepted');

    // Next customer with the same DNI: the customer book answers (works offline too).
    harness.sandbox.faults.reset(Infinity, 'query');
    await docType.selectOption('1');
    await docNumber.fill('47111222');
    await expect(name).toHaveValue('RAMIREZ LOPEZ, ANA SOFIA');
    await expect(page.getByText('Datos tomados de la libreta de clientes.')).toBeVisible();
    harness.sandbox.faults.clear();
  });
});

test('factura with a RUC customer and two instalments that add up to the total', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await page.getByLabel('Tipo de documento').selectOption('6');
  await page.getByLabel('Número de documento').fill('20200000006');
  // The RUC lookup fills razón social and fiscal address from SUNAT's record.
  await expect(page.getByText('Datos obtenidos de SUNAT (consulta RUC).')).toBeVisible();
  await expect(page.getByLabel('Razón social')).toHaveValue('DISTRIBUIDORA ANDINA DEMO S.A.');
  await expect(page.getByLabel('Dirección')).toHaveValue(/^JR\. COMERCIO 250, AREQUIPA/);
  await expect(page.getByTestId('taxpayer-warning')).toHaveCount(0);
  await page.getByLabel('Dirección').fill('JR. COMERCIO 250, AREQUIPA');

  // A RUC customer suggests a factura.
  await page.getByRole('button', { name: 'Cambiar a factura' }).click();
  await expect(page.getByRole('radio', { name: 'Factura' })).toBeChecked();
  await expect(page.getByTestId('next-number')).toHaveText('F001-00000001');

  await typeLine(page, 1, { code: 'ARZ50', description: 'Arroz extra saco 50 kg', quantity: '2', price: '177.00' });
  await expect(page.getByTestId('total-total')).toHaveText('S/ 354.00');

  await page.locator('label', { hasText: 'Crédito' }).click();
  const first = page.getByLabel('Monto de la cuota 1');
  await expect(first).toHaveValue('354.00');
  await first.fill('200');
  await expect(page.getByTestId('installments-difference')).toHaveText('S/ 154.00');
  await page.getByRole('button', { name: '+ Agregar cuota' }).click();
  await expect(page.getByLabel('Monto de la cuota 2')).toHaveValue('154.00');
  await expect(page.getByTestId('installments-sum')).toHaveText('S/ 354.00');
  await expect(page.getByTestId('installments-difference')).toHaveText('S/ 0.00');
  // Due days show as dd/mm/aaaa; compared here as ISO days.
  const isoOf = (text: string) => text.split('/').reverse().join('-');
  const due1 = isoOf(await page.getByLabel('Vencimiento de la cuota 1').inputValue());
  const due2 = isoOf(await page.getByLabel('Vencimiento de la cuota 2').inputValue());
  expect(due1).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(due2 > due1).toBe(true);
  await harness.screenshot('venta-factura-credito');

  await page.keyboard.press('F12');
  const dialog = ticketDialog(page);
  await expect(dialog.getByRole('heading', { name: 'Factura F001-00000001 emitida' })).toBeVisible();
  await expect(dialog.getByText('Forma de pago: Crédito')).toBeVisible();
  await expect(dialog.getByRole('cell', { name: '154.00' })).toBeVisible();
  await expect(dialog.getByText('Aceptado')).toBeVisible();
  await harness.screenshot('ticket-factura');
  await closeDialog(page);

  const doc = await harness.core.dispatch('getDocument', { id: 1 });
  const payload = JSON.parse((doc as { value: { payload: string } }).value.payload) as {
    tipo_Doc: string;
    cliente_Tipo_Doc: string;
    cliente_Num_Doc: string;
    forma_pago: { tipo: string; monto: number; cuota?: number; fecha_Pago: string }[];
  };
  expect(payload.tipo_Doc).toBe('01');
  expect(payload.cliente_Tipo_Doc).toBe('6');
  expect(payload.cliente_Num_Doc).toBe('20200000006');
  expect(payload.forma_pago.map((p) => [p.tipo, p.monto, p.cuota, p.fecha_Pago.slice(0, 10)])).toEqual([
    ['CREDITO', 200, 1, due1],
    ['CREDITO', 154, 2, due2],
  ]);
});

test('a RUC whose taxpayer is NO HABIDO fills the data and warns, without blocking the sale; offline the last answer serves', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await page.getByLabel('Tipo de documento').selectOption('6');
  await page.getByLabel('Número de documento').fill('20601000009');
  await expect(page.getByLabel('Razón social')).toHaveValue('COMERCIAL NO HALLADO DEMO S.R.L.');
  await expect(page.getByTestId('taxpayer-warning')).toHaveText('Atención: SUNAT registra a este contribuyente con condición NO HABIDO.');
  await harness.screenshot('venta-ruc-no-habido');

  // Offline: the same RUC is answered from the cached lookup, warning included.
  harness.sandbox.faults.reset(Infinity, 'query');
  await page.getByLabel('Número de documento').fill('');
  await page.getByLabel('Razón social').fill('');
  await page.getByLabel('Número de documento').fill('20601000009');
  await expect(page.getByLabel('Razón social')).toHaveValue('COMERCIAL NO HALLADO DEMO S.R.L.');
  await expect(page.getByTestId('taxpayer-warning')).toBeVisible();
  harness.sandbox.faults.clear();
});

test('the 700-soles trap: the error switches the type to DNI and puts the cursor on the number, so the lookup runs', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await typeLine(page, 1, { code: 'TV', description: 'Televisor 32"', quantity: '1', price: '750.00' });
  await page.keyboard.press('F12');
  const number = page.getByLabel('Número de documento');
  await expect(number).toBeFocused();
  await expect(page.getByLabel('Tipo de documento')).toHaveValue('1');
  await expect(number).toHaveAccessibleDescription(/700\.00 o más requiere identificar al cliente/);
  const citizen = SEED_CITIZENS[0]!;
  await page.keyboard.type(citizen.numero);
  await expect(page.getByLabel('Nombre')).toHaveValue(citizen.nombre_completo);
  await page.keyboard.press('F12');
  await expect(ticketDialog(page).getByRole('heading', { name: 'Boleta B001-00000001 emitida' })).toBeVisible();
});
