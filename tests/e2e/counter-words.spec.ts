// What the till says and how it reads: the status bar names what is down and what still works; long product names
// wrap on the till; the X and the Z on screen use the screen's type; Ajustes opens at its top.
import { test, expect } from './harness';
import { lineField } from './sale-helpers';
import { scanner } from './scanner';

const CUADERNO = '7759325000259'; // 'Cuaderno Justus Cuadriculado A4 100 hojas', the longest name of the catalogue
const PAPEL = '7757209000265'; // 'Papel Higiénico Elite Doble Hoja x 4'
const INCA = '7753056000182';

type Page = import('@playwright/test').Page;

/** The font size the page's body text uses, in px. */
const bodyFontSize = (page: Page) => page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize));

test('the status bar names the invoicing service when only it is down, the internet only when this PC has none', async ({ harness }) => {
  const { page, sandbox } = harness;
  await harness.open();
  sandbox.faults.reset(Infinity, 'send');
  await scanner(page, INCA);
  await expect(lineField(page, 'Código', 2)).toBeFocused();
  await page.keyboard.press('F12');
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Boleta B001-00000001 emitida' })).toBeVisible();
  await page.keyboard.press('Escape');

  const connection = page.getByTestId('connection');
  await expect(connection).toContainText('servicio de facturación');
  await expect(connection).toContainText('se sigue vendiendo');
  await expect(connection).not.toContainText('internet');
  await harness.screenshot('estado-facturacion-caida');

  await page.context().setOffline(true);
  await expect(connection).toContainText('Sin internet');
  await expect(connection).toContainText('se sigue vendiendo');
  await page.context().setOffline(false);
  await expect(connection).toContainText('servicio de facturación');
});

test('a shop server out of reach is named with what this till still does', async ({ harness }) => {
  const { page, core } = harness;
  await harness.open();
  // The till's own status, as the core reports it, with its link to the shop server down (the harness pushes the
  // event the core would; a real shop server is exercised in shop-server-settings.spec.ts).
  const status = (await core.dispatch('getStatus', {})) as { value: Record<string, unknown> };
  const down = { ...status.value, shopServer: { state: 'offline', pending: 2, setAside: 0, lastPushAt: null, message: null } };
  await page.evaluate((s) => (window as unknown as { __posEmit: (e: unknown) => void }).__posEmit({ type: 'status', status: s }), down);
  const chip = page.getByTestId('shop-server');
  await expect(chip).toContainText('Servidor de la tienda: sin conexión');
  await expect(chip).toContainText('esta caja sigue vendiendo y sube sus ventas al volver');
  await expect(chip).toContainText('(2 por subir)');
  await expect(page.getByTestId('connection')).not.toContainText('internet');
});

test('a long product name wraps on its line instead of being cut', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  for (const [i, code] of [CUADERNO, PAPEL, INCA].entries()) {
    await scanner(page, code);
    await expect(lineField(page, 'Código', i + 2)).toBeFocused();
  }
  const shown = page.getByTestId('line-0-name');
  await expect(shown).toHaveText('Cuaderno Justus Cuadriculado A4 100 hojas');
  await expect(shown).toBeVisible();
  const box = await shown.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, height: el.clientHeight, line: parseFloat(getComputedStyle(el).lineHeight) }));
  expect(box.scroll).toBeLessThanOrEqual(box.client); // nothing cut at the right
  expect(box.height).toBeGreaterThan(1.5 * box.line); // on more than one line
  await harness.screenshot('venta-nombres-largos');

  // Typing in it still shows what is typed; the field is the same combobox.
  await lineField(page, 'Descripción', 1).focus();
  await expect(shown).toBeHidden();
  await expect(lineField(page, 'Descripción', 1)).toHaveValue('Cuaderno Justus Cuadriculado A4 100 hojas');
});

test('the X and the Z on screen use the screen\'s type size', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await scanner(page, INCA);
  await expect(lineField(page, 'Código', 2)).toBeFocused();
  await page.keyboard.press('F12');
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Boleta B001-00000001 emitida' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.keyboard.press('F6');
  const body = await bodyFontSize(page);
  expect(body).toBeGreaterThanOrEqual(14);
  const x = page.getByRole('article', { name: 'REPORTE X (CAJA ABIERTA)' });
  await expect(x).toBeVisible();
  expect(await x.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBe(body);
  await harness.screenshot('caja-x-pantalla');

  const close = page.getByRole('form', { name: 'Cerrar caja' });
  await close.getByLabel('Efectivo contado (S/)').fill('2.50');
  page.once('dialog', (d) => void d.accept());
  await close.getByRole('button', { name: 'Cerrar caja e imprimir Z' }).click();
  const z = page.getByRole('article', { name: 'CIERRE DE CAJA (Z)' });
  await expect(z).toBeVisible();
  expect(await z.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBe(body);
  await z.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await harness.screenshot('caja-z-pantalla');
});

test('Ajustes opens at its top, wherever the screen before was scrolled', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await page.keyboard.press('F6');
  await expect(page.getByRole('heading', { name: 'Caja', level: 1 })).toBeVisible();
  await page.locator('.app__main').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  expect(await page.locator('.app__main').evaluate((el) => el.scrollTop)).toBeGreaterThan(0);

  await page.keyboard.press('F4');
  const heading = page.getByRole('heading', { name: 'Ajustes', level: 1 });
  await expect(heading).toBeVisible();
  await expect(page.getByRole('region', { name: 'Empresa' }).or(page.getByText('Cargando ajustes…'))).toBeVisible();
  await page.waitForTimeout(300); // the sections load; nothing may move the screen down meanwhile
  expect(await page.locator('.app__main').evaluate((el) => el.scrollTop)).toBe(0);
  await expect(heading).toBeInViewport();
  await harness.screenshot('ajustes-arriba');
});

test.describe('with a printer', () => {
  test.use({ printer: 'pdf' });

  test('a printer that fails is named in the status bar with what still works', async ({ harness }) => {
    const { page } = harness;
    await harness.open();
    await page.context().route('**/index.html', async (route) => {
      if (route.request().frame() !== page.mainFrame()) await route.fulfill({ contentType: 'text/html', body: '<html data-print-error="La impresora no responde"></html>' });
      else await route.continue();
    });
    await scanner(page, INCA);
    await expect(lineField(page, 'Código', 2)).toBeFocused();
    await page.keyboard.press('F12');
    await expect(page.getByRole('button', { name: 'Imprimir y nueva venta (Enter)' })).toBeFocused();
    await page.keyboard.press('Enter');
    const chip = page.getByTestId('print-failure');
    await expect(chip).toContainText('No se imprimió Boleta B001-00000001');
    await expect(chip).toContainText('la venta quedó registrada; se sigue vendiendo');
    await expect(page.getByTestId('connection')).not.toContainText('internet');
  });
});
