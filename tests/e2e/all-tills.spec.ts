// "Todas las cajas". Till 2 sells into its own database and pushes to the shop server (a real PostgreSQL
// cluster started here); at till 1 the back office finds that sale by its printed number or its customer, and
// reprints it (a copy, checked as text from its PDF) without knowing which till sold it.
import type { PgCluster } from '../integration/server/pg-cluster';
import { test, expect } from './harness';
import { pdfText } from './print-checks';
import { goLive, must, queryShop, startShopCluster } from './shop-server';

test.use({ printer: 'pdf' });

let cluster: PgCluster;
test.beforeAll(async () => {
  cluster = await startShopCluster();
});
test.afterAll(() => cluster?.destroy());

test('a sale of till 2 is found at till 1 by number or customer and reprinted from the shop server', async ({ harness }) => {
  const { page, sandbox } = harness;
  const till2 = await harness.otherTill();
  await goLive(till2, sandbox, 'B002', { cluster, name: 'Caja 2' });
  await must(till2, 'issueSale', {
    clientKey: crypto.randomUUID(),
    docType: '03',
    customer: { docType: '1', docNumber: '45678912', name: 'María Quispe Huamán', address: '' },
    lines: [{ code: 'A001', description: 'Arroz extra 1 kg', unit: 'NIU', quantity: '2', unitPrice: '5.75', affectation: '10' }],
    tenders: [{ method: 'yape', amount: '11.50', reference: '7781234' }],
  });
  await goLive(harness.core, sandbox, 'B001', { cluster, name: 'Caja 1' });
  await expect
    .poll(async () => (await queryShop<{ status: string }>(cluster, "SELECT status FROM documents WHERE series = 'B002'").catch(() => []))[0]?.status, { timeout: 15_000 })
    .toBe('accepted');

  await harness.open();
  await page.keyboard.press('F2');
  const panel = page.getByRole('region', { name: 'Todas las cajas' });
  await panel.getByLabel('Número, documento o nombre del cliente').fill('b002-1');
  await panel.getByRole('button', { name: 'Buscar' }).click();
  const row = panel.getByRole('table', { name: 'Comprobantes de todas las cajas' }).getByRole('row', { name: /B002-00000001/ });
  await expect(row).toContainText('Caja 2');
  await expect(row).toContainText('María Quispe Huamán');
  await expect(row).toContainText('S/ 11.50');
  await expect(row).toContainText('Aceptado');
  await panel.getByLabel('Número, documento o nombre del cliente').fill('quispe');
  await panel.getByRole('button', { name: 'Buscar' }).click();
  await expect(row).toBeVisible();
  await harness.screenshot('todas-las-cajas');

  await row.getByRole('button', { name: 'Reimprimir B002-00000001' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Reimpresión de B002-00000001' })).toBeVisible();
  await expect(dialog.getByText('Yape: S/ 11.50')).toBeVisible();
  await dialog.getByRole('button', { name: 'Imprimir copia' }).click();
  await expect.poll(() => harness.printed.length).toBe(1);
  const printed = harness.printed[0]!;
  expect(printed.job.source).toEqual({ kind: 'shopDocument', idBaseDato: expect.any(String) });
  const text = await pdfText(printed.pdf);
  for (const fragment of ['REIMPRESIÓN', 'BOLETA DE VENTA ELECTRÓNICA B002-00000001', 'María Quispe Huamán', 'Yape: S/ 11.50']) expect(text, fragment).toContain(fragment);
});

test('a document the server refused is set aside, shown on the till and for every till; the office sees what was not applied', async ({ harness }) => {
  const { page, sandbox } = harness;
  await goLive(harness.core, sandbox, 'B003', { cluster, name: 'Caja 3' });
  const sale = (await must(harness.core, 'issueSale', {
    clientKey: crypto.randomUUID(),
    docType: '03',
    customer: { docType: '0', docNumber: '', name: '', address: '' },
    lines: [{ code: 'A001', description: 'Arroz extra 1 kg', unit: 'NIU', quantity: '1', unitPrice: '5.75', affectation: '10' }],
    tenders: [{ method: 'efectivo', amount: '5.75' }],
  })) as { id: number };
  await expect.poll(async () => (await queryShop<{ n: string }>(cluster, "SELECT count(*) AS n FROM documents WHERE series = 'B003'").catch(() => []))[0]?.n, { timeout: 15_000 }).toBe('1');
  // Another till's document takes B003-00000001 on the server (a copied data folder would leave it so); this till's
  // next change of its sale is refused there.
  await queryShop(cluster, "UPDATE documents SET id_base_dato = 'otra-caja-b003-1' WHERE series = 'B003' AND number = 1");
  await queryShop(cluster, `INSERT INTO unapplied_changes (kind, key, terminal_name, base_version, server_version, wanted, reason)
    VALUES ('product', 'A001', 'Caja 9', 1, 2, '{"description": "Arroz extra 1 kg", "price": "4.1", "active": true}', 'El registro cambió en el servidor mientras esta caja estaba sin conexión: se mantuvo el del servidor.')`);
  harness.core.sqlite().prepare('UPDATE documents SET reprints = reprints + 1 WHERE id = ?').run(sale.id);

  await harness.open();
  await expect(page.getByTestId('shop-server')).toContainText('1 apartado(s) por el servidor', { timeout: 15_000 });
  await page.keyboard.press('F2');
  const refused = page.getByRole('region', { name: 'Apartados por el servidor de la tienda' });
  await refused.getByRole('button', { name: 'Ver apartados' }).click();
  const here = refused.getByRole('table', { name: 'Apartados en esta caja' }).getByRole('row', { name: /B003-00000001/ });
  await expect(here).toContainText('ya está en el servidor de la tienda con otro comprobante');
  await expect(refused.getByRole('table', { name: 'Apartados en todas las cajas' }).getByRole('row', { name: /B003-00000001/ })).toContainText('Caja 3');
  const unapplied = page.getByRole('region', { name: 'Cambios no aplicados' });
  await unapplied.getByRole('button', { name: 'Ver cambios no aplicados' }).click();
  await expect(unapplied.getByRole('row', { name: /A001/ })).toContainText('precio S/ 4.1');
  await harness.screenshot('apartados-y-no-aplicados');
});
