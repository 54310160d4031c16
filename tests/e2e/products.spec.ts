// The Productos screen (F5): search as you type, add, edit, deactivate and reactivate, CSV import (all or nothing,
// every bad row with its line and reason, only the good rows on request, a re-import changes nothing) and export.
import fs from 'node:fs/promises';
import { test, expect } from './harness';
import type { Page } from '@playwright/test';

type Dispatch = (method: string, input: unknown) => Promise<{ ok: boolean; value?: unknown }>;
interface ProductView {
  code: string;
  description: string;
  price: string;
  unit: string;
  affectation: string;
  active: boolean;
  updatedAt: string;
}

async function productsOf(dispatch: Dispatch, text?: string): Promise<{ rows: ProductView[]; total: number }> {
  const r = await dispatch('listProducts', { includeInactive: true, limit: 500, ...(text ? { text } : {}) });
  expect(r.ok).toBe(true);
  return r.value as { rows: ProductView[]; total: number };
}

async function chooseCsv(page: Page, name: string, text: string): Promise<void> {
  await page.getByLabel('Archivo CSV de productos').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
}

const GOOD_CSV = [
  'codigo,descripcion,unidad,precio,afectacion,bolsa,activo',
  'P-0001,Galleta de Vainilla 100 g,NIU,1.20,10,no,sí',
  'P-0002,Queso Fresco Serrano (kg),KGM,18.5,10,,',
  'P-0003,"Mandarina Sin Pepa, Malla (kg)",kgm,4.2,20,,',
  '',
].join('\r\n');

const BAD_CSV = [
  'codigo,descripcion,unidad,precio,afectacion',
  'Q-1,Producto Bueno Uno,NIU,2.50,10',
  'Q-2,Precio Malo,NIU,abc,10',
  'Q-3,Unidad Mala,XYZ,1.00,10',
  'Q-4,Producto Bueno Dos,NIU,3.00,20',
  'Q-5,Afectación Mala,NIU,1.00,30',
].join('\n');

test('Productos: F5 opens the catalogue; search as you type, add, edit, deactivate and reactivate', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await page.keyboard.press('F5');
  await expect(page.getByRole('heading', { name: 'Productos', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /Productos/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('products-count')).toHaveText('24 productos'); // the demo catalogue
  const table = page.getByRole('table', { name: 'Productos' });
  // Prices with 2 decimals ('24.9' stored → 24.90).
  await expect(table.getByRole('row', { name: /Arroz Costeño Extra 5 kg/ })).toContainText('24.90');
  await harness.screenshot('productos');

  // Search as you type: words in any order, accents ignored.
  await page.getByLabel('Buscar por descripción o código').pressSequentially('gloria lech');
  await expect(page.getByTestId('products-count')).toHaveText('1 producto');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Leche Gloria Evaporada Entera 400 g');
  await page.getByLabel('Buscar por descripción o código').fill('7755');
  await expect(page.getByTestId('products-count')).toHaveText('2 productos');

  // Add: the form checks with the bridge's schema, the core refuses a code already taken.
  await page.getByLabel('Buscar por descripción o código').fill('');
  await page.getByRole('button', { name: 'Nuevo producto' }).click();
  const editor = page.getByRole('region', { name: 'Nuevo producto' });
  await expect(editor.getByLabel('Código (barras o interno)')).toBeFocused();
  await editor.getByRole('button', { name: 'Guardar producto' }).click();
  await expect(editor.getByLabel('Código (barras o interno)')).toHaveAccessibleDescription('Ingrese el código del producto');
  await expect(editor.getByLabel('Precio con IGV')).toHaveAccessibleDescription('Ingrese el precio');
  await editor.getByLabel('Código (barras o interno)').fill('7751012000450');
  await editor.getByLabel('Descripción').fill('Chicha Morada 1 L');
  await editor.getByLabel('Unidad de medida').selectOption('BO');
  await editor.getByLabel('Precio con IGV').fill('4,5');
  await editor.getByLabel('Categoría (opcional)').fill(' Bebidas ');
  await editor.getByRole('button', { name: 'Guardar producto' }).click();
  await expect(editor.getByLabel('Código (barras o interno)')).toHaveAccessibleDescription('Este código ya está registrado');
  await editor.getByLabel('Código (barras o interno)').fill('CHICHA1');
  await editor.getByRole('button', { name: 'Guardar producto' }).click();
  await expect(page.getByText('Producto creado: Chicha Morada 1 L')).toBeVisible();
  await expect(page.getByTestId('products-count')).toHaveText('25 productos');
  await expect(table.getByRole('row', { name: /Chicha Morada 1 L/ })).toContainText('4.50');
  expect((await productsOf(harness.core.dispatch, 'CHICHA1')).rows[0]).toMatchObject({ price: '4.5', unit: 'BO', affectation: '10', category: 'Bebidas' });
  await expect(table.getByRole('row', { name: /Chicha Morada 1 L/ })).toContainText('Bebidas');

  // Edit: the price keeps every decimal the owner types, the list shows 2.
  await page.getByRole('button', { name: 'Editar Chicha Morada 1 L' }).click();
  const edit = page.getByRole('region', { name: 'Editar producto' });
  await expect(edit.getByLabel('Precio con IGV')).toHaveValue('4.50');
  // The categories in use are offered to pick from.
  await expect(edit.getByLabel('Categoría (opcional)')).toHaveValue('Bebidas');
  await expect(page.locator('#product-category-list option[value="Bebidas"]')).toHaveCount(1);
  await edit.getByLabel('Precio con IGV').fill('4.755');
  await edit.getByLabel('Afectación del IGV').selectOption('20');
  await harness.screenshot('productos-editar');
  await edit.getByRole('button', { name: 'Guardar producto' }).click();
  await expect(page.getByText('Producto guardado: Chicha Morada 1 L')).toBeVisible();
  await expect(table.getByRole('row', { name: /Chicha Morada 1 L/ })).toContainText('4.76');
  await expect(table.getByRole('row', { name: /Chicha Morada 1 L/ })).toContainText('Exonerado');
  expect((await productsOf(harness.core.dispatch, 'CHICHA1')).rows[0]).toMatchObject({ price: '4.755', affectation: '20' });

  // Deactivate: it leaves the list (and the till); "Mostrar inactivos" brings it back to reactivate it.
  await page.getByRole('button', { name: 'Desactivar Chicha Morada 1 L' }).click();
  await expect(page.getByText('«Chicha Morada 1 L» desactivado: ya no aparece en la venta.')).toBeVisible();
  await expect(page.getByTestId('products-count')).toHaveText('24 productos');
  expect(await harness.core.dispatch('getProductByCode', { code: 'CHICHA1' })).toEqual({ ok: true, value: null });
  await page.getByLabel('Mostrar inactivos').check();
  await expect(page.getByTestId('products-count')).toHaveText('25 productos');
  await expect(table.getByRole('row', { name: /Chicha Morada 1 L/ })).toContainText('Inactivo');
  await page.getByRole('button', { name: 'Reactivar Chicha Morada 1 L' }).click();
  await expect(table.getByRole('row', { name: /Chicha Morada 1 L/ })).toContainText('Activo');
  expect(await harness.core.dispatch('getProductByCode', { code: 'CHICHA1' })).toMatchObject({ ok: true, value: { active: true } });
  // A deactivation can be undone from its message.
  await page.getByRole('button', { name: 'Desactivar Chicha Morada 1 L' }).click();
  await expect(table.getByRole('row', { name: /Chicha Morada 1 L/ })).toContainText('Inactivo');
  await page.getByRole('button', { name: 'Deshacer' }).click();
  await expect(table.getByRole('row', { name: /Chicha Morada 1 L/ })).toContainText('Activo');
  await expect(page.getByText('«Chicha Morada 1 L» está activo otra vez: se puede vender.')).toBeVisible();

  // Alt+5 also reaches the screen; F1 goes back to the till.
  await page.keyboard.press('F1');
  await expect(page.getByRole('heading', { name: 'Productos', level: 1 })).toHaveCount(0);
  await page.keyboard.press('Alt+5');
  await expect(page.getByRole('heading', { name: 'Productos', level: 1 })).toBeVisible();
});

test('CSV import: a good file, a file with bad rows (line and reason each), only the good rows, a re-import changes nothing; export', async ({ harness }) => {
  const { page } = harness;
  const dispatch = harness.core.dispatch;
  await harness.open();
  await page.keyboard.press('F5');
  await expect(page.getByTestId('products-count')).toHaveText('24 productos');

  // A good file: everything is imported.
  await chooseCsv(page, 'nuevos.csv', GOOD_CSV);
  const panel = page.getByRole('region', { name: 'Importación de productos' });
  await expect(panel.getByText('Importación completa de «nuevos.csv»')).toBeVisible();
  await expect(panel).toContainText('3 filas: 3 nuevos, 0 actualizados, 0 sin cambios.');
  await expect(page.getByTestId('products-count')).toHaveText('27 productos');
  expect((await productsOf(dispatch, 'P-0003')).rows[0]).toMatchObject({
    description: 'Mandarina Sin Pepa, Malla (kg)', unit: 'KGM', price: '4.2', affectation: '20',
  });

  // The same file again: nothing changes, not even the update times.
  const before = await productsOf(dispatch);
  await chooseCsv(page, 'nuevos.csv', GOOD_CSV);
  await expect(panel).toContainText('3 filas: 0 nuevos, 0 actualizados, 3 sin cambios.');
  expect(await productsOf(dispatch)).toEqual(before);

  // A file with bad rows: nothing is imported, every bad row is listed with its line and reason.
  await chooseCsv(page, 'con-errores.csv', BAD_CSV);
  await expect(panel.getByText('No se importó nada de «con-errores.csv»')).toBeVisible();
  await expect(panel).toContainText('El archivo tiene 3 filas con errores.');
  const errors = panel.getByRole('table', { name: 'Filas con errores (3)' });
  await expect(errors.getByRole('row')).toHaveCount(4);
  await expect(errors.getByRole('row').nth(1)).toHaveText(/^3El precio debe ser un número con punto decimal/);
  await expect(errors.getByRole('row').nth(2)).toHaveText(/^4Unidad de medida desconocida: "XYZ"/);
  await expect(errors.getByRole('row').nth(3)).toHaveText(/^6Afectación no válida: use 10 \(gravado\) o 20 \(exonerado\)/);
  expect(await dispatch('getProductByCode', { code: 'Q-1' })).toEqual({ ok: true, value: null });
  await harness.screenshot('productos-importacion-errores');

  // Only the good rows, on request.
  await panel.getByRole('button', { name: 'Importar solo las filas correctas (2)' }).click();
  await expect(panel.getByText('Se importaron las filas correctas de «con-errores.csv»')).toBeVisible();
  await expect(panel).toContainText('2 nuevos, 0 actualizados, 0 sin cambios. Se omitieron 3 filas con errores.');
  await expect(panel.getByRole('table', { name: 'Filas omitidas (3)' }).getByRole('row')).toHaveCount(4);
  await expect(page.getByTestId('products-count')).toHaveText('29 productos');
  for (const [code, stored] of [['Q-1', true], ['Q-2', false], ['Q-3', false], ['Q-4', true], ['Q-5', false]] as const) {
    const found = (await dispatch('getProductByCode', { code })) as { value: unknown };
    expect(found.value !== null, code).toBe(stored);
  }

  // A wrong header imports nothing and offers nothing.
  await chooseCsv(page, 'otro.csv', 'code;name;price\r\nX;Y;1\r\n');
  await expect(panel.getByText('No se importó nada de «otro.csv»')).toBeVisible();
  await expect(panel.getByRole('table', { name: 'Filas con errores (1)' })).toContainText('punto y coma');
  await expect(panel.getByRole('button', { name: /Importar solo las filas correctas/ })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Cerrar' }).click();
  await expect(panel).toHaveCount(0);

  // Export: a CSV download that reads back to the same catalogue.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^productos-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await fs.readFile(await file.path(), 'utf8');
  expect(text.startsWith('\uFEFFcodigo,descripcion,unidad,precio,afectacion,bolsa,activo,unidades_enteras,categoria\r\n')).toBe(true);
  expect(text).toContain('P-0003,"Mandarina Sin Pepa, Malla (kg)",KGM,4.20,20,no,sí,,\r\n');
  const again = await dispatch('importProducts', { csv: text, mode: 'all_or_nothing' });
  expect(again).toMatchObject({ ok: true, value: { rows: 29, imported: 0, updated: 0, unchanged: 29, errors: [] } });
});

test('CSV import: a file Excel saved on Windows keeps its accents, takes UND, KG and decimal commas, keeps the first row of a repeated code; unreadable bytes are refused by line', async ({ harness }) => {
  const { page } = harness;
  const dispatch = harness.core.dispatch;
  await harness.open();
  await page.keyboard.press('F5');
  await expect(page.getByTestId('products-count')).toHaveText('24 productos');
  const excel = [
    'código,descripción,unidad,precio,afectación',
    'E-1,Azúcar rubia,KG,"4,50",10',
    'E-2,Piña golden,UND,"1.234,50",10',
    'E-1,Azúcar blanca,KG,"3,90",10',
    'E-3,Café Ñuñoa,und,"12,90",20',
    '',
  ].join('\r\n');
  // Windows-1252 bytes: every character here is in Latin-1, whose bytes are the same.
  const bytes = (text: string) => Buffer.from(text, 'latin1');
  const choose = (name: string, buffer: Buffer) => page.getByLabel('Archivo CSV de productos').setInputFiles({ name, mimeType: 'text/csv', buffer });
  await choose('excel.csv', bytes(excel));
  const panel = page.getByRole('region', { name: 'Importación de productos' });
  await expect(panel.getByText('No se importó nada de «excel.csv»')).toBeVisible();
  await expect(panel.getByTestId('import-encoding')).toContainText('Archivo leído como Windows-1252');
  const errors = panel.getByRole('table', { name: 'Filas con errores (1)' });
  await expect(errors.getByRole('row').nth(1)).toHaveText('4El código E-1 está repetido: ya aparece en la línea 2 (de cada código se lee solo la primera fila)');
  await panel.getByRole('button', { name: 'Importar solo las filas correctas (3)' }).click();
  await expect(panel.getByText('Se importaron las filas correctas de «excel.csv»')).toBeVisible();
  await expect(page.getByTestId('products-count')).toHaveText('27 productos');
  expect((await productsOf(dispatch, 'E-1')).rows[0]).toMatchObject({ description: 'Azúcar rubia', unit: 'KGM', price: '4.5' });
  expect((await productsOf(dispatch, 'E-2')).rows[0]).toMatchObject({ description: 'Piña golden', unit: 'NIU', price: '1234.5' });
  expect((await productsOf(dispatch, 'E-3')).rows[0]).toMatchObject({ description: 'Café Ñuñoa', unit: 'NIU', price: '12.9' });

  // The same file as UTF-8: the same products, nothing to change.
  await choose('utf8.csv', Buffer.from(excel.replace('E-1,Azúcar blanca,KG,"3,90",10\r\n', ''), 'utf8'));
  await expect(panel.getByText('Importación completa de «utf8.csv»')).toBeVisible();
  await expect(panel).toContainText('3 filas: 0 nuevos, 0 actualizados, 3 sin cambios.');
  await expect(panel.getByTestId('import-encoding')).toHaveText('Archivo leído como UTF-8.');

  // A byte that is no character: nothing is sent, and the line is named.
  const broken = bytes(excel);
  broken[broken.indexOf('Pi')] = 0x81; // the P of Piña, on line 3
  await choose('roto.csv', broken);
  await expect(panel.getByRole('alert')).toContainText('«roto.csv»: El archivo no se puede leer');
  await expect(panel.getByRole('alert')).toContainText('la línea 3 tiene bytes que no son ningún carácter');
  await expect(page.getByTestId('products-count')).toHaveText('27 productos');
});

test('CSV import: a file over 20 MB is refused by its size before it is read; a long import shows its progress', async ({ harness }) => {
  // 60,000 rows sent and stored: about 11 s on an idle 2-CPU machine; beside another browser test, several times that.
  test.slow();
  const { page } = harness;
  await harness.open();
  await page.keyboard.press('F5');
  await expect(page.getByTestId('products-count')).toHaveText('24 productos');
  // Counts every way a page can read a chosen file.
  await page.evaluate(() => {
    const reads = { count: 0 };
    (window as unknown as { __fileReads: typeof reads }).__fileReads = reads;
    for (const method of ['text', 'arrayBuffer', 'stream', 'bytes'] as const) {
      const original = (Blob.prototype as unknown as Record<string, (...a: unknown[]) => unknown>)[method];
      if (!original) continue;
      (Blob.prototype as unknown as Record<string, unknown>)[method] = function (this: Blob, ...args: unknown[]) {
        reads.count += 1;
        return original.apply(this, args);
      };
    }
    for (const method of ['readAsText', 'readAsArrayBuffer', 'readAsDataURL', 'readAsBinaryString'] as const) {
      const original = FileReader.prototype[method] as (...a: unknown[]) => void;
      (FileReader.prototype as unknown as Record<string, unknown>)[method] = function (this: FileReader, ...args: unknown[]) {
        reads.count += 1;
        original.apply(this, args);
      };
    }
  });
  const calls = harness.responses.length;
  // The 21 MB file is made in the page: sent through setInputFiles it costs 13 s of the protocol's time.
  await page.getByLabel('Archivo CSV de productos').evaluate((input: HTMLInputElement) => {
    const files = new DataTransfer();
    files.items.add(new File([new Uint8Array(21_000_000).fill(0x61)], 'catalogo-enorme.csv', { type: 'text/csv' }));
    input.files = files.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  const panel = page.getByRole('region', { name: 'Importación de productos' });
  await expect(panel.getByRole('alert')).toHaveText(
    'No se pudo importar«catalogo-enorme.csv» pesa 21 MB: el máximo es 20 MB. Divida el catálogo en archivos más pequeños.',
  );
  expect(await page.evaluate(() => (window as unknown as { __fileReads: { count: number } }).__fileReads.count)).toBe(0);
  expect(harness.responses.slice(calls).filter((r) => r.includes('demasiado'))).toEqual([]);
  await panel.getByRole('button', { name: 'Cerrar' }).click();

  // A long import: the screen says how far it is, then what it did.
  const lines = ['codigo,descripcion,unidad,precio,afectacion'];
  for (let i = 0; i < 60_000; i++) lines.push(`775${String(i).padStart(10, '0')},Producto de prueba ${i},NIU,2.50,10`);
  await chooseCsv(page, 'catalogo-grande.csv', lines.join('\r\n'));
  await expect(page.getByTestId('import-progress')).toHaveText(/^(Revisando filas|Guardando productos): [\d\s.,]+ de 60[\s.,]?000$/);
  await expect(panel.getByText('Importación completa de «catalogo-grande.csv»')).toBeVisible({ timeout: 100_000 });
  await expect(panel).toContainText('60000 filas: 60000 nuevos, 0 actualizados, 0 sin cambios.');
  await expect(page.getByTestId('import-progress')).toHaveCount(0);
});
