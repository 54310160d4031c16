import { describe, expect, it, vi } from 'vitest';
import { createShutdown, pendingMessage } from '../../../electron/shell/shutdown';

function quitEvent() {
  return { preventDefault: vi.fn() };
}

describe('pendingMessage', () => {
  it('says how many documents wait, in Spanish', () => {
    expect(pendingMessage(3)).toBe('Quedan 3 comprobantes pendientes; se enviarán al volver a abrir Caja.');
    expect(pendingMessage(1)).toBe('Queda 1 comprobante pendiente; se enviará al volver a abrir Caja.');
    expect(pendingMessage(undefined)).toBe('Quedan comprobantes pendientes; se enviarán al volver a abrir Caja.');
  });
});

describe('shutdown', () => {
  it('holds the quit, waits for the outbox, tells the user, cleans up in order, then quits once', async () => {
    const order: string[] = [];
    let finishSend!: () => void;
    const stopCore = vi.fn(
      () =>
        new Promise<{ pending: number }>((resolve) => {
          finishSend = () => {
            order.push('outbox stopped');
            resolve({ pending: 2 });
          };
        }),
    );
    const tellPending = vi.fn(async (message: string) => void order.push(`told: ${message}`));
    const quit = vi.fn(() => order.push('quit'));
    const shutdown = createShutdown({
      stopCore,
      tellPending,
      cleanups: [() => order.push('db closed'), async () => void order.push('sandbox closed')],
      quit,
    });

    const first = quitEvent();
    shutdown.onBeforeQuit(first);
    expect(first.preventDefault).toHaveBeenCalled();
    expect(shutdown.phase).toBe('stopping');

    // The user presses close again while the send finishes: swallowed, nothing runs twice.
    const second = quitEvent();
    shutdown.onBeforeQuit(second);
    shutdown.onBeforeQuit(quitEvent());
    expect(second.preventDefault).toHaveBeenCalled();
    expect(stopCore).toHaveBeenCalledTimes(1);
    expect(quit).not.toHaveBeenCalled();

    finishSend();
    await shutdown.finished;
    expect(order).toEqual([
      'outbox stopped',
      'told: Quedan 2 comprobantes pendientes; se enviarán al volver a abrir Caja.',
      'db closed',
      'sandbox closed',
      'quit',
    ]);
    expect(quit).toHaveBeenCalledTimes(1);

    // Our own app.quit() comes back through before-quit: now it goes through.
    const final = quitEvent();
    shutdown.onBeforeQuit(final);
    expect(final.preventDefault).not.toHaveBeenCalled();
    expect(stopCore).toHaveBeenCalledTimes(1);
  });

  it('says nothing when no document waits', async () => {
    const tellPending = vi.fn(async () => undefined);
    const shutdown = createShutdown({ stopCore: async () => ({ pending: 0 }), tellPending, cleanups: [], quit: vi.fn() });
    shutdown.onBeforeQuit(quitEvent());
    await shutdown.finished;
    expect(tellPending).not.toHaveBeenCalled();
  });

  it('does not wait forever for the outbox, and still quits when a cleanup fails', async () => {
    const tellPending = vi.fn(async () => undefined);
    const quit = vi.fn();
    const later = vi.fn();
    const shutdown = createShutdown({
      stopCore: () => new Promise(() => undefined),
      tellPending,
      cleanups: [
        () => {
          throw new Error('already closed');
        },
        later,
      ],
      quit,
      stopTimeoutMs: 20,
    });
    shutdown.onBeforeQuit(quitEvent());
    await shutdown.finished;
    expect(tellPending).toHaveBeenCalledWith('Quedan comprobantes pendientes; se enviarán al volver a abrir Caja.');
    expect(later).toHaveBeenCalled();
    expect(quit).toHaveBeenCalledTimes(1);
  });

  it('quits even when stopping the core fails', async () => {
    const quit = vi.fn();
    const shutdown = createShutdown({
      stopCore: async () => {
        throw new Error('db gone');
      },
      tellPending: vi.fn(async () => undefined),
      cleanups: [],
      quit,
    });
    shutdown.onBeforeQuit(quitEvent());
    await shutdown.finished;
    expect(quit).toHaveBeenCalledTimes(1);
  });
});
