// Finds the Electron binary the way node_modules/electron/index.js does, WITHOUT its side effect: requiring that
// module downloads the binary when it is missing (and fails offline, with two stack traces and a fix that does not
// apply). Used by `npm start` (start-check.ts) and the real-app test, which skips where there is none.
import fs from 'node:fs';
import path from 'node:path';

export function findElectronBinary(root: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const pkgDir = path.join(root, 'node_modules', 'electron');
  const pathFile = path.join(pkgDir, 'path.txt');
  const relative = fs.existsSync(pathFile) ? fs.readFileSync(pathFile, 'utf8').trim() : '';
  const override = env.ELECTRON_OVERRIDE_DIST_PATH?.trim();
  let candidate: string | undefined;
  if (override) candidate = path.join(override, relative || 'electron');
  else if (relative) candidate = path.join(pkgDir, 'dist', relative);
  return candidate && fs.existsSync(candidate) && fs.statSync(candidate).isFile() ? candidate : undefined;
}

/** What fetching Electron's binary gave: nothing to say, or the first line of what went wrong. */
export type ElectronDownload = { ok: true } | { ok: false; error: string };

/**
 * The electron package fetches its binary on first use (it has no install script): the same download, run by us so
 * that a failure is one line instead of its stack traces. Undefined when the binary is there (now); otherwise one
 * line saying what is missing and how to get it. `download` runs the package's installer (tests give their own).
 */
export function ensureElectronBinary(root: string, download: () => ElectronDownload, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (!fs.existsSync(path.join(root, 'node_modules', 'electron', 'package.json'))) {
    return 'Cannot start Caja: the electron package is not installed; run npm ci first.';
  }
  if (findElectronBinary(root, env)) return undefined;
  const override = env.ELECTRON_OVERRIDE_DIST_PATH?.trim();
  if (override) return `Cannot start Caja: ELECTRON_OVERRIDE_DIST_PATH=${override} holds no Electron binary; point it at an unpacked Electron release.`;
  const fetched = download();
  if (fetched.ok && findElectronBinary(root, env)) return undefined;
  const why = fetched.ok ? 'it was not where the package puts it' : fetched.error;
  return (
    `Cannot start Caja: Electron's binary is not installed and its download failed (${why}); with internet run ` +
    '`npx install-electron`, or set ELECTRON_OVERRIDE_DIST_PATH to an unpacked Electron release, then npm start again.'
  );
}
