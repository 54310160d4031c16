// Running a small fixed JavaScript script in a worker thread (worker_threads with `eval: true`). Plain JavaScript
// needs no TypeScript loader and no extra bundler entry, so the same script runs under Vitest, tsx and the Electron
// build; the packages it uses are resolved here and passed to it as absolute paths.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { sqliteBinding } from '../db/sqlite-driver';

/**
 * Opens SQLite in a worker script: the same build of better-sqlite3 as the main process (Electron's under Electron;
 * see db/sqlite-driver.ts). Scripts start with this and call `new Database(...)` as usual.
 */
export const SQLITE_IN_WORKER = `
const __Sqlite = require(workerData.driver);
function Database(file, options) {
  return new __Sqlite(file, Object.assign({}, options, workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding } : {}));
}
`;

/**
 * Loads, in a worker script, a self-contained CommonJS build passed as text: `const JSZip = __loadBundle(workerData.x)`.
 * Such a package needs no file outside app.asar (only native modules are unpacked); its source is read on
 * the calling thread (bundleSource), which reads app.asar as Electron's main process does.
 */
export const LOAD_BUNDLE_IN_WORKER = `
function __loadBundle(source) {
  const module = { exports: {} };
  new Function('module', 'exports', 'require', source)(module, module.exports, require);
  return module.exports;
}
`;

const sources = new Map<string, string>();

/** The packages worker scripts load (see MODULES_FOR_WORKERS). */
export const MODULES_FOR_WORKERS = ['better-sqlite3', 'jszip/dist/jszip.min.js'] as const;
const given = new Map<string, string>();

/**
 * Files resolved elsewhere, used instead of resolving here: the core's worker thread runs one bundle evaluated from
 * text, which has no folder to resolve packages from, so the main process resolves them and passes them.
 */
export function provideModulePaths(paths: Record<string, string>): void {
  for (const [name, file] of Object.entries(paths)) given.set(name, file);
}

/** Each of MODULES_FOR_WORKERS as this thread resolves it (the main process's side of provideModulePaths). */
export function modulePathsForWorkers(): Record<string, string> {
  return Object.fromEntries(MODULES_FOR_WORKERS.map((name) => [name, resolveModule(name)]));
}

/** The text of a package's self-contained build, e.g. 'jszip/dist/jszip.min.js' (read once, kept). */
export function bundleSource(specifier: string): string {
  let source = sources.get(specifier);
  if (source === undefined) {
    source = fs.readFileSync(given.get(specifier) ?? createRequire(import.meta.url).resolve(specifier), 'utf8');
    sources.set(specifier, source);
  }
  return source;
}

/** The worker could not run at all (not a failure of its work): the caller does the work on this thread instead. */
export class WorkerUnavailableError extends Error {
  override readonly name = 'WorkerUnavailableError';
}

const resolved = new Map<string, string>();

/**
 * Absolute path of a package as this module would load it (e.g. 'better-sqlite3'). Inside a packaged app that path
 * is in app.asar, which a worker thread's require cannot read reliably (electron/electron#22446, "Unable to use files
 * from app.asar in worker_threads"); the packages the worker scripts load are unpacked (electron-builder asarUnpack)
 * and their app.asar.unpacked copy is used, the documented way to give native modules and workers real files
 * (https://www.electronjs.org/docs/latest/tutorial/asar-archives#adding-unpacked-files-to-asar-archives). If a worker
 * still cannot start, callers fall back to doing the work on the main thread (WorkerUnavailableError).
 */
export function resolveModule(name: string): string {
  let found = resolved.get(name) ?? given.get(name);
  if (found === undefined) {
    found = unpackedPath(createRequire(import.meta.url).resolve(name), (f) => fs.existsSync(f));
    resolved.set(name, found);
  }
  return found;
}

/** 'resources/app.asar/node_modules/x' -> 'resources/app.asar.unpacked/node_modules/x' when that file exists. */
export function unpackedPath(file: string, exists: (f: string) => boolean): string {
  const unpacked = file.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');
  return unpacked !== file && exists(unpacked) ? unpacked : file;
}

/**
 * Runs `script` with `workerData` = `data` and resolves with the first message it posts. Rejects with
 * WorkerUnavailableError when the worker cannot start, crashes, or exits without posting.
 */
export function runScriptWorker<T>(script: string, data: () => Record<string, unknown>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(script, { eval: true, workerData: { nativeBinding: sqliteBinding(), ...data() } });
    } catch (error) {
      reject(new WorkerUnavailableError(error instanceof Error ? error.message : String(error)));
      return;
    }
    let settled = false;
    worker.once('message', (result: T) => {
      settled = true;
      resolve(result);
    });
    worker.once('error', (error) => {
      if (!settled) reject(new WorkerUnavailableError(error.message));
      settled = true;
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new WorkerUnavailableError(`worker exited with code ${code} without an answer`));
      settled = true;
    });
  });
}
