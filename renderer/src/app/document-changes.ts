// Refreshing a view when documents change, at a pace a person can read. A backlog draining after an outage
// changes hundreds of documents a second: a list that asked the core again for each change would keep the core and
// the window busy for nothing, and one that waited for a quiet moment would not move until the drain ended.
import { pos } from '../pos';

/** How often a view follows document changes at most. */
export const REFRESH_EVERY_MS = 400;

/**
 * Calls `refresh` when documents change: at once for the first change, then at most once every `everyMs` while
 * changes keep coming, and once more after the last. Returns the function that stops listening.
 */
export function onDocumentChanges(refresh: () => void, everyMs = REFRESH_EVERY_MS): () => void {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    timer = undefined;
    last = Date.now();
    refresh();
  };
  const off = pos().onEvent((event) => {
    if (event.type !== 'document' || timer) return;
    const wait = last + everyMs - Date.now();
    if (wait <= 0) run();
    else timer = setTimeout(run, wait);
  });
  return () => {
    off();
    if (timer) clearTimeout(timer);
  };
}
