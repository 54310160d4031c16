// The counter's common tasks, walked by keyboard and counted (key-count.ts): a typical sale, a card, a split payment,
// a discount the supervisor approves in place, a void from the document's detail and a reprint. Scans and the data
// the customer or the supervisor dictates (amounts, a PIN) are not keys. The counts are printed (KEYS ...) for the
// README's table.
import { test, expect } from './harness';
import { keyCount } from './key-count';
import { lineField, waitForStatus } from './sale-helpers';
import { scanner } from './scanner';

const ARROZ = '7751012000450'; // 24.90
const YOGURT = '7752104000204'; // 7.50
const FIDEOS = '7751012000528'; // 3.80
const INCA = '7753056000182'; // 2.50
const ACEITE = '7755087000162'; // 11.50
const CUADERNO = '7759325000259'; // 6.90, the longest name of the catalogue

type Page = import('@playwright/test').Page;

async function scanAll(page: Page, codes: readonly string[]): Promise<void> {
  for (const [i, code] of codes.entries()) {
    await scanner(page, code);
    await expect(lineField(page, 'Código', i + 2)).toBeFocused();
  }
}

/** True when the chosen option's text fits inside the select, arrow and padding aside. */
function selectReads(page: Page, label: string): Promise<boolean> {
  return page.getByLabel(label).evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = context.measureText(select.selectedOptions[0]?.text ?? '').width;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
    return text <= room;
  });
}

test.describe('with a printer', () => {
  test.use({ printer: 'pdf' });

  test('a typical sale: scans, the cash, F12 and Enter, at most 5 keys', async ({ harness }) => {
    const { page } = harness;
    await harness.open();
    await scanAll(page, [ARROZ, CUADERNO, FIDEOS, INCA]);
    const keys = keyCount(page);
    await keys.press('F8');
    await keys.data('50');
    await expect(page.getByTestId('payment-change')).toHaveText('S/ 11.90');
    await harness.screenshot('venta-caja-teclas');
    await keys.press('F12');
    await expect(page.getByRole('dialog').getByTestId('issued-change')).toHaveText('VUELTO S/ 11.90');
    await keys.press('Enter');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect.poll(() => harness.printed.length).toBe(1);
    await expect(lineField(page, 'Código', 1)).toBeFocused();
    console.log(`KEYS typical=${keys.keys}`);
    expect(keys.keys).toBeLessThanOrEqual(5);
  });

  test('a reprint: one key for the last sale at the till, two for any document from its detail', async ({ harness }) => {
    const { page, core } = harness;
    await harness.open();
    for (const code of [ARROZ, INCA]) {
      await scanner(page, code);
      await expect(lineField(page, 'Código', 2)).toBeFocused();
      await page.keyboard.press('F12');
      await expect(page.getByRole('button', { name: 'Imprimir y nueva venta (Enter)' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    await expect.poll(() => harness.printed.length).toBe(2);

    const last = keyCount(page);
    await last.press('Control+p');
    await expect.poll(() => harness.printed.length).toBe(3);
    expect(harness.printed[2]!.job).toMatchObject({ source: { kind: 'document', id: 2 }, copy: true, action: 'print' });
    await expect(page.getByTestId('reprint-notice')).toContainText('Reimpresión de Boleta B001-00000002');
    console.log(`KEYS reprint_last=${last.keys}`);
    expect(last.keys).toBeLessThanOrEqual(1);

    await page.keyboard.press('F2');
    await page.getByRole('button', { name: 'Ver boleta B001-00000001' }).click();
    await expect(page.getByRole('heading', { name: 'Boleta B001-00000001' })).toBeVisible();
    const any = keyCount(page);
    await any.press('Control+p');
    await expect(page.getByRole('dialog', { name: 'Reimpresión de B001-00000001' })).toBeVisible();
    await any.press('Control+p');
    await expect.poll(() => harness.printed.length).toBe(4);
    expect(harness.printed[3]!.job).toMatchObject({ source: { kind: 'document', id: 1 }, copy: true, action: 'print' });
    console.log(`KEYS reprint_any=${any.keys}`);
    expect(any.keys).toBeLessThanOrEqual(2);
    expect(await core.dispatch('getDocument', { id: 1 })).toMatchObject({ ok: true, value: { reprints: 1 } });
  });
});

test('payments: a debit card and a credit card in 3 keys each, a split Yape + cash in at most 6; the box reads whole', async ({ harness }) => {
  const { page, core } = harness;
  await harness.open();
  const dialog = page.getByRole('dialog');

  await scanAll(page, [ACEITE]);
  const debit = keyCount(page);
  await debit.press('F10');
  await debit.press('t');
  await expect(page.getByLabel('Medio de pago 1')).toHaveValue('debito');
  expect(await selectReads(page, 'Medio de pago 1')).toBe(true);
  await debit.press('F12');
  await expect(dialog.getByRole('heading', { name: 'Boleta B001-00000001 emitida' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // Credit: F10 then C, or the card's own key (D/C) on the card row F10+T made.
  await scanAll(page, [ACEITE]);
  const credit = keyCount(page);
  await credit.press('F10');
  await credit.press('c');
  await expect(page.getByLabel('Medio de pago 1')).toHaveValue('credito');
  await expect(page.getByLabel('Monto del pago 1')).toHaveValue('11.50');
  expect(await selectReads(page, 'Medio de pago 1')).toBe(true);
  await harness.screenshot('venta-pago-tarjeta');
  await credit.press('F12');
  await expect(dialog.getByRole('heading', { name: 'Boleta B001-00000002 emitida' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await scanAll(page, [ACEITE]);
  await page.keyboard.press('F10');
  await page.keyboard.press('t');
  await expect(page.getByLabel('Medio de pago 1')).toHaveValue('debito');
  await page.keyboard.press('c'); // one more key on the card row: credit instead
  await expect(page.getByLabel('Medio de pago 1')).toHaveValue('credito');
  await expect(page.getByLabel('Monto del pago 1')).toHaveValue('11.50');
  await page.keyboard.press('d');
  await expect(page.getByLabel('Medio de pago 1')).toHaveValue('debito');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Sí, cancelar/ }).click();

  // Split: 24.90 + 7.50 = 32.40, Yape 10 and the rest in cash from 30.
  await scanAll(page, [ARROZ, YOGURT]);
  const split = keyCount(page);
  await split.press('F10');
  await split.press('y');
  await split.data('10');
  // Its operation number, asked by default so that the owner can match it with the wallet's statement.
  await split.press('Tab');
  await expect(page.getByLabel('Operación del pago 1')).toBeFocused();
  await split.data('7781234');
  await split.press('F8');
  await split.data('30');
  await expect(page.getByTestId('payment-change')).toHaveText('S/ 7.60');
  await harness.screenshot('venta-pago-dividido');
  await split.press('F12');
  await expect(dialog.getByTestId('issued-change')).toHaveText('VUELTO S/ 7.60');
  await split.press('Enter');
  await expect(dialog).toHaveCount(0);

  console.log(`KEYS card_debit=${debit.keys} card_credit=${credit.keys} split=${split.keys}`);
  expect(debit.keys).toBeLessThanOrEqual(3);
  expect(credit.keys).toBeLessThanOrEqual(3);
  expect(split.keys).toBeLessThanOrEqual(6);
  expect(await core.dispatch('getDocument', { id: 2 })).toMatchObject({ ok: true, value: { payments: [{ method: 'credito', applied: '11.50' }] } });
  await expect(page.getByTestId('key-hints')).toContainText('F10 + T/D/C');
});

test('a discount with the supervisor approving in place: the box is one key away, at most 8 keys in all', async ({ harness }) => {
  const { page, core } = harness;
  const ana = await core.dispatch('saveUser', { name: 'Ana Supervisora', role: 'supervisor', pin: '567890' });
  const luis = await core.dispatch('saveUser', { name: 'Luis Cajero', role: 'cajero', pin: '1234' });
  if (!ana.ok || !luis.ok) throw new Error('users');
  await core.dispatch('lock', {});
  await core.dispatch('login', { userId: (luis.value as { id: number }).id, pin: '1234' });
  await harness.open();

  await scanAll(page, [ARROZ]);
  const keys = keyCount(page);
  await keys.press('Alt+d');
  await expect(page.getByLabel('Descuento a toda la venta')).toBeFocused();
  await keys.data('50%');
  await keys.press('F12');
  await expect(page.getByLabel('PIN del supervisor')).toBeFocused();
  await keys.data('567890');
  await keys.press('F12');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Boleta B001-00000001 emitida' })).toBeVisible();
  await keys.press('Enter');
  await expect(dialog).toHaveCount(0);
  console.log(`KEYS discount_approved=${keys.keys}`);
  expect(keys.keys).toBeLessThanOrEqual(8);
  expect(await core.dispatch('getDocument', { id: 1 })).toMatchObject({ ok: true, value: { discountApprovedBy: 'Ana Supervisora' } });
});

test('a void from the document\'s detail: at most 8 keys, a common reason chosen by its number', async ({ harness }) => {
  const { page, core } = harness;
  await harness.open();
  await scanAll(page, [INCA]);
  await page.keyboard.press('F12');
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Boleta B001-00000001 emitida' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await waitForStatus(core.dispatch, 1, 'accepted');

  await page.keyboard.press('F2');
  await page.getByRole('button', { name: 'Ver boleta B001-00000001' }).click();
  await expect(page.getByTestId('void-open')).toBeVisible();
  const keys = keyCount(page);
  await keys.press('Alt+a');
  const confirm = page.getByTestId('void-confirm');
  await expect(confirm.getByRole('heading', { name: '¿Anular la Boleta B001-00000001?' })).toBeVisible();
  await keys.press('1');
  await expect(confirm.getByTestId('void-reason')).toHaveValue('Venta registrada dos veces');
  await harness.screenshot('documento-anular-teclas');
  await keys.press('Enter');
  await expect(page.getByTestId('void-badge')).toHaveText('Anulado', { timeout: 15_000 });
  console.log(`KEYS void=${keys.keys}`);
  expect(keys.keys).toBeLessThanOrEqual(8);
  expect(await core.dispatch('getVoid', { of: 1 })).toMatchObject({ ok: true, value: { request: { status: 'voided', reason: 'Venta registrada dos veces' } } });
});

test('editing a line is deliberate: F2 on a line opens its quantity; on the empty line F2 is still Documentos', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await scanAll(page, [ARROZ, INCA]);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(lineField(page, 'Código', 1)).toBeFocused();
  const keys = keyCount(page);
  await keys.press('F2');
  const quantity = lineField(page, 'Cantidad', 1);
  await expect(quantity).toBeFocused();
  expect(await quantity.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).toEqual([0, 1]);
  await keys.data('3');
  await keys.press('Enter');
  await expect(quantity).toHaveValue('3');
  await expect(lineField(page, 'Código', 3)).toBeFocused(); // back to the line being filled
  await expect(page.getByTestId('total-total')).toHaveText('S/ 77.20'); // 3 × 24.90 + 2.50
  console.log(`KEYS edit_line=${keys.keys}`);
  expect(keys.keys).toBeLessThanOrEqual(2);

  // A scan right after still adds at the end, never into the line just edited.
  await scanner(page, ACEITE);
  await expect(lineField(page, 'Descripción', 3)).toHaveValue('Aceite Primor Premium 900 ml');
  await expect(quantity).toHaveValue('3');

  await page.keyboard.press('F2');
  await expect(page.getByRole('heading', { name: 'Documentos', level: 1 })).toBeVisible();
});
