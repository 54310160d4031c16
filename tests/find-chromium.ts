// Which Chromium the browser tests drive: CHROMIUM_PATH, else Debian's (or Ubuntu's) package, else the one Playwright
// downloads. A CHROMIUM_PATH that names no executable file is refused here rather than accepted and failing later
// inside Playwright; browser-check.ts turns a refusal or a missing browser into one message before any test runs.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const SYSTEM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
const NAMES = ['chromium', 'chromium-browser'];

/** A distribution's Chromium: by name on PATH (where `.ci/run` looks before installing one), else where Debian puts it. */
const systemChromium = (env: NodeJS.ProcessEnv): string[] => [
  ...(env.PATH ?? '').split(path.delimiter).filter(Boolean).flatMap((dir) => NAMES.map((n) => path.join(dir, n))),
  ...SYSTEM,
];

export type ChromiumSource = 'CHROMIUM_PATH' | 'system' | 'playwright';
export type ChromiumLookup = { ok: true; path: string; source: ChromiumSource } | { ok: false; problem: string };

interface LookupOptions {
  env?: NodeJS.ProcessEnv;
  /** Where a distribution's Chromium may be (default: `chromium` on PATH, then Debian's and Ubuntu's paths). */
  systemPaths?: string[];
  /** Where Playwright's own download would be (undefined when Playwright cannot say). */
  playwrightPath?: () => string | undefined;
}

function playwrightChromium(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

const isExecutableFile = (file: string): boolean => {
  try {
    if (!fs.statSync(file).isFile()) return false;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** Every way to get a browser for the tests; the last one needs the internet. */
export const WAYS_TO_GET_CHROMIUM = [
  "install Debian's (or Ubuntu's) package: apt-get install chromium (as root; found at /usr/bin/chromium)",
  'or point CHROMIUM_PATH at any Chromium or Chrome executable: CHROMIUM_PATH=/path/to/chromium npm test',
  "or, when online, download Playwright's own build (no root needed): npx playwright install chromium",
];

function whyNotExecutable(file: string): string {
  if (!fs.existsSync(file)) return 'does not exist';
  if (!fs.statSync(file).isFile()) return 'is not a file';
  return 'is not executable';
}

export function lookUpChromium(options: LookupOptions = {}): ChromiumLookup {
  const env = options.env ?? process.env;
  const explicit = env.CHROMIUM_PATH;
  if (explicit) {
    if (isExecutableFile(explicit)) return { ok: true, path: explicit, source: 'CHROMIUM_PATH' };
    return {
      ok: false,
      problem:
        `CHROMIUM_PATH=${explicit} ${whyNotExecutable(explicit)}: the browser tests need an executable Chromium there. ` +
        'Fix CHROMIUM_PATH or unset it to use the system or Playwright Chromium.',
    };
  }
  const system = (options.systemPaths ?? systemChromium(env)).find(isExecutableFile);
  if (system) return { ok: true, path: system, source: 'system' };
  const own = (options.playwrightPath ?? playwrightChromium)();
  if (own && isExecutableFile(own)) return { ok: true, path: own, source: 'playwright' };
  return {
    ok: false,
    problem: ['No Chromium found for the browser tests. Any one of these works:', ...WAYS_TO_GET_CHROMIUM.map((w) => `  - ${w}`)].join('\n'),
  };
}

/** The browser the Playwright config launches (undefined: Playwright's default, which browser-check.ts vetted). */
export function findChromium(): { path: string; source: ChromiumSource } | undefined {
  const found = lookUpChromium();
  return found.ok ? { path: found.path, source: found.source } : undefined;
}
