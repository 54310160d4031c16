// Helpers of the browser tests: drive the till as a cashier does, by label and keyboard.
import { expect, type Page } from '@playwright/test';
import { scanner } from './scanner';

export interface LineInput {
  code: string;
  description: string;
  quantity: string;
  price: string;
  unit?: string;
  exonerated?: boolean;
}

const cell = (page: Page, label: string, n: number) => page.getByLabel(`${label}, línea ${n}`, { exact: true });

/** Types line `n` (1-based) and presses Enter in its price: the line is committed and a new empty line gets focus. */
export async function typeLine(page: Page, n: number, line: LineInput): Promise<void> {
  await cell(page, 'Código', n).fill(line.code);
  await cell(page, 'Descripción', n).fill(line.description);
  if (line.unit) await cell(page, 'Unidad', n).selectOption(line.unit);
  await cell(page, 'Cantidad', n).fill(line.quantity);
  await cell(page, 'Precio con IGV', n).fill(line.price);
  if (line.exonerated) await cell(page, 'Afectación', n).selectOption('20');
  await cell(page, 'Precio con IGV', n).press('Enter');
  await expect(cell(page, 'Código', n + 1)).toBeFocused();
}

export function lineField(page: Page, label: string, n: number) {
  return cell(page, label, n);
}

/** The dialog shown after issuing or reprinting. */
export function ticketDialog(page: Page) {
  return page.getByRole('dialog');
}

export async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Waits until the core holds the document in `status`. */
export async function waitForStatus(
  dispatch: (method: string, input: unknown) => Promise<{ ok: boolean; value?: unknown }>,
  id: number,
  status: string,
): Promise<void> {
  await expect
    .poll(async () => {
      const r = await dispatch('getDocument', { id });
      return r.ok ? (r.value as { status: string }).status : 'error';
    }, { timeout: 10_000 })
    .toBe(status);
}

/**
 * A barcode scanner on line `n`: a numeric code and its Enter as one burst, as a scanner sends them
 * (tests/e2e/scanner.ts); a code with letters (a scale label's "3*code", an internal code) typed key by key, then Enter.
 */
export async function scan(page: Page, n: number, code: string): Promise<void> {
  const field = cell(page, 'Código', n);
  await expect(field).toBeFocused();
  if (/^\d+$/.test(code)) return scanner(page, code);
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

/**
 * A hand's beat between keys. Outside the sale's fields, three keys within about 90 ms read as a scanner's burst
 * (renderer/src/screens/sale/scanner-guard.ts), and until 200 ms pass without a key every key of it, Enter among them,
 * is kept from the page on purpose. Playwright sends Esc, Shift+Tab and Enter faster than any hand could.
 */
export const handBeat = (page: Page): Promise<void> => page.waitForTimeout(250);
