// The office till becomes the shop server from Ajustes (PostgreSQL shipped with Caja, TLS, its own CA).
// A second till registers with the one-time code the screen shows and sells; the office joins its own server the same
// way and finds that sale under "Todas las cajas"; the office's daily dump is verified and restored from Ajustes.
import type { Page } from '@playwright/test';
import type { TillCore as Core } from './till-core';
import { test, expect } from './harness';
import { goLive, must } from './shop-server';

test.setTimeout(120_000);

async function openHostSection(page: Page) {
  await page.keyboard.press('F4');
  await expect(page.getByRole('heading', { name: 'Ajustes', level: 1 })).toBeVisible();
  const host = page.getByRole('group', { name: 'Esta PC es el servidor de la tienda' });
  await host.scrollIntoViewIfNeeded();
  return host;
}

async function newCode(page: Page): Promise<string> {
  const host = page.getByRole('group', { name: 'Esta PC es el servidor de la tienda' });
  const before = (await host.getByTestId('server-host-code').count()) > 0 ? await host.getByTestId('server-host-code').textContent() : null;
  await host.getByRole('button', { name: 'Generar código para una caja' }).click();
  await expect(host.getByTestId('server-host-code')).not.toHaveText(before ?? '');
  return (await host.getByTestId('server-host-code').textContent())!.trim();
}

async function shopStatus(core: Core): Promise<{ state: string; pending: number } | null> {
  const status = (await must(core, 'getStatus', {})) as { shopServer: { state: string; pending: number } | null };
  return status.shopServer;
}

test('a demo office till becomes the shop server; a till joins with the code and sells; the daily dump restores', async ({ harness }) => {
  const { page, sandbox } = harness;
  await goLive(harness.core, sandbox, 'B001');
  await harness.open();

  const host = await openHostSection(page);
  await host.getByRole('button', { name: 'Hacer de esta PC el servidor de la tienda' }).click();
  await expect(host.getByTestId('server-host-state')).toContainText('Funcionando', { timeout: 60_000 });
  await expect(host.getByTestId('server-host-state')).toContainText('Libre en el disco');
  const port = Number(await host.getByTestId('server-host-port').textContent());
  expect(port).toBeGreaterThan(0);
  const code = await newCode(page);
  expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
  await harness.screenshot('servidor-en-esta-pc');

  // Till 2 joins with the address and the code (as its own Ajustes would), then sells.
  const till2 = await harness.otherTill();
  await goLive(till2, sandbox, 'B002');
  await must(till2, 'joinShopServer', { host: '127.0.0.1', port, code, terminalName: 'Caja 2' });
  await must(till2, 'issueSale', {
    clientKey: crypto.randomUUID(),
    docType: '03',
    customer: { docType: '1', docNumber: '45678912', name: 'María Quispe Huamán', address: '' },
    lines: [{ code: 'A001', description: 'Arroz extra 1 kg', unit: 'NIU', quantity: '2', unitPrice: '5.75', affectation: '10' }],
    tenders: [{ method: 'efectivo', amount: '11.50' }],
  });
  await expect.poll(async () => shopStatus(till2), { timeout: 30_000 }).toMatchObject({ state: 'online', pending: 0 });

  // The office joins its own server the same way, from the page: found on the LAN by mDNS where there is a LAN
  // (then over its LAN address, which only TLS may use), else typed.
  const officeCode = await newCode(page);
  const join = page.getByRole('form', { name: 'Unir esta caja con un código' });
  const lan = (await host.getByTestId('server-host-address').count()) > 0;
  if (lan) {
    const found = join.getByRole('button', { name: new RegExp(`Bodega San Martín \\(.+:${port}\\)`) });
    await expect
      .poll(async () => {
        await join.getByRole('button', { name: 'Buscar en la red' }).click();
        await expect(join.getByRole('button', { name: 'Buscar en la red' })).toBeEnabled({ timeout: 10_000 });
        return found.count();
      }, { timeout: 40_000 })
      .toBeGreaterThan(0);
    await found.first().click();
    await expect(join.getByLabel('Dirección del servidor')).not.toHaveValue('');
    await expect(join.getByLabel('Puerto')).toHaveValue(String(port));
  } else {
    await join.getByLabel('Dirección del servidor').fill('127.0.0.1');
    await join.getByLabel('Puerto').fill(String(port));
  }
  await join.getByLabel('Código').fill(officeCode);
  await join.getByLabel('Nombre de esta caja').fill('Oficina');
  await join.getByRole('button', { name: 'Unir esta caja' }).click();
  await expect(join.getByText('Esta caja quedó unida al servidor de la tienda.')).toBeVisible({ timeout: 20_000 });

  await page.keyboard.press('F2');
  const panel = page.getByRole('region', { name: 'Todas las cajas' });
  await panel.getByLabel('Número, documento o nombre del cliente').fill('b002-1');
  await expect
    .poll(
      async () => {
        await panel.getByRole('button', { name: 'Buscar' }).click();
        return panel.getByRole('row', { name: /B002-00000001/ }).count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  const row = panel.getByRole('table', { name: 'Comprobantes de todas las cajas' }).getByRole('row', { name: /B002-00000001/ });
  await expect(row).toContainText('Caja 2');
  await expect(row).toContainText('María Quispe Huamán');

  // The daily dump, verified by a restore into a scratch database, restores from Ajustes.
  const again = await openHostSection(page);
  const copies = again.getByRole('table', { name: 'Copias del servidor' });
  const daily = copies.getByRole('row').filter({ hasText: 'Diaria' });
  await expect(daily).toHaveCount(1, { timeout: 30_000 });
  await expect(daily).toContainText('Verificada');
  await daily.getByRole('button', { name: 'Restaurar' }).click();
  await daily.getByRole('button', { name: 'Sí, restaurar' }).click();
  await expect(again.getByText(/Copia restaurada\. La base anterior se guardó como «caja_antes_/)).toBeVisible({ timeout: 30_000 });
  await expect(again.getByTestId('server-host-state')).toContainText('Funcionando');
  await expect(copies.getByRole('row').filter({ hasText: 'Antes de restaurar' })).toHaveCount(1);
});
