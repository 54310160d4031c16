// A key that reaches the page in the very moment the screen changes acts on what the screen shows. Each test presses
// its key from inside the page, in the microtask right after React changed the DOM: the screen then already shows the
// new state, and the key must be judged by it, not by the state before.
import type { Page } from '@playwright/test';
import { test, expect } from './harness';

/** Presses `key` from inside the page, in the microtask after the first DOM change that meets `ready`. */
async function pressAtCommit(page: Page, key: string, ready: { gone: string } | { shows: string }): Promise<void> {
  await page.evaluate(({ key, ready }) => {
    const met = () => ('gone' in ready ? !document.querySelector(ready.gone) : !!document.body.textContent?.includes(ready.shows));
    new MutationObserver((_, observer) => {
      if (!met()) return;
      observer.disconnect();
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, { key, ready });
}

test('F4 pressed the moment the sign-in screen goes opens Ajustes', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await page.keyboard.press('F9');
  const signin = page.getByRole('dialog', { name: 'Ingresar a la caja' });
  await expect(signin).toBeVisible();
  await signin.getByLabel('PIN', { exact: true }).fill('135790');
  await pressAtCommit(page, 'F4', { gone: '.signin' });
  await page.keyboard.press('Enter');
  await expect(signin).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Ajustes', level: 1 })).toBeVisible();
});

test('F1 pressed the moment «Cambios guardados.» shows leaves Ajustes without asking', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await page.keyboard.press('F4');
  await page.getByLabel('Nombre comercial').fill('Bodega Nueva');
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await pressAtCommit(page, 'F1', { shows: 'Cambios guardados.' });
  await page.getByRole('button', { name: 'Guardar empresa' }).click();
  await expect(page.getByTestId('next-number')).toBeVisible();
  expect(asked).toEqual([]);
});
