// The test loop: `npm run test:quick` leaves out the drills, and `npm test` ends by saying what it skipped and why.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { skipSummary, writeSkipRecord } from '../../support/skip-record';
import quick, { DRILLS, SHOP_SERVER } from '../../vitest.quick.config.mjs';
import { ISOLATED } from '../../vitest.config.mjs';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const scripts = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function testFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    return e.isDirectory() ? testFiles(rel) : e.name.endsWith('.test.ts') ? [rel] : [];
  });
}

describe('npm run test:quick', () => {
  it('runs the Vitest suite without the drills', () => {
    expect(scripts['test:quick']).toBe('vitest run --config tests/vitest.quick.config.mts');
    expect(quick.test?.exclude).toContain(DRILLS);
    expect(DRILLS).toBe('**/*drill*.test.ts');
    expect(quick.test?.exclude).toContain(SHOP_SERVER);
    // Every drill is named as one, so the pattern leaves each of them out.
    const drillFolder = testFiles('tests/integration/drill');
    expect(drillFolder.length).toBeGreaterThanOrEqual(6);
    for (const f of drillFolder) expect(path.basename(f)).toMatch(/drill.*\.test\.ts$/);
  });
});

// A Vitest include pattern as a regular expression: two stars and a slash match any folders (or none), a star any
// part of one name.
function globRegExp(glob: string): RegExp {
  const parts = glob.split('**/').map((part) => part.split('*').map((text) => text.replace(/[.+?^$|()[\]{}\\]/g, '\\$&')).join('[^/]*'));
  return new RegExp('^' + parts.join('(?:.*/)?') + '$');
}

describe('Vitest\'s shared processes', () => {
  it('run no file that leaves a change behind in its process: those run isolated', () => {
    const isolated = ISOLATED.map(globRegExp);
    const leavesChange = /vi\.(mock|doMock|stubGlobal|stubEnv|resetModules)\(|process\.umask\(/;
    const files = [...testFiles('tests/unit'), ...testFiles('tests/integration')].map((f) => f.split(path.sep).join('/'));
    const changers = files.filter((f) => leavesChange.test(fs.readFileSync(path.join(ROOT, f), 'utf8')));
    expect(changers.length).toBeGreaterThanOrEqual(8);
    expect(changers.filter((f) => !isolated.some((r) => r.test(f)))).toEqual([]);
    expect(isolated.some((r) => r.test('tests/integration/drill/crash-drill.test.ts'))).toBe(true);
    expect(isolated.some((r) => r.test('tests/integration/core/outbox.test.ts'))).toBe(false);
  });
});

describe('the end of npm test', () => {
  it('prints what the runners skipped and why', () => {
    expect(scripts.test?.split('&&').at(-1)?.trim()).toBe('tsx tests/skip-summary.ts');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-skips-'));
    dirs.push(dir);
    writeSkipRecord('vitest', [{ where: 'tests/a.test.ts', title: 'as root', why: 'not root here' }], dir);
    writeSkipRecord('electron', [{ where: 'tests/electron/app.spec.ts', title: 'the real app', why: 'Electron binary not installed here' }], dir);
    expect(skipSummary(['vitest', 'browser', 'electron'], dir).split('\n')).toEqual([
      'Skipped: 2 tests.',
      '  vitest: tests/a.test.ts › as root: not root here',
      '  browser: no record of this run (did it run?)',
      '  electron: tests/electron/app.spec.ts › the real app: Electron binary not installed here',
    ]);
    writeSkipRecord('browser', [], dir);
    writeSkipRecord('vitest', [], dir);
    writeSkipRecord('electron', [], dir);
    expect(skipSummary(['vitest', 'browser', 'electron'], dir)).toBe('Skipped: nothing.');
  });
});
