// Who is at the till: sign-in with a PIN, the lock, the users of Ajustes, and the check every bridge call
// passes (METHOD_ACCESS). Until the first administrator exists the till is open: the app asks to create one first.
// Wrong PINs are kept in SQLite and the wait escalates (pin-check.ts, lockout.ts); PINs are hashed off the
// main thread; Ajustes can require 6-digit PINs for new and changed ones.
// Supervisors and administrators always use 6 digits: they approve refunds, cash outs and discounts, and a till's
// staff table (its file, or the shop server's rows a till's role reads) is a PIN hash away from their PIN, 10^4
// guesses for 4 digits against 10^6. A shorter PIN of theirs from before the rule still signs in, but the session
// answers mustChangePin and every call but the public ones is refused until the sign-in is repeated with a new one.
import { METHOD_ACCESS, type Approval, type BridgeMethodName, type SaveUserInput, type Session, type User, type UserListEntry } from '../../../shared/bridge';
import { hasRole, ROLE_LABELS, type Role } from '../../../shared/users/roles';
import type { UserRow, UsersRepository } from '../db';
import type { SignInRepository } from '../db/repositories/sign-in';
import { CoreError } from '../services/errors';
import { PinCheck } from './pin-check';
import { hashPin, pinMatches } from './pin-hash';
import { newRecoveryCode, normalizeRecoveryCode } from './recovery-code';

export interface AuthDeps {
  signIn: SignInRepository;
  /** Ajustes' rule for new and changed PINs. */
  pinRule: () => { sixDigits: boolean };
}

const viewOf = (row: UserRow): User => ({ id: row.id, name: row.name, role: row.role, active: row.active === 1 });

/** The digits a supervisor's or administrator's PIN has (PinSchema allows at most 6). */
export const APPROVER_PIN_DIGITS = 6;
const approves = (role: Role) => hasRole(role, 'supervisor');

export class AuthService {
  private currentId: number | null = null;
  private readonly pins: PinCheck;
  /** A recovery code is being checked (one at a time: each check is a slow hash). */
  private recovering = false;

  constructor(
    private readonly users: UsersRepository,
    private readonly now: () => Date,
    private readonly deps: AuthDeps,
  ) {
    this.pins = new PinCheck(users, deps.signIn, now);
  }

  /** The signed-in user, re-read so that a user switched off or demoted meanwhile counts as such. */
  current(): UserRow | null {
    if (this.currentId === null) return null;
    const row = this.users.getById(this.currentId);
    if (!row || row.active !== 1) {
      this.currentId = null;
      return null;
    }
    return row;
  }

  session(): Session {
    const row = this.current();
    return { user: row ? viewOf(row) : null, usersExist: this.users.count() > 0, ...(row && this.mustChangePin(row) ? { mustChangePin: true } : {}) };
  }

  /** A supervisor or administrator whose PIN, as last typed here, is shorter than theirs must be. */
  private mustChangePin(row: UserRow): boolean {
    const digits = this.deps.signIn.pinDigits(row.id, row.pin_hash);
    return approves(row.role) && digits !== null && digits < APPROVER_PIN_DIGITS;
  }

  /** Refuses `method` when the till is locked or the user's role is short of what it needs. */
  authorize(method: BridgeMethodName): void {
    const access = METHOD_ACCESS[method];
    if (access === 'public' || this.users.count() === 0) return;
    const row = this.current();
    if (!row) throw new CoreError('locked', 'La caja está bloqueada: ingrese con su PIN.');
    if (this.mustChangePin(row)) {
      throw new CoreError('pin_change_required', `Antes de seguir, cambie su PIN: un ${ROLE_LABELS[row.role].toLowerCase()} usa un PIN de ${APPROVER_PIN_DIGITS} dígitos.`);
    }
    if (!hasRole(row.role, access)) {
      throw new CoreError('forbidden', `No permitido: solo un ${ROLE_LABELS[access].toLowerCase()} puede hacer esto (usted es ${ROLE_LABELS[row.role].toLowerCase()}).`);
    }
  }

  /**
   * The first administrator, signed in, with the till's recovery code: shown once here, kept only as its hash, so the
   * owner can get back in when no administrator can (recover()).
   */
  async createFirstAdmin(name: string, pin: string): Promise<Session & { recoveryCode: string }> {
    if (this.users.count() > 0) throw new CoreError('forbidden', 'El administrador ya fue creado: ingrese con su PIN.');
    this.assertPinRule(pin, 'administrador');
    const { hash, salt } = await hashPin(pin);
    // Checked again after the wait: two first administrators must not both be created.
    if (this.users.count() > 0) throw new CoreError('forbidden', 'El administrador ya fue creado: ingrese con su PIN.');
    const row = this.users.insert({ name, role: 'administrador', pinHash: hash, pinSalt: salt });
    this.deps.signIn.rememberPinDigits(row.id, hash, pin.length);
    this.signedIn(row.id);
    return { ...this.session(), recoveryCode: await this.newRecoveryCode() };
  }

  /** A new recovery code for this till (Ajustes → Usuarios): the one before stops working. Shown once. */
  async newRecoveryCode(): Promise<string> {
    const next = await this.hashedRecoveryCode();
    this.deps.signIn.setRecoveryCode(next.hash, next.salt, this.now().toISOString());
    return next.code;
  }

  private async hashedRecoveryCode(): Promise<{ code: string; hash: string; salt: string }> {
    const code = newRecoveryCode();
    return { code, ...(await hashPin(normalizeRecoveryCode(code)!)) };
  }

  /**
   * The owner's way back in: the recovery code sets a new PIN for an active administrator, ends their wait (the shop
   * server's lockouts too: a clear is shared), signs them in and answers the next code, shown once; the code spent
   * stops working. Needs no administrator and no wait: the code's 80 bits are the guard.
   */
  async recover(userId: number, typedCode: string, newPin: string): Promise<Session & { recoveryCode: string }> {
    const stored = this.deps.signIn.recoveryCode();
    if (!stored) {
      throw new CoreError('not_found', 'Esta caja no tiene código de recuperación: un administrador lo crea en Ajustes → Usuarios.', [
        { path: 'code', message: 'Sin código en esta caja' },
      ]);
    }
    const wrongCode = () => new CoreError('auth', 'Código de recuperación incorrecto.', [{ path: 'code', message: 'Código incorrecto' }]);
    const code = normalizeRecoveryCode(typedCode);
    if (code === null) throw wrongCode();
    const row = this.users.getById(userId);
    if (!row || row.active !== 1 || row.role !== 'administrador') {
      throw new CoreError('validation', 'El código de recuperación es para un administrador activo: elija uno.', [{ path: 'userId', message: 'Elija un administrador' }]);
    }
    this.assertPinRule(newPin, row.role, 'newPin');
    if (this.recovering) throw new CoreError('throttled', 'Se está verificando otro código: espere un momento.', [{ path: 'code', message: 'Espere un momento' }]);
    this.recovering = true;
    let ok: boolean;
    let next: { hash: string; salt: string };
    let nextCode: { code: string; hash: string; salt: string };
    try {
      ok = await pinMatches(code, stored.hash, stored.salt);
      next = await hashPin(newPin);
      nextCode = await this.hashedRecoveryCode();
    } finally {
      this.recovering = false;
    }
    // Everything below runs without a pause. The code may have been replaced while it was checked: only the one
    // checked is spent.
    if (!ok || this.deps.signIn.recoveryCode()?.hash !== stored.hash) throw wrongCode();
    const fresh = this.users.getById(userId);
    if (!fresh || fresh.active !== 1 || fresh.role !== 'administrador') throw new CoreError('not_found', 'Usuario no encontrado o desactivado.', [{ path: 'userId', message: 'Elija un administrador' }]);
    this.users.update(fresh.id, { name: fresh.name, role: fresh.role, pinHash: next.hash, pinSalt: next.salt, active: true });
    this.deps.signIn.rememberPinDigits(fresh.id, next.hash, newPin.length);
    this.pins.unlock(fresh.id);
    // Replaced last: were the till to stop before, the code spent would still be the one written down.
    this.deps.signIn.setRecoveryCode(nextCode.hash, nextCode.salt, this.now().toISOString());
    this.signedIn(fresh.id);
    return { ...this.session(), recoveryCode: nextCode.code };
  }

  private signedIn(userId: number): void {
    this.currentId = userId;
    this.pins.signedIn(userId);
  }

  /**
   * The one name the sign-in may start on: the last person signed in here while still active, else the only active
   * person. A PIN typed over it without the cashier picking it is never charged to that person (PinCheck).
   */
  preselected(): number | null {
    const last = this.deps.signIn.lastUserId();
    const active = this.users.all().filter((u) => u.active === 1);
    if (last !== null && active.some((u) => u.id === last)) return last;
    return active.length === 1 ? (active[0]?.id ?? null) : null;
  }

  /**
   * Signs in; with `newPin`, the PIN is changed in the same step (what a short PIN's mustChangePin asks for), only if
   * nobody changed it meanwhile (as a rehash). The new PIN follows the rule for the person's role. `preselected`: the
   * cashier typed the PIN over the name the screen started on without picking it; only preselected() may be claimed
   * so, and a wrong PIN then counts against the till's tally instead of the person.
   */
  async login(userId: number, pin: string, newPin?: string, options: { preselected?: boolean } = {}): Promise<Session> {
    if (options.preselected && this.preselected() !== userId) {
      throw new CoreError('validation', 'Elija su nombre en la lista.', [{ path: 'userId', message: 'Elija su nombre' }]);
    }
    const row = await this.pins.check(userId, pin, { rehash: newPin === undefined, preselected: options.preselected === true });
    if (newPin !== undefined) {
      this.assertPinRule(newPin, row.role, 'newPin');
      if (newPin === pin) throw new CoreError('validation', 'El PIN nuevo debe ser distinto del actual.', [{ path: 'newPin', message: 'Elija otro PIN' }]);
      const next = await hashPin(newPin);
      if (!this.users.rehash(row.id, { pinHash: row.pin_hash, pinSalt: row.pin_salt }, { pinHash: next.hash, pinSalt: next.salt })) {
        throw new CoreError('auth', 'El PIN cambió mientras se verificaba: ingréselo de nuevo.', [{ path: 'pin', message: 'Ingrese el PIN de nuevo' }]);
      }
      this.deps.signIn.rememberPinDigits(row.id, next.hash, newPin.length);
    }
    this.signedIn(row.id);
    return this.session();
  }

  /**
   * Who allows an action that needs `needed` (a cash out, closing another's session, a large discount): the signed-in
   * user when their role suffices, else the user of `approval` after their PIN checks (same lockout as the sign-in).
   * Null while no users exist (the till is open). Refused in Spanish, saying what is missing. Synchronous: it is called
   * inside the sale's and the cash session's synchronous services, so the PIN is hashed on this thread (pinMatchesSync).
   */
  approve(needed: Role, what: string, approval?: Approval): { id: number; name: string } | null {
    if (this.users.count() === 0) return null;
    const me = this.current();
    if (me && hasRole(me.role, needed)) return { id: me.id, name: me.name };
    if (!approval) {
      throw new CoreError('approval_required', `${what} necesita la autorización de un ${ROLE_LABELS[needed].toLowerCase()}: ingrese su PIN.`, [
        { path: 'approval', message: `Autorización de un ${ROLE_LABELS[needed].toLowerCase()}` },
      ]);
    }
    // Only the name the prompt itself starts on may be claimed as preselected: any other claim would let a wrong PIN
    // aimed at a chosen person escape that person's lockout.
    if (approval.preselected && this.preselectedApprover() !== approval.userId) {
      throw new CoreError('validation', 'Elija quién autoriza en la lista.', [{ path: 'approval', message: 'Elija quién autoriza' }]);
    }
    const row = this.pins.checkSync(approval.userId, approval.pin, { preselected: approval.preselected === true });
    if (!hasRole(row.role, needed)) {
      throw new CoreError('forbidden', `${row.name} no puede autorizar esto: se necesita un ${ROLE_LABELS[needed].toLowerCase()}.`, [
        { path: 'approval', message: 'No tiene el rol necesario' },
      ]);
    }
    return { id: row.id, name: row.name };
  }

  /**
   * The one name an approval prompt starts on (ApprovalFields): the only active supervisor (the one on the floor),
   * else the only active person who may approve at all (the owner); null when there is a choice to make.
   */
  preselectedApprover(): number | null {
    const active = this.users.all().filter((u) => u.active === 1);
    const supervisors = active.filter((u) => u.role === 'supervisor');
    const approvers = active.filter((u) => u.role === 'supervisor' || u.role === 'administrador');
    const only = supervisors.length === 1 ? supervisors[0] : approvers.length === 1 ? approvers[0] : undefined;
    return only?.id ?? null;
  }

  /** The PIN hash a person has now (for the shop server's administrator credential), or null. */
  pinHashOf(userId: number): string | null {
    return this.users.getById(userId)?.pin_hash ?? null;
  }

  lock(): Session {
    this.currentId = null;
    return this.session();
  }

  /** The active people; `lastHere` marks the name the sign-in starts on (preselected()). */
  cashiers(): { id: number; name: string; approver: 'supervisor' | 'administrador' | null; lastHere?: true }[] {
    const preselected = this.preselected();
    return this.users
      .all()
      .filter((u) => u.active === 1)
      .map((u) => ({
        id: u.id, name: u.name, approver: u.role === 'administrador' || u.role === 'supervisor' ? u.role : null, ...(u.id === preselected ? { lastHere: true as const } : {}),
      }));
  }

  list(): UserListEntry[] {
    return this.users.all().map((row) => this.entryOf(row));
  }

  /** An administrator clears a user's failed PINs and wait (Ajustes → Usuarios: "Desbloquear"). */
  unlock(userId: number): UserListEntry {
    const row = this.users.getById(userId);
    if (!row) throw new CoreError('not_found', 'Usuario no encontrado.');
    this.pins.unlock(userId);
    return this.entryOf(row);
  }

  private entryOf(row: UserRow): UserListEntry {
    return { ...viewOf(row), pinDigits: this.deps.signIn.pinDigits(row.id, row.pin_hash), lockout: this.pins.lockoutView(row.id) };
  }

  /** A new or changed PIN: 6 digits for a supervisor or administrator, and for everyone when Ajustes requires it. */
  private assertPinRule(pin: string, role: Role, path = 'pin'): void {
    if (approves(role) && pin.length < APPROVER_PIN_DIGITS) {
      throw new CoreError('validation', `Un ${ROLE_LABELS[role].toLowerCase()} usa un PIN de ${APPROVER_PIN_DIGITS} dígitos: ingrese un PIN de ${APPROVER_PIN_DIGITS} dígitos.`, [
        { path, message: `El PIN debe tener ${APPROVER_PIN_DIGITS} dígitos` },
      ]);
    }
    if (this.deps.pinRule().sixDigits && pin.length !== 6) {
      throw new CoreError('validation', 'Ajustes exige PIN de 6 dígitos: ingrese un PIN de 6 dígitos.', [{ path, message: 'El PIN debe tener 6 dígitos' }]);
    }
  }

  async save(input: SaveUserInput & { active: boolean }): Promise<User> {
    if (input.id === undefined && !input.pin) throw new CoreError('validation', 'Ingrese el PIN del nuevo usuario.', [{ path: 'pin', message: 'Ingrese el PIN' }]);
    if (input.pin) this.assertPinRule(input.pin, input.role);
    // Hashed first (off the main thread); everything after it is checked and written without a pause.
    const pin = input.pin ? { ...(await hashPin(input.pin)), digits: input.pin.length } : null;
    const clash = this.users.getByName(input.name);
    if (clash && clash.id !== input.id) throw new CoreError('duplicate', `Ya existe un usuario llamado ${clash.name}.`, [{ path: 'name', message: 'Ese nombre ya existe' }]);
    if (input.id === undefined && pin) {
      const created = this.users.insert({ name: input.name, role: input.role, pinHash: pin.hash, pinSalt: pin.salt });
      this.deps.signIn.rememberPinDigits(created.id, pin.hash, pin.digits);
      return viewOf(created);
    }
    const row = input.id === undefined ? undefined : this.users.getById(input.id);
    if (!row) throw new CoreError('not_found', 'Usuario no encontrado.');
    // A promotion keeps the PIN only when it is known to have the digits the new role needs.
    const digits = this.deps.signIn.pinDigits(row.id, row.pin_hash);
    if (!pin && approves(input.role) && !approves(row.role) && digits !== null && digits < APPROVER_PIN_DIGITS) {
      throw new CoreError('validation', `Un ${ROLE_LABELS[input.role].toLowerCase()} usa un PIN de ${APPROVER_PIN_DIGITS} dígitos: ingrese uno nuevo para ${row.name}.`, [
        { path: 'pin', message: `El PIN debe tener ${APPROVER_PIN_DIGITS} dígitos` },
      ]);
    }
    const stillAdmin = input.role === 'administrador' && input.active;
    if (row.role === 'administrador' && row.active === 1 && !stillAdmin && this.users.activeAdmins() <= 1) {
      throw new CoreError('validation', 'Debe quedar al menos un administrador activo.', [{ path: 'role', message: 'Es el único administrador' }]);
    }
    const saved = this.users.update(row.id, {
      name: input.name, role: input.role, pinHash: pin?.hash ?? row.pin_hash, pinSalt: pin?.salt ?? row.pin_salt, active: input.active,
    });
    if (!saved) throw new CoreError('not_found', 'Usuario no encontrado.');
    if (pin) this.deps.signIn.rememberPinDigits(saved.id, pin.hash, pin.digits);
    return viewOf(saved);
  }
}
