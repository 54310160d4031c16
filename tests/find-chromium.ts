// Which Chromium the browser tests drive (issue 30): CHROMIUM_PATH, else Debian's (or Ubuntu's) package, else the one
// Playwright downloads (`npx playwright install chromium`). Undefined when there is none (browser-check.ts says so).
import fs from 'node:fs';
import { chromium } from '@playwright/test';

const SYSTEM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export function findChromium(): { path: string; source: 'CHROMIUM_PATH' | 'system' | 'playwright' } | undefined {
  if (process.env.CHROMIUM_PATH) return { path: process.env.CHROMIUM_PATH, source: 'CHROMIUM_PATH' };
  const system = SYSTEM.find((f) => fs.existsSync(f));
  if (system) return { path: system, source: 'system' };
  let own: string | undefined;
  try {
    own = chromium.executablePath();
  } catch {
    own = undefined;
  }
  return own && fs.existsSync(own) ? { path: own, source: 'playwright' } : undefined;
}

/** The one command that installs a browser for the tests (no root needed). */
export const INSTALL_CHROMIUM = 'npx playwright install chromium';
