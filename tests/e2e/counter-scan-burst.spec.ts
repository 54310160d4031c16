// A rush at the counter: two hundred scans, some with no gap at all, some up to 300 ms apart, the cashier moving up
// the lines (↑) and deleting a line now and then. Whatever the timing, the sale ends with exactly what was scanned.
import { SEED_CITIZENS } from '../../electron/sandbox';
import { test, expect } from './harness';
import { scanner } from './scanner';

type Page = import('@playwright/test').Page;

// Products sold by units (a weighed one would wait for its weight).
const CODES = [
  '7751012000450', '7751012000528', '7752104000136', '7752104000204', '7753056000182', '7753056000250',
  '7754123000142', '7755087000162', '7756141000111', '7759325000181', '7758263000178',
];

/** mulberry32: the same gaps and moves on every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The sale's lines that hold a product, as "code xquantity". */
function saleLines(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (let i = 0; ; i += 1) {
      const code = document.getElementById(`line-${i}-code`) as HTMLInputElement | null;
      if (!code) return out;
      const description = document.getElementById(`line-${i}-description`) as HTMLInputElement;
      const quantity = document.getElementById(`line-${i}-quantity`) as HTMLInputElement;
      if (description.value !== '' || code.value !== '') out.push(`${code.value} x${quantity.value}`);
    }
  });
}

const SCANS = 200;

test('200 scans with random gaps of 0 to 300 ms, ↑ and deletions between them: the sale holds exactly what was scanned', async ({ harness }) => {
  // A long sale: two hundred scans and their gaps took 1.6 to 2.2 minutes on a shared 2-core machine.
  test.setTimeout(240_000);
  const { page, core } = harness;
  await harness.open();
  const random = seeded(20261128);
  /** What the sale must hold: a scan adds a line, or one more when it repeats the last line's product. */
  const expected: { code: string; quantity: number }[] = [];
  const shown = () => expected.map((l) => `${l.code} x${l.quantity}`);
  let scans = 0;
  for (let i = 0; i < SCANS; i += 1) {
    const code = CODES[Math.floor(random() * CODES.length)]!;
    const last = expected[expected.length - 1];
    if (last && last.code === code) last.quantity += 1;
    else expected.push({ code, quantity: 1 });
    await scanner(page, code);
    scans += 1;
    const gap = Math.floor(random() * 301);
    const move = random();
    if (move < 0.15) {
      // Up a line or three, as a cashier checking a price: the next scan still adds at the end.
      const ups = 1 + Math.floor(random() * 3);
      for (let u = 0; u < ups; u += 1) await page.keyboard.press('ArrowUp');
    } else if (move < 0.25 && expected.length > 2) {
      // Delete a line further up: once the sale shows what was scanned, Ctrl+L, ↑ k, Ctrl+Supr.
      await expect.poll(() => saleLines(page), { timeout: 15_000 }).toEqual(shown());
      const ups = 1 + Math.floor(random() * Math.min(3, expected.length));
      await page.keyboard.press('Control+l');
      for (let u = 0; u < ups; u += 1) await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Control+Delete');
      expected.splice(expected.length - ups, 1);
      await expect.poll(() => saleLines(page), { timeout: 15_000 }).toEqual(shown());
    }
    if (gap > 0) await page.waitForTimeout(gap);
  }
  expect(scans).toBe(SCANS);
  await expect.poll(() => saleLines(page), { timeout: 15_000 }).toEqual(shown());
  await expect(page.getByTestId('unknown-codes')).toHaveCount(0);
  await harness.screenshot('venta-rafaga-escaneos');

  // Two hundred products come to more than S/ 700: the boleta names its customer, whose DNI the lookup answers.
  await page.getByLabel('Tipo de documento').selectOption('1');
  await page.getByLabel('Número de documento').fill(SEED_CITIZENS[0]!.numero);
  await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue(SEED_CITIZENS[0]!.nombre_completo);
  await page.keyboard.press('F12');
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Boleta B001-00000001 emitida' })).toBeVisible({ timeout: 15_000 });
  const doc = (await core.dispatch('getDocument', { id: 1 })) as { value: { payload: string } };
  const payload = JSON.parse(doc.value.payload) as { detalle: { cod_Producto: string; cantidad: number }[] };
  expect(payload.detalle.map((l) => `${l.cod_Producto} x${l.cantidad}`)).toEqual(shown());
});
