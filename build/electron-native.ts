// Fetches Electron's build of better-sqlite3 into .native/ (git-ignored), next to Node's build in node_modules that
// the tests use. Runs before `npm start` and `npm run pack`; a build already there is kept. Node's build is never
// touched: everything happens in a temporary copy of the package.
//   1. prebuild-install --runtime electron --target <installed electron> (better-sqlite3 publishes Electron
//      prebuilds in its GitHub releases; prebuild-install is its own install-time dependency);
//   2. otherwise a source build with node-gyp against Electron's headers (--dist-url https://electronjs.org/headers,
//      as Electron's "Native Node Modules" guide describes for a manual build).
// Where Electron's binary is not installed (machines without its download), there is nothing to run: it says so and
// exits 0. With --require (packaging) a missing build is an error.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BINDING_FILE, electronBuildDir } from '../electron/shell/native-binding';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const required = process.argv.includes('--require');
const say = (text: string) => console.log(`[electron-native] ${text}`);

function finish(problem: string): never {
  say(problem);
  process.exit(required ? 1 : 0);
}

function electronVersion(): string {
  try {
    return (require('electron/package.json') as { version: string }).version;
  } catch {
    return finish('electron is not installed (npm ci first); nothing to do.');
  }
}

/**
 * The executable path, or undefined when Electron's binary was not downloaded. Read from the package's path.txt and
 * dist/ (what its install script writes) rather than require('electron'), which would try the download again.
 */
function electronBinary(): string | undefined {
  const dir = path.dirname(require.resolve('electron/package.json'));
  const pathTxt = path.join(dir, 'path.txt');
  if (!fs.existsSync(pathTxt)) return undefined;
  const file = path.join(dir, 'dist', fs.readFileSync(pathTxt, 'utf8').trim());
  return fs.existsSync(file) ? file : undefined;
}

function tryRun(what: string, command: string, args: string[], cwd: string): boolean {
  try {
    execFileSync(command, args, { cwd, stdio: 'inherit', timeout: 10 * 60_000 });
    return true;
  } catch (error) {
    say(`${what} failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    return false;
  }
}

function main(): void {
  if (process.env.CAJA_SKIP_ELECTRON_NATIVE === '1') return finish('skipped (CAJA_SKIP_ELECTRON_NATIVE=1).');
  const version = electronVersion();
  const { getAbi } = require('node-abi') as { getAbi(target: string, runtime: string): string };
  const target = { abi: getAbi(version, 'electron'), platform: process.platform, arch: process.arch };
  const dest = path.join(electronBuildDir(root, target), BINDING_FILE);
  if (fs.existsSync(dest)) return say(`Electron ${version} (ABI ${target.abi}): ${path.relative(root, dest)} is present.`);
  if (!electronBinary()) {
    return finish(
      `Electron ${version}'s binary is not installed here (its download is not available), so there is no Electron ` +
        `to build for: skipped. On a machine with internet, npm start fetches ${path.relative(root, dest)} first.`,
    );
  }
  const pkgDir = path.dirname(require.resolve('better-sqlite3/package.json'));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-electron-native-'));
  try {
    fs.cpSync(pkgDir, work, { recursive: true, filter: (src) => !src.includes(`${path.sep}build${path.sep}`) && !src.endsWith(`${path.sep}build`) });
    const built = path.join(work, 'build', 'Release', BINDING_FILE);
    const prebuild = require.resolve('prebuild-install/bin.js');
    const electronArgs = ['--runtime', 'electron', '--target', version, '--arch', target.arch, '--platform', target.platform];
    const ok =
      (tryRun('prebuild-install (download)', process.execPath, [prebuild, ...electronArgs], work) && fs.existsSync(built)) ||
      (tryRun('node-gyp (source build against Electron headers)', process.execPath, [
        require.resolve('node-gyp/bin/node-gyp.js'), 'rebuild', '--release', `--target=${version}`, `--arch=${target.arch}`,
        '--dist-url=https://electronjs.org/headers',
      ], work) && fs.existsSync(built));
    if (!ok) return finish(`could not obtain better-sqlite3 for Electron ${version}; Caja cannot open its database under Electron.`);
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    fs.copyFileSync(built, dest);
    fs.mkdirSync(path.join(root, '.native', 'current'), { recursive: true });
    fs.copyFileSync(built, path.join(root, '.native', 'current', BINDING_FILE)); // what packaging ships (extraResources)
    say(`Electron ${version} (ABI ${target.abi}): saved ${path.relative(root, dest)}.`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main();
