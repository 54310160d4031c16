// What the till keeps about PINs besides their hash (0023): each person's failed attempts and waits (pin_lockouts),
// and each PIN's digit count while its hash is current (pin_lengths). Neither touches the users row, so neither is
// queued as a staff record by 0021's triggers. A lockout changed here is queued on its own (kind 'lockout') and shared
// through the shop server (lockoutOf, applyRemoteLockout: electron/core/server/sync/), keyed like a staff record.
// 0031 adds what stays on this till alone: the last person signed in here (the one name the sign-in may preselect),
// the tally of wrong PINs typed over that preselected name, and the administrator's recovery code (its hash).
import type Database from 'better-sqlite3';
import { CLEAR, mergeLockouts, type LockoutState } from '../../users/lockout';
import type { Db } from '../types';

interface LockoutRow {
  failures: number;
  level: number;
  wait_started_at: number | null;
  wait_ms: number;
  clears: number;
}

const stateOf = (row: LockoutRow): LockoutState => ({
  failures: row.failures,
  level: row.level,
  waitStartedAt: row.wait_started_at,
  waitMs: row.wait_ms,
  clears: row.clears,
});

const isCount = (n: unknown, max = Number.MAX_SAFE_INTEGER): n is number => Number.isSafeInteger(n) && (n as number) >= 0 && (n as number) <= max;

/** A state from elsewhere, checked field by field (a shared row is never trusted blindly). */
function validState(s: LockoutState): boolean {
  return (
    isCount(s.failures, 1000) && isCount(s.level, 4) && isCount(s.waitMs, 24 * 3_600_000) && isCount(s.clears) &&
    (s.waitStartedAt === null || isCount(s.waitStartedAt))
  );
}

export class SignInRepository {
  private readonly selectLockout: Database.Statement<[number], LockoutRow>;
  private readonly upsertLockout: Database.Statement<[Record<string, unknown>]>;
  private readonly selectLength: Database.Statement<[number], { pin_hash: string; digits: number }>;
  private readonly upsertLength: Database.Statement<[Record<string, unknown>]>;
  private readonly selectIdByKey: Database.Statement<[string], { id: number }>;
  private readonly enqueueShared: Database.Statement<[number]>;
  private readonly selectTill: Database.Statement<[], LockoutRow & { last_user_id: number | null }>;
  private readonly upsertTillTally: Database.Statement<[Record<string, unknown>]>;
  private readonly upsertLastUser: Database.Statement<[number]>;
  private readonly selectRecovery: Database.Statement<[], { code_hash: string; code_salt: string; created_at: string }>;
  private readonly upsertRecovery: Database.Statement<[Record<string, unknown>]>;

  constructor(db: Db) {
    const { sqlite } = db;
    this.selectLockout = sqlite.prepare('SELECT failures, level, wait_started_at, wait_ms, clears FROM pin_lockouts WHERE user_id = ?');
    this.upsertLockout = sqlite.prepare(`INSERT INTO pin_lockouts (user_id, failures, level, wait_started_at, wait_ms, clears)
      VALUES (@user_id, @failures, @level, @wait_started_at, @wait_ms, @clears)
      ON CONFLICT (user_id) DO UPDATE SET failures = excluded.failures, level = excluded.level,
        wait_started_at = excluded.wait_started_at, wait_ms = excluded.wait_ms, clears = excluded.clears`);
    this.selectLength = sqlite.prepare('SELECT pin_hash, digits FROM pin_lengths WHERE user_id = ?');
    this.upsertLength = sqlite.prepare(`INSERT INTO pin_lengths (user_id, pin_hash, digits) VALUES (@user_id, @pin_hash, @digits)
      ON CONFLICT (user_id) DO UPDATE SET pin_hash = excluded.pin_hash, digits = excluded.digits`);
    // Same key as a shared staff record: lower() folds ASCII letters only, as staffKey does.
    this.selectIdByKey = sqlite.prepare('SELECT id FROM users WHERE lower(name) = ?');
    this.enqueueShared = sqlite.prepare(`INSERT INTO catalog_outbox (kind, key) SELECT 'lockout', lower(name) FROM users WHERE id = ?
      ON CONFLICT (kind, key) DO UPDATE SET version = version + 1`);
    this.selectTill = sqlite.prepare('SELECT last_user_id, failures, level, wait_started_at, wait_ms, clears FROM sign_in_till WHERE id = 1');
    this.upsertTillTally = sqlite.prepare(`INSERT INTO sign_in_till (id, failures, level, wait_started_at, wait_ms, clears)
      VALUES (1, @failures, @level, @wait_started_at, @wait_ms, @clears)
      ON CONFLICT (id) DO UPDATE SET failures = excluded.failures, level = excluded.level,
        wait_started_at = excluded.wait_started_at, wait_ms = excluded.wait_ms, clears = excluded.clears`);
    this.upsertLastUser = sqlite.prepare(`INSERT INTO sign_in_till (id, last_user_id) VALUES (1, ?)
      ON CONFLICT (id) DO UPDATE SET last_user_id = excluded.last_user_id`);
    this.selectRecovery = sqlite.prepare('SELECT code_hash, code_salt, created_at FROM recovery_code WHERE id = 1');
    this.upsertRecovery = sqlite.prepare(`INSERT INTO recovery_code (id, code_hash, code_salt, created_at) VALUES (1, @code_hash, @code_salt, @created_at)
      ON CONFLICT (id) DO UPDATE SET code_hash = excluded.code_hash, code_salt = excluded.code_salt, created_at = excluded.created_at`);
  }

  /** The last person signed in on this till, or null. */
  lastUserId(): number | null {
    return this.selectTill.get()?.last_user_id ?? null;
  }

  /** The wrong PINs typed here over a preselected name (never any person's lockout). */
  tillTally(): LockoutState {
    const row = this.selectTill.get();
    return row ? stateOf(row) : CLEAR;
  }

  setTillTally(state: LockoutState): void {
    this.upsertTillTally.run({ failures: state.failures, level: state.level, wait_started_at: state.waitStartedAt, wait_ms: state.waitMs, clears: state.clears });
  }

  /** Someone signed in here: the sign-in now starts on them. */
  rememberSignedIn(userId: number): void {
    this.upsertLastUser.run(userId);
  }

  /** The recovery code's hash, or null when none was made on this till. */
  recoveryCode(): { hash: string; salt: string; createdAt: string } | null {
    const row = this.selectRecovery.get();
    return row ? { hash: row.code_hash, salt: row.code_salt, createdAt: row.created_at } : null;
  }

  /** A new recovery code (its hash): the one before stops working. */
  setRecoveryCode(hash: string, salt: string, createdAt: string): void {
    this.upsertRecovery.run({ code_hash: hash, code_salt: salt, created_at: createdAt });
  }

  lockout(userId: number): LockoutState {
    const row = this.selectLockout.get(userId);
    return row ? stateOf(row) : CLEAR;
  }

  /** A change made here (a wrong PIN, a clear, an unlock): stored, and queued for the other tills. */
  setLockout(userId: number, state: LockoutState): void {
    this.write(userId, state);
    this.enqueueShared.run(userId);
  }

  private write(userId: number, state: LockoutState): void {
    this.upsertLockout.run({
      user_id: userId, failures: state.failures, level: state.level, wait_started_at: state.waitStartedAt, wait_ms: state.waitMs, clears: state.clears,
    });
  }

  /** The digit count of the PIN whose hash is `pinHash`, or null when unknown (stored before 0023, or changed elsewhere). */
  pinDigits(userId: number, pinHash: string): number | null {
    const row = this.selectLength.get(userId);
    return row && row.pin_hash === pinHash ? row.digits : null;
  }

  rememberPinDigits(userId: number, pinHash: string, digits: number): void {
    this.upsertLength.run({ user_id: userId, pin_hash: pinHash, digits });
  }

  /** For the shop server: the lockout of the staff member `key` (lower-cased name), or null when unknown here. */
  lockoutOf(key: string): LockoutState | null {
    const user = this.selectIdByKey.get(key);
    return user ? this.lockout(user.id) : null;
  }

  /**
   * For the shop server: merges another till's lockout of `key` into this till's (mergeLockouts: most clears, then
   * highest level, then the wait that ends last). False when the person is unknown here or the state is malformed.
   */
  applyRemoteLockout(key: string, state: LockoutState): boolean {
    const user = this.selectIdByKey.get(key);
    if (!user || !validState(state)) return false;
    const mine = this.lockout(user.id);
    const merged = mergeLockouts(mine, state);
    // Written without queueing it back: the other till's state is already on the server.
    if (merged !== mine) this.write(user.id, merged);
    return true;
  }
}
