// Ajustes → Servidor de la tienda, clicked as the shop's owner would. A bad port, a pasted CA certificate
// that is not one and a wrong password get Spanish answers and lose nothing; the right one connects ("Verificar
// servidor" says so, the status bar follows) and the password never comes back to the page. A till whose series
// another till owns is told so, and cannot sell.
import type { Page } from '@playwright/test';
import type { PgCluster } from '../integration/server/pg-cluster';
import { test, expect } from './harness';
import { goLive, queryShop, SHOP_DATABASE, startShopCluster } from './shop-server';

let cluster: PgCluster;
test.beforeAll(async () => {
  cluster = await startShopCluster();
});
test.afterAll(() => cluster?.destroy());

async function openServerForm(page: Page) {
  await page.keyboard.press('F4');
  await expect(page.getByRole('heading', { name: 'Ajustes', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Servidor de la tienda' });
  await form.scrollIntoViewIfNeeded();
  return form;
}

async function fillServer(form: ReturnType<Page['getByRole']>, name: string, password: string, port = String(cluster.port)) {
  await form.getByLabel('Usar el servidor de la tienda').check();
  await form.getByLabel('Nombre de esta caja').fill(name);
  await form.getByLabel('Servidor (IP o nombre)').fill(cluster.host);
  await form.getByLabel('Puerto').fill(port);
  await form.getByLabel('Base de datos').fill(SHOP_DATABASE);
  await form.getByLabel('Usuario').fill(cluster.user);
  await form.getByLabel(/^Contraseña/).fill(password);
  // These tests' cluster has no TLS (tls.test.ts has): the plain connection is chosen, as Ajustes names it, unsafe.
  await form.getByLabel('Conexión cifrada (TLS)').selectOption('off');
}

test('the owner points a till at the shop server from Ajustes; mistakes are explained, the password stays secret', async ({ harness }) => {
  const { page, sandbox } = harness;
  await goLive(harness.core, sandbox, 'B001');
  await harness.open();
  await expect(page.getByTestId('shop-server')).toHaveCount(0); // no server: nothing about it in the status bar
  const form = await openServerForm(page);
  const section = page.getByRole('region', { name: 'Servidor de la tienda' });
  // TLS unless someone chooses otherwise; the other choice says what it costs.
  await expect(form.getByLabel('Conexión cifrada (TLS)')).toHaveValue('on');
  await expect(form.getByRole('option', { name: /^No: sin cifrar, inseguro/ })).toHaveCount(1);

  await fillServer(form, 'Caja 1', 'no-es-la-clave', '70000');
  await form.getByRole('button', { name: 'Verificar servidor' }).click();
  await expect(section.getByText('Revise los datos del servidor.')).toBeVisible();
  await expect(form.getByText('Puerto entre 1 y 65535')).toBeVisible();
  await expect(form.getByLabel('Servidor (IP o nombre)')).toHaveValue(cluster.host); // nothing typed is lost

  await form.getByLabel('Puerto').fill(String(cluster.port));
  await expect(form.getByLabel('Certificado de la autoridad (CA) del servidor')).toHaveCount(0); // only with TLS
  await form.getByLabel('Conexión cifrada (TLS)').selectOption('on');
  await form.getByLabel('Certificado de la autoridad (CA) del servidor').fill('MIIBkTCB+wIJAK...');
  await form.getByRole('button', { name: 'Guardar servidor' }).click();
  await expect(form.getByText('Pegue el certificado en formato PEM (de -----BEGIN CERTIFICATE----- a -----END CERTIFICATE-----)')).toBeVisible();
  await form.getByLabel('Conexión cifrada (TLS)').selectOption('off'); // this test's cluster has no TLS (tls.test.ts has)
  await form.getByRole('button', { name: 'Verificar servidor' }).click();
  await expect(section.getByText('El servidor rechazó el usuario o la contraseña.')).toBeVisible();
  await expect(page.getByTestId('shop-server')).not.toHaveText('Servidor de la tienda: en línea');

  await form.getByLabel(/^Contraseña/).fill(cluster.password);
  await form.getByRole('button', { name: 'Verificar servidor' }).click();
  await expect(section.getByText('Conectado: el servidor guarda 0 comprobante(s) de la tienda.')).toBeVisible();
  await expect(page.getByTestId('shop-server')).toHaveText(/Servidor de la tienda: en línea/);
  await expect(form.getByLabel('Contraseña (guardada; escriba para cambiarla)')).toHaveValue('');
  const leaked = await page.evaluate((secret) => {
    const values = [...document.querySelectorAll('input, select, textarea')].map((el) => (el as HTMLInputElement).value);
    const log = (window as unknown as { __posLog: string[] }).__posLog;
    return document.documentElement.outerHTML.includes(secret) || values.some((v) => v.includes(secret)) || log.some((a) => a.includes(secret));
  }, cluster.password);
  expect(leaked).toBe(false);
  await harness.screenshot('ajustes-servidor-tienda');

  // The till is on the server under the name typed, owning its series and the note series that follow them.
  const owners = await queryShop<{ series: string; name: string }>(
    cluster,
    'SELECT s.series, t.name FROM series_owners s JOIN terminals t USING (terminal_id) ORDER BY s.series',
  );
  expect(owners).toEqual(['B001', 'BC01', 'BD01', 'F001', 'FC01', 'FD01'].map((series) => ({ series, name: 'Caja 1' })));
});

test('a till set up with a series another till owns is told so in Ajustes and cannot sell', async ({ harness }) => {
  const { page, sandbox } = harness;
  const till2 = await harness.otherTill();
  await goLive(till2, sandbox, 'B007', { cluster, name: 'Caja 7' });
  await expect.poll(async () => (await queryShop<{ n: string }>(cluster, "SELECT count(*) AS n FROM series_owners WHERE series = 'B007'").catch(() => []))[0]?.n, { timeout: 15_000 }).toBe('1');

  await goLive(harness.core, sandbox, 'B007');
  await harness.open();
  const form = await openServerForm(page);
  await fillServer(form, 'Caja 8', cluster.password);
  await form.getByRole('button', { name: 'Verificar servidor' }).click();
  await expect(page.getByRole('region', { name: 'Servidor de la tienda' }).getByText(/B007.*Caja 7/)).toBeVisible();
  await expect(page.getByTestId('shop-server')).toHaveText(/serie en uso por otra caja/);

  const sale = await harness.core.dispatch('issueSale', {
    clientKey: crypto.randomUUID(),
    docType: '03',
    customer: { docType: '0', docNumber: '', name: '', address: '' },
    lines: [{ code: 'A001', description: 'Arroz extra 1 kg', unit: 'NIU', quantity: '1', unitPrice: '5.75', affectation: '10' }],
    tenders: [{ method: 'efectivo', amount: '5.75' }],
  });
  expect(sale.ok).toBe(false);
  if (!sale.ok) expect(sale.error.message).toMatch(/B007/);
});

test('in demo mode the form says the till does not use the server, and "Verificar" says why instead of connecting', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  const form = await openServerForm(page);
  await expect(form.getByText('En modo demo esta caja no usa el servidor: las ventas de prueba no son de la tienda.')).toBeVisible();
  await fillServer(form, 'Caja 1', cluster.password);
  await form.getByRole('button', { name: 'Verificar servidor' }).click();
  await expect(page.getByRole('region', { name: 'Servidor de la tienda' }).getByRole('alert')).toHaveText(
    'En modo demo esta caja no usa el servidor de la tienda: sus ventas de prueba no son de la tienda.',
  );
  await expect(page.getByTestId('shop-server')).toHaveCount(0);
});
