// A till of a shop server that cannot reach it: F7 still returns this till's own sales, and the dialog says that only
// this till's returns are counted (the server's ledger of what is left of each sale is out of reach).
import { test, expect } from './harness';
import { closeDialog, ticketDialog, typeLine, waitForStatus } from './sale-helpers';
import { goLive, startShopCluster } from './shop-server';

const shopState = async (dispatch: (m: string, i: unknown) => Promise<{ ok: boolean; value?: unknown }>) =>
  ((await dispatch('getStatus', {})).value as { shopServer: { state: string } | null }).shopServer?.state;

test('F7 with the shop server out of reach: an own sale is returned, and the dialog says only this till counts', async ({ harness }) => {
  const { page, core, sandbox } = harness;
  const cluster = await startShopCluster();
  try {
  // The till joined the shop server (its note series confirmed), sold, and then lost the server.
  await goLive(core, sandbox, 'B001', { cluster, name: 'Caja 1' });
  await expect.poll(() => shopState(core.dispatch), { timeout: 20_000 }).toBe('online');
  await harness.open();
  await typeLine(page, 1, { code: 'ARR', description: 'Arroz 1 kg', quantity: '2', price: '5.90' });
  await page.keyboard.press('F12');
  await expect(ticketDialog(page)).toBeVisible();
  await closeDialog(page);
  await waitForStatus(core.dispatch, 1, 'accepted');
  cluster.stop();
  await expect.poll(() => shopState(core.dispatch), { timeout: 20_000 }).not.toBe('online');

  await page.keyboard.press('F7');
  const dialog = page.getByTestId('return-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('return-shop-away')).toContainText('Sin conexión con el servidor de la tienda: solo se devuelven ventas de esta caja');
  await dialog.getByTestId('return-find').fill('B001-00000001');
  await dialog.getByTestId('return-find').press('Enter');
  await dialog.getByTestId('return-mode-lines').check();
  await dialog.getByTestId('return-line-1').fill('1');
  await harness.screenshot('devolucion-sin-servidor');
  await dialog.getByTestId('return-issue').click();
  await expect(page.getByRole('heading', { name: 'Nota de crédito BC01-00000001 emitida' })).toBeVisible();
  } finally {
    cluster.destroy();
  }
});
