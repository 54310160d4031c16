// A restore never loses a sale (issue 12): every document of the live database that the copy lacks (matched by
// id_Base_Dato) is carried into the restored file, with its audit trail, under a new local id. Documents not yet
// declared would otherwise vanish from the outbox and never reach SUNAT; declared ones would vanish from the history.
// A copy that holds a DIFFERENT document under the same type-series-number cannot take them: the restore is refused.
import type Database from 'better-sqlite3';
import { CoreError } from '../services/errors';

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
 * refused may have had its customer corrected and its payload rebuilt (issue 23, "Corregir y reenviar"): what the
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

/** Attaches the live database file (the core is closed) as `live`; SQLite refuses ATTACH inside a transaction. */
export function attachLive(restored: Database.Database, livePath: string): () => void {
  restored.prepare('ATTACH DATABASE ? AS live').run(livePath);
  return () => restored.exec('DETACH DATABASE live');
}

/**
 * `restored` is an open connection to the copy being prepared (already migrated to this app's schema), with the live
 * database attached as `live` (attachLive). Runs inside the caller's transaction.
 */
export function carryMissingDocuments(restored: Database.Database): CarryResult {
  {
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
    const undeclared = restored
      .prepare(`SELECT COUNT(*) FROM live.documents WHERE id IN (SELECT live_id FROM carry) AND status IN ${OPEN}`)
      .pluck()
      .get() as number;
    // Ids into tables the copy may lack (the cashier, the cash session) stay behind; the cashier's name goes along.
    const docCols = sharedColumns(restored, 'documents', ['id', 'reissue_of', 'cashier_id', 'cash_session_id']);
    const carried = restored
      .prepare(`INSERT INTO main.documents (${docCols}) SELECT ${docCols} FROM live.documents WHERE id IN (SELECT live_id FROM carry) ORDER BY id`)
      .run().changes;
    const eventCols = sharedColumns(restored, 'document_events', ['id', 'document_id']);
    restored.exec(`INSERT INTO main.document_events (document_id, ${eventCols})
      SELECT m.id, ${eventCols.split(', ').map((c) => `e.${c}`).join(', ')}
      FROM live.document_events e JOIN carry c ON c.live_id = e.document_id
      JOIN main.documents m ON m.id_base_dato = c.id_base_dato ORDER BY e.id`);
    // How those sales were paid (0006, issue 13) goes with them: the shift's cash counts on it.
    if (columnsOf(restored, 'live', 'document_payments').length > 0) {
      const payCols = sharedColumns(restored, 'document_payments', ['id', 'document_id']);
      restored.exec(`INSERT INTO main.document_payments (document_id, ${payCols})
        SELECT m.id, ${payCols.split(', ').map((c) => `p.${c}`).join(', ')}
        FROM live.document_payments p JOIN carry c ON c.live_id = p.document_id
        JOIN main.documents m ON m.id_base_dato = c.id_base_dato ORDER BY p.id`);
    }
    // Their discounts (0009) too: the ticket reprints list price, discount and net.
    if (columnsOf(restored, 'live', 'document_discounts').length > 0) {
      const discCols = sharedColumns(restored, 'document_discounts', ['document_id']);
      restored.exec(`INSERT INTO main.document_discounts (document_id, ${discCols})
        SELECT m.id, ${discCols.split(', ').map((c) => `x.${c}`).join(', ')}
        FROM live.document_discounts x JOIN carry c ON c.live_id = x.document_id
        JOIN main.documents m ON m.id_base_dato = c.id_base_dato ORDER BY x.document_id, x.position`);
    }
    restored.exec('DROP TABLE temp.carry');
    return { carried, undeclared, refreshed: keepNewerState(restored) };
  }
}
