// Browser tests of the built renderer (out/renderer) with Chromium (find-chromium.ts). `window.pos` is bound to a real core
// and a sandbox API per test (tests/e2e/harness.ts). Build the renderer first: see the `test:e2e` script.
// BENCH=1 runs only the benchmark (tests/e2e/bench.spec.ts); without it the benchmark is skipped.
import os from 'node:os';
import { defineConfig } from '@playwright/test';
import { findChromium } from './find-chromium';

/** CHROMIUM_PATH, Debian's Chromium, or Playwright's own (tests/find-chromium.ts). */
const chromiumPath = (): string | undefined => findChromium()?.path;

const bench = process.env.BENCH === '1';

export default defineConfig({
  testDir: './e2e',
  testMatch: bench ? ['bench.spec.ts'] : ['**/*.spec.ts'],
  testIgnore: bench ? [] : ['bench.spec.ts'],
  outputDir: './artifacts/test-results',
  // A test is a cashier's whole journey (a shift with five sales and a Z takes 24 s alone on 2 CPUs and took 45 s in a
  // CI run beside another test): its limit catches a hang. What the user waits for is bounded by expect's 8 s.
  timeout: 90_000,
  expect: { timeout: 8_000 },
  fullyParallel: true,
  // Playwright's default is half the CPUs: one test at a time on a 2-CPU machine (132 tests in 9.2 min there). One
  // test per CPU and one more, since a test also waits (a scan's gap, a retry's delay, the sandbox): 133 tests took
  // 8.6 min two at a time and 7.9 min three at a time there, with the CPUs then busy all along. The benchmark runs
  // alone so nothing else shares its CPUs.
  workers: bench ? 1 : os.availableParallelism() + 1,
  // The skip record feeds the summary at the end of `npm test` (tests/skip-summary.ts).
  reporter: [['list'], ['./support/playwright-skip-reporter.ts', { name: bench ? 'bench' : 'browser' }]],
  use: {
    viewport: { width: 1366, height: 820 },
    locale: 'es-PE',
    timezoneId: 'America/Lima',
    acceptDownloads: true,
    // No trace is recorded: recording one for every test and keeping it only on a failure made the sale tests 17 %
    // slower (59 s against 49 s, the same 26 tests). A failing test is run again with `--trace on` to get one; its
    // screenshot is kept.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
