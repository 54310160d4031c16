// Packaging is configured and checked here, not run (electron-builder needs the Electron download).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FuseConfig } from '@electron/fuses';
import { describe, expect, it, vi } from 'vitest';
import { encodePng, ICON_SIZE, renderIconRgba } from '../../../build/make-icon';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CONFIG_PATH = path.join(ROOT, 'build', 'electron-builder.json');
const require = createRequire(import.meta.url);

interface BuilderConfig {
  appId: string;
  productName: string;
  asar: boolean;
  files: string[];
  extraResources: Array<{ from: string; to: string; filter: string[] }>;
  npmRebuild: boolean;
  buildDependenciesFromSource: boolean;
  afterPack: string;
  linux: { target: string[]; icon: string };
  win: { target: Array<{ target: string }>; icon: string };
  [key: string]: unknown;
}

const config = JSON.parse(fs.readFileSync(CONFIG_PATH, 'utf8')) as BuilderConfig;

/** electron-builder's own loader and schema validation (what `electron-builder --config` runs first). */
async function validate(configPath: string): Promise<void> {
  const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
    getConfig(projectDir: string, configPath: string, options: null): Promise<object>;
    validateConfiguration(config: object, logger: object): Promise<void>;
  };
  const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => object };
  const loaded = await getConfig(ROOT, configPath, null);
  await validateConfiguration(loaded, new DebugLogger(false));
}

describe('electron-builder configuration', () => {
  it('names the app and targets AppImage + deb on Linux and NSIS on Windows', () => {
    expect(config.appId).toBe('pe.caja.pos');
    expect(config.productName).toBe('Caja');
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target.map((t) => t.target)).toEqual(['nsis']);
  });

  it('packs the built app in an asar archive, with the migrations beside it', () => {
    expect(config.asar).toBe(true);
    expect(config.files).toEqual(expect.arrayContaining(['out/**', 'package.json']));
    expect(config.files.some((f) => /^(electron|renderer|shared|tests|src)\//.test(f))).toBe(false);
    expect(config.extraResources).toEqual([
      // The shop server's migrations (migrations/server) ship with the till's.
      { from: 'migrations', to: 'migrations', filter: ['**/*.sql'] },
      { from: '.native/current', to: 'native', filter: ['better_sqlite3.node'] },
    ]);
  });

  it('ships the same Electron build of better-sqlite3 that npm start uses (resources/native), never Node\'s', () => {
    // build/electron-native.ts fetches it into .native/; the pack scripts run it with --require.
    expect(config.npmRebuild).toBe(false);
    const trims = config.files.filter((f) => f.startsWith('!node_modules/better-sqlite3/'));
    expect(trims.join(' ')).toMatch(/\{src,deps,/);
    expect(trims.join(' ')).toMatch(/build\/Release\/\{obj,obj\.target,\.deps\}/);
    expect(config.files).toContain('!node_modules/better-sqlite3/build/Release/better_sqlite3.node');
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    for (const script of ['pack', 'dist:linux', 'dist:win']) expect(pkg.scripts[script]).toMatch(/tsx build\/electron-native\.ts --require && electron-builder/);
    expect(pkg.scripts.start).toMatch(/tsx build\/electron-native\.ts && electron \./);
  });

  it('is not wired into postinstall', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
    expect(pkg.scripts?.postinstall ?? '').not.toMatch(/electron-builder|install-app-deps|electron-rebuild/);
  });

  it('uses icons that exist', () => {
    expect(fs.existsSync(path.join(ROOT, config.linux.icon))).toBe(true);
    expect(fs.existsSync(path.join(ROOT, config.win.icon))).toBe(true);
  });

  // Code outside app.asar is outside the asar integrity fuse. Only native modules (a binding.gyp: a .node
  // file must be a real file to be loaded) and the packages their loaders require may be unpacked.
  it('unpacks nothing executable but native modules and their loaders', () => {
    const unpack = (config as { asarUnpack?: string[] }).asarUnpack ?? [];
    const packages = unpack.flatMap((pattern) => {
      const match = /^node_modules\/(?:\{([^}]+)\}|([^/{}*]+))\/\*\*$/.exec(pattern);
      expect(match, `asarUnpack pattern ${pattern} names whole packages`).not.toBeNull();
      return (match?.[1] ?? match?.[2] ?? '').split(',');
    });
    const manifest = (name: string) =>
      JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    const native = (name: string) => fs.existsSync(path.join(ROOT, 'node_modules', name, 'binding.gyp'));
    // The native packages among those unpacked, and every package they depend on at run time, transitively
    // (prebuild-install fetches the binary at `npm install`; the app never loads it).
    const installTime = new Set(['prebuild-install']);
    const allowed = new Set<string>();
    const visit = (name: string) => {
      if (allowed.has(name) || installTime.has(name) || !fs.existsSync(path.join(ROOT, 'node_modules', name))) return;
      allowed.add(name);
      for (const dep of Object.keys(manifest(name).dependencies ?? {})) visit(dep);
    };
    packages.filter(native).forEach(visit);
    expect(packages.filter(native)).toEqual(['better-sqlite3']);
    expect([...allowed].sort()).toEqual(['better-sqlite3', 'bindings', 'file-uri-to-path']);
    expect(packages.filter((name) => !allowed.has(name))).toEqual([]);
  });

  it("passes electron-builder's own validation, which does reject a broken config", async () => {
    await expect(validate(CONFIG_PATH)).resolves.toBeUndefined();
    const broken = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'caja-builder-')), 'broken.json');
    fs.writeFileSync(broken, JSON.stringify({ ...config, asar: 'sí', notAnOption: 1 }));
    await expect(validate(broken)).rejects.toThrow(/configuration/i);
    fs.rmSync(path.dirname(broken), { recursive: true, force: true });
  });
});

describe('Electron fuses (afterPack)', () => {
  const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

  it('electron-builder resolves the hook from the config', async () => {
    const { resolveFunction } = require('app-builder-lib/out/util/resolve.js') as {
      resolveFunction(type: undefined, executor: string, name: string, root: string): Promise<unknown>;
    };
    // electron-builder runs from the project folder and resolves './build/...' against it.
    const cwd = process.cwd();
    if (path.resolve(cwd) !== path.resolve(ROOT)) process.chdir(ROOT);
    try {
      const hook = await resolveFunction(undefined, config.afterPack, 'afterPack', ROOT);
      expect(typeof hook).toBe('function');
    } finally {
      if (process.cwd() !== cwd) process.chdir(cwd);
    }
  });

  it('flips the fuses in the packed binary: no run-as-node, no NODE_OPTIONS, no inspect, asar only and checked', async () => {
    const { afterPack } = await import('../../../build/after-pack.mjs');
    const fuses = require('@electron/fuses') as typeof import('@electron/fuses');
    // A stand-in binary: the sentinel, wire version 1, 8 fuses all "enabled" ('1'), as in a stock Electron.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-fuses-'));
    const binary = path.join(dir, 'caja');
    fs.writeFileSync(binary, Buffer.concat([Buffer.from('ELF...'), Buffer.from(SENTINEL), Buffer.from([1, 8]), Buffer.from('11111111'), Buffer.from('...')]));
    const addElectronFuses = vi.fn((_context: unknown, fuseConfig: FuseConfig) => fuses.flipFuses(binary, fuseConfig));

    await afterPack({ appOutDir: dir, electronPlatformName: 'linux', packager: { addElectronFuses } });

    expect(addElectronFuses).toHaveBeenCalledTimes(1);
    const wire = (await fuses.getCurrentFuseWire(binary)) as unknown as Record<number, number>;
    const ON = 49; // '1'
    const OFF = 48; // '0'
    expect(wire[fuses.FuseV1Options.RunAsNode]).toBe(OFF);
    expect(wire[fuses.FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(OFF);
    expect(wire[fuses.FuseV1Options.EnableNodeCliInspectArguments]).toBe(OFF);
    expect(wire[fuses.FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(OFF);
    expect(wire[fuses.FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(ON);
    expect(wire[fuses.FuseV1Options.OnlyLoadAppFromAsar]).toBe(ON);
    expect(wire[fuses.FuseV1Options.EnableCookieEncryption]).toBe(ON);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('icon', () => {
  it('build/icon.png is the 512×512 RGBA PNG that build/make-icon.ts draws', () => {
    const png = fs.readFileSync(path.join(ROOT, 'build', 'icon.png'));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(512);
    expect(png.readUInt32BE(20)).toBe(512);
    expect(png[25]).toBe(6); // RGBA
    expect(png.equals(encodePng(renderIconRgba(), ICON_SIZE, ICON_SIZE))).toBe(true);
  });
});
