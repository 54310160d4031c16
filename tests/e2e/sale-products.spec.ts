// Line entry from the catalogue on the till: scan (code + Enter) adds or increments, an unknown code is reported
// with the cashier kept in place, search as you type in the description (ARIA combobox), weighed goods, the price
// lock of Ajustes, and a whole sale of scanned and searched products issued.
import { test, expect } from './harness';
import { closeDialog, lineField, scan, ticketDialog, waitForStatus } from './sale-helpers';

const INCA_KOLA = '7753056000182'; // Inca Kola 500 ml, BO, 2.50
const FIDEOS = '7751012000528'; // Fideos Don Vittorio Spaghetti 500 g, NIU, 3.80
const AGUA = '7754123000142'; // Agua San Luis sin Gas 625 ml, BO, 1.50
const PLATANO = '2000000000428'; // Plátano de Seda (kg), KGM, 3.50, exonerated

test('a scan adds the product with quantity 1; scanning it again right away adds 1 to the last line; after another product it is a line of its own', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await lineField(page, 'Código', 1).focus();
  await scan(page, 1, INCA_KOLA);
  await expect(lineField(page, 'Código', 2)).toBeFocused();
  await expect(lineField(page, 'Descripción', 1)).toHaveValue('Inca Kola 500 ml');
  await expect(lineField(page, 'Unidad', 1)).toHaveValue('BO');
  await expect(lineField(page, 'Cantidad', 1)).toHaveValue('1');
  await expect(lineField(page, 'Precio con IGV', 1)).toHaveValue('2.50');
  await expect(lineField(page, 'Afectación', 1)).toHaveValue('10');
  await expect(page.getByLabel('Importe, línea 1')).toHaveText('2.50');

  await scan(page, 2, FIDEOS);
  await expect(lineField(page, 'Código', 3)).toBeFocused();
  // The same product after another one: a line of its own (a scan never changes a line further up).
  await scan(page, 3, INCA_KOLA);
  await expect(page.getByRole('status').filter({ hasText: 'Agregado en la línea 3: Inca Kola 500 ml, S/ 2.50.' })).toBeVisible();
  await expect(lineField(page, 'Cantidad', 1)).toHaveValue('1');
  await expect(lineField(page, 'Código', 4)).toBeFocused();
  // Again right away: the last line counts 2, the cashier stays on the empty line for the next scan.
  await scan(page, 4, INCA_KOLA);
  await expect(lineField(page, 'Cantidad', 3)).toHaveValue('2');
  await expect(page.getByRole('status').filter({ hasText: 'Se sumó 1 a la línea 3: Inca Kola 500 ml (cantidad 2).' })).toBeVisible();
  await expect(lineField(page, 'Código', 4)).toBeFocused();
  await expect(lineField(page, 'Código', 4)).toHaveValue('');
  await expect(lineField(page, 'Código', 5)).toHaveCount(0);
  await expect(page.getByLabel('Importe, línea 3')).toHaveText('5.00');
  await expect(page.getByTestId('total-total')).toHaveText('S/ 11.30');
});

test('an unknown code is listed apart, the cashier stays on an empty code field, and Supr takes it off', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await lineField(page, 'Código', 1).focus();
  await scan(page, 1, '7790000000001');
  const unknown = page.getByTestId('unknown-codes');
  await expect(unknown).toContainText('Código no encontrado: 7790000000001');
  await expect(lineField(page, 'Código', 1)).toBeFocused();
  await expect(lineField(page, 'Código', 1)).toHaveValue('');
  await expect(lineField(page, 'Código', 2)).toHaveCount(0);
  // The next scan goes on; the unknown code stays listed until taken off.
  await scan(page, 1, AGUA);
  await expect(lineField(page, 'Descripción', 1)).toHaveValue('Agua San Luis sin Gas 625 ml');
  await expect(lineField(page, 'Código', 2)).toBeFocused();
  await expect(unknown).toBeVisible();
  await page.keyboard.press('Delete');
  await expect(unknown).toHaveCount(0);

  // A product sold by hand (its own code, description and price) is still possible.
  await page.keyboard.type('MANUAL-1');
  await lineField(page, 'Descripción', 2).fill('Servicio de delivery');
  await lineField(page, 'Precio con IGV', 2).fill('3.00');
  await lineField(page, 'Código', 2).press('Enter');
  await expect(lineField(page, 'Código', 3)).toBeFocused();
  await expect(page.getByTestId('total-total')).toHaveText('S/ 4.50');

  // Words in the code field are not a code: the message says where names are searched.
  await page.keyboard.type('leche gloria');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Código no encontrado: leche gloria. Para buscar por nombre, escríbalo en la descripción.');
  await expect(lineField(page, 'Código', 3)).toBeFocused();
});

test('search as you type in the description: ↓ and Enter pick a product, Esc closes the list', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  const description = lineField(page, 'Descripción', 1);
  await description.focus();
  await page.keyboard.type('gas');
  const listbox = page.getByRole('listbox', { name: 'Productos que coinciden, línea 1' });
  await expect(listbox).toBeVisible();
  await expect(description).toHaveAttribute('aria-expanded', 'true');
  // 'gas' matches "Gaseosa Coca-Cola 1.5 L" and "Agua San Luis sin Gas 625 ml", by description.
  await expect(listbox.getByRole('option')).toHaveCount(2);
  await expect(listbox.getByRole('option').nth(0)).toHaveAttribute('aria-selected', 'true');
  await expect(description).toHaveAttribute('aria-activedescendant', 'product-option-0');
  await page.keyboard.press('Escape');
  await expect(listbox).toHaveCount(0);
  await expect(description).toHaveAttribute('aria-expanded', 'false');
  await expect(description).toHaveValue('gas'); // nothing typed is lost

  await page.keyboard.type('eosa coca');
  await expect(listbox.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await expect(listbox.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('leche glo');
  await expect(listbox.getByRole('option')).toHaveCount(1);
  await expect(listbox.getByRole('option', { name: /Leche Gloria Evaporada Entera 400 g/ })).toContainText('S/ 4.30');
  await harness.screenshot('venta-busqueda');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('galle');
  await expect(listbox.getByRole('option', { name: /Galletas Soda Field/ })).toBeVisible();
  await page.keyboard.press('ArrowDown'); // one option: ↓ wraps onto it again
  await page.keyboard.press('Enter');
  await expect(listbox).toHaveCount(0);
  await expect(lineField(page, 'Código', 1)).toHaveValue('7756141000111');
  await expect(description).toHaveValue('Galletas Soda Field Paquete x 6');
  await expect(lineField(page, 'Unidad', 1)).toHaveValue('PK');
  await expect(lineField(page, 'Cantidad', 1)).toHaveValue('1');
  await expect(lineField(page, 'Precio con IGV', 1)).toHaveValue('3.20');
  await expect(lineField(page, 'Código', 2)).toBeFocused();

  // ↑ ↓ move through several matches; the mouse picks too.
  await lineField(page, 'Descripción', 2).focus();
  await page.keyboard.type('kg');
  const list2 = page.getByRole('listbox', { name: 'Productos que coinciden, línea 2' });
  await expect(list2.getByRole('option')).not.toHaveCount(0);
  const second = await list2.getByRole('option').nth(1).locator('.product-listbox__description').textContent();
  await page.keyboard.press('ArrowDown');
  await expect(list2.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(list2.getByRole('option').last()).toHaveAttribute('aria-selected', 'true');
  await list2.getByRole('option').nth(1).click();
  await expect(lineField(page, 'Descripción', 2)).toHaveValue(second ?? '');
  await expect(page.getByRole('listbox')).toHaveCount(0);
});

test('a weighed product takes 0.75 kg; a whole-unit product refuses decimals with the unit in the message', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await lineField(page, 'Código', 1).focus();
  await scan(page, 1, PLATANO);
  // Weighed goods go straight to the quantity, selected, for the weight.
  await expect(lineField(page, 'Cantidad', 1)).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Plátano de Seda (kg): ingrese la cantidad (Kilogramo) y pulse Enter.' })).toBeVisible();
  await page.keyboard.type('0.75');
  await page.keyboard.press('Enter');
  await expect(lineField(page, 'Código', 2)).toBeFocused();
  await expect(lineField(page, 'Cantidad', 1)).toHaveValue('0.75');
  await expect(page.getByLabel('Importe, línea 1')).toHaveText('2.63'); // 0.75 × 3.50 = 2.625 → 2.63
  await expect(page.getByTestId('total-exoneradas')).toHaveText('S/ 2.63');

  // Another bag of bananas is weighed apart: a line of its own, not "+1 kg".
  await scan(page, 2, PLATANO);
  await expect(lineField(page, 'Cantidad', 2)).toBeFocused();
  await page.keyboard.type('1.2');
  await page.keyboard.press('Enter');
  await expect(lineField(page, 'Cantidad', 1)).toHaveValue('0.75');
  await expect(page.getByLabel('Importe, línea 2')).toHaveText('4.20');

  await scan(page, 3, INCA_KOLA);
  await expect(lineField(page, 'Descripción', 3)).toHaveValue('Inca Kola 500 ml');
  await lineField(page, 'Cantidad', 3).fill('1.5');
  await lineField(page, 'Cantidad', 3).press('Enter');
  await expect(lineField(page, 'Cantidad', 3)).toHaveAccessibleDescription('La unidad "Botella" no admite decimales');
  await expect(lineField(page, 'Cantidad', 3)).toBeFocused();
  await page.keyboard.type('2');
  await expect(lineField(page, 'Cantidad', 3)).toHaveAttribute('aria-invalid', 'false');
  await page.keyboard.press('Enter');
  await expect(lineField(page, 'Código', 4)).toBeFocused();
  await expect(page.getByTestId('total-total')).toHaveText('S/ 11.83');

  // Issued as typed: kilograms with decimals, the catalogue's affectation (its select is locked, still sent).
  await expect(lineField(page, 'Afectación', 1)).toBeDisabled();
  await page.keyboard.press('F12');
  await expect(ticketDialog(page).getByRole('heading', { name: 'Boleta B001-00000001 emitida' })).toBeVisible();
  await closeDialog(page);
  const doc = (await harness.core.dispatch('getDocument', { id: 1 })) as { value: { payload: string } };
  const payload = JSON.parse(doc.value.payload) as { monto_Oper_Exoneradas: number; detalle: { unidad: string; cantidad: number; tip_Afe_Igv: string }[] };
  expect(payload.detalle.map((l) => [l.unidad, l.cantidad, l.tip_Afe_Igv])).toEqual([['KGM', 0.75, '20'], ['KGM', 1.2, '20'], ['BO', 2, '10']]);
  expect(payload.monto_Oper_Exoneradas).toBe(6.83);
});

test('price and affectation of a catalogue product are locked until Ajustes allows changing them', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await lineField(page, 'Código', 1).focus();
  await scan(page, 1, PLATANO);
  // A weighed product: the scan's lookup puts the cursor on the quantity; Enter keeps 1 kg and goes to the next line.
  // (Pressed before the lookup answered, the Enter would land in the code field instead: wait, as a person would.)
  await expect(lineField(page, 'Cantidad', 1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(lineField(page, 'Código', 2)).toBeFocused();
  const price = lineField(page, 'Precio con IGV', 1);
  await expect(price).toHaveAttribute('readonly', '');
  await expect(price).not.toBeEditable();
  await expect(lineField(page, 'Afectación', 1)).toBeDisabled();
  // A line typed by hand is never locked.
  await page.keyboard.type('X1');
  await expect(lineField(page, 'Precio con IGV', 2)).toBeEditable();

  await page.keyboard.press('F4');
  await page.getByLabel('Permitir cambiar precio en la venta').check();
  await page.getByRole('button', { name: 'Guardar venta' }).click();
  await expect(page.getByRole('region', { name: 'Venta' }).getByText('Cambios guardados.')).toBeVisible();
  expect(await harness.core.dispatch('getSettings', {})).toMatchObject({ value: { sale: { allowPriceChange: true } } });
  await page.keyboard.press('F1');
  await expect(price).toBeEditable();
  await expect(lineField(page, 'Afectación', 1)).toBeEnabled();
  await price.fill('3.00');
  await expect(page.getByLabel('Importe, línea 1')).toHaveText('3.00');
});

test('a sale of three scanned products and one searched product is issued with the catalogue data', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await lineField(page, 'Código', 1).focus();
  await scan(page, 1, INCA_KOLA);
  await scan(page, 2, INCA_KOLA); // +1 on line 1, the last one
  await expect(lineField(page, 'Cantidad', 1)).toHaveValue('2');
  await scan(page, 2, FIDEOS);
  await scan(page, 3, AGUA);
  await expect(lineField(page, 'Código', 4)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(lineField(page, 'Descripción', 4)).toBeFocused();
  await page.keyboard.type('evaporada');
  await expect(page.getByRole('option', { name: /Leche Gloria Evaporada Entera 400 g/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(lineField(page, 'Código', 5)).toBeFocused();
  // 2 × 2.50 + 3.80 + 1.50 + 4.30
  await expect(page.getByTestId('total-total')).toHaveText('S/ 14.60');
  await harness.screenshot('venta-catalogo');

  await page.keyboard.press('F12');
  const dialog = ticketDialog(page);
  await expect(dialog.getByRole('heading', { name: 'Boleta B001-00000001 emitida' })).toBeVisible();
  await expect(dialog.getByText('SON CATORCE CON 60/100 SOLES')).toBeVisible();
  await expect(dialog.getByText('Leche Gloria Evaporada Entera 400 g')).toBeVisible();
  await closeDialog(page);
  await waitForStatus(harness.core.dispatch, 1, 'accepted');
  const doc = (await harness.core.dispatch('getDocument', { id: 1 })) as { value: { payload: string } };
  const payload = JSON.parse(doc.value.payload) as {
    monto_Imp_Venta: number;
    detalle: { cod_Producto: string; descripcion: string; unidad: string; cantidad: number; monto_Precio_Unitario: number }[];
  };
  expect(payload.monto_Imp_Venta).toBe(14.6);
  expect(payload.detalle.map((l) => [l.cod_Producto, l.unidad, l.cantidad, l.monto_Precio_Unitario])).toEqual([
    [INCA_KOLA, 'BO', 2, 2.5],
    [FIDEOS, 'NIU', 1, 3.8],
    [AGUA, 'BO', 1, 1.5],
    ['7752104000136', 'CA', 1, 4.3],
  ]);
  // The till is ready for the next customer, on the first code field, without the last sale's notices.
  await expect(lineField(page, 'Código', 1)).toHaveValue('');
  await expect(lineField(page, 'Código', 1)).toBeFocused();
  await expect(page.getByText(/^Agregado/)).toHaveCount(0);
  await expect(lineField(page, 'Precio con IGV', 1)).toBeEditable();
});

test('a barcode scanned into the weight field is the next product, never a quantity; a huge quantity asks once', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await lineField(page, 'Código', 1).focus();
  await scan(page, 1, '2000000000114'); // Azúcar a granel (kg): the cashier is asked for the weight
  await expect(lineField(page, 'Cantidad', 1)).toBeFocused();
  await page.keyboard.type(INCA_KOLA); // ...but scans the next product instead
  await page.keyboard.press('Enter');
  await expect(lineField(page, 'Descripción', 2)).toHaveValue(/Inca Kola/);
  await expect(lineField(page, 'Cantidad', 1)).toHaveValue('');
  await expect(lineField(page, 'Cantidad', 1)).toHaveAccessibleDescription(/lo escaneado era otro producto/);
  await expect(page.getByTestId('total-total')).not.toContainText('7,753');

  // The weight typed now; then a quantity over 999 asks once, and a second Enter confirms it.
  await lineField(page, 'Cantidad', 1).fill('1.250');
  await lineField(page, 'Cantidad', 1).press('Enter');
  await lineField(page, 'Cantidad', 2).fill('1200');
  await lineField(page, 'Cantidad', 2).press('Enter');
  await expect(page.getByText('¿Cantidad 1200 en la línea 2? Pulse Enter otra vez para confirmar, o corríjala.')).toBeVisible();
  await expect(lineField(page, 'Cantidad', 2)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(lineField(page, 'Código', 3)).toBeFocused();
});

test('a scale label adds the item with its weight, and "3*code" sells three', async ({ harness }) => {
  const { page, core } = harness;
  // A weighed product whose code is the scale's item code; labels read as item + weight in grams.
  await core.dispatch('saveProduct', { code: '12345', description: 'Queso fresco (kg)', unit: 'KGM', price: '18', affectation: '10', bag: false, active: true });
  await core.dispatch('saveSettings', { sale: { allowPriceChange: false, scale: { mode: 'weight', itemDigits: 5 } } });
  await harness.open();
  const first12 = '201234501250'; // item 12345, 1,250 g
  const sum = [...first12].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  const labelCode = `${first12}${(10 - (sum % 10)) % 10}`;
  await lineField(page, 'Código', 1).focus();
  await scan(page, 1, labelCode);
  await expect(lineField(page, 'Descripción', 1)).toHaveValue('Queso fresco (kg)');
  await expect(lineField(page, 'Cantidad', 1)).toHaveValue('1.25');
  await expect(page.getByLabel('Importe, línea 1')).toHaveText('22.50');
  await expect(lineField(page, 'Código', 2)).toBeFocused(); // the weight came with the label: next scan

  await scan(page, 2, `3*${INCA_KOLA}`);
  await expect(lineField(page, 'Cantidad', 2)).toHaveValue('3');
  await expect(page.getByTestId('total-total')).toHaveText('S/ 30.00');
});

test('"se vende por unidades enteras" is set per product: cloth by the unit takes 1.5, a sack in kg only whole', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  // The editor proposes the unit's rule and lets the owner change it.
  await page.keyboard.press('F5');
  await page.getByRole('button', { name: 'Nuevo producto' }).click();
  const editor = page.getByRole('region', { name: 'Nuevo producto' });
  const whole = editor.getByLabel('Se vende por unidades enteras (la caja no acepta decimales)');
  await expect(whole).toBeChecked();
  await editor.getByLabel('Unidad de medida').selectOption('KGM');
  await expect(whole).not.toBeChecked();
  await whole.check();
  await editor.getByLabel('Código (barras o interno)').fill('SACO50');
  await editor.getByLabel('Descripción').fill('Arroz saco 50 kg');
  await editor.getByLabel('Precio con IGV').fill('150');
  await editor.getByRole('button', { name: 'Guardar producto' }).click();
  await expect(page.getByText('Producto creado: Arroz saco 50 kg')).toBeVisible();
  await page.getByRole('button', { name: 'Nuevo producto' }).click();
  await editor.getByLabel('Código (barras o interno)').fill('TELA1');
  await editor.getByLabel('Descripción').fill('Tela tocuyo (unidad)');
  await editor.getByLabel('Precio con IGV').fill('8');
  await whole.uncheck();
  await editor.getByRole('button', { name: 'Guardar producto' }).click();
  await expect(page.getByText('Producto creado: Tela tocuyo (unidad)')).toBeVisible();
  expect(await harness.core.dispatch('getProductByCode', { code: 'TELA1' })).toMatchObject({ value: { unit: 'NIU', wholeUnits: false } });

  await page.keyboard.press('F1');
  await expect(lineField(page, 'Código', 1)).toBeFocused();
  // Cloth sold in fractions of a unit: the till asks for the quantity and takes 1.5.
  await scan(page, 1, 'TELA1');
  await expect(lineField(page, 'Cantidad', 1)).toBeFocused();
  await page.keyboard.type('1.5');
  await page.keyboard.press('Enter');
  await expect(lineField(page, 'Código', 2)).toBeFocused();
  await expect(page.getByLabel('Importe, línea 1')).toHaveText('12.00');
  // A sack priced by the kilogram but sold whole: half a sack is refused on its field.
  await scan(page, 2, 'SACO50');
  await lineField(page, 'Cantidad', 2).fill('0.5');
  await lineField(page, 'Cantidad', 2).press('Enter');
  await expect(lineField(page, 'Cantidad', 2)).toHaveAccessibleDescription('Este producto se vende por unidades enteras: la cantidad no admite decimales');
  await expect(lineField(page, 'Cantidad', 2)).toBeFocused();
});
