// A write whose answer is lost (the core died after its commit) and that the user retries, as the message says, is
// done once: the form sends the same idempotency key on the retry, and a new key for the next intention.
import type { Page } from '@playwright/test';
import { test, expect } from './harness';
import { closeDialog, handBeat, ticketDialog, typeLine, waitForStatus } from './sale-helpers';

/** The first answer to `method` is lost after the core committed it, as when its worker dies; every key sent is kept. */
async function loseFirstAnswer(page: Page, method: string): Promise<void> {
  await page.evaluate((lost) => {
    type Call = (m: string, i: unknown) => Promise<unknown>;
    const w = window as unknown as { __posCall: Call; __realPosCall?: Call; __keys: string[] };
    const real = (w.__realPosCall ??= w.__posCall);
    let dropped = false;
    w.__keys = [];
    w.__posCall = async (m: string, input: unknown) => {
      const result = await real(m, input);
      if (m !== lost) return result;
      w.__keys.push((input as { clientKey?: string }).clientKey ?? '(sin clave)');
      if (dropped) return result;
      dropped = true;
      return { ok: false, error: { code: 'core_restarted', message: 'Caja se recuperó de un fallo interno. Intente de nuevo.' } };
    };
  }, method);
}

const keysSent = (page: Page) => page.evaluate(() => (window as unknown as { __keys: string[] }).__keys);

test('a credit note and a cash movement retried after a lost answer are recorded once; the next one is new', async ({ harness }) => {
  const { page, core } = harness;
  const count = (sql: string) => core.sqlite().prepare(sql).pluck().get() as number;
  await harness.open();
  await typeLine(page, 1, { code: 'P1', description: 'Producto 1', quantity: '3', price: '5.00' });
  await page.keyboard.press('F12');
  await expect(ticketDialog(page)).toBeVisible();
  await closeDialog(page);
  await waitForStatus(core.dispatch, 1, 'accepted');

  await page.getByRole('button', { name: /^Documentos/ }).click();
  await page.getByRole('button', { name: 'Ver boleta B001-00000001' }).click();
  await loseFirstAnswer(page, 'issueNote');
  await page.getByTestId('new-credit-note').click();
  const credit = page.getByTestId('note-form-07');
  await credit.getByTestId('note-reason').selectOption('07');
  await credit.getByTestId('note-description').fill('Devolución de una unidad');
  await credit.getByTestId('note-line-1').fill('1');
  await credit.getByTestId('note-submit').click();
  await expect(credit).toContainText('Caja se recuperó de un fallo interno. Intente de nuevo.');
  await credit.getByTestId('note-submit').click();
  await expect(page.getByText('Emitida la nota de crédito BC01-00000001')).toBeVisible();
  expect(count("SELECT COUNT(*) FROM documents WHERE doc_type = '07'")).toBe(1);
  const [first, retry] = await keysSent(page);
  expect(first).toMatch(/^[0-9a-f-]{36}$/);
  expect(retry).toBe(first);

  // Another note is another intention: a new key.
  await page.getByTestId('new-debit-note').click();
  const debit = page.getByTestId('note-form-08');
  await debit.getByTestId('note-reason').selectOption('02');
  await debit.getByTestId('note-amount').fill('2.00');
  await debit.getByTestId('note-submit').click();
  await expect(page.getByText('Emitida la nota de débito BD01-00000001')).toBeVisible();
  const keys = await keysSent(page);
  expect(keys).toHaveLength(3);
  expect(keys[2]).not.toBe(first);

  // A cash in whose answer is lost, sent again: one movement; the next movement gets a new key.
  await loseFirstAnswer(page, 'addCashMovement');
  await page.keyboard.press('F6');
  const move = page.getByRole('form', { name: 'Movimiento de efectivo' });
  await move.getByLabel('Tipo').selectOption('in');
  await move.getByLabel('Monto (S/)').fill('30');
  await move.getByLabel('Motivo').fill('Sencillo del banco');
  await move.getByRole('button', { name: 'Registrar ingreso' }).click();
  await expect(move.getByText('Caja se recuperó de un fallo interno. Intente de nuevo.')).toBeVisible();
  await move.getByRole('button', { name: 'Registrar ingreso' }).click();
  await expect(move.getByText('Ingreso registrado: S/ 30.00 (Sencillo del banco).')).toBeVisible();
  expect(count('SELECT COUNT(*) FROM cash_movements')).toBe(1);
  await move.getByLabel('Monto (S/)').fill('10');
  await move.getByLabel('Motivo').fill('Más sencillo');
  await move.getByRole('button', { name: 'Registrar ingreso' }).click();
  await expect(move.getByText('Ingreso registrado: S/ 10.00 (Más sencillo).')).toBeVisible();
  expect(count('SELECT COUNT(*) FROM cash_movements')).toBe(2);
  const moves = await keysSent(page);
  expect(moves).toHaveLength(3);
  expect(moves[1]).toBe(moves[0]);
  expect(moves[2]).not.toBe(moves[0]);
  expect(harness.pageErrors).toEqual([]);
});

test('a sale retried with F12 after a lost answer is issued once; a sale cancelled after one is rung up under a new key', async ({ harness }) => {
  const { page, core } = harness;
  const count = () => core.sqlite().prepare('SELECT COUNT(*) FROM documents').pluck().get() as number;
  await harness.open();
  await loseFirstAnswer(page, 'issueSale');
  await typeLine(page, 1, { code: 'AG', description: 'Agua 625 ml', quantity: '1', price: '1.50' });
  await page.keyboard.press('F12');
  await expect(page.getByText('Caja se recuperó de un fallo interno. Intente de nuevo.')).toBeVisible();
  await page.keyboard.press('F12');
  await expect(ticketDialog(page).getByRole('heading', { name: 'Boleta B001-00000001 emitida' })).toBeVisible();
  await closeDialog(page);
  expect(count()).toBe(1);
  const [first, retry] = await keysSent(page);
  expect(retry).toBe(first);

  // Lost again, and this time the cashier cancels the sale: what is rung up next is another sale.
  await loseFirstAnswer(page, 'issueSale');
  await typeLine(page, 1, { code: 'AG', description: 'Agua 625 ml', quantity: '2', price: '1.50' });
  await page.keyboard.press('F12');
  await expect(page.getByText('Caja se recuperó de un fallo interno. Intente de nuevo.')).toBeVisible();
  await page.keyboard.press('Escape');
  const confirm = page.getByRole('dialog', { name: '¿Cancelar esta venta?' });
  await expect(confirm).toBeVisible();
  await handBeat(page);
  await page.keyboard.press('Shift+Tab');
  await handBeat(page);
  await page.keyboard.press('Enter');
  await expect(confirm).toHaveCount(0);
  await typeLine(page, 1, { code: 'AG', description: 'Agua 625 ml', quantity: '3', price: '1.50' });
  await page.keyboard.press('F12');
  await expect(ticketDialog(page).getByRole('heading', { name: 'Boleta B001-00000003 emitida' })).toBeVisible();
  const keys = await keysSent(page);
  expect(keys).toHaveLength(2);
  expect(keys[1]).not.toBe(keys[0]);
  expect(count()).toBe(3);
  expect(harness.pageErrors).toEqual([]);
});
