/** Exponential backoff with jitter, capped: when a failed send may be tried again. */
export interface RetryPolicy {
  baseMs: number;
  maxMs: number;
  /** Returns a number in [0, 1): injectable so tests are deterministic. */
  random: () => number;
}

export const DEFAULT_RETRY: RetryPolicy = { baseMs: 5_000, maxMs: 10 * 60_000, random: Math.random };

/**
 * Delay before attempt number `attempts + 1`, after `attempts` failures (attempts >= 1).
 * "Equal jitter": half the exponential step is fixed, half is random, so retries spread out
 * without ever collapsing to zero (no retry storm after an outage).
 */
export function retryDelayMs(attempts: number, policy: RetryPolicy = DEFAULT_RETRY): number {
  const exp = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
  return Math.round(exp / 2 + (exp / 2) * policy.random());
}
