// The last administrator able to unlock anyone gets a long wait where others wait for an administrator.
import { describe, expect, it } from 'vitest';
import { ADMIN_LEVEL, afterFailure, CLEAR, forLastAdmin, gate, LAST_ADMIN_WAIT_MS, waitText, type LockoutState } from '../../../../electron/core/users/lockout';

const T = Date.parse('2026-11-25T15:00:00.000Z');
const fail = (state: LockoutState, times: number, lastAdmin: boolean) => {
  let s = state;
  for (let i = 0; i < times; i++) s = afterFailure(s, T, { lastAdmin });
  return s;
};

describe('the last administrator\'s lockout', () => {
  it('the fourth level is a 4 h wait that ends by itself, started again by 5 more wrong PINs', () => {
    const fourth = fail(CLEAR, 20, true);
    expect(fourth).toMatchObject({ level: ADMIN_LEVEL, waitStartedAt: T, waitMs: LAST_ADMIN_WAIT_MS });
    expect(gate(fourth, T + 3_600_000)).toEqual({ open: false, needsAdmin: false, waitMs: 3 * 3_600_000 });
    expect(gate(fourth, T + LAST_ADMIN_WAIT_MS)).toEqual({ open: true });
    expect(fail(fourth, 5, true)).toMatchObject({ level: ADMIN_LEVEL, waitMs: LAST_ADMIN_WAIT_MS });
    expect(fail(CLEAR, 20, false)).toMatchObject({ level: ADMIN_LEVEL, waitStartedAt: null });
  });

  it('an administrator\'s lock becomes the long wait from now; anything else is left as it is', () => {
    const locked = fail(CLEAR, 20, false);
    expect(forLastAdmin(locked, T + 1)).toEqual({ ...locked, waitStartedAt: T + 1, waitMs: LAST_ADMIN_WAIT_MS });
    const one = fail(CLEAR, 5, true);
    expect(forLastAdmin(one, T)).toBe(one);
    expect(forLastAdmin(CLEAR, T)).toBe(CLEAR);
  });

  it('says waits over 2 h in hours and minutes', () => {
    expect(waitText(LAST_ADMIN_WAIT_MS)).toBe('4 h');
    expect(waitText(LAST_ADMIN_WAIT_MS - 1000)).toBe('4 h');
    expect(waitText(LAST_ADMIN_WAIT_MS - 61_000)).toBe('3 h 59 min');
    expect(waitText(30 * 60_000)).toBe('30 min');
  });
});
