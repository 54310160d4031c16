// Benchmark (BENCH=1 only, not part of the normal run): a 200-line sale, the time from a quantity keystroke to
// updated totals, the first-screen-interactive time, and the gzipped size of the renderer's JavaScript.
import fs from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { test, expect } from './harness';
import { lineField } from './sale-helpers';

// Tracing walks the whole DOM around every action, inside the page: it would be measured too.
test.use({ trace: 'off' });

const LINES = 200;
const KEYSTROKES = 30;

test('200 lines: keystroke-to-totals latency, first screen interactive, JS size', async ({ harness }) => {
  test.setTimeout(300_000);
  const { page } = harness;

  // Record when the till first becomes usable (next number shown, Emitir enabled), measured in the page.
  await page.addInitScript(() => {
    const w = window as unknown as { __interactiveAt?: number };
    const check = () => {
      const number = document.querySelector('[data-testid="next-number"]');
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Emitir'));
      if (number && number.textContent !== '—' && button && !button.disabled) w.__interactiveAt = performance.now();
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  await harness.open();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __interactiveAt?: number }).__interactiveAt)).toBeGreaterThan(0);
  const interactiveMs = await page.evaluate(() => (window as unknown as { __interactiveAt: number }).__interactiveAt);

  for (let n = 1; n <= LINES; n += 1) {
    await lineField(page, 'Código', n).fill(`C${n}`);
    await lineField(page, 'Descripción', n).fill(`Producto ${n}`);
    await lineField(page, 'Precio con IGV', n).fill(`${(n % 50) + 1}.90`);
    await lineField(page, 'Precio con IGV', n).press('Enter');
  }
  await expect(lineField(page, 'Código', LINES + 1)).toBeFocused();

  // Latency: keydown (capture) → the totals text changes (MutationObserver) → the next animation frame.
  await page.evaluate(() => {
    const bench = { t0: 0, samples: [] as { update: number; frame: number }[] };
    (window as unknown as { __bench: typeof bench }).__bench = bench;
    document.addEventListener('keydown', () => (bench.t0 = performance.now()), true);
    const total = document.querySelector('[data-testid="total-total"]');
    if (!total) throw new Error('no total');
    new MutationObserver(() => {
      if (!bench.t0) return;
      const start = bench.t0;
      const update = performance.now() - start;
      bench.t0 = 0;
      requestAnimationFrame(() => bench.samples.push({ update, frame: performance.now() - start }));
    }).observe(total, { characterData: true, childList: true, subtree: true });
  });
  const quantity = lineField(page, 'Cantidad', 100);
  await quantity.focus();
  await quantity.press('End');
  for (let i = 0; i < KEYSTROKES; i += 1) {
    await page.keyboard.press(i % 2 === 0 ? '2' : 'Backspace');
    await expect.poll(() => page.evaluate(() => (window as unknown as { __bench: { samples: unknown[] } }).__bench.samples.length)).toBe(i + 1);
  }
  const samples = await page.evaluate(() => (window as unknown as { __bench: { samples: { update: number; frame: number }[] } }).__bench.samples);
  const sorted = (key: 'update' | 'frame') => samples.map((s) => s[key]).sort((a, b) => a - b);
  const pct = (values: number[], p: number) => values[Math.min(values.length - 1, Math.floor(values.length * p))] ?? NaN;
  const update = sorted('update');
  const frame = sorted('frame');

  const assetsDir = path.resolve(__dirname, '../../out/renderer/assets');
  const jsFiles = (await fs.readdir(assetsDir)).filter((f) => f.endsWith('.js'));
  let raw = 0;
  let gzipped = 0;
  for (const file of jsFiles) {
    const bytes = await fs.readFile(path.join(assetsDir, file));
    raw += bytes.length;
    gzipped += gzipSync(bytes).length;
  }

  const figures = {
    lines: LINES,
    keystrokes: KEYSTROKES,
    keystrokeToTotalsMs: { median: +pct(update, 0.5).toFixed(2), p90: +pct(update, 0.9).toFixed(2), max: +(update.at(-1) ?? NaN).toFixed(2) },
    keystrokeToNextFrameMs: { median: +pct(frame, 0.5).toFixed(2), p90: +pct(frame, 0.9).toFixed(2), max: +(frame.at(-1) ?? NaN).toFixed(2) },
    firstScreenInteractiveMs: +interactiveMs.toFixed(1),
    rendererJs: { files: jsFiles.length, rawKB: +(raw / 1024).toFixed(1), gzipKB: +(gzipped / 1024).toFixed(1) },
  };
  console.log(`BENCH ${JSON.stringify(figures, null, 2)}`);
  await test.info().attach('bench.json', { body: JSON.stringify(figures, null, 2), contentType: 'application/json' });

  expect(gzipped).toBeLessThan(400 * 1024);
  expect.soft(pct(update, 0.5), 'median keystroke-to-totals under 16 ms').toBeLessThan(16);
});
