// Resumen (Alt+8): the owner's view of a history sold through the real core, 40 days of boletas with cash, Yape and
// card, a return and a void; today, the week and the month, each against the period before; printed on A4 as a
// PDF through the print window. An empty period says so in words, not with empty charts.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { test, expect } from './harness';
import { pdfText } from './print-checks';
import { PRINT_ARTIFACTS } from './print-page';

const DAY = 86_400_000;
/** Lima's midnight 40 days ago: the history's first day. */
const start = Date.parse(`${new Date(Date.now() - 5 * 3_600_000 - 40 * DAY).toISOString().slice(0, 10)}T00:00:00-05:00`);
let now = start;
const todayLima = () => new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);

/** Once the history is in, the core's clock is the real one again. */
let live = false;
test.use({ printer: 'pdf', coreClock: { now: () => new Date(live ? Date.now() : now) } });

const PRODUCTS = [
  { code: 'A001', description: 'Arroz extra 1 kg', unitPrice: '5.90' },
  { code: 'L002', description: 'Leche evaporada 400 g', unitPrice: '3.80' },
  { code: 'AC03', description: 'Aceite vegetal 1 L', unitPrice: '9.45' },
  { code: 'AZ04', description: 'Azúcar rubia 1 kg', unitPrice: '4.20' },
  { code: 'FI05', description: 'Fideos spaghetti 500 g', unitPrice: '3.10' },
  { code: 'GA06', description: 'Galletas de soda x 6', unitPrice: '2.50' },
];

const sale = (n: number) => {
  const a = PRODUCTS[n % PRODUCTS.length]!;
  const b = PRODUCTS[(n * 5 + 1) % PRODUCTS.length]!;
  const lines = [a, b].map((p, i) => ({ ...p, unit: 'NIU', quantity: String(1 + ((n + i) % 3)), affectation: '10' }));
  const method = ['efectivo', 'yape', 'debito'][n % 3]!;
  // The exact total, in cents (prices include IGV): what a card or Yape pays.
  const cents = lines.reduce((sum, l) => sum + Math.round(Number(l.unitPrice) * 100) * Number(l.quantity), 0);
  const amount = (cents / 100).toFixed(2);
  return {
    clientKey: crypto.randomUUID(), docType: '03', customer: { docType: '0', docNumber: '', name: '', address: '' }, lines,
    ...(method === 'efectivo' ? {} : { tenders: [{ method, amount, ...(method === 'yape' ? { reference: String(100_000 + n) } : {}) }] }),
  };
};

test('Resumen: today, the week and the month of a seeded history, against the period before, and its A4 PDF', async ({ harness }) => {
  const { page, core } = harness;
  const call = async (method: string, input: unknown) => {
    const res = await core.dispatch(method, input);
    if (!res.ok) throw new Error(`${method}: ${JSON.stringify(res.error)}`);
    return res.value as { id: number; total: string };
  };
  // 40 days, more sales as the days go by, from 8:00 to 20:00 Lima; the core's clock only moves forward.
  // The charts draw under the app's Content-Security-Policy (the test server sends it): nothing may be refused.
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
  });
  // Categories for all but the biscuits, which are summed under "Sin categoría".
  const CATEGORIES: Record<string, string> = { A001: 'Abarrotes', AZ04: 'Abarrotes', FI05: 'Abarrotes', L002: 'Lácteos', AC03: 'Aceites' };
  for (const p of PRODUCTS) {
    await call('saveProduct', { code: p.code, description: p.description, unit: 'NIU', price: p.unitPrice, affectation: '10', category: CATEGORIES[p.code] ?? '' });
  }
  let n = 0;
  const kept: { id: number }[] = [];
  for (let day = 0; day <= 40; day++) {
    const sales = 2 + (day % 4) + Math.floor(day / 10);
    for (let s = 0; s < sales; s++) {
      now = Math.min(start + day * DAY + (8 + Math.floor((s * 12) / sales) + (day % 2)) * 3_600_000, Date.now() - 60_000 + n);
      const doc = await call('issueSale', sale(n++));
      if ((day === 40 || day === 38) && s === 0) kept.push(doc);
    }
  }
  // A return today and a void of a sale two days ago, once SUNAT accepted them (the sandbox answers at once).
  await expect(async () => {
    await call('issueNote', { clientKey: crypto.randomUUID(), of: kept[1]!.id, type: '07', reason: '07', description: 'Devolución', lines: [{ line: 1, quantity: '1' }] });
  }).toPass({ timeout: 15_000 });
  await expect(async () => {
    await call('voidDocument', { clientKey: crypto.randomUUID(), of: kept[0]!.id, reason: 'Venta duplicada' });
  }).toPass({ timeout: 15_000 });
  // One more sale on the real clock: its answer tells the status bar the clock is right again.
  live = true;
  const last = await call('issueSale', sale(n++));
  await expect(async () => {
    const detail = await core.dispatch('getDocument', { id: last.id });
    expect(detail).toMatchObject({ ok: true, value: { status: 'accepted' } });
  }).toPass({ timeout: 15_000 });
  await harness.open();
  await page.keyboard.press('Alt+8');
  const view = page.getByRole('region', { name: 'Resumen del negocio' });
  await expect(view.getByRole('heading', { name: /^Hoy del / })).toBeVisible();
  const today = (await core.dispatch('getBusinessSummary', { from: todayLima(), to: todayLima() })) as { ok: true; value: { current: { totals: { sales: string; documents: number }[] } } };
  const total = today.value.current.totals[0]!;
  await expect(view.locator('.summary-figure').first()).toContainText(`S/ ${Number(total.sales).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  await expect(view.locator('.summary-figure').nth(1)).toContainText(String(total.documents));
  await expect(view.getByText(/% vs ayer/).first()).toBeVisible();
  await expect(view.getByText('Ventas por hora del día')).toBeVisible();
  await expect(view.locator('.summary-chart svg').first()).toBeVisible();
  await harness.screenshot('resumen-hoy');

  await page.getByRole('button', { name: 'Semana', exact: true }).click();
  await expect(view.getByRole('heading', { name: /^Semana del / })).toBeVisible();
  await expect(view.getByText('Ventas por día')).toBeVisible();
  await harness.screenshot('resumen-semana');

  await page.getByRole('button', { name: 'Mes', exact: true }).click();
  await expect(view.getByRole('heading', { name: /^Mes del / })).toBeVisible();
  await expect(view.getByText(/vs los 30 días anteriores/).first()).toBeVisible();
  await expect(view.getByText('Devoluciones (notas de crédito)')).toBeVisible();
  await expect(view.getByText('Arroz extra 1 kg')).toBeVisible();
  await harness.screenshot('resumen-mes');
  // The charts below the fold: the screen scrolls inside the app's main area.
  await view.getByText('Formas de pago').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(__dirname, '../artifacts/screens/resumen-mes-abajo.png') });
  const byCategory = view.locator('.summary-chart').filter({ hasText: 'Por categoría' });
  await byCategory.scrollIntoViewIfNeeded();
  for (const name of ['Abarrotes', 'Lácteos', 'Aceites', 'Sin categoría']) await expect(byCategory.getByText(name, { exact: true })).toBeVisible();
  await page.screenshot({ path: path.join(__dirname, '../artifacts/screens/resumen-mes-por-categoria.png') });
  expect(harness.pageErrors).toEqual([]);
  expect(refused).toEqual([]);

  await page.getByRole('button', { name: 'Guardar PDF' }).click();
  await expect(page.getByText(/PDF guardado|Resumen impreso|No se guardó/)).toBeVisible();
  const printed = harness.printed.find((p) => p.job.source.kind === 'summary');
  expect(printed?.job.paper).toBe('A4');
  const text = await pdfText(printed!.pdf);
  for (const fragment of ['Total vendido', 'Ticket promedio', 'Productos más vendidos', 'Por categoría', 'Formas de pago']) expect(text, fragment).toContain(fragment);
  // The PDF's pages as images, to be looked at.
  await fs.mkdir(PRINT_ARTIFACTS, { recursive: true });
  const file = path.join(PRINT_ARTIFACTS, 'resumen-mes.pdf');
  await fs.writeFile(file, printed!.pdf);
  try {
    execFileSync('pdftoppm', ['-png', '-r', '60', file, path.join(PRINT_ARTIFACTS, 'resumen-mes')]);
  } catch {
    // No poppler here: the PDF stays for a viewer.
  }
});

test('Resumen of a till without sales says so in words', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await page.keyboard.press('Alt+8');
  await expect(page.getByRole('status').filter({ hasText: 'No hay ventas hoy en esta caja.' })).toBeVisible();
  await expect(page.locator('.summary-chart')).toHaveCount(0);
  await harness.screenshot('resumen-vacio');
});
