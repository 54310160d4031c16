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

/** One line saying what is missing and how to get it, or undefined when Electron's binary is there. */
export function missingElectronMessage(root: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (!fs.existsSync(path.join(root, 'node_modules', 'electron', 'package.json'))) {
    return 'Cannot start Caja: the electron package is not installed; run npm ci first.';
  }
  if (findElectronBinary(root, env)) return undefined;
  const override = env.ELECTRON_OVERRIDE_DIST_PATH?.trim();
  if (override) return `Cannot start Caja: ELECTRON_OVERRIDE_DIST_PATH=${override} holds no Electron binary; point it at an unpacked Electron release.`;
  return (
    "Cannot start Caja: Electron's binary is not installed (npm ci could not download it); with internet run " +
    '`node node_modules/electron/install.js`, or set ELECTRON_OVERRIDE_DIST_PATH to an unpacked Electron release, then npm start again.'
  );
}
