// The real app (the unpackaged build in out/, launched with the Electron binary from node_modules) with a fresh
// data folder: demo mode, issue a boleta through the UI, see it accepted by the sandbox. Packaged builds cannot be
// driven this way on purpose: their fuses turn off the --inspect switches Playwright relies on.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import { findElectronBinary } from '../../build/electron-binary';

const ROOT = path.resolve(__dirname, '..', '..'); // Playwright loads specs as CommonJS
const SKIP_MESSAGE = 'Electron binary not installed here: skipped the real-app test';
const electronPath = findElectronBinary(ROOT);
if (!electronPath) console.log(`[tests/electron] ${SKIP_MESSAGE}`);

let app: ElectronApplication | undefined;
let dataDir: string | undefined;

test.afterEach(async () => {
  await app?.close().catch(() => undefined);
  app = undefined;
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

test('issues a boleta in demo mode and sees it accepted', async () => {
  test.skip(!electronPath, SKIP_MESSAGE);
  for (const built of ['out/main/main.js', 'out/preload/preload.js', 'out/renderer/index.html']) {
    if (!fs.existsSync(path.join(ROOT, built))) throw new Error(`Falta ${built}: ejecute "npm run build" antes de esta prueba.`);
  }

  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-electron-'));
  app = await electron.launch({
    executablePath: electronPath,
    // Chromium refuses to start as root without --no-sandbox (CI containers); the page stays sandboxed by Electron.
    args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), ROOT],
    env: { ...process.env, CAJA_DATA_DIR: dataDir, ELECTRON_ENABLE_LOGGING: '1' },
    timeout: 60_000,
  });
  const page = await app.firstWindow();

  // The page is isolated: served by app://, no Node, exactly the bridge, and the CSP forbids eval and remote fetches.
  expect(await page.evaluate(() => location.href)).toBe('app://caja/index.html');
  expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
  expect(await page.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined');
  const bridgeKeys = await page.evaluate(() => Object.keys((globalThis as unknown as { pos: object }).pos).sort());
  expect(bridgeKeys).toContain('issueSale');
  expect(bridgeKeys).toContain('onEvent');
  // Inline script and string timers (eval) must be refused by the page itself (DevTools evaluation bypasses CSP).
  const refused = await page.evaluate(
    () =>
      new Promise<{ directives: string[]; inlineRan: boolean; timerRan: boolean }>((resolve) => {
        const w = globalThis as unknown as Record<string, unknown> & typeof globalThis;
        const directives: string[] = [];
        document.addEventListener('securitypolicyviolation', (e) => directives.push(e.effectiveDirective));
        const script = document.createElement('script');
        script.textContent = 'window.__inlineRan = true';
        document.head.append(script);
        (w.setTimeout as unknown as (code: string, ms: number) => void)('window.__timerRan = true', 0);
        setTimeout(() => resolve({ directives, inlineRan: w.__inlineRan === true, timerRan: w.__timerRan === true }), 500);
      }),
  );
  expect(refused).toMatchObject({ inlineRan: false, timerRan: false });
  expect(refused.directives).toEqual(expect.arrayContaining(['script-src-elem', 'script-src']));
  expect(await page.evaluate(() => fetch('https://example.com/').then(() => 'salió', () => 'bloqueado'))).toBe('bloqueado');
  const windows = await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length);
  expect(windows).toBe(1);

  // Demo mode: the first boleta of a fresh till.
  await expect(page.getByTestId('next-number')).toHaveText('B001-00000001');
  await page.getByLabel('Código, línea 1').fill('ARROZ1');
  await page.getByLabel('Descripción, línea 1').fill('ARROZ EXTRA 1 KG');
  await page.getByLabel('Cantidad, línea 1').fill('2');
  await page.getByLabel('Precio con IGV, línea 1').fill('5.90');
  await page.getByRole('button', { name: /Emitir/ }).click();

  const issued = page.getByRole('dialog', { name: /Boleta B001-00000001 emitida/ });
  await expect(issued).toBeVisible();
  await expect(issued.getByText('Aceptado')).toBeVisible({ timeout: 30_000 });

  // The data went to the fresh folder, and the database is there.
  expect(fs.existsSync(path.join(dataDir, 'caja.db'))).toBe(true);
});
