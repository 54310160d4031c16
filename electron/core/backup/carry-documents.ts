// A restore never loses a sale: every document of the live database that the copy lacks (matched by
// id_Base_Dato) is carried into the restored file under a new local id, with everything that gives it its meaning
// (DOCUMENT_LINKS: its trail, payments, a note's target and lines, a void...), links re-pointed at the new ids. Documents not yet
// declared would otherwise vanish from the outbox and never reach SUNAT; declared ones would vanish from the history.
// A copy that holds a DIFFERENT document under the same type-series-number cannot take them: the restore is refused.
import type Database from 'better-sqlite3';
import { CoreError } from '../services/errors';
import { replayMovementsAfter } from '../stock/ledger';
import { carryAccounts } from './carry-accounts';
import { carryStockActs } from './carry-stock';

export interface CarryResult {
  carried: number;
  /** Documents present in both whose live state was newer and was kept (status, attempts, CDR...). */
  refreshed: number;
  /** Of those, how many were still waiting for SUNAT (pending, sending, blocked, attention, conflict). */
  undeclared: number;
}

const OPEN = "('pending', 'sending', 'blocked_auth', 'attention', 'conflict')";

function columnsOf(sqlite: Database.Database, schema: string, table: string): string[] {
  return (sqlite.prepare(`SELECT name FROM pragma_table_info(?, ?)`).all(table, schema) as { name: string }[]).map((c) => c.name);
}

function hasTable(sqlite: Database.Database, schema: string, table: string): boolean {
  return columnsOf(sqlite, schema, table).length > 0;
}

/** Column names shared by main.<table> and live.<table>, except those listed; quoted for SQL. */
function sharedColumns(sqlite: Database.Database, table: string, except: string[]): string {
  const live = new Set(columnsOf(sqlite, 'live', table));
  return columnsOf(sqlite, 'main', table)
    .filter((c) => live.has(c) && !except.includes(c))
    .map((c) => `"${c}"`)
    .join(', ');
}

/**
 * Outbox columns of a document that change after it is issued; the live (newer) values are kept. A document the API
 * refused may have had its customer corrected and its payload rebuilt ("Corregir y reenviar"): what the
 * live database sent is the truth, so those columns travel with its state.
 */
const STATE_COLUMNS = [
  'status', 'attempts', 'next_attempt_at', 'last_error', 'last_attempt_at', 'uncertain', 'hash', 'cdr_code',
  'cdr_description', 'cdr_notes', 'cdr_zip', 'cdr_xml', 'reprints', 'updated_at', 'accepted_at', 'cdr_missing',
  'payload', 'customer_doc_type', 'customer_doc_number', 'customer_name',
];

/**
 * A document both have, changed since the copy (sent, accepted, blocked...): its live state is the truth. Going back
 * to the copy's 'pending' would send it again without the evidence that it was already sent.
 */
function keepNewerState(restored: Database.Database): number {
  const live = new Set(columnsOf(restored, 'live', 'documents'));
  const cols = columnsOf(restored, 'main', 'documents').filter((c) => STATE_COLUMNS.includes(c) && live.has(c));
  const sets = cols.map((c) => `"${c}" = l."${c}"`).join(', ');
  return restored
    .prepare(
      `UPDATE main.documents AS m SET ${sets} FROM live.documents AS l
       WHERE l.id_base_dato = m.id_base_dato AND l.updated_at > m.updated_at`,
    )
    .run().changes;
}

/**
 * A table whose rows belong to documents and give them their meaning (a note's target and lines, a void, how a sale
 * was paid...). They travel with their document, every column that holds a local document id re-pointed at the id the
 * document has in the database that goes on (matched by id_Base_Dato). A row one of whose NOT NULL links cannot be
 * re-pointed (its document was not readable) stays behind: a link to the wrong document would be worse than none.
 */
export interface DocumentLink {
  table: string;
  /** Columns holding a documents.id; the first one names the document the row belongs to. */
  refs: readonly string[];
  /** Columns naming a document by its id_Base_Dato (stable across files): carried as they are. */
  keys?: readonly string[];
  /**
   * Written after its document was issued (a void is requested days later, an answer adds an event): the live rows
   * are also carried for a document the copy already holds, those the copy lacks matched on `match` (document links
   * re-pointed). With `replace` the match is a unique key and the live row's state wins over the copy's.
   */
  later?: { match: readonly string[]; replace?: boolean };
  /**
   * For a link whose document was not read from a damaged file, another way to find it in the database that goes on
   * (an SQL expression over the linked row `x`, giving main.documents.id or NULL).
   */
  fallback?: Readonly<Record<string, string>>;
}

/**
 * The document a note modifies, by the type and number its payload names (afectado_Tipo_Doc, afectado_Num_Doc
 * "B001-24"): a damaged file may have lost the sale's row but not the note's, and the copy holds the sale.
 */
const NOTE_TARGET_BY_NUMBER = `(SELECT m.id FROM live.documents n JOIN main.documents m
  ON m.doc_type = json_extract(n.payload, '$.afectado_Tipo_Doc')
  AND m.series = substr(json_extract(n.payload, '$.afectado_Num_Doc'), 1, instr(json_extract(n.payload, '$.afectado_Num_Doc'), '-') - 1)
  AND m.number = CAST(substr(json_extract(n.payload, '$.afectado_Num_Doc'), instr(json_extract(n.payload, '$.afectado_Num_Doc'), '-') + 1) AS INTEGER)
  WHERE n.id = x."document_id" AND json_valid(n.payload))`;

/** The document a void names in its stored request (tipo_Doc, serie, correlativo), for the same reason. */
const VOID_TARGET_BY_NUMBER = `(SELECT m.id FROM main.documents m WHERE json_valid(x."payload")
  AND m.doc_type = json_extract(x."payload", '$.tipo_Doc') AND m.series = json_extract(x."payload", '$.serie')
  AND m.number = CAST(json_extract(x."payload", '$.correlativo') AS INTEGER))`;

/**
 * Every table that points at documents, parents first. tests/unit/core/backup/carry-links.test.ts checks this list
 * against the foreign keys (and the document columns) of a freshly migrated database: a new table that points at
 * documents fails that test until it is listed here or in LINKS_NOT_CARRIED with its reason. The salvage reads the
 * same list (salvage.ts).
 */
export const DOCUMENT_LINKS: readonly DocumentLink[] = [
  // A document the copy holds may have changed since (sent, accepted, voided): its live state is kept, and the events
  // that say how with it.
  { table: 'document_events', refs: ['document_id'], later: { match: ['document_id', 'at', 'from_status', 'to_status', 'detail'] } },
  // How those sales were paid (0006): the shift's cash counts on it, and a note's refund left the drawer.
  { table: 'document_payments', refs: ['document_id'] },
  // Their discounts (0009): the ticket reprints list price, discount and net.
  { table: 'document_discounts', refs: ['document_id'] },
  // A note's target and what it took back (0016): without them a sale credited in full takes a second full credit.
  { table: 'note_details', refs: ['document_id', 'modifies_id'], fallback: { modifies_id: NOTE_TARGET_BY_NUMBER } },
  { table: 'note_lines', refs: ['document_id'] },
  // A note on another till's sale (0020): that sale named by its id_Base_Dato.
  { table: 'shop_note_targets', refs: ['document_id'], keys: ['sale_id_base_dato'] },
  // A void (0017): without it a voided sale takes notes, and a void SUNAT accepted would be requested again.
  { table: 'voids', refs: ['document_id'], later: { match: ['document_id'], replace: true }, fallback: { document_id: VOID_TARGET_BY_NUMBER } },
  // A sale issued with a confirmed doubtful clock is recorded against it.
  { table: 'numbering_log', refs: ['document_id'] },
  // The goods a sale took, a note returned or a void put back (0032): without them the shelf counts what was sold.
  // A void's reversal comes later than its sale; each movement is matched by its own uid.
  { table: 'stock_movements', refs: ['document_id'], later: { match: ['uid'] } },
  // Where a document was sent by email (0033), sent days after it was issued: without it a restore would send it to
  // the customer again. Each row is one message, known by its own Message-ID; the live row's state (sent) wins.
  { table: 'document_emails', refs: ['document_id'], later: { match: ['message_id'], replace: true } },
];

/** Columns of documents that hold another document's id (a re-issue names what it re-issued). */
export const DOCUMENT_SELF_LINKS: readonly string[] = ['reissue_of'];

/** Pointers at documents that are not carried, and why (checked by the same test). */
export const LINKS_NOT_CARRIED: Readonly<Record<string, string>> = {
  'replication_queue.document_id':
    "made again by the documents' own triggers when a document (or a void) is carried in: each goes to the shop server",
};

/**
 * Pointers at documents carried by a function of their own, because the rows also keep running figures that are
 * worked out again once they are in (and why).
 */
export const LINKS_CARRIED_APART: Readonly<Record<string, string>> = {
  'account_entries.document_id': "carry-accounts.ts: a customer's entries matched by uid, each balance and the account's worked out again",
  'account_dues.document_id': 'carry-accounts.ts: the dues of the entries carried, settled again from how each entry was applied',
};

/** Attaches the live database file (the core is closed) as `live`; SQLite refuses ATTACH inside a transaction. */
export function attachLive(restored: Database.Database, livePath: string): () => void {
  restored.prepare('ATTACH DATABASE ? AS live').run(livePath);
  return () => restored.exec('DETACH DATABASE live');
}

const q = (c: string) => `"${c}"`;

/** Carries the rows of one linked table; `owners` is the temp table of the live ids whose rows travel. */
function carryLinked(restored: Database.Database, link: DocumentLink, owners: 'carry' | 'carry_map'): void {
  const live = columnsOf(restored, 'live', link.table);
  if (live.length === 0) return; // an older file without this table has nothing of it
  const info = restored.prepare('SELECT name, "notnull" AS "notNull", pk FROM pragma_table_info(?, ?)').all(link.table, 'main') as {
    name: string;
    notNull: number;
    pk: number;
  }[];
  // A table's own INTEGER PRIMARY KEY is a new rowid in the database that goes on.
  const ownId = info.filter((c) => c.pk > 0).length === 1 ? info.find((c) => c.pk > 0 && c.name === 'id')?.name : undefined;
  const cols = info.map((c) => c.name).filter((c) => c !== ownId && live.includes(c));
  const mapped = (c: string) => {
    const byId = `(SELECT main_id FROM temp.carry_map WHERE live_id = x.${q(c)})`;
    const other = link.fallback?.[c];
    return other ? `coalesce(${byId}, ${other})` : byId;
  };
  const value = (c: string) => (link.refs.includes(c) ? mapped(c) : `x.${q(c)}`);
  const required = info
    .filter((c) => link.refs.includes(c.name) && cols.includes(c.name))
    .map((c) => (c.notNull ? `${mapped(c.name)} IS NOT NULL` : `(x.${q(c.name)} IS NULL OR ${mapped(c.name)} IS NOT NULL)`));
  const owner = link.refs[0] as string;
  const later = owners === 'carry_map' ? link.later : undefined;
  const upsert = later?.replace
    ? ` ON CONFLICT (${later.match.map(q).join(', ')}) DO UPDATE SET ${cols
        .filter((c) => !later.match.includes(c))
        .map((c) => `${q(c)} = excluded.${q(c)}`)
        .join(', ')}`
    : '';
  // Rows the copy already has (same document, same match) are not carried twice.
  const missing =
    later && !later.replace
      ? ` AND NOT EXISTS (SELECT 1 FROM main.${q(link.table)} y WHERE ${later.match.map((c) => `y.${q(c)} IS ${value(c)}`).join(' AND ')})`
      : '';
  // A row of a document the copy holds but the damaged file lost, found by its fallback (a later row only).
  const orphan = later && link.fallback?.[owner]
    ? ` OR NOT EXISTS (SELECT 1 FROM live.documents d WHERE d.id = x.${q(owner)})`
    : '';
  restored.exec(`INSERT INTO main.${q(link.table)} (${cols.map(q).join(', ')})
    SELECT ${cols.map(value).join(', ')} FROM live.${q(link.table)} x
    WHERE (x.${q(owner)} IN (SELECT live_id FROM temp.${owners})${orphan}) AND ${required.join(' AND ')}${missing}
    ORDER BY x.rowid${upsert}`);
}

/**
 * Salvaged documents that clash with a document of the database under the same type-series-number are garbage or
 * foreign: the database's wins. They are dropped from the attached salvage (`live`) with every row linked to them, so
 * none is later matched by number to the database's document. Inside the caller's transaction; returns how many.
 */
export function dropClashingSalvaged(sqlite: Database.Database): number {
  sqlite.exec(`CREATE TEMP TABLE clashing AS SELECT l.id FROM live.documents l JOIN main.documents m
    ON m.doc_type = l.doc_type AND m.series = l.series AND m.number = l.number AND m.id_base_dato <> l.id_base_dato`);
  try {
    // Every row that points at them by foreign key goes first (or loses the pointer, within documents): the core's
    // connection enforces foreign keys, and a pointer left behind would fail the whole carry.
    const tables = sqlite.prepare("SELECT name FROM live.sqlite_master WHERE type = 'table'").pluck().all() as string[];
    for (const table of tables) {
      const fks = sqlite.prepare('SELECT "from" FROM pragma_foreign_key_list(?, ?) WHERE "table" = ?').pluck().all(table, 'live', 'documents') as string[];
      for (const col of fks) {
        sqlite.exec(
          table === 'documents'
            ? `UPDATE live.documents SET ${q(col)} = NULL WHERE ${q(col)} IN (SELECT id FROM temp.clashing)`
            : `DELETE FROM live.${q(table)} WHERE ${q(col)} IN (SELECT id FROM temp.clashing)`,
        );
      }
    }
    return sqlite.prepare('DELETE FROM live.documents WHERE id IN (SELECT id FROM temp.clashing)').run().changes;
  } finally {
    sqlite.exec('DROP TABLE temp.clashing');
  }
}

/**
 * `restored` is an open connection to the copy being prepared (already migrated to this app's schema), with the live
 * database attached as `live` (attachLive). Runs inside the caller's transaction.
 */
export function carryMissingDocuments(restored: Database.Database): CarryResult {
  const clashes = restored
    .prepare(
      `SELECT l.series || '-' || l.number AS label FROM live.documents l
       JOIN main.documents m ON m.doc_type = l.doc_type AND m.series = l.series AND m.number = l.number
       WHERE m.id_base_dato <> l.id_base_dato ORDER BY l.id LIMIT 6`,
    )
    .pluck()
    .all() as string[];
  if (clashes.length > 0) {
    throw new CoreError(
      'restore_conflict',
      `La copia tiene otros comprobantes con los mismos números que esta caja (${clashes.slice(0, 5).join(', ')}` +
        `${clashes.length > 5 ? '…' : ''}): no es una copia de esta caja. No se restauró nada.`,
    );
  }
  restored.exec(`CREATE TEMP TABLE carry AS
    SELECT l.id AS live_id, l.id_base_dato FROM live.documents l
    WHERE NOT EXISTS (SELECT 1 FROM main.documents m WHERE m.id_base_dato = l.id_base_dato)`);
  try {
    const undeclared = restored
      .prepare(`SELECT COUNT(*) FROM live.documents WHERE id IN (SELECT live_id FROM carry) AND status IN ${OPEN}`)
      .pluck()
      .get() as number;
    // Ids into tables the copy may lack (the cashier, the cash session) stay behind; the cashier's name goes along.
    // A link to another document is re-pointed once every document is in (below).
    const docCols = sharedColumns(restored, 'documents', ['id', 'cashier_id', 'cash_session_id', ...DOCUMENT_SELF_LINKS]);
    const carried = restored
      .prepare(`INSERT INTO main.documents (${docCols}) SELECT ${docCols} FROM live.documents WHERE id IN (SELECT live_id FROM carry) ORDER BY id`)
      .run().changes;
    // Every live document and its id in the database that goes on: carried ones and those both hold.
    restored.exec(`CREATE TEMP TABLE carry_map (live_id INTEGER PRIMARY KEY, main_id INTEGER NOT NULL)`);
    restored.exec(`INSERT INTO temp.carry_map SELECT l.id, m.id FROM live.documents l JOIN main.documents m ON m.id_base_dato = l.id_base_dato`);
    const liveDocCols = columnsOf(restored, 'live', 'documents');
    for (const col of DOCUMENT_SELF_LINKS.filter((c) => liveDocCols.includes(c))) {
      restored.exec(`UPDATE main.documents AS m SET ${q(col)} = (SELECT cm.main_id FROM live.documents l JOIN temp.carry_map cm ON cm.live_id = l.${q(col)}
        WHERE l.id_base_dato = m.id_base_dato)
        WHERE m.id_base_dato IN (SELECT id_base_dato FROM temp.carry)`);
    }
    // Movements carried in follow the copy's own: their running balance is worked out again after them.
    const lastMovement = hasTable(restored, 'main', 'stock_movements')
      ? (restored.prepare('SELECT COALESCE(MAX(id), 0) FROM main.stock_movements').pluck().get() as number)
      : null;
    for (const link of DOCUMENT_LINKS) carryLinked(restored, link, link.later ? 'carry_map' : 'carry');
    carryStockActs(restored);
    carryAccounts(restored);
    if (lastMovement !== null) replayMovementsAfter(restored, lastMovement);
    return { carried, undeclared, refreshed: keepNewerState(restored) };
  } finally {
    restored.exec('DROP TABLE IF EXISTS temp.carry; DROP TABLE IF EXISTS temp.carry_map');
  }
}
