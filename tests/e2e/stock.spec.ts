// Inventario in the browser: a purchase entered from the supplier's invoice (the same one again refused), a sale below
// zero that the till still makes and marks, a physical count by scanning whose difference a supervisor approves, and
// the kardex that tells all of it.
import { test, expect } from './harness';
import { closeDialog, ticketDialog, typeLine } from './sale-helpers';

test('Inventario: a purchase, a sale below zero, a count approved by a supervisor, the kardex', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  expect(await harness.core.dispatch('saveProduct', { code: 'A001', description: 'Arroz extra 1 kg', unit: 'NIU', price: '7.50', affectation: '10' })).toMatchObject({ ok: true });

  await page.keyboard.press('Alt+7');
  const screen = page.getByRole('region', { name: 'Inventario' });
  await expect(screen).toBeVisible();
  await screen.getByRole('button', { name: 'Registrar compra' }).click();
  const purchase = page.getByRole('complementary', { name: 'Registrar compra' });
  await purchase.getByLabel('RUC del proveedor').fill('20100070970');
  await purchase.getByLabel('Proveedor', { exact: true }).fill('DISTRIBUIDORA NORTE S.A.C.');
  await purchase.getByLabel('Serie').fill('F001');
  await purchase.getByLabel('Número').fill('123');
  await purchase.getByLabel('Código').fill('A001');
  await purchase.getByLabel('Cantidad').fill('10');
  // 5.90 with IGV: 5.00 without, what enters the valuation.
  await purchase.getByLabel('Costo unitario').fill('5.90');
  await harness.screenshot('inventario-compra');
  await purchase.getByRole('button', { name: 'Guardar compra' }).click();
  await expect(screen.getByText('Compra registrada: F001-123 de DISTRIBUIDORA NORTE S.A.C.')).toBeVisible();
  const row = screen.getByTestId('stock-table').getByRole('row', { name: /A001/ });
  await expect(row).toContainText('Arroz extra 1 kg');
  await expect(row.getByRole('cell').nth(1)).toHaveText('10');
  await expect(row).toContainText('50.00');

  // The same supplier invoice again, its number with leading zeros: refused, in Spanish.
  await screen.getByRole('button', { name: 'Registrar compra' }).click();
  await purchase.getByLabel('RUC del proveedor').fill('20100070970');
  await purchase.getByLabel('Proveedor', { exact: true }).fill('DISTRIBUIDORA NORTE S.A.C.');
  await purchase.getByLabel('Serie').fill('F001');
  await purchase.getByLabel('Número').fill('00000123');
  await purchase.getByLabel('Código').fill('A001');
  await purchase.getByLabel('Cantidad').fill('10');
  await purchase.getByLabel('Costo unitario').fill('5.90');
  await purchase.getByRole('button', { name: 'Guardar compra' }).click();
  await expect(purchase.getByRole('alert')).toContainText('ya se registró');
  await harness.screenshot('inventario-compra-repetida');
  await purchase.getByRole('button', { name: 'Cancelar' }).click();

  // Selling never stops: 12 sold with 10 on the shelf.
  await page.keyboard.press('F1');
  await typeLine(page, 1, { code: 'A001', description: 'Arroz extra 1 kg', quantity: '12', price: '7.50' });
  await page.keyboard.press('F12');
  await expect(ticketDialog(page).getByRole('heading', { name: /emitida/ })).toBeVisible();
  await closeDialog(page);
  await page.keyboard.press('Alt+7');
  await expect(row.getByRole('cell').nth(1)).toHaveText('-2 (bajo cero)');
  await harness.screenshot('inventario-bajo-cero');

  // A count: three scans of A001 (each adds one); the shelf said -2, so the difference is 5.
  await screen.getByRole('button', { name: 'Conteo físico' }).click();
  const count = page.getByRole('complementary', { name: 'Conteo físico' });
  const scan = count.getByLabel('Escanee o escriba el código (cada lectura suma uno)');
  for (let i = 0; i < 3; i++) {
    await scan.fill('a001');
    await scan.press('Enter');
  }
  await expect(count.getByLabel('Contado de A001')).toHaveValue('3');
  await count.getByRole('button', { name: 'Comparar con el stock' }).click();
  await expect(count.getByTestId('count-table').getByRole('row', { name: /A001/ })).toHaveText(/A001\s*3\s*-2\s*5/);
  await count.getByLabel('Motivo del ajuste').fill('Error de conteo anterior');
  await harness.screenshot('inventario-conteo');
  await count.getByRole('button', { name: 'Aprobar ajuste (supervisor)' }).click();
  await expect(screen.getByText(/Conteo \d+ aprobado/)).toBeVisible();
  await count.getByRole('button', { name: 'Cerrar' }).click();
  await expect(row.getByRole('cell').nth(1)).toHaveText('3');

  await row.getByRole('button', { name: 'Kardex de Arroz extra 1 kg' }).click();
  const kardex = page.getByTestId('kardex-table');
  await expect(kardex.getByRole('row')).toHaveCount(4);
  await expect(kardex.getByRole('row').nth(3)).toContainText(/Ajuste de inventario\s*Inventario \d+\s*5\s*3\s*5\s*15.00/);
  await expect(kardex.getByRole('row').nth(1)).toContainText('Compra F001-00000123');
  await expect(kardex.getByRole('row').nth(2)).toContainText('Venta');
  await expect(kardex.getByRole('row').nth(3)).toContainText('Ajuste de inventario');
  await harness.screenshot('inventario-kardex');
  expect(harness.pageErrors).toEqual([]);
});

test('Inventario by category: the value of each category, the list of one, and a count of that category only', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  const save = (code: string, description: string, category: string) =>
    harness.core.dispatch('saveProduct', { code, description, unit: 'NIU', price: '5.00', affectation: '10', category });
  expect(await save('A001', 'Arroz extra 1 kg', 'Abarrotes')).toMatchObject({ ok: true });
  expect(await save('A002', 'Azúcar rubia 1 kg', 'Abarrotes')).toMatchObject({ ok: true });
  expect(await save('B001', 'Inca Kola 500 ml', 'Bebidas')).toMatchObject({ ok: true });
  expect(await save('X001', 'Vela', '')).toMatchObject({ ok: true });
  expect(await harness.core.dispatch('recordPurchase', {
    clientKey: crypto.randomUUID(),
    supplier: { docType: '6', docNumber: '20100070970', name: 'DISTRIBUIDORA NORTE S.A.C.' },
    document: { type: '01', series: 'F001', number: '7', date: '2026-11-20' },
    lines: [
      { code: 'A001', quantity: '10', unitCost: '4', costIncludesIgv: false },
      { code: 'A002', quantity: '5', unitCost: '3', costIncludesIgv: false },
      { code: 'B001', quantity: '24', unitCost: '1.5', costIncludesIgv: false },
      { code: 'X001', quantity: '2', unitCost: '0.25', costIncludesIgv: false },
    ],
  })).toMatchObject({ ok: true });

  await page.keyboard.press('Alt+7');
  const screen = page.getByRole('region', { name: 'Inventario' });
  const byCategory = screen.getByTestId('stock-by-category');
  await expect(byCategory.getByRole('row', { name: /Abarrotes/ })).toHaveText(/Abarrotes\s*2\s*55.00/);
  await expect(byCategory.getByRole('row', { name: /Bebidas/ })).toHaveText(/Bebidas\s*1\s*36.00/);
  // The till's own catalogue (the plastic bag, say) has no category: it is under "Sin categoría", with the candle.
  await expect(byCategory.getByRole('row', { name: /Sin categoría/ })).toBeVisible();
  await harness.screenshot('inventario-por-categoria');

  await screen.getByLabel('Categoría', { exact: true }).selectOption({ label: 'Abarrotes' });
  await expect(screen.getByTestId('stock-count')).toHaveText('2 productos de Abarrotes · valor del stock S/ 55.00');
  await expect(screen.getByTestId('stock-table').getByRole('row')).toHaveCount(3);
  await expect(byCategory).toBeHidden();

  // A count of Abarrotes: both its products expected (0 until counted), a drink refused.
  await screen.getByRole('button', { name: 'Conteo físico' }).click();
  const count = page.getByRole('complementary', { name: 'Conteo físico · Abarrotes' });
  await expect(count.getByLabel('Contado de A002')).toHaveValue('0');
  const scan = count.getByLabel('Escanee o escriba el código (cada lectura suma uno)');
  await scan.fill('B001');
  await scan.press('Enter');
  await expect(count.getByRole('alert')).toContainText('El producto B001 no es de la categoría Abarrotes');
  for (let i = 0; i < 10; i++) {
    await scan.fill('a001');
    await scan.press('Enter');
  }
  await expect(count.getByLabel('Contado de A001')).toHaveValue('10');
  await harness.screenshot('inventario-conteo-categoria');
  await count.getByRole('button', { name: 'Comparar con el stock' }).click();
  const table = count.getByTestId('count-table');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row', { name: /A002/ })).toHaveText(/A002\s*0\s*5\s*-5/);
  await expect(table.getByRole('row', { name: /A001/ })).toHaveText(/A001\s*10\s*10\s*0/);
  expect(harness.pageErrors).toEqual([]);
});
