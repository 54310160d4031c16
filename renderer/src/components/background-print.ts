// Printing right after a sale runs in the background: the till never waits for the printer. The issued
// dialog closes at once; a failure is kept here and shown in the status bar with "Reimprimir".
import type { Paper, PrintSource } from '../../../shared/bridge';
import { call } from '../pos';

export interface BackgroundJob {
  source: PrintSource;
  paper: Paper;
  /** What the cashier reads: "Boleta B001-00000012". */
  label: string;
  cashReceived?: string;
}

export interface PrintFailure {
  job: BackgroundJob;
  message: string;
}

type Listener = (failure: PrintFailure | null) => void;
let failure: PrintFailure | null = null;
const listeners = new Set<Listener>();

function publish(next: PrintFailure | null): void {
  failure = next;
  for (const listener of listeners) listener(failure);
}

/** The last background print that failed (null when the last one printed). */
export function currentPrintFailure(): PrintFailure | null {
  return failure;
}

export function onPrintFailure(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Prints without anyone waiting: resolves when the printer answered; a failure goes to the status bar. */
export async function printInBackground(job: BackgroundJob): Promise<void> {
  const request = { source: job.source, paper: job.paper, action: 'print' as const, copy: false, ...(job.cashReceived ? { cashReceived: job.cashReceived } : {}) };
  try {
    const result = await call((api) => api.printDocument(request));
    if (result.ok && result.value.done) {
      if (failure && sameJob(failure.job, job)) publish(null);
      return;
    }
    if (!result.ok && result.error.code === 'print_unavailable') return; // no printer behind the bridge: nothing failed
    publish({ job, message: result.ok ? 'La impresora no terminó el trabajo.' : result.error.message });
  } catch (error) {
    publish({ job, message: error instanceof Error ? error.message : String(error) });
  }
}

function sameJob(a: BackgroundJob, b: BackgroundJob): boolean {
  return JSON.stringify(a.source) === JSON.stringify(b.source);
}

export function dismissPrintFailure(): void {
  publish(null);
}
