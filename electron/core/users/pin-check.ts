// Checking a person's PIN at the till: the lockout kept in SQLite (lockout.ts, pin_lockouts), one check
// at a time per person (a burst of parallel tries cannot slip past the fifth failure), the hash made stronger at a
// sign-in when it was made with older parameters, and the PIN's digit count learned for Ajustes' 6-digit rule.
// A PIN typed over a name the sign-in preselected (the till's last person) is checked against that person, but a
// wrong one counts against the till's own tally (sign_in_till), never the person's: whoever typed it may be someone
// else who did not look at the name. The tally has the person's waits and ends in a long wait, never in "only an
// administrator": picking one's name on purpose always remains.
import type { UserRow, UsersRepository } from '../db';
import type { SignInRepository } from '../db/repositories/sign-in';
import { CoreError } from '../services/errors';
import { afterFailure, clampToClock, cleared, forLastAdmin, gate, LAST_ADMIN_WAIT_MS, type LockoutState, waitText } from './lockout';
import { hashPin, needsRehash, pinMatches, pinMatchesSync } from './pin-hash';

/** How the till's tally speaks: at the sign-in the cashier picks their own name, at an approval who authorises. */
interface TillWords {
  pick: string;
  /** The field the refusal points at: the name at the sign-in, the whole approval in a service's input. */
  path: string;
  field: (wait: string) => string;
  notYou: (name: string) => string;
}
const SIGN_IN_WORDS: TillWords = { pick: 'elija su nombre', path: 'userId', field: () => 'Elija su nombre', notYou: (name) => `Si usted no es ${name}, elija su nombre.` };
const APPROVAL_WORDS: TillWords = {
  pick: 'elija quién autoriza',
  path: 'approval',
  // The approval's refusal shows beside the PIN, so it says why as well as what to do.
  field: (wait) => `Demasiados PIN incorrectos: elija quién autoriza o espere ${wait}`,
  notYou: (name) => `Si no es ${name} quien autoriza, elija quién autoriza.`,
};

export class PinCheck {
  /** People whose PIN is being checked right now. */
  private readonly checking = new Set<number>();

  constructor(
    private readonly users: UsersRepository,
    private readonly signIn: SignInRepository,
    private readonly now: () => Date,
  ) {}

  /**
   * The active user whose PIN this is (hashed off the main thread); a stronger hash is stored when due. `preselected`:
   * the name was the sign-in's own choice, not the cashier's, so a wrong PIN is charged to the till's tally.
   */
  async check(userId: number, pin: string, options: { rehash: boolean; preselected?: boolean }): Promise<UserRow> {
    if (options.preselected) this.refuseWhileTillWaits();
    const row = this.admit(userId);
    let ok: boolean;
    try {
      ok = await pinMatches(pin, row.pin_hash, row.pin_salt);
    } finally {
      this.checking.delete(userId);
    }
    if (!ok && options.preselected) this.chargeTill(row);
    const fresh = this.settle(row, ok, pin);
    if (options.rehash && needsRehash(fresh.pin_hash)) {
      const next = await hashPin(pin);
      if (this.users.rehash(fresh.id, { pinHash: fresh.pin_hash, pinSalt: fresh.pin_salt }, { pinHash: next.hash, pinSalt: next.salt })) {
        this.signIn.rememberPinDigits(fresh.id, next.hash, pin.length);
      }
    }
    return this.users.getById(fresh.id) ?? fresh;
  }

  /**
   * The same check, blocking: for a supervisor's approval inside a synchronous service. `preselected`: the approval
   * started on that name and nobody picked it, so a wrong PIN is charged to the till's tally, as at the sign-in.
   */
  checkSync(userId: number, pin: string, options: { preselected?: boolean } = {}): UserRow {
    if (options.preselected) this.refuseWhileTillWaits(undefined, APPROVAL_WORDS);
    const row = this.admit(userId);
    let ok: boolean;
    try {
      ok = pinMatchesSync(pin, row.pin_hash, row.pin_salt);
    } finally {
      this.checking.delete(userId);
    }
    if (!ok && options.preselected) this.chargeTill(row, APPROVAL_WORDS);
    return this.settle(row, ok, pin);
  }

  /** The till's tally of wrong PINs over a preselected name, its clock set right (a start in the future is now). */
  private tillTally(): LockoutState {
    const stored = this.signIn.tillTally();
    const state = clampToClock(stored, this.now().getTime());
    if (state !== stored) this.signIn.setTillTally(state);
    return state;
  }

  private refuseWhileTillWaits(state = this.tillTally(), words: TillWords = SIGN_IN_WORDS): void {
    const g = gate(state, this.now().getTime());
    if (g.open) return;
    // The tally's top level is a long wait (afterFailure's lastAdmin), so a wait is all it can be.
    const wait = g.needsAdmin ? waitText(LAST_ADMIN_WAIT_MS) : waitText(g.waitMs);
    throw new CoreError('throttled', `Demasiados PIN incorrectos con el nombre ya elegido: ${words.pick} en la lista, o espere ${wait}.`, [
      { path: words.path, message: words.field(wait) },
    ]);
  }

  /** A wrong PIN over a preselected name: the till's tally counts it, the person's lockout does not. Always throws. */
  private chargeTill(row: UserRow, words: TillWords = SIGN_IN_WORDS): never {
    const state = this.tillTally();
    const next = afterFailure(state, this.now().getTime(), { lastAdmin: true });
    this.signIn.setTillTally(next);
    if (next.level > state.level || next.waitStartedAt !== state.waitStartedAt) this.refuseWhileTillWaits(next, words);
    throw new CoreError('auth', `PIN incorrecto para ${row.name}. ${words.notYou(row.name)}`, [{ path: 'pin', message: 'PIN incorrecto' }]);
  }

  /** Someone signed in here: the sign-in starts on them, and the tally over the name shown before starts again. */
  signedIn(userId: number): void {
    this.signIn.rememberSignedIn(userId);
    const tally = this.signIn.tillTally();
    const next = cleared(tally);
    if (next !== tally) this.signIn.setTillTally(next);
  }

  /** An administrator's "Desbloquear". */
  unlock(userId: number): void {
    this.signIn.setLockout(userId, cleared(this.signIn.lockout(userId)));
  }

  /** The lockout as Ajustes shows it, or null when there is none. */
  lockoutView(userId: number): { level: number; waitSeconds: number; needsAdmin: boolean } | null {
    const row = this.users.getById(userId);
    const stored = this.signIn.lockout(userId);
    const state = row && this.isLastAdmin(row) ? forLastAdmin(stored, this.now().getTime()) : stored;
    if (state.level === 0) return null;
    const g = gate(state, this.now().getTime());
    return { level: state.level, waitSeconds: g.open || g.needsAdmin ? 0 : Math.ceil(g.waitMs / 1000), needsAdmin: !g.open && g.needsAdmin };
  }

  /** The user, if active, not waiting and not being checked already; marks them as being checked. */
  private admit(userId: number): UserRow {
    const row = this.users.getById(userId);
    if (!row || row.active !== 1) throw new CoreError('not_found', 'Usuario no encontrado o desactivado.', [{ path: 'userId', message: 'Elija su nombre' }]);
    this.refuseWhileLocked(row, this.currentLockout(row));
    if (this.checking.has(userId)) {
      throw new CoreError('throttled', 'Se está verificando otro intento de este usuario: espere un momento.', [{ path: 'pin', message: 'Espere un momento' }]);
    }
    this.checking.add(userId);
    return row;
  }

  /**
   * The stored lockout; a wait whose start lies in the future (the clock went back) is moved to now, and the last
   * administrator's lock becomes a long wait from now (forLastAdmin), both for good.
   */
  private currentLockout(row: UserRow): LockoutState {
    const stored = this.signIn.lockout(row.id);
    const now = this.now().getTime();
    let state = clampToClock(stored, now);
    if (this.isLastAdmin(row)) state = forLastAdmin(state, now);
    if (state !== stored) this.signIn.setLockout(row.id, state);
    return state;
  }

  /**
   * True when `row` is an active administrator and no other active administrator could sign in to unlock them (every
   * other one, if any, waits for an administrator too): locking them until an administrator unlocks would lock the shop.
   */
  private isLastAdmin(row: UserRow): boolean {
    if (row.role !== 'administrador' || row.active !== 1) return false;
    const now = this.now().getTime();
    return !this.users.all().some((u) => {
      if (u.id === row.id || u.role !== 'administrador' || u.active !== 1) return false;
      const g = gate(this.signIn.lockout(u.id), now);
      return g.open || !g.needsAdmin;
    });
  }

  private refuseWhileLocked(row: UserRow, state: LockoutState): void {
    const g = gate(state, this.now().getTime());
    if (g.open) return;
    if (g.needsAdmin) {
      throw new CoreError(
        'locked_out',
        `Demasiados intentos fallidos: ${row.name} quedó bloqueado. Un administrador debe desbloquearlo en Ajustes → Usuarios.`,
        [{ path: 'pin', message: 'Bloqueado: pida a un administrador que lo desbloquee' }],
      );
    }
    const wait = waitText(g.waitMs);
    throw new CoreError('throttled', `Demasiados intentos fallidos: espere ${wait} e intente de nuevo.`, [{ path: 'pin', message: `Espere ${wait}` }]);
  }

  /** Records the outcome: a wrong PIN counts (and may start a wait), a right one clears and teaches the PIN's length. */
  private settle(row: UserRow, ok: boolean, pin: string): UserRow {
    const state = this.currentLockout(row);
    if (!ok) {
      const next = afterFailure(state, this.now().getTime(), { lastAdmin: this.isLastAdmin(row) });
      this.signIn.setLockout(row.id, next);
      // A wait that starts now is said at once (the last administrator's repeated long wait keeps the same level).
      if (next.level > state.level || next.waitStartedAt !== state.waitStartedAt) this.refuseWhileLocked(row, next);
      throw new CoreError('auth', 'PIN incorrecto.', [{ path: 'pin', message: 'PIN incorrecto' }]);
    }
    // The person may have been switched off or their PIN changed while the hash was computed.
    const fresh = this.users.getById(row.id);
    if (!fresh || fresh.active !== 1) throw new CoreError('not_found', 'Usuario no encontrado o desactivado.', [{ path: 'userId', message: 'Elija su nombre' }]);
    if (fresh.pin_hash !== row.pin_hash || fresh.pin_salt !== row.pin_salt) {
      throw new CoreError('auth', 'El PIN cambió mientras se verificaba: ingréselo de nuevo.', [{ path: 'pin', message: 'Ingrese el PIN de nuevo' }]);
    }
    const next = cleared(state);
    if (next !== state) this.signIn.setLockout(row.id, next);
    if (this.signIn.pinDigits(row.id, row.pin_hash) !== pin.length) {
      this.signIn.rememberPinDigits(row.id, row.pin_hash, pin.length);
    }
    return fresh;
  }
}
