import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureElectronBinary, findElectronBinary, type ElectronDownload } from '../../../build/electron-binary';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
function fakeRoot(): { root: string; pkg: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-electron-bin-'));
  dirs.push(root);
  const pkg = path.join(root, 'node_modules', 'electron');
  fs.mkdirSync(pkg, { recursive: true });
  return { root, pkg };
}

describe('findElectronBinary (never downloads)', () => {
  it('finds nothing when the package never fetched its binary', () => {
    const { root } = fakeRoot();
    expect(findElectronBinary(root, {})).toBeUndefined();
  });

  it('finds nothing when path.txt names a binary that is not there', () => {
    const { root, pkg } = fakeRoot();
    fs.writeFileSync(path.join(pkg, 'path.txt'), 'electron');
    expect(findElectronBinary(root, {})).toBeUndefined();
  });

  it('finds dist/<path.txt> when present', () => {
    const { root, pkg } = fakeRoot();
    fs.writeFileSync(path.join(pkg, 'path.txt'), 'electron');
    fs.mkdirSync(path.join(pkg, 'dist'));
    fs.writeFileSync(path.join(pkg, 'dist', 'electron'), '');
    expect(findElectronBinary(root, {})).toBe(path.join(pkg, 'dist', 'electron'));
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH like the electron package does', () => {
    const { root } = fakeRoot();
    const dist = path.join(root, 'custom');
    fs.mkdirSync(dist);
    expect(findElectronBinary(root, { ELECTRON_OVERRIDE_DIST_PATH: dist })).toBeUndefined();
    fs.writeFileSync(path.join(dist, 'electron'), '');
    expect(findElectronBinary(root, { ELECTRON_OVERRIDE_DIST_PATH: dist })).toBe(path.join(dist, 'electron'));
  });
});

describe('npm start without an Electron binary', () => {
  const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', '..');
  const startCheck = (env: NodeJS.ProcessEnv) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'build/start-check.ts'], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 });
  const noDownload = (): ElectronDownload => {
    throw new Error('no download expected');
  };

  it('npm start checks for the binary first, before the build', () => {
    const scripts = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start?.split('&&')[0]?.trim()).toBe('tsx build/start-check.ts');
  });

  it('tries the download once, and when it fails says in one line what is missing and how to get it', () => {
    const { root, pkg } = fakeRoot();
    fs.writeFileSync(path.join(pkg, 'package.json'), '{}');
    let tries = 0;
    const message = ensureElectronBinary(root, () => {
      tries += 1;
      return { ok: false, error: 'TypeError: fetch failed' };
    }, {});
    expect(tries).toBe(1);
    expect(message).toBe(
      "Cannot start Caja: Electron's binary is not installed and its download failed (TypeError: fetch failed); with internet run " +
        '`npx install-electron`, or set ELECTRON_OVERRIDE_DIST_PATH to an unpacked Electron release, then npm start again.',
    );
  });

  it('goes on when the download brought the binary', () => {
    const { root, pkg } = fakeRoot();
    fs.writeFileSync(path.join(pkg, 'package.json'), '{}');
    const message = ensureElectronBinary(root, () => {
      fs.writeFileSync(path.join(pkg, 'path.txt'), 'electron');
      fs.mkdirSync(path.join(pkg, 'dist'));
      fs.writeFileSync(path.join(pkg, 'dist', 'electron'), '');
      return { ok: true };
    }, {});
    expect(message).toBeUndefined();
  });

  it('the script prints that one line and nothing else, no stack trace, and exits 1', () => {
    const { root } = fakeRoot();
    const run = startCheck({ ELECTRON_OVERRIDE_DIST_PATH: root });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([`Cannot start Caja: ELECTRON_OVERRIDE_DIST_PATH=${root} holds no Electron binary; point it at an unpacked Electron release.`]);
  });

  it('says nothing and lets the start go on when the binary is there', () => {
    const { root } = fakeRoot();
    fs.writeFileSync(path.join(root, 'electron'), '');
    expect(startCheck({ ELECTRON_OVERRIDE_DIST_PATH: root })).toMatchObject({ status: 0, stderr: '' });
  });

  it('without the package at all, says to run npm ci', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-electron-bin-'));
    dirs.push(root);
    expect(ensureElectronBinary(root, noDownload, {})).toBe('Cannot start Caja: the electron package is not installed; run npm ci first.');
  });
});
