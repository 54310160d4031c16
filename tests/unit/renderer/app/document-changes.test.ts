// A view follows document changes a few times a second, during a drain too (a debounce never fired while
// changes kept coming; a refresh per change asked the core hundreds of times a second).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BridgeEvent } from '../../../../shared/bridge';
import { onDocumentChanges } from '../../../../renderer/src/app/document-changes';

let listeners: ((event: BridgeEvent) => void)[] = [];
beforeEach(() => {
  vi.useFakeTimers();
  listeners = [];
  vi.stubGlobal('window', {
    pos: {
      onEvent: (listener: (event: BridgeEvent) => void) => {
        listeners.push(listener);
        return () => void (listeners = listeners.filter((l) => l !== listener));
      },
    },
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const change = (id: number) => listeners.forEach((l) => l({ type: 'document', id, status: 'accepted' }));

describe('onDocumentChanges', () => {
  it('refreshes at once, then at most every 400 ms while changes keep coming, and once after the last', () => {
    const refreshedAt: number[] = [];
    const refresh = vi.fn(() => void refreshedAt.push(Date.now()));
    const off = onDocumentChanges(refresh, 400);
    change(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    // A drain: a change every 2 ms for 2 s.
    let lastChange = 0;
    for (let t = 0; t < 2_000; t += 2) {
      change(t);
      lastChange = Date.now();
      vi.advanceTimersByTime(2);
    }
    vi.advanceTimersByTime(2_000);
    // About one refresh per 400 ms while it lasted, never two closer than that, and the last one after the last change.
    expect(refreshedAt.length).toBeGreaterThanOrEqual(5);
    expect(refreshedAt.length).toBeLessThanOrEqual(7);
    for (let i = 1; i < refreshedAt.length; i++) expect(refreshedAt[i]! - refreshedAt[i - 1]!).toBeGreaterThanOrEqual(400);
    expect(refreshedAt.at(-1)!).toBeGreaterThanOrEqual(lastChange);
    const count = refreshedAt.length;
    off();
    change(9);
    vi.advanceTimersByTime(400);
    expect(refreshedAt).toHaveLength(count);
  });

  it('ignores events that are not about documents', () => {
    const refresh = vi.fn();
    onDocumentChanges(refresh, 400);
    listeners.forEach((l) => l({ type: 'core_restarted', message: 'x' }));
    vi.advanceTimersByTime(1_000);
    expect(refresh).not.toHaveBeenCalled();
  });
});
