// A shop that started with "Probar en modo demo" goes live from Ajustes: "Empezar a vender…" opens the
// first-run wizard, which writes the real store (company, series, API) and asks to restart on it.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { test, expect } from './harness';
import { restartTill } from './restarted-till';

test.use({ firstRun: true });

test('going live from demo: Ajustes opens the "Empezar a vender" wizard, which writes the real store', async ({ harness }) => {
  const { page, sandbox } = harness;
  await page.goto(`${harness.baseUrl}/index.html`);
  await page.getByRole('button', { name: 'Probar en modo demo' }).click();
  await expect(page.getByText('Listo. Caja se reinicia con su configuración…')).toBeVisible();

  // Caja starts again in demo mode: the owner creates the administrator and sells a little.
  const till = await restartTill(harness);
  try {
    const demo = till.page;
    await demo.goto(`${harness.baseUrl}/index.html`);
    const first = demo.getByRole('form', { name: 'Crear administrador' });
    await first.getByLabel('Nombre', { exact: true }).fill('Rosa Dueña');
    await first.getByLabel('PIN', { exact: true }).fill('135790');
    await first.getByLabel('Repita el PIN').fill('135790');
    await first.getByRole('button', { name: 'Crear y entrar' }).click();
    await demo.getByRole('button', { name: 'Ya lo guardé: entrar' }).click();
    await expect(demo.getByText('MODO DEMO: los documentos no se declaran a SUNAT')).toBeVisible();

    // Ajustes → Modo demo → "Empezar a vender…": the wizard, without the demo choice.
    await demo.getByRole('navigation', { name: 'Pantallas' }).getByRole('button', { name: /Ajustes/ }).click();
    await demo.getByRole('button', { name: 'Empezar a vender…' }).click();
    const wizard = demo.getByRole('dialog', { name: 'Empezar a vender' });
    await expect(wizard.getByRole('heading', { name: 'Empezar a vender' })).toBeVisible();
    await expect(wizard.getByRole('button', { name: 'Probar en modo demo' })).toHaveCount(0);
    await wizard.getByLabel('RUC', { exact: true }).fill('20200000006');
    await wizard.getByRole('button', { name: 'Buscar RUC' }).click();
    await expect(wizard.getByLabel('Razón social')).toHaveValue('DISTRIBUIDORA ANDINA DEMO S.A.');
    await wizard.getByText('Avanzado (solo si su proveedor se lo pide)').click();
    await wizard.getByLabel('Dirección de envío').fill(sandbox.billingBaseUrl);
    await wizard.getByLabel('Dirección de consultas').fill(sandbox.queryBaseUrl);
    await wizard.getByLabel('Nombres que usa el servidor').selectOption('document');
    await wizard.getByLabel('Token de acceso').fill(sandbox.token);
    await wizard.getByRole('button', { name: 'Probar conexión' }).click();
    await expect(wizard.getByTestId('connection-result')).toContainText('Envío de comprobantes: ✓ Conectado');
    await demo.screenshot({ path: path.join(__dirname, '../artifacts/screens/ajustes-empezar-a-vender.png'), fullPage: true });
    await wizard.getByRole('button', { name: 'Empezar a vender' }).click();
    await expect(wizard.getByText('Listo. Caja se reinicia con su configuración…')).toBeVisible();
    expect(till.restarts).toEqual(['demo']);

    expect(JSON.parse(fs.readFileSync(path.join(till.dataDir, 'modo.json'), 'utf8'))).toEqual({ mode: 'real' });
    const real = new Database(path.join(till.dataDir, 'caja.db'), { readonly: true });
    try {
      const setting = (key: string) => JSON.parse(real.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(key) as string) as unknown;
      expect(setting('company')).toMatchObject({ ruc: '20200000006', name: 'DISTRIBUIDORA ANDINA DEMO S.A.' });
      expect(setting('demo')).toBe(false);
    } finally {
      real.close();
    }
  } finally {
    await till.close();
  }
});
