// The worker side of a product import: cleans, reads and checks the CSV off the main thread, and reports
// progress. Bundled whole (zod and the shared rules inside) into one script, electron/core/workers/worker-source.ts: it
// runs from source text, like every worker here, so nothing of it has to live outside app.asar.
//
// The rows that passed go back a slice at a time, each asked for by the main thread ('next'): structured-cloning all
// of a large file's rows in one message would hold the main thread while it is read (some 90 ms for 50,000 rows).
import { parentPort, workerData } from 'node:worker_threads';
import { installSpanishErrors } from '../../../shared/validation/spanish-errors';
import type { TextProblem } from '../../../shared/billing/text-safety';
import { cleanAndReadProductsCsv, type ProductsCsvReading } from './products-csv';

/** Rows per message back to the main thread. */
export const ROWS_PER_MESSAGE = 2_000;

export type ImportWorkerMessage =
  | { kind: 'progress'; done: number; total: number }
  /** The file is refused (a control character), or read: its errors and counts, its good rows still to come. */
  | { kind: 'ready'; problems: TextProblem[] }
  | { kind: 'ready'; reading: ProductsCsvReading }
  | { kind: 'rows'; rows: ProductsCsvReading['good'] }
  | { kind: 'end' }
  | { kind: 'failed'; error: string };

const port = parentPort;
if (port) {
  // The same Spanish messages as the bridge's (dispatch.ts installs them on the main thread).
  installSpanishErrors();
  const post = (message: ImportWorkerMessage) => port.postMessage(message);
  try {
    const { csv } = workerData as { csv: string };
    const result = cleanAndReadProductsCsv(csv, (done, total) => post({ kind: 'progress', done, total }));
    if ('problems' in result) {
      post({ kind: 'ready', problems: result.problems });
    } else {
      const { good, ...rest } = result.reading;
      let at = 0;
      port.on('message', (request: unknown) => {
        if (request !== 'next') return;
        if (at >= good.length) {
          post({ kind: 'end' });
          return;
        }
        post({ kind: 'rows', rows: good.slice(at, at + ROWS_PER_MESSAGE) });
        at += ROWS_PER_MESSAGE;
      });
      post({ kind: 'ready', reading: { ...rest, good: [] } });
    }
  } catch (error) {
    post({ kind: 'failed', error: error instanceof Error ? error.message : String(error) });
  }
}
