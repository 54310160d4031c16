// Customer-account entries through the shop server (server migration 0019): up, this till's own entries, each once by
// its uid, in batches; down, every till's entries after the last version this till applied. Nothing is decided here:
// each till works a customer's figures out again from every till's entries in one order (accounts/settle.ts).
import type pg from 'pg';
import { clip, SHOP_BOUNDS } from '../bounds';

/** One of this till's entries as it goes up. */
export interface OwnEntry {
  uid: string;
  docType: string;
  docNumber: string;
  name: string;
  kind: string;
  amount: string;
  /** The id_Base_Dato of the document it goes to first. */
  appliesTo: string | null;
  /** The document behind it, as this till prints it. */
  document: string | null;
  method: string | null;
  methodLabel: string | null;
  methodKind: string | null;
  /** A charge's dues as SUNAT received them. */
  dues: { position: number; amount: string; dueDate: string }[];
  /** A collection: where this till applied it first ('<id_Base_Dato>#<cuota>'). */
  intended: string | null;
  at: string;
  by: string | null;
}

/** An entry as the server holds it. */
export interface PulledEntry extends OwnEntry {
  terminalId: string;
  version: number;
}

/** This till's side (electron/core/accounts/merge.ts). */
export interface TillAccounts {
  unpushed(limit: number): { own: OwnEntry[]; through: number; looked: number };
  pushed(through: number): void;
  pulledVersion(): number;
  /** Stores the entries not known here, works out again the figures of their customers and stores `version`, at once. */
  apply(rows: readonly PulledEntry[], version: number): number;
}

/** Sends one batch of this till's entries; answers how many local entries it looked at (0: nothing left). */
export async function pushAccounts(pool: pg.Pool, till: TillAccounts, terminalId: string, limit = 500): Promise<number> {
  const { own, through, looked } = till.unpushed(limit);
  if (looked === 0) return 0;
  if (own.length > 0) {
    await pool.query({ name: 'caja_accounts_push', text: 'SELECT caja_put_account_entries($1, $2::jsonb)', values: [terminalId, JSON.stringify(own)] });
  }
  // Only once the server answered: a lost answer sends the same uids again, and the server keeps each once.
  till.pushed(through);
  return looked;
}

const PULL_SQL = `SELECT ${clip('uid', SHOP_BOUNDS.code, 'uid')}, ${clip('terminal_id', SHOP_BOUNDS.code, 'terminal_id')}, doc_type, doc_number,
    ${clip('customer_name', SHOP_BOUNDS.longText, 'name')}, kind, amount::text AS amount, ${clip('applies_to', SHOP_BOUNDS.code, 'applies_to')},
    ${clip('document', SHOP_BOUNDS.code, 'document')}, ${clip('method', SHOP_BOUNDS.code, 'method')},
    ${clip('method_label', SHOP_BOUNDS.name, 'method_label')}, ${clip('method_kind', SHOP_BOUNDS.code, 'method_kind')},
    CASE WHEN jsonb_array_length(dues) <= 60 THEN dues ELSE '[]'::jsonb END AS dues, ${clip('intended', SHOP_BOUNDS.name, 'intended')},
    at, ${clip('by_name', SHOP_BOUNDS.name, 'by_name')}, version
  FROM account_entries WHERE version > $1 ORDER BY version LIMIT $2`;

interface PulledRow {
  uid: string;
  terminal_id: string;
  doc_type: string;
  doc_number: string;
  name: string;
  kind: string;
  amount: string;
  applies_to: string | null;
  document: string | null;
  method: string | null;
  method_label: string | null;
  method_kind: string | null;
  dues: { position: number; amount: string; dueDate: string }[];
  intended: string | null;
  at: Date;
  by_name: string | null;
  version: string;
}

/** As for stock: a cursor above the server's sequence was another server's, so everything comes down again. */
async function sinceWithin(pool: pg.Pool, since: number): Promise<number> {
  if (since === 0) return 0;
  const top = await pool
    .query<{ last_value: string; is_called: boolean }>({ name: 'caja_account_version_top', text: 'SELECT last_value, is_called FROM account_version' })
    .then((r) => (r.rows[0]?.is_called ? Number(r.rows[0].last_value) : 0), () => Number.NaN);
  return Number.isFinite(top) && since > top ? 0 : since;
}

/** Applies one page of every till's entries after the last pulled version; answers how many came down. */
export async function pullAccounts(pool: pg.Pool, till: TillAccounts, limit = 2_000): Promise<number> {
  const since = await sinceWithin(pool, till.pulledVersion());
  const r = await pool.query<PulledRow>({ name: 'caja_accounts_pull', text: PULL_SQL, values: [since, limit] });
  if (r.rows.length === 0) {
    if (since !== till.pulledVersion()) till.apply([], since);
    return 0;
  }
  const rows = r.rows.map((row): PulledEntry => ({
    uid: row.uid, terminalId: row.terminal_id, docType: row.doc_type, docNumber: row.doc_number, name: row.name, kind: row.kind,
    amount: row.amount, appliesTo: row.applies_to, document: row.document, method: row.method, methodLabel: row.method_label,
    methodKind: row.method_kind, dues: Array.isArray(row.dues) ? row.dues : [], intended: row.intended, at: row.at.toISOString(),
    by: row.by_name, version: Number(row.version),
  }));
  till.apply(rows, rows.at(-1)!.version);
  return rows.length;
}
