// The core's events cross to the main process in batches. A drain of a backlog changes documents at wire
// speed (hundreds a second, each pending → sending → accepted): one message per event kept the main process busy
// with messages no window needed. Events are gathered for a few milliseconds and sent as one message; within a
// batch only a document's latest status, the latest status bar and the latest import progress are kept, since that is
// all a window shows.
import type { BridgeEvent } from '../../../shared/bridge';

/** How long events wait to travel together: below one frame (16 ms), so a window never shows a change late. */
export const EVENT_BATCH_MS = 10;

/** A listener for core.onEvent that hands `flush` the batches, in the order the events first came. */
export function batchEvents(flush: (events: BridgeEvent[]) => void, everyMs = EVENT_BATCH_MS): (event: BridgeEvent) => void {
  let pending = new Map<string, BridgeEvent>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unique = 0;
  const send = () => {
    timer = undefined;
    const events = [...pending.values()];
    pending = new Map();
    if (events.length > 0) flush(events);
  };
  return (event) => {
    // A later event of the same document (or status, or progress) drops the earlier one and takes its turn at the end:
    // the batch keeps the order in which the kept events happened. Any other kind is kept whole.
    const key = event.type === 'document' ? `document:${event.id}` : event.type === 'status' || event.type === 'import_progress' ? event.type : `other:${unique++}`;
    pending.delete(key);
    pending.set(key, event);
    timer ??= setTimeout(send, everyMs);
  };
}
