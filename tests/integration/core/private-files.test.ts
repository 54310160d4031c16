// The till's database and its backup copies are readable by the user alone (0600), whatever the umask.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useRigs, type Rig } from './harness';

const rigs = useRigs();
let previous: number;
beforeEach(() => {
  // A permissive umask, as on a shop PC where every file is created world-readable.
  previous = process.umask(0o022);
});
afterEach(() => {
  process.umask(previous);
});

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe.skipIf(process.platform === 'win32')('private files', () => {
  it('caja.db, its -wal and every backup copy are 0600', async () => {
    const r: Rig = await rigs();
    const db = path.join(r.dataDir, 'caja.db');
    expect(modeOf(db)).toBe(0o600);
    expect(modeOf(`${db}-wal`)).toBe(0o600);
    const backup = await r.call<{ path: string }>('backupNow');
    expect(modeOf(backup.path)).toBe(0o600);
  });
});
