// As root, the shipped PostgreSQL programs are copied to the temp folder when the server's user cannot reach them,
// and `shippedMajor` runs the copy's `postgres` as root. A folder of the copy's name planted there by another user
// (or one that user can still write into) must never be run: a fresh copy is made instead.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const NOBODY = 65534;
const hidden = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-rootonly-')); // 0700, as /root is
const marker = path.join(hidden, 'planted-ran');
const resourcesBefore = (process as { resourcesPath?: string }).resourcesPath;
const made: string[] = [];

/** A stand-in for the shipped programs, out of others' reach, with a postgres of a size and mtime of its own. */
function fakeNative(tag: number): string {
  const native = path.join(hidden, `res-${tag}`, 'postgres');
  fs.mkdirSync(path.join(native, 'bin'), { recursive: true });
  const program = path.join(native, 'bin', 'postgres');
  fs.writeFileSync(program, `#!/bin/sh\n# ${tag}\necho "postgres (PostgreSQL) 18.1"\n`, { mode: 0o755 });
  const when = new Date(Date.UTC(2020, 0, 1) + tag * 1000 + Math.floor(Math.random() * 1e9));
  fs.utimesSync(program, when, when);
  (process as { resourcesPath?: string }).resourcesPath = path.dirname(native);
  const st = fs.statSync(program);
  const copy = path.join(os.tmpdir(), `caja-postgres-${st.size}-${Math.floor(st.mtimeMs)}`);
  made.push(copy);
  return copy;
}

/** What an attacker leaves under the copy's name: a postgres that leaves a mark when it runs. */
function plant(dir: string, owner: number, fileMode = 0o755): void {
  fs.mkdirSync(path.join(dir, 'bin'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'bin', 'postgres'), `#!/bin/sh\ntouch ${marker}\necho "postgres (PostgreSQL) 99.0"\n`);
  fs.chmodSync(path.join(dir, 'bin', 'postgres'), fileMode);
  fs.chmodSync(path.join(dir, 'bin'), 0o755);
  fs.chmodSync(dir, 0o755);
  for (const p of [dir, path.join(dir, 'bin'), path.join(dir, 'bin', 'postgres')]) fs.chownSync(p, owner, owner);
}

async function freshPrograms() {
  vi.resetModules();
  return import('../../../electron/core/server-host/pg-programs');
}

afterEach(() => {
  fs.rmSync(marker, { force: true });
});

afterAll(() => {
  (process as { resourcesPath?: string }).resourcesPath = resourcesBefore;
  for (const copy of made) {
    const base = path.basename(copy);
    for (const entry of fs.readdirSync(os.tmpdir())) {
      if (entry === base || entry.startsWith(`${base}.`)) fs.rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
    }
  }
  fs.rmSync(hidden, { recursive: true, force: true });
});

describe.skipIf(!asRoot)('the copy of the programs in the temp folder, as root', () => {
  it('never runs a folder planted by another user', async () => {
    const copy = fakeNative(1);
    plant(copy, NOBODY);
    const programs = await freshPrograms();
    expect(programs.shippedMajor()).toBe(18);
    expect(fs.existsSync(marker)).toBe(false);
    expect(path.dirname(programs.pgProgram('postgres')).startsWith(copy)).toBe(true);
    expect(programs.pgProgram('postgres')).not.toBe(path.join(copy, 'bin', 'postgres'));
  });

  it('never runs a root folder with a part another user owns or can write', async () => {
    const copyA = fakeNative(2);
    plant(copyA, 0);
    fs.chownSync(path.join(copyA, 'bin'), NOBODY, NOBODY); // the user can swap the program
    expect((await freshPrograms()).shippedMajor()).toBe(18);
    expect(fs.existsSync(marker)).toBe(false);

    const copyB = fakeNative(3);
    plant(copyB, 0, 0o777); // the program is writable by anyone
    expect((await freshPrograms()).shippedMajor()).toBe(18);
    expect(fs.existsSync(marker)).toBe(false);

    const copyC = fakeNative(4);
    plant(copyC, 0);
    fs.chmodSync(copyC, 0o777); // anyone can replace bin/
    expect((await freshPrograms()).shippedMajor()).toBe(18);
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('never follows a link under the copy\'s name', async () => {
    const copy = fakeNative(5);
    const elsewhere = path.join(os.tmpdir(), `${path.basename(copy)}-target`);
    made.push(elsewhere);
    plant(elsewhere, 0);
    fs.symlinkSync(elsewhere, copy);
    expect((await freshPrograms()).shippedMajor()).toBe(18);
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('reuses its own closed copy on the next run', async () => {
    const copy = fakeNative(6);
    const first = await freshPrograms();
    expect(first.pgProgram('postgres')).toBe(path.join(copy, 'bin', 'postgres'));
    expect(fs.lstatSync(copy).mode & 0o777).toBe(0o755);
    expect(first.ownedAndClosed(copy)).toBe(true);
    const second = await freshPrograms();
    expect(second.pgProgram('postgres')).toBe(path.join(copy, 'bin', 'postgres'));
    expect(second.shippedMajor()).toBe(18);
  });
});
