// The core's events to the renderer (through the shell): documents that changed, and the status bar's state. The
// status is derived (counts, connectivity), so a burst of changes coalesces into one status event per 100 ms.
import type { AppStatus, BridgeEvent } from '../../shared/bridge';
import type { Logger } from './dispatch';

export class CoreEvents {
  private readonly listeners = new Set<(event: BridgeEvent) => void>();
  private statusTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly log: Logger,
    private readonly status: () => AppStatus,
  ) {}

  listen(listener: (event: BridgeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A listener that throws is logged; the others still hear the event. */
  emit(event: BridgeEvent): void {
    for (const l of this.listeners) {
      try {
        l(event);
      } catch (e) {
        this.log.warn('event listener failed', { error: e instanceof Error ? e.message : String(e) });
      }
    }
  }

  /** A status event within 100 ms, one for any number of calls meanwhile (none while nobody listens). */
  statusSoon(): void {
    if (this.statusTimer || this.listeners.size === 0) return;
    this.statusTimer = setTimeout(() => {
      this.statusTimer = undefined;
      this.emit({ type: 'status', status: this.status() });
    }, 100);
    this.statusTimer.unref?.();
  }

  stop(): void {
    if (this.statusTimer) clearTimeout(this.statusTimer);
    this.statusTimer = undefined;
  }
}
