// Playwright config of the real-app test (tests/electron). Playwright loads it as CommonJS (hence __dirname). Needs `npm run build` first and an Electron binary;
// without the binary the test reports itself skipped. Run: npx playwright test -c tests/electron/playwright.electron.config.ts
import path from 'node:path';
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: __dirname,
  testMatch: /.*\.spec\.ts$/,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: 0,
  // The skip record feeds the summary at the end of `npm test` (tests/skip-summary.ts).
  reporter: [['list'], ['../support/playwright-skip-reporter.ts', { name: 'electron' }]],
  outputDir: path.join(__dirname, '..', '..', 'test-results', 'electron'),
  use: { trace: 'retain-on-failure' },
});
