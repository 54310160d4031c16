// Stock movements through the shop server (server migration 0017): up, this till's own movements, each once by its
// uid, in batches; down, every till's movements after the last version this till applied. Movements only add up, so
// there is nothing to decide: a till that has pulled them all holds the sum of what every till did.
import type pg from 'pg';
import { clip, SHOP_BOUNDS } from '../bounds';

/** One of this till's movements as it goes up. */
export interface OwnMovement {
  uid: string;
  code: string;
  kind: string;
  quantity: string;
  unitCost: string;
  value: string;
  /** The document behind it as this till prints it, or null. */
  document: string | null;
  at: string;
  by: string | null;
}

/** A movement as the server holds it (another till's, or this till's own coming back after a restore). */
export interface PulledMovement extends Omit<OwnMovement, 'document'> {
  terminalId: string;
  document: string | null;
  version: number;
}

/** This till's side (electron/core/stock/merge.ts). */
export interface TillStock {
  /**
   * The next `limit` local movements after the push cursor: `own`, those of this till among them; `through`, the last
   * local id looked at; `looked`, how many (0: nothing left to push).
   */
  unpushed(limit: number): { own: OwnMovement[]; through: number; looked: number };
  /** The server holds everything through this local id. */
  pushed(through: number): void;
  pulledVersion(): number;
  /** Appends the movements not known here to the running balances and stores `version`, in one transaction. */
  apply(rows: readonly PulledMovement[], version: number): number;
}

/** Sends one batch of this till's movements; answers how many local movements it looked at (0: nothing left). */
export async function pushStock(pool: pg.Pool, till: TillStock, terminalId: string, limit = 500): Promise<number> {
  const { own, through, looked } = till.unpushed(limit);
  if (looked === 0) return 0;
  if (own.length > 0) {
    await pool.query({ name: 'caja_stock_push', text: 'SELECT caja_put_stock_movements($1, $2::jsonb)', values: [terminalId, JSON.stringify(own)] });
  }
  // Only once the server answered: a lost answer sends the same uids again, and the server counts each once.
  till.pushed(through);
  return looked;
}

const PULL_SQL = `SELECT ${clip('uid', SHOP_BOUNDS.code, 'uid')}, ${clip('terminal_id', SHOP_BOUNDS.code, 'terminal_id')},
    ${clip('product_code', SHOP_BOUNDS.code, 'code')}, kind, quantity::text AS quantity, unit_cost::text AS unit_cost,
    value::text AS value, ${clip('document', SHOP_BOUNDS.code, 'document')}, at, ${clip('by_name', SHOP_BOUNDS.name, 'by_name')}, version
  FROM stock_movements WHERE version > $1 ORDER BY version LIMIT $2`;

interface PulledRow {
  uid: string;
  terminal_id: string;
  code: string;
  kind: string;
  quantity: string;
  unit_cost: string;
  value: string;
  document: string | null;
  at: Date;
  by_name: string | null;
  version: string;
}

/**
 * The version to pull after: one above the server's sequence was never this server's (another server, or one restored
 * from an older copy); then everything comes down again, and what is known here is skipped by its uid.
 */
async function sinceWithin(pool: pg.Pool, since: number): Promise<number> {
  if (since === 0) return 0;
  const top = await pool
    .query<{ last_value: string; is_called: boolean }>({ name: 'caja_stock_version_top', text: 'SELECT last_value, is_called FROM stock_version' })
    .then((r) => (r.rows[0]?.is_called ? Number(r.rows[0].last_value) : 0), () => Number.NaN);
  return Number.isFinite(top) && since > top ? 0 : since;
}

/** Applies one page of every till's movements after the last pulled version; answers how many came down. */
export async function pullStock(pool: pg.Pool, till: TillStock, limit = 2_000): Promise<number> {
  const since = await sinceWithin(pool, till.pulledVersion());
  const r = await pool.query<PulledRow>({ name: 'caja_stock_pull', text: PULL_SQL, values: [since, limit] });
  if (r.rows.length === 0) {
    if (since !== till.pulledVersion()) till.apply([], since);
    return 0;
  }
  const rows = r.rows.map((row): PulledMovement => ({
    uid: row.uid, terminalId: row.terminal_id, code: row.code, kind: row.kind, quantity: row.quantity, unitCost: row.unit_cost,
    value: row.value, document: row.document, at: row.at.toISOString(), by: row.by_name, version: Number(row.version),
  }));
  till.apply(rows, rows.at(-1)!.version);
  return rows.length;
}
