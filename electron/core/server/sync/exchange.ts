// Shared records through the shop server: up, each change queued on this till is decided by the server one
// record at a time (caja_put_record, the one conflict rule, in migrations/server/0008_least_privilege.sql); down,
// every record with a version above the last one this till applied. The function holds an advisory lock from the
// stamp to the commit, so a reader never sees version N+1 before N and never skips one. Versions come from the
// server's one sequence: no till's clock orders anything here.
import type pg from 'pg';
import type { CatalogChange } from '../../db';
import { SERVER_TABLES, type ServerRow, type SharedKind } from './server-records';

const KINDS: readonly SharedKind[] = ['product', 'user', 'setting', 'lockout'];

/** This till's side of the exchange (till-records.ts). */
export interface TillRecords {
  next(limit: number): CatalogChange[];
  /** The value of a queued record as this till holds it; undefined when it is not here (a renamed person). */
  local(kind: SharedKind, key: string): unknown;
  /** The server decided: `ownVersion` when it wrote this till's edit as is. */
  sent(change: CatalogChange, ownVersion: number | null): void;
  /** Writes records as the server holds them, never queuing them back up; answers how many were applied. */
  adopt(kind: SharedKind, rows: readonly ServerRow[]): number;
  pulledVersion(): number;
  setPulledVersion(version: number): void;
}

interface Decided {
  change: CatalogChange;
  ownVersion: number | null;
  /** The server's record after the decision, when this till must take it instead of its own edit. */
  adopt: ServerRow | null;
}

/** Sends this till's queued changes; the server decides each one (caja_put_record). Answers how many were decided. */
export async function pushShared(pool: pg.Pool, till: TillRecords, terminal: { id: string; name: string }, limit = 200): Promise<number> {
  const changes = till.next(limit);
  if (changes.length === 0) return 0;
  const decided: Decided[] = [];
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    for (const change of changes) decided.push(change.kind === 'lockout' ? await shareLockout(client, till, change, terminal.id) : await decide(client, till, change, terminal.name));
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
  for (const d of decided) {
    till.sent(d.change, d.ownVersion);
    if (d.adopt) till.adopt(d.change.kind, [d.adopt]);
  }
  return changes.length;
}

/**
 * This till's view of a person's lockout, as its own row (server 0010): nothing to decide, each till merges them all.
 * The server writes it (caja_put_lockout, server 0012): it stamps the version, checks the terminal is this till's and
 * bounds the state, so no till can stop the others' pulls or lock everyone out.
 */
async function shareLockout(client: pg.PoolClient, till: TillRecords, change: CatalogChange, terminalId: string): Promise<Decided> {
  const state = till.local('lockout', change.key);
  if (state !== undefined) {
    await client.query({ name: 'caja_sync_lockout_write', text: 'SELECT caja_put_lockout($1, $2, $3)', values: [change.key, terminalId, JSON.stringify(state)] });
  }
  return { change, ownVersion: null, adopt: null };
}

async function decide(client: pg.PoolClient, till: TillRecords, change: CatalogChange, terminal: string): Promise<Decided> {
  // Not here any more (a person renamed at this till): the server retires the old name.
  const wanted = till.local(change.kind, change.key);
  const r = await client.query<{ version: string | null; value: unknown; own: boolean }>({
    name: 'caja_put_record',
    text: 'SELECT version, value, own FROM caja_put_record($1, $2, $3, $4, $5)',
    values: [change.kind, change.key, change.base_version, wanted === undefined ? null : JSON.stringify(wanted), terminal],
  });
  const row = r.rows[0];
  if (!row || row.version === null) return { change, ownVersion: null, adopt: null };
  const version = Number(row.version);
  return row.own ? { change, ownVersion: version, adopt: null } : { change, ownVersion: null, adopt: { key: change.key, value: row.value, version } };
}

/**
 * The version to pull after: a version above the server's sequence was never the server's (a row forged before server
 * 0012, or a server restored from an older copy), and would hold this till's pulls forever; then everything comes
 * down again (applying a record twice changes nothing). Where the sequence cannot be read, the till's own is kept.
 */
async function sinceWithin(pool: pg.Pool, since: number): Promise<number> {
  if (since === 0) return 0;
  const top = await pool
    .query<{ last_value: string }>({ name: 'caja_sync_version_top', text: 'SELECT last_value FROM change_version' })
    .then((r) => Number(r.rows[0]?.last_value ?? Number.NaN), () => Number.NaN);
  return Number.isFinite(top) && since > top ? 0 : since;
}

/** Applies what changed on the server since the last pull; answers how many records came down. */
export async function pullShared(pool: pg.Pool, till: TillRecords, limit = 500): Promise<number> {
  const stored = till.pulledVersion();
  const since = await sinceWithin(pool, stored);
  const lists: [SharedKind, ServerRow[]][] = [];
  // One snapshot for every kind: read apart, a commit landing between two reads would let a later version through
  // ahead of an earlier one, and the earlier one would never be pulled.
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    for (const kind of KINDS) lists.push([kind, await SERVER_TABLES[kind].since(client, since, limit)]);
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
  // Every list is cut at `limit`: only versions up to the first cut are complete, the rest comes next time.
  const cut = Math.min(...lists.map(([, rows]) => (rows.length === limit ? (rows.at(-1)?.version ?? Infinity) : Infinity)));
  let count = 0;
  let top = since;
  for (const [kind, rows] of lists) {
    const now = rows.filter((r) => r.version <= cut);
    till.adopt(kind, now);
    count += now.length;
    for (const r of now) top = Math.max(top, r.version);
  }
  if (top > since || since !== stored) till.setPulledVersion(top);
  return count;
}
