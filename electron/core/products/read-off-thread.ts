// Reading a products CSV in a worker thread. Cleaning and checking every row of a 20 MB file takes seconds
// (cleaning alone some 300 ms; about 0.5 s of checks for 50,000 rows, 3.5 MB), which on the main thread would freeze
// the till; in the worker, the main thread only receives progress and, at the end, the rows that passed
// (structured-cloned, tens of ms for 50,000).
import { Worker } from 'node:worker_threads';
import { WorkerUnavailableError } from '../backup/script-worker';
import { workerSource } from '../workers/worker-source';
import type { ImportWorkerMessage } from './import-worker';
import type { cleanAndReadProductsCsv, ProductsCsvReading } from './products-csv';

type CleanReading = ReturnType<typeof cleanAndReadProductsCsv>;

/**
 * The reading of `csv`, done in a worker; `onProgress` hears the rows checked so far. Rejects with
 * WorkerUnavailableError when no worker can run (the caller reads on this thread instead).
 */
export async function readProductsCsvOffThread(csv: string, onProgress: (done: number, total: number) => void): Promise<CleanReading> {
  let source: string;
  try {
    source = await workerSource('products-import');
  } catch (error) {
    throw new WorkerUnavailableError(error instanceof Error ? error.message : String(error));
  }
  return new Promise<CleanReading>((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(source, { eval: true, workerData: { csv } });
    } catch (error) {
      reject(new WorkerUnavailableError(error instanceof Error ? error.message : String(error)));
      return;
    }
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
      void worker.terminate();
    };
    let reading: ProductsCsvReading | undefined;
    // The good rows come a slice per turn of the event loop, each asked for once the previous one is taken.
    const next = () => setImmediate(() => worker.postMessage('next'));
    worker.on('message', (message: ImportWorkerMessage) => {
      switch (message.kind) {
        case 'progress':
          onProgress(message.done, message.total);
          break;
        case 'ready':
          if ('problems' in message) settle(() => resolve({ problems: message.problems }));
          else {
            reading = message.reading;
            next();
          }
          break;
        case 'rows':
          reading?.good.push(...message.rows);
          next();
          break;
        case 'end':
          if (reading) {
            const read = reading;
            settle(() => resolve({ reading: read }));
          }
          break;
        case 'failed':
          settle(() => reject(new Error(message.error)));
          break;
      }
    });
    worker.once('error', (error) => settle(() => reject(new WorkerUnavailableError(error.message))));
    worker.once('exit', (code) => settle(() => reject(new WorkerUnavailableError(`worker exited with code ${code} without an answer`))));
  });
}
