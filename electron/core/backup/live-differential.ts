// A differential daily copy read straight from the live file, in a worker thread: no temporary image of the whole
// database is written, only the pages that differ from the week's full copy.
//
// Why a raw read of the live file is a consistent snapshot here. The live database is in WAL mode: a committed page
// may still be only in the -wal, and a checkpoint may copy pages into the main file at any moment. A reader that
// starts when every frame of the -wal is already in the main file takes SQLite's read-lock 0 and reads the main file
// alone; while any connection holds read-lock 0 no checkpoint may copy a frame into the main file (it needs that lock
// exclusively first), and the app's writes go on into the -wal. So the worker:
//   1. runs `wal_checkpoint(TRUNCATE)` (everything into the main file, the -wal cut to 0 bytes);
//   2. opens a read transaction on its own read-only connection;
//   3. proves that transaction is on read-lock 0: the -wal is still 0 bytes after the read began. Had the reader
//      started with frames in the -wal, those frames would keep the file non-empty while the reader holds its lock
//      (no checkpoint may restart or cut a -wal under a reader of its frames). Otherwise it tries again, a few
//      times, and the caller takes a full copy instead;
//   4. reads pages 1..page_count from the main file, keeps those whose hash differs from the full copy's page map,
//      and hashes the whole image as it goes (page 1 with bytes 18-19 set to 1: a self-contained rollback-journal
//      file, as every copy is sealed, see copy.ts);
//   5. runs integrity_check and the verification's counts in the same transaction, so they judge the very pages read;
//   6. ends the transaction; the till's next checkpoint catches up.
// The core's thread then writes the header, reads the file back and rebuilds the image's SHA-256 from the full copy
// and the kept pages (differential.ts) before the copy gets its name.
//
// The main file is read through a descriptor of its own, and closing it drops the POSIX locks this process holds on
// that file (SQLite's "How To Corrupt", section 2.2). The locks this read depends on (read marks, the checkpointer's,
// the writer's) live in the -shm, which it never opens; SQLite counts its own connections in one process without
// those locks; what the main file's lock guards against is a connection in another process, and the data folder's
// lock (db/folder-lock.ts) keeps every other Caja process out.
import type { PageMap } from './page-hashes';
import { COPY_FACTS_IN_WORKER } from './off-thread';
import { resolveModule, runScriptWorker, SQLITE_IN_WORKER } from './script-worker';
import type { CopyFacts, LiveFacts } from './verify';

const SCRIPT = `
const fs = require('node:fs');
const crypto = require('node:crypto');
const { parentPort, workerData } = require('node:worker_threads');
if (process.platform === 'linux') try { require('node:os').setPriority(10); } catch (e) {}
${SQLITE_IN_WORKER}
${COPY_FACTS_IN_WORKER}
const PAGES_PER_CHUNK = 256;
const FLUSH_EVERY_BYTES = 4 * 1024 * 1024;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function walBytes() {
  try { return fs.statSync(workerData.live + '-wal').size; } catch (e) { if (e.code === 'ENOENT') return 0; throw e; }
}

/** A read transaction on read-lock 0 (see the module's comment), or null after the attempts. */
async function snapshotOnMainFile(src) {
  const writer = new Database(workerData.live, { fileMustExist: true });
  try {
    // The checkpoint holds the write lock while it waits for readers: short waits, so a sale never waits long.
    writer.pragma('busy_timeout = 200');
    for (let attempt = 1; attempt <= workerData.attempts; attempt++) {
      const row = writer.pragma('wal_checkpoint(TRUNCATE)')[0];
      if (row.busy === 0) {
        src.exec('BEGIN');
        src.prepare('SELECT COUNT(*) FROM sqlite_master').get(); // the snapshot starts with the first read
        if (walBytes() === 0) return true;
        src.exec('COMMIT');
      }
      await sleep(Math.min(250 * 2 ** (attempt - 1), 15_000));
    }
    return false;
  } finally {
    writer.close();
  }
}

/** Pages 1..pageCount of the main file: the changed ones appended to workerData.dest, the image's hash. */
function keepChangedPages(pageSize, pageCount) {
  const base = workerData.base;
  const hashBytes = workerData.pageHashBytes;
  const limit = Math.floor(pageCount * workerData.maxChangedShare);
  const input = fs.openSync(workerData.live, 'r');
  const out = fs.openSync(workerData.dest, 'w', 0o600);
  try {
    if (fs.fstatSync(input).size < pageCount * pageSize) throw new Error('el archivo es más corto que sus páginas');
    const whole = crypto.createHash('sha256');
    const chunk = Buffer.alloc(pageSize * PAGES_PER_CHUNK);
    const number = Buffer.alloc(4);
    fs.writeSync(out, Buffer.from(workerData.magic, 'latin1'));
    let changed = 0;
    let flushedAt = 0;
    let written = workerData.magic.length;
    for (let pageNo = 1; pageNo <= pageCount; ) {
      const want = Math.min(PAGES_PER_CHUNK, pageCount - pageNo + 1) * pageSize;
      const got = fs.readSync(input, chunk, 0, want, (pageNo - 1) * pageSize);
      if (got !== want) throw new Error('el archivo se acortó mientras se leía');
      if (pageNo === 1) { chunk[18] = 1; chunk[19] = 1; }
      whole.update(chunk.subarray(0, want));
      for (let at = 0; at < want; at += pageSize, pageNo++) {
        const page = chunk.subarray(at, at + pageSize);
        const hash = crypto.createHash('sha256').update(page).digest().subarray(0, hashBytes);
        if (pageNo <= base.pageCount && pageSize === base.pageSize &&
            hash.equals(base.hashes.subarray((pageNo - 1) * hashBytes, pageNo * hashBytes))) continue;
        if (++changed > limit) return { tooMany: true };
        number.writeUInt32LE(pageNo, 0);
        fs.writeSync(out, number);
        fs.writeSync(out, page);
        written += 4 + pageSize;
      }
      // Flushed as it grows, so the till's own fsync never waits behind one large write at the end.
      if (written - flushedAt >= FLUSH_EVERY_BYTES) { fs.fdatasyncSync(out); flushedAt = written; }
    }
    fs.fdatasyncSync(out);
    return { tooMany: false, changedPages: changed, imageSha256: whole.digest('hex') };
  } finally {
    fs.closeSync(out);
    fs.closeSync(input);
  }
}

async function run() {
  const t0 = performance.now();
  const src = new Database(workerData.live, { readonly: true, fileMustExist: true });
  let copy;
  let kept;
  let pageSize;
  let pageCount;
  let maxEventId = 0;
  try {
    src.pragma('busy_timeout = 5000');
    if (!(await snapshotOnMainFile(src))) {
      parentPort.postMessage({ kind: 'unsuitable', why: 'no_snapshot' });
      return;
    }
    try {
      pageSize = src.pragma('page_size', { simple: true });
      pageCount = src.pragma('page_count', { simple: true });
      kept = keepChangedPages(pageSize, pageCount);
      if (kept.tooMany) {
        parentPort.postMessage({ kind: 'unsuitable', why: 'too_many_changes' });
        return;
      }
      copy = factsOf(src);
      if (copy.hasTables && src.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'document_events'").get()) {
        maxEventId = src.prepare('SELECT COALESCE(MAX(id), 0) FROM document_events').pluck().get();
      }
    } finally {
      src.exec('COMMIT');
    }
  } finally {
    src.close();
  }
  parentPort.postMessage({
    kind: 'written', copyMs: performance.now() - t0, pageSize, pageCount,
    imageSha256: kept.imageSha256, changedPages: kept.changedPages, maxEventId,
    copy, live: soundFacts(copy) ? liveFacts(copy.maxId) : null,
  });
}

run().catch((error) => parentPort.postMessage({ kind: 'failed', error: messageOf(error) }));
`;

export type LiveDifferentialResult =
  | {
      kind: 'written';
      copyMs: number;
      pageSize: number;
      pageCount: number;
      imageSha256: string;
      changedPages: number;
      maxEventId: number;
      copy: CopyFacts;
      live: LiveFacts | null;
    }
  /** No consistent read of the main file could be had, or too much changed: the caller takes a full copy. */
  | { kind: 'unsuitable'; why: 'no_snapshot' | 'too_many_changes' }
  | { kind: 'failed'; error: string };

export interface LiveDifferentialOptions {
  /** The differential's magic bytes, written first (differential.ts owns the format). */
  magic: string;
  pageHashBytes: number;
  /** Above this share of changed pages the worker stops: a full copy is worth more than the dependency. */
  maxChangedShare: number;
  /**
   * Checkpoint-and-read attempts before giving up (a sale committed in between spoils one), waiting longer each time up
   * to 15 s: about 6 minutes for the default 30. A reader holding older -wal pages (the start-up's whole-file check
   * reads for minutes on a large store) blocks the checkpoint while it reads; waiting costs the till nothing, a full
   * copy instead would write the whole database.
   */
  attempts?: number;
}

/**
 * Writes `dest` (which must not exist): the magic bytes, then each page of the live file `livePath` that differs from
 * the full copy's `base` map as page number (u32 LE) + page. The header is the caller's to append.
 */
export function writeLiveDifferentialPages(
  livePath: string,
  base: PageMap,
  dest: string,
  options: LiveDifferentialOptions,
): Promise<LiveDifferentialResult> {
  return runScriptWorker<LiveDifferentialResult>(SCRIPT, () => ({
    driver: resolveModule('better-sqlite3'),
    live: livePath,
    dest,
    base: { pageSize: base.pageSize, pageCount: base.pageCount, hashes: base.hashes },
    magic: options.magic,
    pageHashBytes: options.pageHashBytes,
    maxChangedShare: options.maxChangedShare,
    attempts: options.attempts ?? 30,
  }));
}
