// The PC's clock against the API's: `fecha_Emision` comes from this PC's clock, so a clock that is off by more than a
// few minutes issues documents with a wrong date and time. Every API answer carries a Date header (RFC 9110 §6.6.1,
// one-second resolution), which is enough to tell.

/** Beyond this difference the till warns (5 minutes). */
export const CLOCK_SKEW_LIMIT_MS = 5 * 60_000;

export class ClockSkew {
  private skewMs: number | undefined;

  constructor(private readonly now: () => Date) {}

  /** Records the server time of an answer, taken when the answer arrived. */
  observe(dateHeader: string | null): void {
    if (!dateHeader) return;
    const server = Date.parse(dateHeader);
    if (Number.isFinite(server)) this.skewMs = this.now().getTime() - server;
  }

  /** Minutes the PC is ahead (positive) or behind (negative) when beyond the limit; null when fine or unknown. */
  get offMinutes(): number | null {
    if (this.skewMs === undefined || Math.abs(this.skewMs) <= CLOCK_SKEW_LIMIT_MS) return null;
    return Math.round(this.skewMs / 60_000);
  }
}
