// The cashiers of this till (0007_cashiers). PINs arrive here already hashed (electron/core/users/pin-hash.ts).
import type Database from 'better-sqlite3';
import type { Role } from '../../../../shared/users/roles';
import type { Clock, Db } from '../types';

export interface UserRow {
  id: number;
  name: string;
  role: Role;
  pin_hash: string;
  pin_salt: string;
  active: 0 | 1;
  /** The shop server's version of this member (0021); null: changed here and not yet sent, or no server. */
  server_version?: number | null;
  created_at: string;
  updated_at: string;
}

export interface NewUser {
  name: string;
  role: Role;
  pinHash: string;
  pinSalt: string;
}

export class UsersRepository {
  private readonly insertOne: Database.Statement<[Record<string, unknown>], UserRow>;
  private readonly updateOne: Database.Statement<[Record<string, unknown>], UserRow>;
  private readonly selectById: Database.Statement<[number], UserRow>;
  private readonly selectByName: Database.Statement<[string], UserRow>;
  private readonly selectAll: Database.Statement<[], UserRow>;
  private readonly countAll: Database.Statement<[], { n: number }>;
  private readonly countActiveAdmins: Database.Statement<[], { n: number }>;
  private readonly rehashOne: Database.Statement<[Record<string, unknown>]>;

  constructor(db: Db, private readonly now: Clock = () => new Date()) {
    const { sqlite } = db;
    this.insertOne = sqlite.prepare(`INSERT INTO users (name, role, pin_hash, pin_salt, active, created_at, updated_at)
      VALUES (@name, @role, @pin_hash, @pin_salt, 1, @at, @at) RETURNING *`);
    this.updateOne = sqlite.prepare(`UPDATE users SET name = @name, role = @role, pin_hash = @pin_hash, pin_salt = @pin_salt,
      active = @active, updated_at = @at WHERE id = @id RETURNING *`);
    this.selectById = sqlite.prepare('SELECT * FROM users WHERE id = ?');
    this.selectByName = sqlite.prepare('SELECT * FROM users WHERE name = ?');
    this.selectAll = sqlite.prepare('SELECT * FROM users ORDER BY active DESC, name');
    this.countAll = sqlite.prepare('SELECT COUNT(*) AS n FROM users');
    this.countActiveAdmins = sqlite.prepare("SELECT COUNT(*) AS n FROM users WHERE role = 'administrador' AND active = 1");
    // The same PIN hashed again with today's cost, only if nobody changed the PIN meanwhile.
    this.rehashOne = sqlite.prepare(`UPDATE users SET pin_hash = @pin_hash, pin_salt = @pin_salt, updated_at = @at
      WHERE id = @id AND pin_hash = @old_hash AND pin_salt = @old_salt`);
  }

  count(): number {
    return this.countAll.get()?.n ?? 0;
  }

  activeAdmins(): number {
    return this.countActiveAdmins.get()?.n ?? 0;
  }

  insert(user: NewUser): UserRow {
    const row = this.insertOne.get({ name: user.name, role: user.role, pin_hash: user.pinHash, pin_salt: user.pinSalt, at: this.now().toISOString() });
    if (!row) throw new Error('No se pudo guardar el usuario');
    return row;
  }

  update(id: number, fields: { name: string; role: Role; pinHash: string; pinSalt: string; active: boolean }): UserRow | undefined {
    return this.updateOne.get({
      id, name: fields.name, role: fields.role, pin_hash: fields.pinHash, pin_salt: fields.pinSalt, active: fields.active ? 1 : 0,
      at: this.now().toISOString(),
    });
  }

  /** Replaces a PIN's hash by a stronger one of the same PIN; false when the PIN changed meanwhile. */
  rehash(id: number, old: { pinHash: string; pinSalt: string }, next: { pinHash: string; pinSalt: string }): boolean {
    return this.rehashOne.run({
      id, old_hash: old.pinHash, old_salt: old.pinSalt, pin_hash: next.pinHash, pin_salt: next.pinSalt, at: this.now().toISOString(),
    }).changes === 1;
  }

  getById(id: number): UserRow | undefined {
    return this.selectById.get(id);
  }

  getByName(name: string): UserRow | undefined {
    return this.selectByName.get(name);
  }

  all(): UserRow[] {
    return this.selectAll.all();
  }
}
