// What this till exchanges with the shop server about the catalogue and the shop-wide settings (0011): the queue of
// local changes going up, and the writes of changes coming down (stamped with the server's version, so the triggers
// do not send them back up).
import type Database from 'better-sqlite3';
import type { Clock, Db } from '../types';
import type { Role } from '../../../../shared/users/roles';
import type { ProductFields, ProductRow } from './products';
import type { UserRow } from './users';

export interface CatalogChange {
  kind: 'product' | 'setting' | 'user' | 'lockout';
  key: string;
  version: number;
  /** The server's version of the record when it was first changed here; null: never seen there (0021). */
  base_version: number | null;
}

/** A staff member as the server holds it (the PIN as its slow hash and salt). */
export interface SharedUser {
  key: string;
  name: string;
  role: Role;
  pinHash: string;
  pinSalt: string;
  active: boolean;
  version: number;
}

/** A product as the server holds it. */
export interface SharedProduct extends ProductFields {
  wholeUnits: boolean | null;
  version: number;
}

export class CatalogSyncRepository {
  private readonly selectNext: Database.Statement<[number], CatalogChange>;
  private readonly deleteDone: Database.Statement<[string, string, number]>;
  private readonly enqueueOne: Database.Statement<[string, string, number | null]>;
  private readonly rebase: Database.Statement<[number, string, string]>;
  private readonly selectUser: Database.Statement<[string], UserRow>;
  private readonly stampUserOne: Database.Statement<[number, string]>;
  private readonly applyUser: Database.Statement<[Record<string, unknown>]>;
  private readonly insertUser: Database.Statement<[Record<string, unknown>]>;
  private readonly usersTx: (users: readonly SharedUser[]) => number;
  private readonly selectProduct: Database.Statement<[string], ProductRow>;
  private readonly stampProduct: Database.Statement<[number, string]>;
  private readonly applyProduct: Database.Statement<[Record<string, unknown>]>;
  private readonly isQueued: Database.Statement<[string, string], { n: number }>;
  private readonly countQueued: Database.Statement<[], { n: number }>;
  private readonly pulledTx: (products: readonly SharedProduct[]) => number;

  constructor(db: Db, private readonly now: Clock = () => new Date()) {
    const { sqlite } = db;
    this.selectNext = sqlite.prepare('SELECT kind, key, version, base_version FROM catalog_outbox ORDER BY kind, key LIMIT ?');
    this.deleteDone = sqlite.prepare('DELETE FROM catalog_outbox WHERE kind = ? AND key = ? AND version = ?');
    this.enqueueOne = sqlite.prepare(`INSERT INTO catalog_outbox (kind, key, base_version) VALUES (?, ?, ?)
      ON CONFLICT (kind, key) DO UPDATE SET version = version + 1`);
    this.rebase = sqlite.prepare('UPDATE catalog_outbox SET base_version = ? WHERE kind = ? AND key = ?');
    this.selectUser = sqlite.prepare('SELECT * FROM users WHERE lower(name) = ?');
    this.stampUserOne = sqlite.prepare('UPDATE users SET server_version = ? WHERE lower(name) = ?');
    this.applyUser = sqlite.prepare(`UPDATE users SET name = @name, role = @role, pin_hash = @pin_hash, pin_salt = @pin_salt,
      active = @active, server_version = @version, updated_at = @at WHERE id = @id`);
    this.insertUser = sqlite.prepare(`INSERT INTO users (name, role, pin_hash, pin_salt, active, server_version, created_at, updated_at)
      VALUES (@name, @role, @pin_hash, @pin_salt, @active, @version, @at, @at)`);
    this.usersTx = sqlite.transaction((users: readonly SharedUser[]) => {
      let applied = 0;
      const at = this.now().toISOString();
      for (const u of users) {
        if ((this.isQueued.get('user', u.key)?.n ?? 0) > 0) continue;
        const here = this.selectUser.get(u.key);
        if (here?.server_version != null && here.server_version >= u.version) continue;
        const row = { name: u.name, role: u.role, pin_hash: u.pinHash, pin_salt: u.pinSalt, active: u.active ? 1 : 0, version: u.version, at };
        if (here) this.applyUser.run({ ...row, id: here.id });
        else this.insertUser.run(row);
        applied += 1;
      }
      return applied;
    });
    this.selectProduct = sqlite.prepare('SELECT * FROM products WHERE code = ?');
    this.stampProduct = sqlite.prepare('UPDATE products SET server_version = ? WHERE code = ?');
    // free_price NULL (a server before its 0011), category NULL (before its 0018): the till keeps its own.
    this.applyProduct = sqlite.prepare(`INSERT INTO products (code, description, unit, price, affectation, bag, active, whole_units,
        free_price, category, server_version, created_at, updated_at)
      VALUES (@code, @description, @unit, @price, @affectation, @bag, @active, @whole_units, COALESCE(@free_price, 0),
        COALESCE(@category, ''), @version, @at, @at)
      ON CONFLICT (code) DO UPDATE SET description = excluded.description, unit = excluded.unit, price = excluded.price,
        affectation = excluded.affectation, bag = excluded.bag, active = excluded.active, whole_units = excluded.whole_units,
        free_price = COALESCE(@free_price, products.free_price), category = COALESCE(@category, products.category),
        server_version = excluded.server_version, updated_at = excluded.updated_at`);
    this.isQueued = sqlite.prepare('SELECT COUNT(*) AS n FROM catalog_outbox WHERE kind = ? AND key = ?');
    this.countQueued = sqlite.prepare('SELECT COUNT(*) AS n FROM catalog_outbox');
    this.pulledTx = sqlite.transaction((products: readonly SharedProduct[]) => {
      let applied = 0;
      const at = this.now().toISOString();
      for (const p of products) {
        // A local edit not yet sent wins: it goes up next and becomes the newest version.
        if ((this.isQueued.get('product', p.code)?.n ?? 0) > 0) continue;
        // Already at this version (our own change coming back): rewriting it would look like a local edit.
        const here = this.selectProduct.get(p.code);
        if (here && here.server_version !== null && here.server_version !== undefined && here.server_version >= p.version) continue;
        this.applyProduct.run({
          code: p.code, description: p.description, unit: p.unit, price: p.price, affectation: p.affectation,
          bag: p.bag ? 1 : 0, active: p.active ? 1 : 0, whole_units: p.wholeUnits === null ? null : p.wholeUnits ? 1 : 0,
          free_price: p.freePrice === undefined ? null : p.freePrice ? 1 : 0, category: p.category ?? null, version: p.version, at,
        });
        applied += 1;
      }
      return applied;
    });
  }

  next(limit: number): CatalogChange[] {
    return this.selectNext.all(limit);
  }

  pending(): number {
    return this.countQueued.get()?.n ?? 0;
  }

  /** A shop-wide setting saved here, based on the server's `base` version of it (null: never pulled). */
  enqueueSetting(key: string, base: number | null): void {
    this.enqueueOne.run('setting', key, base);
  }

  queued(kind: CatalogChange['kind'], key: string): boolean {
    return (this.isQueued.get(kind, key)?.n ?? 0) > 0;
  }

  /** The staff member under a shared key (the lower-cased name). */
  user(key: string): UserRow | undefined {
    return this.selectUser.get(key);
  }

  /** Writes staff members changed elsewhere (never queued back up); answers how many were applied. */
  applyPulledUsers(users: readonly SharedUser[]): number {
    return this.usersTx(users);
  }

  product(code: string): ProductRow | undefined {
    return this.selectProduct.get(code);
  }

  /**
   * The change was decided by the server. `ownVersion`: the server wrote this till's edit as that version (the record
   * is stamped with it). Dequeued unless it changed meanwhile; a newer edit left queued is then based on that version.
   */
  sent(change: CatalogChange, ownVersion: number | null): void {
    if (ownVersion !== null) {
      if (change.kind === 'product') this.stampProduct.run(ownVersion, change.key);
      if (change.kind === 'user') this.stampUserOne.run(ownVersion, change.key);
    }
    const done = this.deleteDone.run(change.kind, change.key, change.version).changes > 0;
    if (!done && ownVersion !== null) this.rebase.run(ownVersion, change.kind, change.key);
  }

  /** Writes products changed elsewhere; answers how many were applied. */
  applyPulled(products: readonly SharedProduct[]): number {
    return this.pulledTx(products);
  }
}
