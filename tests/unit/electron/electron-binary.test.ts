import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findElectronBinary } from '../../electron/electron-binary';

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
