// The scanner at the counter: a scan adds a product wherever the cursor is and never rewrites a line; two scans with
// no gap stay two; an unknown code is listed apart and never blocks the sale; Esc on the issued ticket prints it as
// Enter does; the sign-in screen never picks someone by a typed letter.
import { test, expect } from './harness';
import { lineField } from './sale-helpers';
import { scanner } from './scanner';

const ARROZ = '7751012000450'; // 24.90
const FIDEOS = '7751012000528'; // 3.80
const INCA = '7753056000182'; // 2.50
const AGUA = '7754123000142'; // 1.50
const CHOCOLATE = '7759325000181'; // 1.50
const YOGURT = '7752104000204'; // 7.50
const UNKNOWN = '7750000000001';

type Page = import('@playwright/test').Page;

/** The descriptions and quantities of the sale's lines that hold something, in order. */
async function saleLines(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (let i = 0; ; i += 1) {
      const description = document.getElementById(`line-${i}-description`) as HTMLInputElement | null;
      if (!description) return out;
      const quantity = document.getElementById(`line-${i}-quantity`) as HTMLInputElement;
      if (description.value !== '') out.push(`${description.value} x${quantity.value}`);
    }
  });
}

test('a scan after ↑ or after deleting a line adds a line: it never replaces the product the cursor is on', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  for (const [i, code] of [INCA, FIDEOS, AGUA].entries()) {
    await scanner(page, code);
    await expect(lineField(page, 'Código', i + 2)).toBeFocused();
  }
  // Up to Fideos (line 2), then a scan: a Chocolate is added on line 4; Fideos stays.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(lineField(page, 'Código', 2)).toBeFocused();
  await scanner(page, CHOCOLATE);
  await expect(page.getByText('Agregado en la línea 4: Chocolate Sublime Clásico 30 g')).toBeVisible();
  await expect(lineField(page, 'Descripción', 2)).toHaveValue('Fideos Don Vittorio Spaghetti 500 g');
  await expect(lineField(page, 'Descripción', 4)).toHaveValue('Chocolate Sublime Clásico 30 g');

  // Delete line 1 (the cursor lands on a line that holds a product), then a scan: added at the end.
  await lineField(page, 'Código', 1).focus();
  await page.keyboard.press('Control+Delete');
  await scanner(page, YOGURT);
  await expect(page.getByText('Agregado en la línea 4: Yogurt Gloria Fresa 1 kg')).toBeVisible();
  expect(await saleLines(page)).toEqual([
    'Fideos Don Vittorio Spaghetti 500 g x1',
    'Agua San Luis sin Gas 625 ml x1',
    'Chocolate Sublime Clásico 30 g x1',
    'Yogurt Gloria Fresa 1 kg x1',
  ]);
  await expect(page.getByTestId('total-total')).toHaveText('S/ 14.30');
  // The same product again, on the last line: one more of it.
  await scanner(page, YOGURT);
  await expect(page.getByText('Se sumó 1 a la línea 4: Yogurt Gloria Fresa 1 kg (cantidad 2).')).toBeVisible();
  await harness.screenshot('venta-escaneo-siempre-agrega');
  await expect(page.getByTestId('total-total')).toHaveText('S/ 21.80');
});

test('two scans with no gap are two products; an unknown code is listed apart, removed with one key, and never blocks', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await Promise.all([scanner(page, ARROZ), scanner(page, INCA)]);
  await expect(page.getByTestId('total-total')).toHaveText('S/ 27.40');
  expect(await saleLines(page)).toEqual(['Arroz Costeño Extra 5 kg x1', 'Inca Kola 500 ml x1']);

  await scanner(page, UNKNOWN);
  const unknown = page.getByTestId('unknown-codes');
  await expect(unknown).toContainText(`Código no encontrado: ${UNKNOWN}`);
  await scanner(page, AGUA); // the next scan goes on as if nothing happened
  await expect(page.getByTestId('total-total')).toHaveText('S/ 28.90');
  await harness.screenshot('venta-codigo-desconocido');
  // F12 with an unknown code listed: not issued by mistake.
  await page.keyboard.press('F12');
  await expect(page.getByText('quítelo con Supr')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.keyboard.press('Delete');
  await expect(unknown).toHaveCount(0);
  await page.keyboard.press('F12');
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Boleta B001-00000001 emitida' })).toBeVisible();
});

test.describe('with a printer', () => {
  test.use({ printer: 'pdf' });

  test('Esc on the issued ticket prints it, as Enter does', async ({ harness }) => {
    const { page } = harness;
    await harness.open();
    await scanner(page, INCA);
    await expect(lineField(page, 'Código', 2)).toBeFocused();
    await page.keyboard.press('F12');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Imprimir y nueva venta (Enter)' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect.poll(() => harness.printed.length, { timeout: 15_000 }).toBe(1);
    await expect(lineField(page, 'Código', 1)).toBeFocused();
  });
});

test('sign-in: starts on the last cashier of this till; a typed letter filters and picks no one until Enter', async ({ harness }) => {
  const { page, core } = harness;
  const ana = await core.dispatch('saveUser', { name: 'Ana Cajera', role: 'cajero', pin: '5678' });
  const luis = await core.dispatch('saveUser', { name: 'Luis Cajero', role: 'cajero', pin: '1234' });
  if (!ana.ok || !luis.ok) throw new Error('users');
  const anaId = (ana.value as { id: number }).id;
  await core.dispatch('lock', {});
  await core.dispatch('login', { userId: (luis.value as { id: number }).id, pin: '1234' });
  await harness.open();
  await page.keyboard.press('F9');
  const user = page.getByLabel('Usuario');
  await expect(user).toHaveValue(String((luis.value as { id: number }).id));
  await expect(page.getByLabel('PIN', { exact: true })).toBeFocused();

  // Ana comes to the till: she types her name's first letter on the name list; nobody is chosen for it.
  await user.focus();
  await page.keyboard.type('a', { delay: 60 });
  await expect(user).toHaveValue('');
  await page.keyboard.type('n', { delay: 60 });
  await expect(page.getByTestId('signin-filter')).toContainText('an');
  await page.keyboard.press('Enter');
  await expect(user).toHaveValue(String(anaId));
  await expect(page.getByLabel('PIN', { exact: true })).toBeFocused();
  await harness.screenshot('ingreso-filtrar-nombre');
  await page.keyboard.type('5678');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Ingresar a la caja' })).toHaveCount(0);
  // Nobody else was charged a wrong PIN (the administrator reads the lockouts).
  await core.dispatch('lock', {});
  await core.dispatch('login', { userId: 1, pin: '135790' });
  const users = await core.dispatch('listUsers', {});
  expect(users.ok).toBe(true);
  expect(((users as { value: unknown }).value as { name: string; lockout: unknown }[]).every((u) => u.lockout === null)).toBe(true);
});
