// The counter sale: 4 items (one weighed), S/ 100 in cash, printed — counting every key the cashier presses
// besides the scans (code + Enter, as a scanner sends them) and the digits of the weight and the cash.
// Target: at most 12. The time from the last scan to the printed ticket is reported in the benchmark (bench.spec).
import { test, expect } from './harness';
import { lineField } from './sale-helpers';

test.use({ printer: 'pdf' });

const SCANS = ['7753056000182', '7751012000528', '7754123000142']; // Inca Kola, Fideos, Agua
const SUGAR_KG = '2000000000114'; // Azúcar rubia a granel (kg): weighed

test('a typical sale takes at most 12 keystrokes besides the scans and the digits of weight and cash', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  let keystrokes = 0;
  const key = async (k: string) => {
    keystrokes += 1;
    await page.keyboard.press(k);
  };
  const scan = async (code: string) => {
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
  };
  const digits = async (text: string) => page.keyboard.type(text); // not counted

  // The code field has the focus from the start: no click, no key.
  await expect(lineField(page, 'Código', 1)).toBeFocused();
  for (const [i, code] of SCANS.entries()) {
    await scan(code);
    await expect(lineField(page, 'Código', i + 2)).toBeFocused();
  }
  await scan(SUGAR_KG);
  await expect(lineField(page, 'Cantidad', 4)).toBeFocused();
  await digits('1.5');
  await key('Enter');
  await key('F8');
  await digits('100');
  await key('F12');
  await expect(page.getByRole('button', { name: 'Imprimir y nueva venta (Enter)' })).toBeFocused();
  await key('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect.poll(() => harness.printed.length).toBe(1); // printed in the background
  await expect(lineField(page, 'Código', 1)).toBeFocused(); // ready for the next customer

  console.log(`KEYSTROKES ${keystrokes}`);
  expect(keystrokes).toBeLessThanOrEqual(12);
});
