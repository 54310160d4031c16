// What this till exchanges with the shop server about the catalogue and the shop-wide settings (0011): the queue of
// local changes going up, and the writes of changes coming down (stamped with the server's version, so the triggers
// do not send them back up).
import type Database from 'better-sqlite3';
import type { Clock, Db } from '../types';
import type { ProductFields, ProductRow } from './products';

export interface CatalogChange {
  kind: 'product' | 'setting';
  key: string;
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
  private readonly enqueueOne: Database.Statement<[string, string]>;
  private readonly selectProduct: Database.Statement<[string], ProductRow>;
  private readonly stampProduct: Database.Statement<[number, string]>;
  private readonly applyProduct: Database.Statement<[Record<string, unknown>]>;
  private readonly isQueued: Database.Statement<[string, string], { n: number }>;
  private readonly countQueued: Database.Statement<[], { n: number }>;
  private readonly pulledTx: (products: readonly SharedProduct[]) => number;

  constructor(db: Db, private readonly now: Clock = () => new Date()) {
    const { sqlite } = db;
    this.selectNext = sqlite.prepare('SELECT kind, key, version FROM catalog_outbox ORDER BY kind, key LIMIT ?');
    this.deleteDone = sqlite.prepare('DELETE FROM catalog_outbox WHERE kind = ? AND key = ? AND version = ?');
    this.enqueueOne = sqlite.prepare(`INSERT INTO catalog_outbox (kind, key) VALUES (?, ?)
      ON CONFLICT (kind, key) DO UPDATE SET version = version + 1`);
    this.selectProduct = sqlite.prepare('SELECT * FROM products WHERE code = ?');
    this.stampProduct = sqlite.prepare('UPDATE products SET server_version = ? WHERE code = ?');
    this.applyProduct = sqlite.prepare(`INSERT INTO products (code, description, unit, price, affectation, bag, active, whole_units,
        server_version, created_at, updated_at)
      VALUES (@code, @description, @unit, @price, @affectation, @bag, @active, @whole_units, @version, @at, @at)
      ON CONFLICT (code) DO UPDATE SET description = excluded.description, unit = excluded.unit, price = excluded.price,
        affectation = excluded.affectation, bag = excluded.bag, active = excluded.active, whole_units = excluded.whole_units,
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
          version: p.version, at,
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

  enqueueSetting(key: string): void {
    this.enqueueOne.run('setting', key);
  }

  product(code: string): ProductRow | undefined {
    return this.selectProduct.get(code);
  }

  /** The change went up as `serverVersion` (products are stamped with it); dequeued unless it changed meanwhile. */
  sent(change: CatalogChange, serverVersion: number | null): void {
    if (change.kind === 'product' && serverVersion !== null) this.stampProduct.run(serverVersion, change.key);
    this.deleteDone.run(change.kind, change.key, change.version);
  }

  /** Writes products changed elsewhere; answers how many were applied. */
  applyPulled(products: readonly SharedProduct[]): number {
    return this.pulledTx(products);
  }
}
