// The core's events cross to the main process in batches, each document's and the status at their latest.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppStatus, BridgeEvent } from '../../../../shared/bridge';
import { batchEvents } from '../../../../electron/core/worker-host/event-batch';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const status = (pending: number) => ({ type: 'status', status: { pending } as AppStatus }) as BridgeEvent;

describe('batchEvents', () => {
  it('sends the events of a few milliseconds as one batch, a document at its latest status, in the order they happened', () => {
    const batches: BridgeEvent[][] = [];
    const listen = batchEvents((events) => batches.push(events), 10);
    listen({ type: 'document', id: 1, status: 'sending' });
    listen({ type: 'document', id: 2, status: 'sending' });
    listen(status(2));
    listen({ type: 'document', id: 1, status: 'accepted' });
    listen(status(1));
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(10);
    expect(batches).toEqual([[
      { type: 'document', id: 2, status: 'sending' },
      { type: 'document', id: 1, status: 'accepted' },
      status(1),
    ]]);
  });

  it('keeps every event of another kind, and starts a new batch after a flush', () => {
    const batches: BridgeEvent[][] = [];
    const listen = batchEvents((events) => batches.push(events), 10);
    listen({ type: 'core_restarted', message: 'a' });
    listen({ type: 'core_restarted', message: 'b' });
    vi.advanceTimersByTime(10);
    listen({ type: 'document', id: 3, status: 'accepted' });
    vi.advanceTimersByTime(9);
    expect(batches).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(batches).toEqual([
      [{ type: 'core_restarted', message: 'a' }, { type: 'core_restarted', message: 'b' }],
      [{ type: 'document', id: 3, status: 'accepted' }],
    ]);
  });
});
