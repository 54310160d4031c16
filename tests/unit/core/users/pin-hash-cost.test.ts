// The PIN hash's cost: the suite hashes cheaply (tests/support/cheap-pin-hash.ts), the app never does.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_PARAMS, hashPin, needsRehash, pinHashParams, pinMatches, setPinHashParamsForTests } from '../../../../electron/core/users/pin-hash';
import { CHEAP_PIN_HASH, usesCheapPinHash } from '../../../support/cheap-pin-hash';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    return e.isDirectory() ? sources(rel) : /\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

afterEach(() => setPinHashParamsForTests(CHEAP_PIN_HASH));

describe('the PIN hash cost', () => {
  it('production hashes at full cost: a fresh module makes N = 2^16, r = 8, p = 1 hashes', async () => {
    expect(CURRENT_PARAMS).toEqual({ N: 65536, r: 8, p: 1 });
    vi.resetModules();
    const fresh = await import('../../../../electron/core/users/pin-hash');
    expect(fresh.pinHashParams()).toEqual(CURRENT_PARAMS);
    const { hash } = await fresh.hashPin('135790');
    expect(hash).toMatch(/^scrypt\$65536\$8\$1\$[0-9a-f]{64}$/);
  });

  it('nothing outside the tests sets the cost: the core worker only from its init, which the shell never fills', () => {
    const app = ['electron', 'shared', 'renderer', 'build'].flatMap(sources);
    const naming = (word: string) => app.filter((f) => fs.readFileSync(path.join(ROOT, f), 'utf8').includes(word)).sort();
    expect(naming('setPinHashParamsForTests')).toEqual(['electron/core/users/pin-hash.ts', 'electron/core/worker-host/entry.ts']);
    expect(naming('pinHashForTests')).toEqual(['electron/core/worker-host/entry.ts', 'electron/core/worker-host/host.ts', 'shared/bridge/worker-protocol.ts']);
  });

  it('the suite hashes cheaply, and such a hash checks and counts as current', async () => {
    expect(pinHashParams()).toEqual(CHEAP_PIN_HASH);
    const { hash, salt } = await hashPin('2468');
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await pinMatches('2468', hash, salt)).toBe(true);
    expect(needsRehash(hash)).toBe(false);
  });

  it('back at full cost, a cheap hash still checks and is made again at the next sign-in', async () => {
    const { hash, salt } = await hashPin('2468');
    setPinHashParamsForTests(undefined);
    expect(await pinMatches('2468', hash, salt)).toBe(true);
    expect(needsRehash(hash)).toBe(true);
    expect((await hashPin('2468')).hash).toMatch(/^scrypt\$65536\$8\$1\$/);
  });

  it('the drills keep the full cost (their tills, other processes, would hash a cheap PIN again)', () => {
    expect(usesCheapPinHash('/work/caja/tests/integration/drill/authority-drill.test.ts')).toBe(false);
    expect(usesCheapPinHash('tests/integration/core/storage-drill.test.ts')).toBe(false);
    expect(usesCheapPinHash('/work/caja/tests/integration/core/pin-lockout.test.ts')).toBe(true);
  });

  it('refuses a test cost outside the bounds a stored hash may have', () => {
    expect(() => setPinHashParamsForTests({ N: 16, r: 8, p: 1 })).toThrow(/out of bounds/);
    expect(pinHashParams()).toEqual(CHEAP_PIN_HASH);
  });
});
