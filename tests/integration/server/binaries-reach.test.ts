// As root the server runs as `postgres`, which cannot enter a checkout under a root-only folder (a clone
// in /root on a fresh CI machine). The programs are then run from a copy it can reach; the folders of the user are
// never opened up. Exercised only where this runs as root (it does in CI).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hidden = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-rootonly-')); // 0700, as /root is
const resourcesBefore = (process as { resourcesPath?: string }).resourcesPath;

afterAll(() => {
  (process as { resourcesPath?: string }).resourcesPath = resourcesBefore;
  fs.rmSync(hidden, { recursive: true, force: true });
});

describe('the shipped programs where the server\'s user cannot reach them', () => {
  it('reachableByOthers sees a folder closed to others', async () => {
    const { reachableByOthers } = await import('../../../electron/core/server-host/pg-programs');
    expect(reachableByOthers(hidden)).toBe(false);
    expect(reachableByOthers(os.tmpdir())).toBe(true);
  });

  it.skipIf(!asRoot)('as root, a cluster starts from a reachable copy, and the closed folder stays closed', async () => {
    const programs = await import('../../../electron/core/server-host/pg-programs');
    const real = programs.pgNativeDir();
    fs.cpSync(real, path.join(hidden, 'postgres'), { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
    (process as { resourcesPath?: string }).resourcesPath = hidden; // as a packaged app would find them
    expect(programs.pgNativeDir()).toBe(path.join(hidden, 'postgres'));
    expect(programs.pgProgram('initdb').startsWith(os.tmpdir())).toBe(true);
    expect(programs.pgProgram('initdb').startsWith(hidden)).toBe(false);
    const { startPgCluster } = await import('./pg-cluster');
    const cluster = await startPgCluster();
    cluster.destroy();
    expect(fs.statSync(hidden).mode & 0o777).toBe(0o700);
  }, 120_000);
});
