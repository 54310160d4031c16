// The browser check is the first thing `npm test` does, and it refuses at once what would fail 20 minutes later.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { lookUpChromium } from '../../find-chromium';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-chromium-'));
  dirs.push(dir);
  return dir;
}
function file(dir: string, name: string, mode: number): string {
  const f = path.join(dir, name);
  fs.writeFileSync(f, '#!/bin/sh\n');
  fs.chmodSync(f, mode);
  return f;
}
const nowhere = { systemPaths: [] as string[], playwrightPath: () => undefined };

describe('finding a Chromium for the browser tests', () => {
  it('with none anywhere, names every way that works, in English', () => {
    const found = lookUpChromium({ env: {}, ...nowhere });
    expect(found.ok).toBe(false);
    const problem = found.ok ? '' : found.problem;
    expect(problem).toMatch(/^No Chromium found for the browser tests/);
    expect(problem).toContain('apt-get install chromium');
    expect(problem).toContain('CHROMIUM_PATH=');
    expect(problem).toContain('npx playwright install chromium');
  });

  it('refuses a CHROMIUM_PATH that does not exist, is a folder or is not executable, even when another browser exists', () => {
    const dir = tempDir();
    const system = file(dir, 'system-chromium', 0o755);
    const plain = file(dir, 'plain-file', 0o644);
    for (const [bad, why] of [
      [path.join(dir, 'missing'), 'does not exist'],
      [dir, 'is not a file'],
      [plain, 'is not executable'],
    ] as const) {
      const found = lookUpChromium({ env: { CHROMIUM_PATH: bad }, systemPaths: [system], playwrightPath: () => undefined });
      expect(found, bad).toMatchObject({ ok: false });
      expect(found.ok ? '' : found.problem).toContain(`CHROMIUM_PATH=${bad} ${why}`);
    }
  });

  it('takes an executable CHROMIUM_PATH first, else the system package, else Playwright\'s download', () => {
    const dir = tempDir();
    const explicit = file(dir, 'explicit', 0o755);
    const system = file(dir, 'system', 0o755);
    const own = file(dir, 'own', 0o755);
    expect(lookUpChromium({ env: { CHROMIUM_PATH: explicit }, systemPaths: [system], playwrightPath: () => own })).toEqual({
      ok: true,
      path: explicit,
      source: 'CHROMIUM_PATH',
    });
    expect(lookUpChromium({ env: {}, systemPaths: [system], playwrightPath: () => own })).toMatchObject({ path: system, source: 'system' });
    expect(lookUpChromium({ env: {}, systemPaths: [], playwrightPath: () => own })).toMatchObject({ path: own, source: 'playwright' });
  });

  it('finds a `chromium` on PATH, as .ci/run does before deciding to install one', () => {
    const dir = tempDir();
    const onPath = file(dir, 'chromium', 0o755);
    expect(lookUpChromium({ env: { PATH: dir }, playwrightPath: () => undefined })).toEqual({ ok: true, path: onPath, source: 'system' });
  });

  it('the check script stops with exit 1 on a wrong CHROMIUM_PATH', () => {
    const missing = path.join(tempDir(), 'no-such-chromium');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'tests/browser-check.ts'], {
      cwd: ROOT,
      env: { ...process.env, CHROMIUM_PATH: missing },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr).toContain(`CHROMIUM_PATH=${missing} does not exist`);
  });
});

describe('npm test', () => {
  const scripts = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

  it('checks the browser before anything else (lint, typecheck, Vitest and the build take most of 20 minutes)', () => {
    expect(scripts.test?.split('&&')[0]?.trim()).toBe('tsx tests/browser-check.ts');
  });
});
