// The idempotency of every keyed write across the bridge (shared/bridge/writes.ts). The window sends one key per
// intention and the same key on each retry of it; when the core died after a commit and the answer was lost, the retry
// must answer what was done and write nothing. Every keyed handler goes through here: none can be added without it.
//
// Two ways, by how the handler commits:
// - Synchronous writes (cash, voids, re-issues, corrections, reprints): the handler runs inside one immediate
//   transaction with its key's row (bridge_requests, migration 0026), so the write and the record of its answer commit
//   together or not at all. A repeated key answers the stored result without running the handler.
// - Writes that await something before their own commit (a sale waits on the numbering and the clock check, a note on
//   the shop server): the document's own client_key (documents.client_key, UNIQUE) is written inside the document's
//   commit, and the handler answers the existing document for a repeated key (fresh, with its current status). The
//   key's row (method and fingerprint, so a key reused for a different request is refused) is written by a trigger on
//   that same insert, from a temporary table this layer fills before the handler runs: it commits with the document,
//   and costs the sale no commit of its own. For a document stored before 0026, its type still tells a sale's key
//   from a note's.
// A refused call (validation, a supervisor's PIN missing) keeps no row: the same key may carry the corrected or
// authorised request. What the handler wrote before refusing (a wrong PIN counted) is kept, as without this layer.
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { AUTHORISING_FIELDS, IDEMPOTENCY_CONFLICT_MESSAGE, KEYED_METHODS, type KeyedMethod } from '../../../shared/bridge';
import type { Handlers } from '../dispatch';
import { CoreError } from '../services/errors';

/** Keyed writes whose document carries the key inside its own commit; each answers an existing document by its key. */
const DOCUMENT_KEYED = { issueSale: 'sale', issueNote: 'note', issueShopNote: 'note' } as const satisfies Partial<Record<KeyedMethod, 'sale' | 'note'>>;
type DocumentKind = 'sale' | 'note';

export interface IdempotencyDeps {
  sqlite: Database.Database;
  now: () => Date;
  /** The kind of the document issued under this key, if any. */
  documentKindOf(clientKey: string): DocumentKind | null;
}

interface RequestRow {
  method: string;
  fingerprint: string;
  result: string | null;
}

/** What a request asks, without its key and its authorisations: the same intention retried hashes the same. */
export function fingerprintOf(method: string, input: Record<string, unknown>): string {
  const asked = Object.fromEntries(Object.entries(input).filter(([k]) => !(AUTHORISING_FIELDS as readonly string[]).includes(k)));
  return createHash('sha256').update(method).update('\0').update(canonical(asked)).digest('hex');
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const conflict = () => new CoreError('idempotency_conflict', IDEMPOTENCY_CONFLICT_MESSAGE, [{ path: 'clientKey', message: 'Clave ya usada en otra operación' }]);

const isThenable = (v: unknown): boolean => v !== null && typeof v === 'object' && typeof (v as { then?: unknown }).then === 'function';

/** The handlers, each keyed write wrapped. */
export function withIdempotency(handlers: Handlers, deps: IdempotencyDeps): Handlers {
  const { sqlite } = deps;
  const select = sqlite.prepare<[string], RequestRow>('SELECT method, fingerprint, result FROM bridge_requests WHERE client_key = ?');
  const insert = sqlite.prepare<[string, string, string, string | null, string]>(
    'INSERT OR IGNORE INTO bridge_requests (client_key, method, fingerprint, result, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  // Temporary (this connection only, never synced): the request a sale or a note is being issued for. The trigger
  // copies it into bridge_requests inside the document's own insert, so both commit together.
  sqlite.exec(`
    CREATE TEMP TABLE IF NOT EXISTS bridge_pending (
      client_key TEXT PRIMARY KEY, method TEXT NOT NULL, fingerprint TEXT NOT NULL, created_at TEXT NOT NULL
    );
    CREATE TEMP TRIGGER IF NOT EXISTS bridge_request_of_document AFTER INSERT ON main.documents
    WHEN NEW.client_key IS NOT NULL
    BEGIN
      INSERT OR IGNORE INTO bridge_requests (client_key, method, fingerprint, result, created_at)
        SELECT client_key, method, fingerprint, NULL, created_at FROM bridge_pending WHERE client_key = NEW.client_key;
    END;
  `);
  const pending = sqlite.prepare<[string, string, string, string]>(
    'INSERT OR REPLACE INTO bridge_pending (client_key, method, fingerprint, created_at) VALUES (?, ?, ?, ?)',
  );
  const settled = sqlite.prepare<[string]>('DELETE FROM bridge_pending WHERE client_key = ?');
  const wrapped: Record<string, (input: never) => unknown> = { ...handlers };

  const known = (clientKey: string, method: string, fingerprint: string): RequestRow | undefined => {
    const row = select.get(clientKey);
    if (row && (row.method !== method || row.fingerprint !== fingerprint)) throw conflict();
    return row;
  };

  for (const method of KEYED_METHODS) {
    const handler = handlers[method] as unknown as (input: Keyed) => unknown;
    const kind = (DOCUMENT_KEYED as Partial<Record<KeyedMethod, DocumentKind>>)[method];
    if (kind) {
      wrapped[method] = async (input: Keyed) => {
        const fingerprint = fingerprintOf(method, input);
        const row = known(input.clientKey, method, fingerprint);
        if (row) return handler(input);
        // A document stored under this key before its row existed (0026): a sale's key never answers a note.
        const issued = deps.documentKindOf(input.clientKey);
        if (issued !== null && issued !== kind) throw conflict();
        pending.run(input.clientKey, method, fingerprint, deps.now().toISOString());
        try {
          return await handler(input);
        } finally {
          settled.run(input.clientKey);
        }
      };
      continue;
    }
    const once = sqlite.transaction((input: Keyed, fingerprint: string): { value: unknown } | { error: unknown } => {
      const row = known(input.clientKey, method, fingerprint);
      if (row?.result != null) return { value: JSON.parse(row.result) as unknown };
      let value: unknown;
      try {
        value = handler(input);
      } catch (error) {
        // A refusal commits what the handler wrote before it, as it would without this transaction: a wrong
        // supervisor's PIN is counted (the lockout), never rolled back with the refused request. No key is kept.
        return { error };
      }
      // Only a synchronous handler can commit with its key: one that awaits would commit outside this transaction.
      if (isThenable(value)) throw new Error(`${method} is a keyed write and must answer synchronously (handlers/idempotency.ts)`);
      insert.run(input.clientKey, method, fingerprint, JSON.stringify(value ?? null), deps.now().toISOString());
      return { value };
    });
    wrapped[method] = (input: Keyed) => {
      const outcome = once.immediate(input, fingerprintOf(method, input));
      if ('error' in outcome) throw outcome.error;
      return outcome.value;
    };
  }
  return wrapped as Handlers;
}

type Keyed = { clientKey: string } & Record<string, unknown>;
