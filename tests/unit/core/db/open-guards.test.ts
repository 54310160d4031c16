// The core checks its own file at open (whatever the mode; only what the first write depends on, the rest in the
// background), never makes a new database where one was
// expected, closes what it opened when it fails, and allows one process per data folder.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createCore } from '../../../../electron/core/app';
import { openDatabase } from '../../../../electron/core/db';
import { BackgroundCheck } from '../../../../electron/core/db/background-check';
import { markDamaged, readDamageMark } from '../../../../electron/core/db/damage-mark';
import { silentLogger } from '../../../../electron/core/dispatch';
import { memorySecretStore } from '../../../../electron/core/services/secrets';
import { sha256, tempDir } from './helpers';

/** Files of `dir` this process holds open (Linux: /proc/self/fd). */
function openFilesIn(dir: string): string[] {
  if (!fs.existsSync('/proc/self/fd')) return [];
  return fs.readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      const target = fs.readlinkSync(`/proc/self/fd/${fd}`);
      return target.startsWith(dir) ? [target] : [];
    } catch {
      return [];
    }
  });
}

/** A database made the way the app makes it, with a few rows, closed. */
function realDatabase(dir: string): string {
  const file = path.join(dir, 'caja.db');
  const db = openDatabase({ path: file });
  const insert = db.sqlite.prepare("INSERT INTO settings (key, value) VALUES (?, '\"x\"')");
  db.sqlite.transaction(() => {
    for (let i = 0; i < 2000; i++) insert.run(`clave-${i}-${'x'.repeat(40)}`);
  })();
  db.close();
  return file;
}

/** Overwrites one page of a database file with garbage (from `from`: the first page's header stays). */
function flipPage(file: string, page: number, from = 0): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.writeSync(fd, Buffer.alloc(4096 - from, 0xa5), 0, 4096 - from, (page - 1) * 4096 + from);
  } finally {
    fs.closeSync(fd);
  }
}

describe('openDatabase checks the file before it writes anything', () => {
  it('refuses a zero-length file and leaves it as it is (it is a truncated database, not a new one)', () => {
    const dir = tempDir();
    const file = path.join(dir, 'caja.db');
    fs.writeFileSync(file, '');
    expect(() => openDatabase({ path: file })).toThrow(/vacío/);
    expect(fs.statSync(file).size).toBe(0);
    expect(openFilesIn(dir)).toEqual([]);
  });

  it.each([
    { what: 'a damaged schema page', damage: (file: string) => flipPage(file, 1, 100) },
    { what: 'a file cut short', damage: (file: string) => fs.truncateSync(file, fs.statSync(file).size - 3 * 4096) },
    {
      what: 'a file the background check found damaged',
      damage: (file: string) => markDamaged(file, { at: '2026-01-01T00:00:00Z', reason: 'Tree 4 page 9: btreeInitPage() returns error code 11' }),
    },
  ])('refuses $what without writing to it', ({ damage }) => {
    const dir = tempDir();
    const file = realDatabase(dir);
    damage(file);
    const before = sha256(file);
    let error: unknown;
    try {
      openDatabase({ path: file });
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ name: 'StorageError', code: 'corrupt' });
    expect((error as Error).message).toMatch(/dañad|incompleta/);
    expect(sha256(file)).toBe(before);
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    expect(openFilesIn(dir)).toEqual([]);
  });

  it('does not read the whole file: a damaged page deep in it is left to the background check', async () => {
    const dir = tempDir();
    const file = realDatabase(dir);
    // A leaf of the settings table: nothing the open reads.
    const probe = new Database(file, { readonly: true });
    const leaves = probe.prepare("SELECT pageno FROM dbstat WHERE name = 'settings' AND pagetype = 'leaf' ORDER BY pageno").pluck().all() as number[];
    probe.close();
    flipPage(file, leaves[Math.floor(leaves.length / 2)] as number);
    const db = openDatabase({ path: file });
    db.close();
    const check = new BackgroundCheck({ dbPath: file, log: silentLogger, now: () => new Date(), onChange: () => {} });
    expect(await check.run()).toBe('damaged');
    // SQLite's words: a report of the page, or a read it refused (which page is hit depends on the schema).
    expect(readDamageMark(file)?.reason).toMatch(/page|malformed/);
    expect(() => openDatabase({ path: file })).toThrow(/segundo plano/);
    // A mark names the file it was made for: another file put in its place (a restore renames) is not condemned.
    fs.copyFileSync(file, `${file}.other`);
    fs.renameSync(`${file}.other`, file);
    expect(readDamageMark(file)).toBeNull();
  });

  it('refuses a file that is not a database, and a database of another program', () => {
    const dir = tempDir();
    const text = path.join(dir, 'texto.db');
    fs.writeFileSync(text, 'esto no es una base de datos, solo texto '.repeat(200));
    expect(() => openDatabase({ path: text })).toThrow(expect.objectContaining({ code: 'not_sqlite' }));
    const other = path.join(dir, 'otra.db');
    const foreign = new Database(other);
    foreign.exec('CREATE TABLE clientes (id INTEGER PRIMARY KEY, nombre TEXT)');
    foreign.close();
    const before = sha256(other);
    expect(() => openDatabase({ path: other })).toThrow(expect.objectContaining({ code: 'foreign' }));
    expect(sha256(other)).toBe(before);
  });

  it('never creates a database where one was expected', () => {
    const dir = tempDir();
    const file = path.join(dir, 'caja.db');
    expect(() => openDatabase({ path: file, mustExist: true })).toThrow(expect.objectContaining({ code: 'missing' }));
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('makes a new database whole or not at all (built aside, then put in place)', () => {
    const dir = tempDir();
    const file = path.join(dir, 'caja.db');
    openDatabase({ path: file }).close();
    expect(fs.statSync(file).size).toBeGreaterThan(0);
    expect(fs.readdirSync(dir).filter((f) => f.includes('.new-'))).toEqual([]);
  });
});

describe('createCore', () => {
  it('refuses a zero-length caja.db instead of issuing B001-1 on a new one', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'caja.db'), '');
    expect(() => createCore({ dataDir: dir, fetch: globalThis.fetch, secrets: memorySecretStore(), mode: 'demo', dbPath: path.join(dir, 'caja.db') })).toThrow(/vacío/);
    expect(fs.statSync(path.join(dir, 'caja.db')).size).toBe(0);
  });

  it('does not make a new database when copies of the old one exist (it was deleted or moved)', () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'backups'));
    fs.writeFileSync(path.join(dir, 'backups', 'caja-20250301-093000-daily.db'), 'copia');
    expect(() => createCore({ dataDir: dir, fetch: globalThis.fetch, secrets: memorySecretStore() })).toThrow(
      expect.objectContaining({ code: 'missing' }),
    );
    expect(fs.existsSync(path.join(dir, 'caja.db'))).toBe(false);
  });

  it('closes the database (and frees the folder) when it fails after opening it', () => {
    const dir = tempDir();
    const file = realDatabase(dir);
    const db = new Database(file);
    // Any failure after the file is open: here the series cannot be registered.
    db.exec("CREATE TRIGGER no_series BEFORE INSERT ON series BEGIN SELECT RAISE(ABORT, 'serie bloqueada'); END");
    db.close();
    expect(() => createCore({ dataDir: dir, fetch: globalThis.fetch, secrets: memorySecretStore() })).toThrow();
    expect(openFilesIn(dir)).toEqual([]);
  });

  it('allows one core per data folder: a second one is refused in Spanish until the first closes', () => {
    const dir = tempDir();
    const first = createCore({ dataDir: dir, fetch: globalThis.fetch, secrets: memorySecretStore() });
    let error: unknown;
    try {
      createCore({ dataDir: dir, fetch: globalThis.fetch, secrets: memorySecretStore() });
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'in_use' });
    expect((error as Error).message).toMatch(/ya está abierta/);
    first.close();
    const second = createCore({ dataDir: dir, fetch: globalThis.fetch, secrets: memorySecretStore() });
    second.close();
  });

  it('refuses a folder another process holds, and takes it once that process is killed', async () => {
    const dir = tempDir();
    createCore({ dataDir: dir, fetch: globalThis.fetch, secrets: memorySecretStore() }).close();
    const script = path.join(tempDir(), 'holder.ts');
    fs.writeFileSync(
      script,
      `import { createCore } from ${JSON.stringify(path.resolve('electron/core/app.ts'))};
      import { memorySecretStore } from ${JSON.stringify(path.resolve('electron/core/services/secrets.ts'))};
      // Kept referenced, as the app keeps its core: an unreferenced core (and its lock's connection) may be collected.
      (globalThis as Record<string, unknown>).holder = createCore({ dataDir: ${JSON.stringify(dir)}, fetch: globalThis.fetch, secrets: memorySecretStore() });
      process.stdout.write('ready\\n');
      setInterval(() => {}, 1000);`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => ((out += c.toString()), out.includes('ready') && resolve()));
      child.stderr.on('data', (c: Buffer) => (out += c.toString()));
      child.on('exit', () => reject(new Error(`child exited: ${out}`)));
    });
    try {
      expect(() => createCore({ dataDir: dir, fetch: globalThis.fetch, secrets: memorySecretStore() })).toThrow(/ya está abierta/);
    } finally {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    }
    createCore({ dataDir: dir, fetch: globalThis.fetch, secrets: memorySecretStore() }).close();
  }, 30_000);
});
