// The failed-PIN rule as plain functions, and the merge the shop server uses to share a lockout.
import { describe, expect, it } from 'vitest';
import { afterFailure, ADMIN_LEVEL, CLEAR, clampToClock, cleared, gate, mergeLockouts, waitText, type LockoutState } from '../../../../electron/core/users/lockout';

const T = Date.parse('2026-11-25T15:00:00.000Z');
const fail = (state: LockoutState, times: number, at = T) => {
  let s = state;
  for (let i = 0; i < times; i++) s = afterFailure(s, at);
  return s;
};

describe('the failed-PIN rule', () => {
  it('the fifth wrong PIN starts a 1-minute wait; the waits escalate to 5 and 30 minutes, then the administrator', () => {
    expect(gate(fail(CLEAR, 4), T)).toEqual({ open: true });
    const one = fail(CLEAR, 5);
    expect(one).toMatchObject({ failures: 0, level: 1, waitStartedAt: T, waitMs: 60_000 });
    expect(gate(one, T + 59_000)).toEqual({ open: false, needsAdmin: false, waitMs: 1_000 });
    expect(gate(one, T + 60_000)).toEqual({ open: true });
    expect(fail(one, 5)).toMatchObject({ level: 2, waitMs: 300_000 });
    expect(fail(fail(one, 5), 5)).toMatchObject({ level: 3, waitMs: 1_800_000 });
    const admin = fail(fail(fail(one, 5), 5), 5);
    expect(admin).toMatchObject({ level: ADMIN_LEVEL, waitStartedAt: null });
    expect(gate(admin, T + 365 * 86_400_000)).toEqual({ open: false, needsAdmin: true });
    expect(cleared(admin)).toEqual({ ...CLEAR, clears: 1 });
    expect(cleared(CLEAR)).toBe(CLEAR);
  });

  it('a wait whose start lies in the future (clock set back) lasts its length from now, never longer', () => {
    const one = fail(CLEAR, 5);
    const back = T - 3_600_000;
    expect(gate(one, back)).toEqual({ open: false, needsAdmin: false, waitMs: 60_000 });
    expect(clampToClock(one, back).waitStartedAt).toBe(back);
    expect(clampToClock(one, T + 1)).toBe(one);
  });

  it('says the wait in seconds up to 90 s, else in minutes', () => {
    expect(waitText(60_000)).toBe('60 s');
    expect(waitText(1)).toBe('1 s');
    expect(waitText(300_000)).toBe('5 min');
    expect(waitText(270_500)).toBe('4 min 31 s');
  });
});

describe('merging two tills\' lockouts', () => {
  const a: LockoutState = { failures: 3, level: 1, waitStartedAt: T, waitMs: 60_000, clears: 2 };
  const b: LockoutState = { failures: 1, level: 2, waitStartedAt: T - 10_000, waitMs: 300_000, clears: 2 };

  it('more clears wins outright; then the higher level with its wait; then the most failures and the later wait', () => {
    expect(mergeLockouts(a, { ...CLEAR, clears: 3 })).toEqual({ ...CLEAR, clears: 3 });
    expect(mergeLockouts(a, b)).toEqual(b);
    const later = { ...a, failures: 1, waitStartedAt: T + 5_000 };
    expect(mergeLockouts(a, later)).toEqual({ ...later, failures: 3 });
  });

  it('is commutative and idempotent', () => {
    const states = [a, b, CLEAR, { ...a, clears: 3 }, { ...a, waitStartedAt: T + 5_000, failures: 4 }];
    for (const x of states) {
      expect(mergeLockouts(x, x)).toEqual(x);
      for (const y of states) expect(mergeLockouts(x, y)).toEqual(mergeLockouts(y, x));
    }
  });
});
