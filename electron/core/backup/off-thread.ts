// The copy and its verification in a worker thread, so the till never waits for them.
//
// Measured on a store of 1,000,000 documents (320 MB): stepping the backup API on the main thread keeps each step
// under 2 ms, but SQLite ends the copy with a commit that writes and fsyncs the destination on the calling thread
// (160-200 ms; still 20-75 ms with the file flushed in the background as it grows), and PRAGMA integrity_check of
// the copy takes about 4 s. In a worker, all of that happens off the event loop.
//
// The worker reads the live file through its own read-only connection. The live database is in WAL mode, so that
// reader never blocks the app's writes. The worker opens a read transaction first and keeps it for the whole copy:
// every step of the online backup API then reads the same snapshot, so the copy is the database exactly as it was
// when that transaction began, however much the app writes meanwhile (without it, a copy taken from another
// connection restarts whenever the app writes). Each step copies 1 MiB and the worker fdatasyncs what was written:
// one step writing 320 MB and a single fsync at the end saturate the disk, and the app's own WAL fsync (every sale
// commits with synchronous=FULL) then waits behind it (186 ms measured). The worker then seals the copy (see
// copy.ts), fsyncs it and gathers the verification facts (verify.ts judges them on this thread).
//
// The script is plain JavaScript (see script-worker.ts) and loads the better-sqlite3 this module resolved.
import { resolveModule, runScriptWorker, SQLITE_IN_WORKER } from './script-worker';
import type { CopyFacts, LiveFacts } from './verify';

/**
 * The facts a copy's verification needs (verify.ts judges them), as worker-script JavaScript shared by the scripts
 * that check a snapshot: `factsOf(db)` of an open connection, `liveFacts(maxId)` of workerData.live.
 */
export const COPY_FACTS_IN_WORKER = `
const appliedOf = (db) => db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
const messageOf = (error) => String((error && error.message) || error);

function factsOf(db) {
  const integrity = db.pragma('integrity_check(20)').map((row) => String(Object.values(row)[0]));
  const has = (name) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
  const hasTables = has('schema_migrations') && has('documents');
  if (!hasTables) return { integrity, hasTables, applied: [], count: 0, maxId: 0 };
  const docs = db.prepare('SELECT COUNT(*) AS count, COALESCE(MAX(id), 0) AS maxId FROM documents').get();
  return { integrity, hasTables, applied: appliedOf(db), count: docs.count, maxId: docs.maxId };
}

const soundFacts = (copy) => copy.hasTables && copy.integrity.length === 1 && copy.integrity[0] === 'ok';

function liveFacts(maxId) {
  const db = new Database(workerData.live, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const upTo = db.prepare('SELECT COUNT(*) AS n FROM documents WHERE id <= ?').get(maxId).n;
    const hasMax = maxId === 0 || db.prepare('SELECT 1 FROM documents WHERE id = ?').get(maxId) !== undefined;
    return { versions: appliedOf(db).map((m) => m.version), upTo, hasMax };
  } finally {
    db.close();
  }
}
`;

const SCRIPT = `
const fs = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
// Background work yields the CPU to the till. Linux sets the nice value per thread; elsewhere it would be the process's.
if (process.platform === 'linux') try { require('node:os').setPriority(10); } catch (e) {}
${SQLITE_IN_WORKER}
${COPY_FACTS_IN_WORKER}
const PAGES_PER_STEP = 256;

function seal(file) {
  const fd = fs.openSync(file, 'r+');
  try {
    const header = Buffer.alloc(20);
    const walMarked = fs.readSync(fd, header, 0, 20, 0) === 20 && header[18] === 2 && header[19] === 2;
    if (walMarked && !fs.existsSync(file + '-wal')) {
      fs.writeSync(fd, Buffer.from([1, 1]), 0, 2, 18);
    } else if (walMarked) {
      const db = new Database(file);
      try { db.pragma('journal_mode = DELETE'); } finally { db.close(); }
    }
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function copyFacts(file) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return factsOf(db);
  } finally {
    db.close();
  }
}

function inspect() {
  try {
    parentPort.postMessage({ kind: 'inspected', copy: copyFacts(workerData.file) });
  } catch (error) {
    parentPort.postMessage({ kind: 'inspected', copy: { error: messageOf(error) } });
  }
}

async function backup() {
  const t0 = performance.now();
  try {
    const src = new Database(workerData.live, { readonly: true, fileMustExist: true });
    let fd;
    try {
      src.pragma('busy_timeout = 5000');
      src.exec('BEGIN');
      src.prepare('SELECT COUNT(*) FROM sqlite_master').get(); // the snapshot starts with the first read
      await src.backup(workerData.dest, {
        progress: () => {
          if (fd === undefined) fd = fs.openSync(workerData.dest, 'r+');
          fs.fdatasyncSync(fd);
          return PAGES_PER_STEP;
        },
      });
      src.exec('COMMIT');
    } finally {
      if (fd !== undefined) fs.closeSync(fd);
      src.close();
    }
    seal(workerData.dest);
  } catch (error) {
    parentPort.postMessage({ kind: 'copy_failed', error: messageOf(error) });
    return;
  }
  const copyMs = performance.now() - t0;
  let copy;
  try {
    copy = copyFacts(workerData.dest);
  } catch (error) {
    parentPort.postMessage({ kind: 'copied', copyMs, copy: { error: messageOf(error) }, live: null });
    return;
  }
  parentPort.postMessage({ kind: 'copied', copyMs, copy, live: soundFacts(copy) ? liveFacts(copy.maxId) : null });
}

if (workerData.mode === 'inspect') inspect();
else backup().catch((error) => parentPort.postMessage({ kind: 'copy_failed', error: messageOf(error) }));
`;

export type OffThreadResult =
  | { kind: 'copied'; copyMs: number; copy: CopyFacts | { error: string }; live: LiveFacts | null }
  | { kind: 'copy_failed'; error: string };

export type InspectResult = { kind: 'inspected'; copy: CopyFacts | { error: string } };

/** Copies the live file `livePath` into `dest` (which must not exist), seals and checks it, in a worker thread. */
export function backupOffThread(livePath: string, dest: string): Promise<OffThreadResult> {
  return runScriptWorker<OffThreadResult>(SCRIPT, () => ({ driver: resolveModule('better-sqlite3'), mode: 'backup', live: livePath, dest }));
}

/** The facts of an existing file (integrity_check, tables, history, documents) gathered in a worker thread. */
export function inspectOffThread(file: string): Promise<InspectResult> {
  return runScriptWorker<InspectResult>(SCRIPT, () => ({ driver: resolveModule('better-sqlite3'), mode: 'inspect', file }));
}
