// Long loops on the main thread (exports, restore planning) give the event loop back by time, not by a fixed row count:
// a row count that is cheap for small rows holds the loop past a frame for large ones (measured: 25-29 ms).

/** Work between two turns of the event loop: well under a 16 ms frame, so a sale waiting behind it stays fast. */
export const SLICE_MS = 4;
/** Rows between two looks at the clock (reading the clock per row would cost more than the rows). */
const CHECK_EVERY = 16;

/**
 * Returns `tick`, to be awaited once per row: every CHECK_EVERY rows it looks at the clock and, when the slice is
 * used up, waits for the next turn of the event loop (setImmediate: pending I/O, IPC and timers run first).
 */
export function timeSlicer(budgetMs = SLICE_MS): () => Promise<void> | undefined {
  let started = performance.now();
  let rows = 0;
  return () => {
    rows += 1;
    if (rows % CHECK_EVERY !== 0 || performance.now() - started < budgetMs) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        started = performance.now();
        resolve();
      }),
    );
  };
}
