// The first-run wizard. Demo mode is one of its choices; "Empezar a vender" writes the shop's company,
// series, API and printer into the real database file and asks the shell to restart on it.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { test, expect } from './harness';

test.use({ firstRun: true });

test('first run: the RUC lookup fills the company, "Probar conexión" checks the API, "Empezar a vender" writes the real store', async ({ harness }) => {
  const { page, sandbox } = harness;
  await page.goto(`${harness.baseUrl}/index.html`);
  await expect(page.getByRole('heading', { name: 'Bienvenido a Caja' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pantallas' })).toHaveCount(0); // no till before the setup

  await page.getByLabel('RUC', { exact: true }).fill('20200000006');
  await page.getByRole('button', { name: 'Buscar RUC' }).click();
  await expect(page.getByLabel('Razón social')).toHaveValue('DISTRIBUIDORA ANDINA DEMO S.A.');
  await expect(page.getByLabel('Dirección fiscal')).toHaveValue(/^JR\. COMERCIO 250/);

  // The provider preset fills Factiliza's addresses (under "Avanzado"); here the API is the local sandbox.
  await page.getByText('Avanzado (solo si su proveedor se lo pide)').click();
  await expect(page.getByLabel('Dirección de envío')).toHaveValue('https://apife.factiliza.com/api/v1');
  await page.getByLabel('Dirección de envío').fill(sandbox.billingBaseUrl);
  await page.getByLabel('Dirección de consultas').fill(sandbox.queryBaseUrl);
  await page.getByLabel('Nombres que usa el servidor').selectOption('document');
  await page.getByLabel('Token de acceso').fill(sandbox.token);
  await page.getByRole('button', { name: 'Probar conexión' }).click();
  await expect(page.getByTestId('connection-result')).toContainText('Envío de comprobantes: ✓ Conectado');
  await harness.screenshot('asistente-inicial');

  // Bad input is refused on its field, in Spanish, and nothing is written.
  await page.getByLabel('Serie de boletas').fill('X1');
  await page.getByRole('button', { name: 'Empezar a vender' }).click();
  await expect(page.getByLabel('Serie de boletas')).toHaveAccessibleDescription(/La serie de boletas es B y 3 letras o números/);
  expect(fs.existsSync(path.join(harness.dataDir, 'caja.db'))).toBe(false);

  await page.getByLabel('Serie de boletas').fill('B002');
  await page.getByRole('button', { name: 'Empezar a vender' }).click();
  await expect(page.getByText('Listo. Caja se reinicia con su configuración…')).toBeVisible();
  expect(harness.restarts).toEqual(['setup']);

  expect(JSON.parse(fs.readFileSync(path.join(harness.dataDir, 'modo.json'), 'utf8'))).toEqual({ mode: 'real' });
  const real = new Database(path.join(harness.dataDir, 'caja.db'), { readonly: true });
  try {
    const setting = (key: string) => JSON.parse(real.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(key) as string) as unknown;
    expect(setting('company')).toMatchObject({ ruc: '20200000006', name: 'DISTRIBUIDORA ANDINA DEMO S.A.' });
    expect(setting('series')).toEqual({ boleta: 'B002', factura: 'F001' });
    expect(setting('demo')).toBe(false);
    expect(real.prepare('SELECT COUNT(*) FROM documents').pluck().get()).toBe(0);
  } finally {
    real.close();
  }
});

test('first run: "Probar en modo demo" is a choice of the wizard, kept in its own file', async ({ harness }) => {
  const { page } = harness;
  await page.goto(`${harness.baseUrl}/index.html`);
  await page.getByRole('button', { name: 'Probar en modo demo' }).click();
  await expect(page.getByText('Listo. Caja se reinicia con su configuración…')).toBeVisible();
  expect(JSON.parse(fs.readFileSync(path.join(harness.dataDir, 'modo.json'), 'utf8'))).toEqual({ mode: 'demo' });
  expect(fs.existsSync(path.join(harness.dataDir, 'caja-demo.db'))).toBe(true);
  expect(fs.existsSync(path.join(harness.dataDir, 'caja.db'))).toBe(false);
});

test('the wizard: an error goes as soon as its field is right; only what an owner knows is asked, the rest under "Avanzado"', async ({ harness }) => {
  const { page } = harness;
  await page.goto(`${harness.baseUrl}/index.html`);
  await expect(page.getByRole('heading', { name: 'Bienvenido a Caja' })).toBeVisible();
  // What only a technician knows is folded away; the owner sees the provider and the token.
  await expect(page.getByLabel('Nombres que usa el servidor')).toHaveCount(0);
  await expect(page.getByLabel('Dirección de envío')).toBeHidden();
  await expect(page.getByLabel('Token de consultas (opcional)')).toBeHidden();
  await expect(page.getByLabel('Proveedor de facturación electrónica')).toBeVisible();

  // A RUC with a wrong check digit: said on the field; right, the message goes while typing.
  await page.getByLabel('RUC', { exact: true }).fill('20200000007');
  await page.getByRole('button', { name: 'Buscar RUC' }).click();
  await expect(page.getByLabel('RUC', { exact: true })).toHaveAccessibleDescription('RUC no válido: revise el número (dígito verificador)');
  await page.getByLabel('RUC', { exact: true }).fill('20200000006');
  await expect(page.getByLabel('RUC', { exact: true })).toHaveAccessibleDescription('');

  // "Empezar a vender" with the company empty: red under the name and the address...
  await page.getByRole('button', { name: 'Empezar a vender' }).click();
  await expect(page.getByLabel('Razón social')).toHaveAccessibleDescription('Ingrese la razón social');
  await expect(page.getByLabel('Dirección fiscal')).toHaveAccessibleDescription('Ingrese la dirección fiscal');
  // ...gone as soon as the RUC lookup fills them.
  await page.getByRole('button', { name: 'Buscar RUC' }).click();
  await expect(page.getByLabel('Razón social')).toHaveValue('DISTRIBUIDORA ANDINA DEMO S.A.');
  await expect(page.getByLabel('Razón social')).toHaveAccessibleDescription('');
  await expect(page.getByLabel('Dirección fiscal')).toHaveAccessibleDescription('');
  await expect(page.locator('.field__error')).toHaveCount(0);
  await harness.screenshot('asistente-errores-resueltos');

  // "Avanzado" opens the addresses and the rest, in words a technician recognises.
  await page.getByText('Avanzado (solo si su proveedor se lo pide)').click();
  await expect(page.getByLabel('Dirección de envío')).toBeVisible();
  await expect(page.getByLabel('Token de consultas (opcional)')).toBeVisible();
  await harness.screenshot('asistente-avanzado');
});
