import { describe, expect, it } from 'vitest';
import { retryDelayMs } from '../../../../electron/core/outbox/retry';

const policy = (r: number) => ({ baseMs: 1_000, maxMs: 60_000, random: () => r });

describe('retry policy', () => {
  it('doubles per attempt between half and all of the step', () => {
    expect([1, 2, 3, 4].map((a) => retryDelayMs(a, policy(0)))).toEqual([500, 1_000, 2_000, 4_000]);
    expect([1, 2, 3, 4].map((a) => retryDelayMs(a, policy(0.999999)))).toEqual([1_000, 2_000, 4_000, 8_000]);
  });

  it('is capped, even after very many attempts', () => {
    expect(retryDelayMs(50, policy(0.999999))).toBe(60_000);
    expect(retryDelayMs(5_000, policy(0))).toBe(30_000);
  });

  it('spreads retries of documents that failed together', () => {
    const delays = new Set(Array.from({ length: 50 }, () => retryDelayMs(5)));
    expect(delays.size).toBeGreaterThan(10);
  });
});
