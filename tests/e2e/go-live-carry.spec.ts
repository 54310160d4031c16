// Going live from demo keeps what the owner built there: the wizard says beforehand what carries (their products, the
// payment methods, the staff with their PINs) and what stays in demo (documents, numbering...), and the real file
// starts with them.
import path from 'node:path';
import Database from 'better-sqlite3';
import { test, expect } from './harness';
import { restartTill } from './restarted-till';

test.use({ firstRun: true });

test('going live from demo carries the products, payment methods and staff, and says so first', async ({ harness }) => {
  const { page, sandbox } = harness;
  await page.goto(`${harness.baseUrl}/index.html`);
  await page.getByRole('button', { name: 'Probar en modo demo' }).click();
  await expect(page.getByText('Listo. Caja se reinicia con su configuración…')).toBeVisible();

  const till = await restartTill(harness);
  try {
    // In demo the owner set up the staff, a product of their own and one more payment method, and sold.
    const must = async (method: string, input: unknown) => {
      const result = await till.core.dispatch(method, input);
      expect(result, method).toMatchObject({ ok: true });
      return (result as { value: unknown }).value;
    };
    await must('createFirstAdmin', { name: 'Rosa Dueña', pin: '135790' });
    await must('saveUser', { name: 'Pedro Cajero', role: 'cajero', pin: '2468' });
    await must('saveProduct', { code: 'QSO01', description: 'Queso fresco (kg)', unit: 'KGM', price: '18.50', affectation: '10' });
    const { paymentMethods } = (await must('getSettings', {})) as { paymentMethods: unknown[] };
    await must('saveSettings', { paymentMethods: [...paymentMethods, { code: 'ripley', label: 'Tarjeta Ripley', kind: 'card', active: true }] });

    const demo = till.page;
    await demo.goto(`${harness.baseUrl}/index.html`);
    await expect(demo.getByText('MODO DEMO: los documentos no se declaran a SUNAT')).toBeVisible();
    await demo.getByRole('navigation', { name: 'Pantallas' }).getByRole('button', { name: /Ajustes/ }).click();
    await demo.getByRole('button', { name: 'Empezar a vender…' }).click();
    const wizard = demo.getByRole('dialog', { name: 'Empezar a vender' });

    // Said beforehand: what carries, and what stays in demo.
    const carry = wizard.getByRole('group', { name: '5. Lo que ya preparó en el modo demo' });
    await expect(carry.getByLabel('Productos: 1 producto suyo')).toBeChecked();
    await expect(carry.getByLabel(/^Medios de pago: Efectivo, .*Yape, Plin, Transferencia, Tarjeta Ripley$/)).toBeChecked();
    await expect(carry.getByLabel('Personal, cada uno con el mismo PIN: Pedro Cajero (cajero), Rosa Dueña (administrador)')).toBeChecked();
    await expect(carry.getByRole('list', { name: 'No se lleva' })).toContainText('Los comprobantes de prueba (boletas, facturas, notas y anulaciones) y su numeración');
    await carry.scrollIntoViewIfNeeded();
    await demo.screenshot({ path: path.join(__dirname, '../artifacts/screens/empezar-a-vender-lo-que-se-lleva.png'), fullPage: true });

    await wizard.getByLabel('RUC', { exact: true }).fill('20200000006');
    await wizard.getByRole('button', { name: 'Buscar RUC' }).click();
    await expect(wizard.getByLabel('Razón social')).toHaveValue('DISTRIBUIDORA ANDINA DEMO S.A.');
    await wizard.getByText('Avanzado (solo si su proveedor se lo pide)').click();
    await wizard.getByLabel('Dirección de envío').fill(sandbox.billingBaseUrl);
    await wizard.getByLabel('Dirección de consultas').fill(sandbox.queryBaseUrl);
    await wizard.getByLabel('Nombres que usa el servidor').selectOption('document');
    await wizard.getByLabel('Token de acceso').fill(sandbox.token);
    await wizard.getByRole('button', { name: 'Empezar a vender' }).click();
    await expect(wizard.getByText('Listo. Caja se reinicia con su configuración…')).toBeVisible();

    // The real file starts with them: the same PIN hashes, no demo document.
    const demoDb = new Database(path.join(till.dataDir, 'caja-demo.db'), { readonly: true });
    const real = new Database(path.join(till.dataDir, 'caja.db'), { readonly: true });
    try {
      const pins = (db: Database.Database) => db.prepare('SELECT name, role, pin_hash FROM users ORDER BY name').all();
      expect(pins(real)).toEqual(pins(demoDb));
      expect(pins(real)).toHaveLength(2);
      expect(real.prepare('SELECT code, description, price FROM products').all()).toEqual([{ code: 'QSO01', description: 'Queso fresco (kg)', price: '18.5' }]);
      const methods = JSON.parse(real.prepare("SELECT value FROM settings WHERE key = 'paymentMethods'").pluck().get() as string) as { label: string }[];
      expect(methods.map((m) => m.label)).toContain('Tarjeta Ripley');
      expect(real.prepare('SELECT COUNT(*) FROM documents').pluck().get()).toBe(0);
    } finally {
      real.close();
      demoDb.close();
    }
  } finally {
    await till.close();
  }
});
