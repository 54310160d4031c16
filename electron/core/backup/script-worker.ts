// Running a small fixed JavaScript script in a worker thread (worker_threads with `eval: true`). Plain JavaScript
// needs no TypeScript loader and no extra bundler entry, so the same script runs under Vitest, tsx and the Electron
// build; the packages it uses are resolved here and passed to it as absolute paths.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** The worker could not run at all (not a failure of its work): the caller does the work on this thread instead. */
export class WorkerUnavailableError extends Error {
  override readonly name = 'WorkerUnavailableError';
}

const resolved = new Map<string, string>();

/** Absolute path of a package as this module would load it (e.g. 'better-sqlite3'). */
export function resolveModule(name: string): string {
  let found = resolved.get(name);
  if (found === undefined) {
    found = createRequire(import.meta.url).resolve(name);
    resolved.set(name, found);
  }
  return found;
}

/**
 * Runs `script` with `workerData` = `data` and resolves with the first message it posts. Rejects with
 * WorkerUnavailableError when the worker cannot start, crashes, or exits without posting.
 */
export function runScriptWorker<T>(script: string, data: () => Record<string, unknown>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(script, { eval: true, workerData: data() });
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
