// Cached results of external queries (e.g. DNI lookups). Freshness is the caller's decision (fetched_at).
import type Database from 'better-sqlite3';
import type { Clock, Db, LookupRow } from '../types';

interface StoredLookup {
  kind: string;
  key: string;
  response: string;
  fetched_at: string;
}

export class LookupsRepository {
  private readonly now: Clock;
  private readonly selectOne: Database.Statement<[string, string], StoredLookup>;
  private readonly upsertOne: Database.Statement<[string, string, string, string]>;

  constructor(db: Db, now: Clock = () => new Date()) {
    this.now = now;
    this.selectOne = db.sqlite.prepare('SELECT kind, key, response, fetched_at FROM lookups WHERE kind = ? AND key = ?');
    this.upsertOne = db.sqlite.prepare(`INSERT INTO lookups (kind, key, response, fetched_at) VALUES (?, ?, ?, ?)
      ON CONFLICT (kind, key) DO UPDATE SET response = excluded.response, fetched_at = excluded.fetched_at`);
  }

  /** The cached response (parsed JSON) or undefined. The caller validates its shape (zod). */
  get<T = unknown>(kind: string, key: string): LookupRow<T> | undefined {
    const row = this.selectOne.get(kind, key);
    if (!row) return undefined;
    return { kind: row.kind, key: row.key, response: JSON.parse(row.response) as T, fetched_at: row.fetched_at };
  }

  /** Stores (or replaces) a response, stamped with the current time. */
  put(kind: string, key: string, response: unknown): void {
    const json = JSON.stringify(response);
    if (json === undefined) throw new TypeError(`La consulta ${kind}/${key} no tiene una respuesta que se pueda guardar`);
    this.upsertOne.run(kind, key, json, this.now().toISOString());
  }
}
