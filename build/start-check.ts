// First step of `npm start`: Electron's binary is fetched here when missing (the electron package would fetch it on
// first use, and fail offline with stack traces and a fix that does not apply), and without it the start stops at
// once with one line saying what is missing and how to get it, before the build.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureElectronBinary, type ElectronDownload } from './electron-binary';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function download(): ElectronDownload {
  console.log("Downloading Electron's binary (once per Electron version)...");
  const run = spawnSync(process.execPath, [path.join(root, 'node_modules', 'electron', 'install.js')], { encoding: 'utf8', timeout: 15 * 60_000 });
  if (run.status === 0) return { ok: true };
  const first = `${run.stderr ?? ''}${run.error?.message ?? ''}`.split('\n').find((l) => l.trim() !== '')?.trim();
  return { ok: false, error: first ?? `the installer exited with ${run.status ?? run.signal}` };
}

const missing = ensureElectronBinary(root, download);
if (missing) {
  console.error(missing);
  process.exit(1);
}
