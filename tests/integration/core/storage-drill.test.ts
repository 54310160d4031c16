// Storage drills, against real SQLite files and the real sandbox over HTTP: the database (and its -wal) is damaged
// the ways a disk damages it, Caja recovers as the shell does at start-up (check, latest good copy, restore) or as
// the core does on its own (a damaged -wal), and goes on selling. Nothing is declared twice (the sandbox's
// declarations have distinct keys) and no sale that was still readable is lost.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createCore } from '../../../electron/core/app';
import { applyRestore, backupFoldersOf, checkDatabaseFile, latestGoodBackup } from '../../../electron/core/backup';
import { defaultMigrationsDir, rebuildFromWal } from '../../../electron/core/db';
import { memorySecretStore } from '../../../electron/core/services/secrets';
import type { Sandbox } from '../../../electron/sandbox';
import type { DocumentSummary } from '../../../shared/bridge';
import { anonymousBoleta, startRig, until, type Rig, useScratch } from './harness';

const migrationsDir = defaultMigrationsDir();
const scratch = useScratch('caja-drill-29-');
const sandbox = () => scratch.sandbox();
const folder = () => scratch.folder();

/** A till on `dataDir` against `shared`, disposed at the end of the test unless the test disposes it first. */
async function till(shared: Sandbox, dataDir: string): Promise<Rig> {
  const rig = await startRig({ shared, dataDir });
  let disposed = false;
  const dispose = rig.dispose.bind(rig);
  rig.dispose = async () => {
    if (disposed) return;
    disposed = true;
    await dispose();
  };
  scratch.onCleanup(() => rig.dispose());
  rig.core.start();
  return rig;
}

const count = (rig: Rig, sql: string) => rig.core.db.sqlite.prepare(sql).pluck().get() as number;

/** Issues `n` boletas and waits until the sandbox accepted every document of the till. */
async function sell(rig: Rig, n: number): Promise<DocumentSummary[]> {
  const issued: DocumentSummary[] = [];
  for (let i = 0; i < n; i++) issued.push(await rig.call<DocumentSummary>('issueSale', anonymousBoleta()));
  await until(rig, () => count(rig, "SELECT COUNT(*) FROM documents WHERE status NOT IN ('accepted', 'observed')") === 0, 400);
  return issued;
}

/** Every declaration key appears once: no number was declared twice. */
function expectNoNumberDeclaredTwice(s: Sandbox): void {
  const keys = s.declarations().map((d) => d.key);
  expect(keys.length).toBeGreaterThan(0);
  expect(new Set(keys).size).toBe(keys.length);
}

/** The id_Base_Dato of every document readable from `file`, read one row at a time (the test's own oracle). */
function readableIds(file: string): Set<string> {
  const ids = new Set<string>();
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch {
    return ids;
  }
  try {
    const one = db.prepare('SELECT id_base_dato FROM documents WHERE id = ?').pluck();
    for (let id = 1; id <= 2_000; id++) {
      try {
        const key = one.get(id) as string | undefined;
        if (key) ids.add(key);
      } catch {
        // Unreadable row.
      }
    }
  } catch {
    // Unreadable table.
  } finally {
    db.close();
  }
  return ids;
}

function idsOf(rig: Rig): Set<string> {
  return new Set(rig.core.db.sqlite.prepare('SELECT id_base_dato FROM documents').pluck().all() as string[]);
}

/** The pages of a table or index of a closed database file (dbstat), in file order. */
function pagesOf(file: string, name: string, type: 'leaf' | 'internal' | null = 'leaf'): number[] {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db.prepare('SELECT pageno, pagetype FROM dbstat WHERE name = ? ORDER BY pageno').all(name) as { pageno: number; pagetype: string }[];
    return rows.filter((r) => type === null || r.pagetype === type).map((r) => r.pageno);
  } finally {
    db.close();
  }
}

/** Flips bytes of one page in place, as a bad sector would. */
function flipPage(file: string, page: number, pageSize = 4096): void {
  const fd = fs.openSync(file, 'r+');
  try {
    const buf = Buffer.alloc(pageSize);
    fs.readSync(fd, buf, 0, pageSize, (page - 1) * pageSize);
    for (let i = 0; i < pageSize; i++) buf[i] = (buf[i] as number) ^ 0x5a;
    fs.writeSync(fd, buf, 0, pageSize, (page - 1) * pageSize);
  } finally {
    fs.closeSync(fd);
  }
}

/** The shell's start-up steps (startup-recovery.ts) with the user accepting the restore. */
async function restoreAtStartup(dataDir: string) {
  const live = path.join(dataDir, 'caja.db');
  const check = checkDatabaseFile(live);
  expect(check.state).toBe('corrupt');
  const good = await latestGoodBackup(backupFoldersOf(dataDir), migrationsDir);
  expect(good).toBeDefined();
  return applyRestore(good!.path, live, { backupFolder: path.dirname(good!.path), migrationsDir });
}

describe('a damaged database is restored and the till goes on selling: no number declared twice, no readable sale lost', () => {
  it.each([
    { what: 'a flipped page of the documents table', name: 'documents', type: 'leaf' as const },
    { what: 'a flipped page of an index', name: 'documents_status', type: null },
  ])('$what', async ({ name, type }) => {
    const s = await sandbox();
    const dataDir = folder();
    const rig = await till(s, dataDir);
    await sell(rig, 150);
    const copy = await rig.call<{ check: string; documents: number }>('backupNow');
    expect(copy).toMatchObject({ check: 'ok', documents: 150 });
    await sell(rig, 50);
    const before = idsOf(rig);
    expect(before.size).toBe(200);
    await rig.dispose();

    const live = path.join(dataDir, 'caja.db');
    const pages = pagesOf(live, name, type);
    flipPage(live, pages[Math.floor(pages.length * 0.8)] as number);
    // The start reads only what its first write depends on; the whole-file check after it finds the damage and marks
    // the file, and from then on the core refuses it rather than writing to it.
    const started = createCore({ dataDir, fetch: globalThis.fetch, secrets: memorySecretStore(), backgroundCheck: false });
    expect(await started.storageCheck.run()).toBe('damaged');
    started.close();
    expect(() => createCore({ dataDir, fetch: globalThis.fetch, secrets: memorySecretStore() })).toThrow(/dañada/);
    const readable = readableIds(live);
    expect(readable.size).toBeGreaterThan(150);

    const result = await restoreAtStartup(dataDir);
    expect(result).toMatchObject({ liveWasReadable: false, numberingHeld: true });
    expect(result.salvaged!.documents).toBeGreaterThanOrEqual(readable.size);

    const after = await till(s, dataDir);
    const next = await sell(after, 10);
    // Every sale still readable from the damaged file is in the restored database, with its status.
    const kept = idsOf(after);
    for (const id of readable) expect(kept.has(id)).toBe(true);
    if (type === null) expect(kept.size).toBe(210); // an index page loses no row
    expect(count(after, "SELECT COUNT(*) FROM documents WHERE status IN ('pending', 'conflict', 'attention')")).toBe(0);
    // The numbering went on after the highest number used anywhere: 200, not the copy's 150.
    expect(next.map((d) => d.number)).toEqual(Array.from({ length: 10 }, (_, i) => 201 + i));
    expectNoNumberDeclaredTwice(s);
    expect(s.declarations()).toHaveLength(210);
    expect(after.core.db.sqlite.prepare("SELECT kind FROM numbering_log WHERE series = 'B001' ORDER BY id").pluck().all()).toEqual(['held', 'confirmed']);
  }, 60_000);

  it('a zero-length caja.db: refused by the core, restored, and numbers confirmed against the API', async () => {
    const s = await sandbox();
    const dataDir = folder();
    const rig = await till(s, dataDir);
    await sell(rig, 150);
    await rig.call('backupNow');
    await sell(rig, 50);
    await rig.dispose();

    const live = path.join(dataDir, 'caja.db');
    fs.truncateSync(live, 0);
    expect(() => createCore({ dataDir, fetch: globalThis.fetch, secrets: memorySecretStore() })).toThrow(/vacío/);
    expect(fs.statSync(live).size).toBe(0);

    const result = await restoreAtStartup(dataDir);
    expect(result).toMatchObject({ liveWasReadable: false, numberingHeld: true, restoredDocuments: 150 });

    const after = await till(s, dataDir);
    // Nothing in this till says 151..200 were used; the API's record does (probed forward from 150).
    const next = await sell(after, 10);
    expect(next[0]!.number).toBe(201);
    expectNoNumberDeclaredTwice(s);
    expect(s.declarations().filter((d) => d.code !== '0')).toEqual([]);
  }, 60_000);

  it('a damaged frame in the -wal: the sales after it are salvaged, not silently dropped, and numbers are confirmed', async () => {
    const s = await sandbox();
    const dataDir = folder();
    const rig = await till(s, dataDir);
    await sell(rig, 200);
    // Every later commit stays in the -wal (as between two checkpoints of a busy till).
    rig.core.db.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    rig.core.db.sqlite.pragma('wal_autocheckpoint = 0');
    await sell(rig, 30);
    const all = idsOf(rig);
    expect(all.size).toBe(230);
    // The files as a power cut would leave them: database and -wal, taken while the till runs.
    const crashed = folder();
    fs.copyFileSync(path.join(dataDir, 'caja.db'), path.join(crashed, 'caja.db'));
    fs.copyFileSync(path.join(dataDir, 'caja.db-wal'), path.join(crashed, 'caja.db-wal'));
    await rig.dispose();

    const wal = path.join(crashed, 'caja.db-wal');
    const size = fs.statSync(wal).size;
    const fd = fs.openSync(wal, 'r+');
    const at = 32 + Math.floor((size - 32) / 2);
    const bytes = Buffer.alloc(64);
    fs.readSync(fd, bytes, 0, 64, at);
    for (let i = 0; i < 64; i++) bytes[i] = (bytes[i] as number) ^ 0xff;
    fs.writeSync(fd, bytes, 0, 64, at);
    fs.closeSync(fd);

    // SQLite itself would drop everything after the damaged frame, and the start-up check sees nothing wrong.
    const plain = folder();
    fs.copyFileSync(path.join(crashed, 'caja.db'), path.join(plain, 'caja.db'));
    fs.copyFileSync(wal, path.join(plain, 'caja.db-wal'));
    const sqliteAlone = readableIds(path.join(plain, 'caja.db'));
    expect(sqliteAlone.size).toBeLessThan(230);
    expect(checkDatabaseFile(path.join(crashed, 'caja.db')).state).toBe('ok');
    // The test's oracle of what is readable: the -wal's intact frames applied to the database, read row by row.
    const rebuilt = path.join(plain, 'rebuilt.db');
    expect(rebuildFromWal(path.join(crashed, 'caja.db'), wal, rebuilt)).toBe(true);
    const readable = readableIds(rebuilt);
    expect(readable.size).toBeGreaterThan(sqliteAlone.size);

    const after = await till(s, crashed);
    expect(after.core.notices.join(' ')).toMatch(/archivo -wal\) estaba dañado/);
    expect(after.core.notices.join(' ')).toMatch(/Se recuperaron \d+ ventas/);
    const next = await sell(after, 10);
    const kept = idsOf(after);
    for (const id of readable) expect(kept.has(id)).toBe(true);
    expect(next[0]!.number).toBe(231);
    expectNoNumberDeclaredTwice(s);
    expect(s.declarations()).toHaveLength(240);
    // The damaged files were kept for support, never offered for a restore.
    const kept29 = fs.readdirSync(path.join(crashed, 'backups')).filter((f) => f.endsWith('-pre_restore.db-wal'));
    expect(kept29).toHaveLength(1);
  }, 60_000);
});
