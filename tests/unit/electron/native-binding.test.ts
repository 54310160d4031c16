// Electron loads its own build of better-sqlite3, never Node's; which file is picked, and what is said when
// it is missing. The fetching script itself needs Electron's binary, which these machines cannot download.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseSqliteBinding, electronBuildDir } from '../../../electron/shell/native-binding';
import { openSqlite, sqliteBinding, useSqliteBinding } from '../../../electron/core/db/sqlite-driver';

const base = { abi: '150', platform: 'linux', arch: 'x64', appRoot: '/repo', resourcesPath: '/opt/Caja/resources' };

describe('chooseSqliteBinding', () => {
  it('in development: the repository\'s .native folder for this ABI, platform and arch', () => {
    expect(electronBuildDir('/repo', base)).toBe(path.join('/repo', '.native', 'electron-v150-linux-x64'));
    const file = path.join('/repo', '.native', 'electron-v150-linux-x64', 'better_sqlite3.node');
    expect(chooseSqliteBinding({ ...base, isPackaged: false, exists: (f) => f === file })).toEqual({ file });
  });

  it('packaged: resources/native, where electron-builder puts the same build', () => {
    const file = path.join('/opt/Caja/resources', 'native', 'better_sqlite3.node');
    expect(chooseSqliteBinding({ ...base, isPackaged: true, exists: (f) => f === file })).toEqual({ file });
  });

  it('another ABI (Electron updated) is not taken for this one, and the problem says what to run', () => {
    const old = path.join('/repo', '.native', 'electron-v139-linux-x64', 'better_sqlite3.node');
    const choice = chooseSqliteBinding({ ...base, isPackaged: false, exists: (f) => f === old });
    expect(choice.file).toBeUndefined();
    expect('problem' in choice && choice.problem).toMatch(/ABI 150.*npm start/);
  });
});

describe('openSqlite', () => {
  it('uses the package\'s own build until a binding is set, then loads that file', () => {
    expect(sqliteBinding()).toBeUndefined();
    const db = openSqlite(':memory:');
    expect(db.prepare('SELECT 1 AS one').get()).toEqual({ one: 1 });
    db.close();
    useSqliteBinding('/nonexistent/better_sqlite3.node');
    try {
      expect(() => openSqlite(':memory:')).toThrow(/nonexistent/);
    } finally {
      useSqliteBinding(undefined);
    }
  });
});

describe('worker scripts in a packaged app', () => {
  it('load their packages from app.asar.unpacked when the file is there (electron/electron#22446)', async () => {
    const { unpackedPath } = await import('../../../electron/core/backup/script-worker');
    const inAsar = path.join('/opt/Caja/resources/app.asar', 'node_modules', 'jszip', 'lib', 'index.js');
    const unpacked = path.join('/opt/Caja/resources/app.asar.unpacked', 'node_modules', 'jszip', 'lib', 'index.js');
    expect(unpackedPath(inAsar, (f) => f === unpacked)).toBe(unpacked);
    expect(unpackedPath(inAsar, () => false)).toBe(inAsar);
    expect(unpackedPath('/repo/node_modules/jszip/lib/index.js', () => true)).toBe('/repo/node_modules/jszip/lib/index.js');
  });

  it('the native module a worker script requires is unpacked; JSZip is not, and reaches the worker as text', async () => {
    const fs = await import('node:fs');
    const config = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../build/electron-builder.json'), 'utf8')) as { asarUnpack: string[] };
    const unpacked = config.asarUnpack.join(' ');
    for (const pkg of ['better-sqlite3', 'bindings']) expect(unpacked).toContain(pkg);
    for (const pkg of ['jszip', 'pako', 'readable-stream', 'lie']) expect(unpacked).not.toContain(pkg);
    const { bundleSource, LOAD_BUNDLE_IN_WORKER, runScriptWorker } = await import('../../../electron/core/backup/script-worker');
    // A worker never told where JSZip is on disk zips with the source it was handed.
    const script = `const { parentPort, workerData } = require('node:worker_threads');
      ${LOAD_BUNDLE_IN_WORKER}
      const JSZip = __loadBundle(workerData.jszipSource);
      const zip = new JSZip();
      zip.file('a.txt', 'hola');
      zip.generateAsync({ type: 'nodebuffer' }).then((b) => JSZip.loadAsync(b)).then((z) => z.file('a.txt').async('string'))
        .then((text) => parentPort.postMessage(text));`;
    const answer = await runScriptWorker<string>(script, () => ({ jszipSource: bundleSource('jszip/dist/jszip.min.js') }));
    expect(answer).toBe('hola');
    const zipWorker = fs.readFileSync(path.resolve(__dirname, '../../../electron/core/export/zip-worker.ts'), 'utf8');
    expect(zipWorker).not.toMatch(/resolveModule\('jszip'\)/);
  });
});
