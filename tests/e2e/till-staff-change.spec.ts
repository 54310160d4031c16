// A shop server, the office and a till on its own role. At the till the administrator changes a cashier's PIN in
// Ajustes → Usuarios and types her own PIN for the server: it verifies her (against the credential the office set when
// she signed in there) and the new PIN reaches the office too.
import pg from 'pg';
import type { PgCluster } from '../integration/server/pg-cluster';
import { test, expect } from './harness';
import { goLive, must, queryShop, SHOP_DATABASE, startShopCluster } from './shop-server';

test.use({ staff: 'none', cash: 'closed' });

let cluster: PgCluster;
test.beforeAll(async () => {
  cluster = await startShopCluster();
});
test.afterAll(() => cluster?.destroy());

test('a PIN changed at a till with the administrator\'s PIN reaches the office', async ({ harness }) => {
  const { page, core, sandbox } = harness;
  const office = await harness.otherTill();
  await goLive(office, sandbox, 'B001', { cluster, name: 'Oficina' });
  await expect.poll(async () => (await queryShop<{ v: number }>(cluster, 'SELECT max(version) AS v FROM schema_migrations').catch(() => []))[0]?.v, { timeout: 20_000 }).toBeGreaterThanOrEqual(14);
  await must(office, 'createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' });
  await must(office, 'saveUser', { name: 'Pedro Cajero', role: 'cajero', pin: '1234' });
  await expect.poll(async () => (await queryShop(cluster, "SELECT 1 FROM admin_credentials WHERE staff_key = 'rosa dueña'")).length, { timeout: 20_000 }).toBe(1);

  // Caja 2 connects with a role of its own (a member of caja_tills, as a registration code gives).
  const admin = new pg.Client({ host: cluster.host, port: cluster.port, user: cluster.user, password: cluster.password, database: SHOP_DATABASE });
  await admin.connect();
  await admin.query("CREATE ROLE caja2_e2e LOGIN PASSWORD 'clave-caja-2' IN ROLE caja_tills");
  await admin.end();
  await goLive(core, sandbox, 'B002');
  await must(core, 'setShopServerPassword', { password: 'clave-caja-2' });
  await must(core, 'saveSettings', {
    shopServer: { enabled: true, host: cluster.host, port: cluster.port, database: SHOP_DATABASE, user: 'caja2_e2e', tls: 'off', terminalName: 'Caja 2' },
  });
  await expect.poll(async () => {
    const r = await core.dispatch('listCashiers', {});
    return r.ok ? (r.value as { name: string }[]).map((c) => c.name).sort() : [];
  }, { timeout: 20_000 }).toEqual(['Pedro Cajero', 'Rosa Dueña']);

  await page.goto(`${harness.baseUrl}/index.html`);
  const signin = page.getByRole('dialog', { name: 'Ingresar a la caja' });
  await signin.getByLabel('Usuario').selectOption({ label: 'Rosa Dueña' });
  await signin.getByLabel('PIN', { exact: true }).fill('246810');
  await page.keyboard.press('Enter');
  await expect(signin).toHaveCount(0);

  await page.keyboard.press('F4');
  const users = page.getByRole('region', { name: 'Usuarios' });
  await users.getByRole('button', { name: 'Editar Pedro Cajero' }).click();
  await users.getByLabel('Nuevo PIN (vacío: no cambia)').fill('4321');
  await users.getByLabel('Su PIN de administrador (para aplicarlo en todas las cajas)').fill('246810');
  await users.getByRole('button', { name: 'Guardar usuario' }).click();
  await expect(users.getByText('Usuario guardado: Pedro Cajero. El servidor de la tienda verificó su PIN y aplicó el cambio en todas las cajas.')).toBeVisible();
  await harness.screenshot('usuarios-pin-verificado');

  // The office takes it from the server: Pedro's new PIN signs in there (tried once a second: a wrong PIN counts).
  await expect.poll(async () => (await queryShop<{ by: string }>(cluster, "SELECT updated_by AS by FROM staff WHERE key = 'pedro cajero'"))[0]?.by).toBe('Caja 2 (autorizó Rosa Dueña)');
  const pedro = await office.dispatch('listCashiers', {});
  const pedroId = (pedro as { value: { id: number; name: string }[] }).value.find((c) => c.name === 'Pedro Cajero')!.id;
  await must(office, 'lock', {});
  await expect.poll(async () => {
    const r = await office.dispatch('login', { userId: pedroId, pin: '4321' });
    if (r.ok) await office.dispatch('lock', {});
    return r.ok;
  }, { timeout: 4_000, intervals: [1_000] }).toBe(true);
  expect(harness.pageErrors).toEqual([]);
});
