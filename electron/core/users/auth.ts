// Who is at the till (issue 13): sign-in with a PIN, the lock, the users of Ajustes, and the check every bridge call
// passes (METHOD_ACCESS). Until the first administrator exists the till is open: the app asks to create one first.
import { METHOD_ACCESS, type Approval, type BridgeMethodName, type SaveUserInput, type Session, type User } from '../../../shared/bridge';
import { hasRole, ROLE_LABELS, type Role } from '../../../shared/users/roles';
import type { UserRow, UsersRepository } from '../db';
import { CoreError } from '../services/errors';
import { hashPin, pinMatches } from './pin-hash';

/** Wrong PINs in a row before a user must wait, and how long. */
const MAX_FAILURES = 5;
const LOCKOUT_MS = 60_000;

const viewOf = (row: UserRow): User => ({ id: row.id, name: row.name, role: row.role, active: row.active === 1 });

export class AuthService {
  private currentId: number | null = null;
  private readonly failures = new Map<number, { count: number; until: number }>();

  constructor(private readonly users: UsersRepository, private readonly now: () => Date = () => new Date()) {}

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
    return { user: row ? viewOf(row) : null, usersExist: this.users.count() > 0 };
  }

  /** Refuses `method` when the till is locked or the user's role is short of what it needs. */
  authorize(method: BridgeMethodName): void {
    const access = METHOD_ACCESS[method];
    if (access === 'public' || this.users.count() === 0) return;
    const row = this.current();
    if (!row) throw new CoreError('locked', 'La caja está bloqueada: ingrese con su PIN.');
    if (!hasRole(row.role, access)) {
      throw new CoreError('forbidden', `No permitido: solo un ${ROLE_LABELS[access].toLowerCase()} puede hacer esto (usted es ${ROLE_LABELS[row.role].toLowerCase()}).`);
    }
  }

  createFirstAdmin(name: string, pin: string): Session {
    if (this.users.count() > 0) throw new CoreError('forbidden', 'El administrador ya fue creado: ingrese con su PIN.');
    const { hash, salt } = hashPin(pin);
    this.currentId = this.users.insert({ name, role: 'administrador', pinHash: hash, pinSalt: salt }).id;
    return this.session();
  }

  login(userId: number, pin: string): Session {
    this.currentId = this.checkPin(userId, pin).id;
    return this.session();
  }

  /**
   * Who allows an action that needs `needed` (a cash out, closing another's session, a large discount): the signed-in
   * user when their role suffices, else the user of `approval` after their PIN checks (same throttle as the sign-in).
   * Null while no users exist (the till is open). Refused in Spanish, saying what is missing.
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
    const row = this.checkPin(approval.userId, approval.pin);
    if (!hasRole(row.role, needed)) {
      throw new CoreError('forbidden', `${row.name} no puede autorizar esto: se necesita un ${ROLE_LABELS[needed].toLowerCase()}.`, [
        { path: 'approval', message: 'No tiene el rol necesario' },
      ]);
    }
    return { id: row.id, name: row.name };
  }

  /** The active user whose PIN this is; wrong PINs count towards the wait. */
  private checkPin(userId: number, pin: string): UserRow {
    const row = this.users.getById(userId);
    if (!row || row.active !== 1) throw new CoreError('not_found', 'Usuario no encontrado o desactivado.', [{ path: 'userId', message: 'Elija su nombre' }]);
    const now = this.now().getTime();
    const failed = this.failures.get(userId);
    if (failed && failed.until > now) {
      const seconds = Math.ceil((failed.until - now) / 1000);
      throw new CoreError('throttled', `Demasiados intentos fallidos: espere ${seconds} s e intente de nuevo.`, [{ path: 'pin', message: `Espere ${seconds} s` }]);
    }
    if (!pinMatches(pin, row.pin_hash, row.pin_salt)) {
      const count = (failed?.count ?? 0) + 1;
      this.failures.set(userId, { count: count >= MAX_FAILURES ? 0 : count, until: count >= MAX_FAILURES ? now + LOCKOUT_MS : 0 });
      throw new CoreError('auth', 'PIN incorrecto.', [{ path: 'pin', message: 'PIN incorrecto' }]);
    }
    this.failures.delete(userId);
    return row;
  }

  lock(): Session {
    this.currentId = null;
    return this.session();
  }

  cashiers(): { id: number; name: string }[] {
    return this.users.all().filter((u) => u.active === 1).map((u) => ({ id: u.id, name: u.name }));
  }

  list(): User[] {
    return this.users.all().map(viewOf);
  }

  save(input: SaveUserInput & { active: boolean }): User {
    const clash = this.users.getByName(input.name);
    if (clash && clash.id !== input.id) throw new CoreError('duplicate', `Ya existe un usuario llamado ${clash.name}.`, [{ path: 'name', message: 'Ese nombre ya existe' }]);
    if (input.id === undefined) {
      if (!input.pin) throw new CoreError('validation', 'Ingrese el PIN del nuevo usuario.', [{ path: 'pin', message: 'Ingrese el PIN' }]);
      const { hash, salt } = hashPin(input.pin);
      return viewOf(this.users.insert({ name: input.name, role: input.role, pinHash: hash, pinSalt: salt }));
    }
    const row = this.users.getById(input.id);
    if (!row) throw new CoreError('not_found', 'Usuario no encontrado.');
    const stillAdmin = input.role === 'administrador' && input.active;
    if (row.role === 'administrador' && row.active === 1 && !stillAdmin && this.users.activeAdmins() <= 1) {
      throw new CoreError('validation', 'Debe quedar al menos un administrador activo.', [{ path: 'role', message: 'Es el único administrador' }]);
    }
    const pin = input.pin ? hashPin(input.pin) : { hash: row.pin_hash, salt: row.pin_salt };
    const saved = this.users.update(row.id, { name: input.name, role: input.role, pinHash: pin.hash, pinSalt: pin.salt, active: input.active });
    if (!saved) throw new CoreError('not_found', 'Usuario no encontrado.');
    return viewOf(saved);
  }
}
