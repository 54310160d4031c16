// The sign-in's failed-PIN rule, as plain functions of a state and the time. Kept in SQLite (pin_lockouts,
// migrations/0023_pin_lockouts_till_cash.sql) so a restart changes nothing:
//   5 wrong PINs in a row -> wait 1 min; 5 more -> 5 min; 5 more -> 30 min; 5 more -> only an administrator unlocks.
//   A correct PIN (or an administrator's "Desbloquear") clears it all.
//   Except for the last administrator who could unlock anyone: nobody could unlock them, so anyone at the sign-in
//   screen would lock the shop for good with 20 wrong PINs. Their fourth level is a long wait instead
//   (LAST_ADMIN_WAIT_MS, started again by every 5 more wrong PINs): 5 tries per 4 hours still takes months to guess a PIN.
// A wait is its start and its length, read by the till's clock. A start in the future (the clock went back) counts
// as now, so a wait never lasts longer than its length because of the clock.

export const FAILURES_PER_WAIT = 5;
/** The waits, in order; after the last one an administrator must unlock. */
export const WAITS_MS = [60_000, 5 * 60_000, 30 * 60_000] as const;
/** The level at which only an administrator unlocks. */
export const ADMIN_LEVEL = WAITS_MS.length + 1;
/** The wait at ADMIN_LEVEL for the last administrator able to unlock (within the shared state's 24 h bound). */
export const LAST_ADMIN_WAIT_MS = 4 * 3_600_000;

export interface LockoutState {
  /** Wrong PINs since the current wait started (or since the last clear). */
  failures: number;
  /** Waits started so far (0..ADMIN_LEVEL); at ADMIN_LEVEL a wait means the last administrator's long wait. */
  level: number;
  /** The current wait's start (ms since 1970, the till's clock), or null when there is none. */
  waitStartedAt: number | null;
  waitMs: number;
  /** Times the person was cleared; the shared merge keeps the state with the most clears. */
  clears: number;
}

export const CLEAR: LockoutState = { failures: 0, level: 0, waitStartedAt: null, waitMs: 0, clears: 0 };

export type Gate = { open: true } | { open: false; needsAdmin: true } | { open: false; needsAdmin: false; waitMs: number };

/** The state with a future start moved to now (persist it when it changed: the wait then ends on time). */
export function clampToClock(state: LockoutState, now: number): LockoutState {
  return state.waitStartedAt !== null && state.waitStartedAt > now ? { ...state, waitStartedAt: now } : state;
}

/** Whether a PIN may be tried now, and if not, what is left to wait. */
export function gate(state: LockoutState, now: number): Gate {
  if (state.level >= ADMIN_LEVEL && state.waitStartedAt === null) return { open: false, needsAdmin: true };
  if (state.waitStartedAt === null) return { open: true };
  const start = Math.min(state.waitStartedAt, now);
  const left = start + state.waitMs - now;
  return left > 0 ? { open: false, needsAdmin: false, waitMs: left } : { open: true };
}

/**
 * One more wrong PIN: the fifth in a row starts the next wait (or the administrator's lock; for the last
 * administrator, `lastAdmin`, the long wait instead).
 */
export function afterFailure(state: LockoutState, now: number, options: { lastAdmin?: boolean } = {}): LockoutState {
  const failures = state.failures + 1;
  if (failures < FAILURES_PER_WAIT) return { ...state, failures };
  const level = Math.min(state.level + 1, ADMIN_LEVEL);
  if (level < ADMIN_LEVEL) return { ...state, failures: 0, level, waitStartedAt: now, waitMs: WAITS_MS[level - 1] ?? 0 };
  if (options.lastAdmin) return { ...state, failures: 0, level, waitStartedAt: now, waitMs: LAST_ADMIN_WAIT_MS };
  return { ...state, failures: 0, level, waitStartedAt: null, waitMs: 0 };
}

/**
 * The state of the last administrator able to unlock: an administrator's lock (reached while another administrator
 * could unlock, or stored by an older version) becomes the long wait from now, so it ends by itself.
 */
export function forLastAdmin(state: LockoutState, now: number): LockoutState {
  return state.level >= ADMIN_LEVEL && state.waitStartedAt === null ? { ...state, waitStartedAt: now, waitMs: LAST_ADMIN_WAIT_MS } : state;
}

/** A correct PIN or an administrator's unlock. */
export function cleared(state: LockoutState): LockoutState {
  return isClear(state) ? state : { ...CLEAR, clears: state.clears + 1 };
}

export function isClear(state: LockoutState): boolean {
  return state.failures === 0 && state.level === 0 && state.waitStartedAt === null;
}

/**
 * Two tills' states of one person, merged (for the shop server; electron/core/db/repositories/sign-in.ts):
 *   - more clears wins outright (a correct PIN or an unlock after the other's failures);
 *   - same clears: the higher level, with its wait; same level: the most failures and the wait that ends last.
 * Commutative and idempotent, so the order of arrival does not matter.
 */
export function mergeLockouts(a: LockoutState, b: LockoutState): LockoutState {
  if (a.clears !== b.clears) return a.clears > b.clears ? a : b;
  if (a.level !== b.level) return a.level > b.level ? a : b;
  const end = (s: LockoutState) => (s.waitStartedAt === null ? -Infinity : s.waitStartedAt + s.waitMs);
  const wait = end(a) !== end(b) ? (end(a) > end(b) ? a : b) : (a.waitStartedAt ?? -1) >= (b.waitStartedAt ?? -1) ? a : b;
  return { ...wait, failures: Math.max(a.failures, b.failures) };
}

/** "45 s", "5 min", "4 min 30 s", "3 h 59 min": the wait in Spanish, rounded up to the second (the minute past 2 h). */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds <= 90) return `${seconds} s`;
  if (seconds > 2 * 3600) {
    const totalMinutes = Math.ceil(seconds / 60);
    const hours = Math.floor(totalMinutes / 60);
    return totalMinutes % 60 === 0 ? `${hours} h` : `${hours} h ${totalMinutes % 60} min`;
  }
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}
