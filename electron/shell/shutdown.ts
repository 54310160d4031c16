// Closing Caja: the first quit request is held back while the outbox finishes the send in flight; then the user is
// told how many documents still wait, resources are released and the quit goes through. Later quit requests while
// this runs are swallowed, so nothing is stopped or closed twice.
import type { Logger } from '../core/dispatch';

/** `undefined` when the count is unknown (the outbox did not stop in time). */
export function pendingMessage(pending: number | undefined): string {
  if (pending === undefined) return 'Quedan comprobantes pendientes; se enviarán al volver a abrir Caja.';
  return pending === 1
    ? 'Queda 1 comprobante pendiente; se enviará al volver a abrir Caja.'
    : `Quedan ${pending} comprobantes pendientes; se enviarán al volver a abrir Caja.`;
}

export interface ShutdownDeps {
  /** core.stop(): refuses new sends, waits for the one in flight, returns what is still waiting. Absent on the error screen. */
  stopCore?: () => Promise<{ pending: number }>;
  /** Shows the pending dialog and resolves when the user closes it. */
  tellPending: (message: string) => Promise<void>;
  /** Releases everything else (database, sandbox, ...), in order; failures are logged, not fatal. */
  cleanups: Array<() => unknown>;
  /** app.quit() — called once everything is done. */
  quit: () => void;
  log?: Logger;
  /** Upper bound for waiting on the outbox; a send still running after this returns to pending on next start. */
  stopTimeoutMs?: number;
}

type Phase = 'running' | 'stopping' | 'done';

export interface ShutdownController {
  /** Give it the 'before-quit' event. */
  onBeforeQuit(event: { preventDefault(): void }): void;
  readonly phase: Phase;
  /** Resolves when the shutdown sequence has finished (for tests and signals). */
  readonly finished: Promise<void>;
}

export function createShutdown(deps: ShutdownDeps): ShutdownController {
  let phase: Phase = 'running';
  let markFinished!: () => void;
  const finished = new Promise<void>((resolve) => (markFinished = resolve));

  async function stopCore(): Promise<number | undefined> {
    if (!deps.stopCore) return 0;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), deps.stopTimeoutMs ?? 20_000);
    });
    try {
      const result = await Promise.race([deps.stopCore(), timeout]);
      if (result === 'timeout') {
        deps.log?.warn('outbox did not stop in time; the document in flight returns to pending on next start');
        return undefined;
      }
      return result.pending;
    } finally {
      clearTimeout(timer);
    }
  }

  async function run(): Promise<void> {
    try {
      const pending = await stopCore().catch((e: unknown) => {
        deps.log?.error('stopping the core failed', { error: e instanceof Error ? e.message : String(e) });
        return 0;
      });
      if (pending === undefined || pending > 0) {
        deps.log?.info('closing with documents pending', { pending });
        await deps.tellPending(pendingMessage(pending)).catch(() => undefined);
      }
      for (const cleanup of deps.cleanups) {
        try {
          await cleanup();
        } catch (e) {
          deps.log?.warn('cleanup failed during shutdown', { error: e instanceof Error ? e.message : String(e) });
        }
      }
    } finally {
      phase = 'done';
      markFinished();
      deps.quit();
    }
  }

  return {
    get phase() {
      return phase;
    },
    finished,
    onBeforeQuit(event) {
      if (phase === 'done') return; // our own quit at the end of the sequence
      event.preventDefault();
      if (phase === 'stopping') return;
      phase = 'stopping';
      void run();
    },
  };
}
