// Finds the Electron binary the way node_modules/electron/index.js does, WITHOUT its side effect: requiring that
// module downloads the binary when it is missing (and fails offline). Returns undefined when there is none.
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
