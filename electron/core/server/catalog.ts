// The catalogue and the shop-wide settings through the shop server (issue 15). Up: each change queued on this till
// (a product edited here, the company or the payment methods saved in Ajustes) gets the next version of the server's
// sequence. Down: every row with a version above the last one this till applied. Writers hold an advisory lock from
// the stamp to the commit, so a reader never sees version N+1 before N and never skips one.
import type pg from 'pg';
import type { CatalogSyncRepository, SharedProduct } from '../db';
import { boundedJson, clip, SHOP_BOUNDS } from './bounds';

const WRITE_LOCK = 4_350_002;

export interface CatalogSide {
  repo: CatalogSyncRepository;
  /** The value of a shop-wide setting to send, or undefined when it is not shared. */
  settingValue: (key: string) => unknown;
  /** Writes a setting that came from the server (never queued back up). */
  applySetting: (key: string, value: unknown) => void;
  /** The last server version applied here, and its keeper. */
  pulledVersion: () => number;
  setPulledVersion: (version: number) => void;
}

const UPSERT_PRODUCT = `INSERT INTO products (code, description, unit, price, affectation, bag, active, whole_units, version, updated_by)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, nextval('change_version'), $9)
  ON CONFLICT (code) DO UPDATE SET description = EXCLUDED.description, unit = EXCLUDED.unit, price = EXCLUDED.price,
    affectation = EXCLUDED.affectation, bag = EXCLUDED.bag, active = EXCLUDED.active, whole_units = EXCLUDED.whole_units,
    version = EXCLUDED.version, updated_by = EXCLUDED.updated_by, updated_at = now()
  RETURNING version`;

const UPSERT_SETTING = `INSERT INTO shop_settings (key, value, version, updated_by) VALUES ($1, $2, nextval('change_version'), $3)
  ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, version = EXCLUDED.version, updated_by = EXCLUDED.updated_by, updated_at = now()
  RETURNING version`;

/** Sends this till's queued catalogue changes; answers how many went up. */
export async function pushCatalog(pool: pg.Pool, side: CatalogSide, terminalName: string, limit = 200): Promise<number> {
  const changes = side.repo.next(limit);
  if (changes.length === 0) return 0;
  const client = await pool.connect();
  const versions: (number | null)[] = [];
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [WRITE_LOCK]);
    for (const change of changes) {
      if (change.kind === 'product') {
        const p = side.repo.product(change.key);
        if (!p) {
          versions.push(null);
          continue;
        }
        const r = await client.query<{ version: string }>({
          name: 'caja_push_product',
          text: UPSERT_PRODUCT,
          values: [p.code, p.description, p.unit, p.price, p.affectation, p.bag === 1, p.active === 1, p.whole_units === null ? null : p.whole_units === 1, terminalName],
        });
        versions.push(Number(r.rows[0]?.version));
      } else {
        const value = side.settingValue(change.key);
        if (value === undefined) {
          versions.push(null);
          continue;
        }
        const r = await client.query<{ version: string }>({ name: 'caja_push_setting', text: UPSERT_SETTING, values: [change.key, JSON.stringify(value), terminalName] });
        versions.push(Number(r.rows[0]?.version));
      }
    }
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
  changes.forEach((change, i) => side.repo.sent(change, versions[i] ?? null));
  return changes.length;
}

/** Applies what changed on the server since the last pull; answers how many rows came down. */
export async function pullCatalog(pool: pg.Pool, side: CatalogSide, limit = 500): Promise<number> {
  const since = side.pulledVersion();
  const products = await pool.query<{ code: string; description: string; unit: string; price: string; affectation: '10' | '20'; bag: boolean; active: boolean; whole_units: boolean | null; version: string }>({
    name: 'caja_pull_products',
    // Bounded in the query (issue 28, bounds.ts): a row is read whole, whatever another till wrote.
    text: `SELECT ${clip('code', SHOP_BOUNDS.code, 'code')}, ${clip('description', SHOP_BOUNDS.longText, 'description')}, ${clip('unit', SHOP_BOUNDS.code, 'unit')},
      ${clip('price', SHOP_BOUNDS.code, 'price')}, ${clip('affectation', SHOP_BOUNDS.code, 'affectation')}, bag, active, whole_units, version
      FROM products WHERE version > $1 ORDER BY version LIMIT $2`,
    values: [since, limit],
  });
  const settings = await pool.query<{ key: string; value: unknown; version: string }>({
    name: 'caja_pull_settings',
    // A value past SHOP_BOUNDS.jsonBytes comes back NULL, which no shared setting reads as valid (it is skipped).
    text: `SELECT ${clip('key', SHOP_BOUNDS.code, 'key')}, ${boundedJson('value', 'value', 'NULL')}, version FROM shop_settings WHERE version > $1 ORDER BY version LIMIT $2`,
    values: [since, limit],
  });
  const shared: SharedProduct[] = products.rows.map((p) => ({
    code: p.code, description: p.description, unit: p.unit, price: p.price, affectation: p.affectation, bag: p.bag, active: p.active,
    wholeUnits: p.whole_units, version: Number(p.version),
  }));
  // Both lists are cut at `limit`: only versions below the first cut are complete, the rest comes next time.
  const cut = Math.min(
    products.rows.length === limit ? Number(products.rows.at(-1)?.version) : Infinity,
    settings.rows.length === limit ? Number(settings.rows.at(-1)?.version) : Infinity,
  );
  const productsNow = shared.filter((p) => p.version <= cut);
  const settingsNow = settings.rows.filter((s) => Number(s.version) <= cut);
  side.repo.applyPulled(productsNow);
  for (const s of settingsNow) side.applySetting(s.key, s.value);
  const top = Math.max(since, ...productsNow.map((p) => p.version), ...settingsNow.map((s) => Number(s.version)));
  if (top > since) side.setPulledVersion(top);
  return productsNow.length + settingsNow.length;
}
