// Building the accountant's zip in a worker thread. JSZip compresses and assembles on the thread that calls it, and
// it is slow with many small files: measured, 38,000 entries (19,000 documents) take 12-20 s (compression level 1;
// level 6 is slower for a zip only 5% smaller), with pauses of up to a second between turns of the event loop when
// run on the main thread, which would stall the till. The worker reads each document's payload and CDR XML by id through its
// own read-only connection, zips them with the CSV made on this thread, and hands the bytes back without a copy.
// The names, the CSV and every rule stay in TypeScript here; the script only moves bytes.
// JSZip reaches the worker as the text of its self-contained build (jszip/dist/jszip.min.js, which bundles pako and
// the rest): nothing of it is unpacked outside app.asar, where the asar integrity fuse covers it.
import { bundleSource, LOAD_BUNDLE_IN_WORKER, resolveModule, runScriptWorker, SQLITE_IN_WORKER } from '../backup/script-worker';

/** JSZip's standalone build: UMD, its own dependencies inside; Node's 'stream' comes from the worker's require. */
const JSZIP_BUNDLE = 'jszip/dist/jszip.min.js';

const SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
// Background work yields the CPU to the till. Linux sets the nice value per thread; elsewhere it would be the process's.
if (process.platform === 'linux') try { require('node:os').setPriority(10); } catch (e) {}
${SQLITE_IN_WORKER}
${LOAD_BUNDLE_IN_WORKER}
const JSZip = __loadBundle(workerData.jszipSource);
async function main() {
  const zip = new JSZip();
  const db = new Database(workerData.live, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const get = db.prepare("SELECT d.payload, d.cdr_xml, (SELECT v.payload FROM voids v WHERE v.document_id = d.id AND v.status = 'voided') AS void_payload FROM documents d WHERE d.id = ?");
    const names = workerData.names.split('\\n');
    for (let i = 0; i < workerData.ids.length; i++) {
      const base = names[i];
      const row = get.get(workerData.ids[i]);
      if (!row) continue;
      zip.file(base + '.json', row.payload);
      if (row.cdr_xml) zip.file('R-' + base + '.xml', row.cdr_xml);
      if (row.void_payload) zip.file('ANULACION-' + base + '.json', row.void_payload);
    }
  } finally {
    db.close();
  }
  zip.file(workerData.csvName, workerData.csv);
  const options = { compression: 'DEFLATE', compressionOptions: { level: 1 } };
  if (workerData.dest) {
    // Streamed to the file the user chose: the bytes never cross back to the main thread.
    // Flushed to the disk every MB as it is written, not all at the end: a burst of many dirty MB makes the till's
    // own commits (each one fsynced) wait behind it in the disk's queue.
    const fs = require('node:fs');
    const { Writable } = require('node:stream');
    const fd = fs.openSync(workerData.dest, 'w');
    let unflushed = 0;
    try {
      await new Promise((resolve, reject) => {
        const out = new Writable({
          write(chunk, _encoding, done) {
            try {
              for (let at = 0; at < chunk.length; ) at += fs.writeSync(fd, chunk, at, chunk.length - at);
              unflushed += chunk.length;
              if (unflushed >= 1048576) { fs.fdatasyncSync(fd); unflushed = 0; }
              done();
            } catch (e) { done(e); }
          },
        });
        zip.generateNodeStream({ ...options, type: 'nodebuffer', streamFiles: true }).on('error', reject).pipe(out)
          .on('error', reject).on('finish', resolve);
      });
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    parentPort.postMessage({ ok: true, size: fs.statSync(workerData.dest).size });
    return;
  }
  const bytes = await zip.generateAsync({ ...options, type: 'uint8array' });
  parentPort.postMessage({ ok: true, bytes }, [bytes.buffer]);
}
main().catch((error) => parentPort.postMessage({ ok: false, error: String((error && error.message) || error) }));
`;

export interface ZipRequest {
  /** The live database file. */
  live: string;
  /** [documents.id, 'RUC-TT-SERIE-NUMERO'] in archive order. */
  entries: [number, string][];
  csvName: string;
  csv: string;
}

type ZipAnswer = { ok: true; bytes?: Uint8Array; size?: number } | { ok: false; error: string };

function runZip(request: ZipRequest, dest?: string): Promise<ZipAnswer> {
  // Passed as one typed array and one string: structured-cloning tens of thousands of small arrays costs tens of ms.
  const ids = Float64Array.from(request.entries, ([id]) => id);
  const names = request.entries.map(([, name]) => name).join('\n');
  return runScriptWorker<ZipAnswer>(SCRIPT, () => ({
    driver: resolveModule('better-sqlite3'),
    jszipSource: bundleSource(JSZIP_BUNDLE),
    live: request.live,
    csvName: request.csvName,
    csv: request.csv,
    ids,
    names,
    dest,
  }));
}

/** The zip's bytes; rejects with WorkerUnavailableError when no worker can run (the caller zips on this thread). */
export async function zipOffThread(request: ZipRequest): Promise<Buffer> {
  const result = await runZip(request);
  if (!result.ok) throw new Error(result.error);
  const bytes = result.bytes ?? new Uint8Array();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Writes the zip to `dest` from the worker (fsynced); resolves with its size in bytes. */
export async function zipToFileOffThread(request: ZipRequest, dest: string): Promise<number> {
  const result = await runZip(request, dest);
  if (!result.ok) throw new Error(result.error);
  return result.size ?? 0;
}
