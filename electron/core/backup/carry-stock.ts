// A restore never loses stock: the purchases and counts entered since the copy, and every movement the copy lacks
// (another till's, pulled from the shop server; an adjustment; a purchase's entry), come along with the documents.
// A movement belongs to its act (a purchase, a count) by local id, which differs between the two files: acts are
// matched by their uid (stable across tills and files) and their movements re-pointed. A movement of a document is
// carried with its document (DOCUMENT_LINKS); the running balances are worked out again after all of them.
import type Database from 'better-sqlite3';

/** The stock acts a movement can point at, and their lines; in salvage order (parents first). */
export const STOCK_ACT_TABLES = ['stock_purchases', 'stock_purchase_lines', 'stock_counts', 'stock_count_lines'] as const;

const q = (c: string) => `"${c}"`;

function columnsOf(sqlite: Database.Database, schema: string, table: string): string[] {
  return (sqlite.prepare('SELECT name FROM pragma_table_info(?, ?)').all(table, schema) as { name: string }[]).map((c) => c.name);
}

/** Columns both files have, but `except`. */
function shared(sqlite: Database.Database, table: string, except: readonly string[]): string[] {
  const live = new Set(columnsOf(sqlite, 'live', table));
  return columnsOf(sqlite, 'main', table).filter((c) => live.has(c) && !except.includes(c));
}

/** Acts of `table` the copy lacks, inserted under new ids; answers nothing, the uid maps them afterwards. */
function carryActs(restored: Database.Database, table: string): void {
  const cols = shared(restored, table, ['id']);
  restored.exec(`INSERT INTO main.${q(table)} (${cols.map(q).join(', ')})
    SELECT ${cols.map((c) => `x.${q(c)}`).join(', ')} FROM live.${q(table)} x
    WHERE NOT EXISTS (SELECT 1 FROM main.${q(table)} m WHERE m.uid = x.uid) ORDER BY x.id`);
}

/** An act's id in the copy for the live id in column `col` of row x (by uid). */
const mappedAct = (table: string, col: string) =>
  `(SELECT m.id FROM main.${q(table)} m JOIN live.${q(table)} l ON l.uid = m.uid WHERE l.id = x.${q(col)})`;

/** Lines of acts, those the copy lacks (by the act's uid and the line's own key). */
function carryLines(restored: Database.Database, table: string, owner: string, act: string, key: string): void {
  const cols = shared(restored, table, []);
  const value = (c: string) => (c === owner ? mappedAct(act, owner) : `x.${q(c)}`);
  restored.exec(`INSERT INTO main.${q(table)} (${cols.map(q).join(', ')})
    SELECT ${cols.map(value).join(', ')} FROM live.${q(table)} x
    WHERE ${mappedAct(act, owner)} IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM main.${q(table)} y WHERE y.${q(owner)} = ${mappedAct(act, owner)} AND y.${q(key)} = x.${q(key)})
    ORDER BY x.rowid`);
}

/**
 * Carries the stock acts and the movements the copy lacks, inside the caller's transaction, with the live database
 * attached as `live`. A count approved since the copy keeps its approval. Answers how many movements came along;
 * the caller replays the running balances after the copy's last movement.
 */
export function carryStockActs(restored: Database.Database): number {
  if (columnsOf(restored, 'live', 'stock_movements').length === 0 || columnsOf(restored, 'main', 'stock_movements').length === 0) return 0;
  carryActs(restored, 'stock_purchases');
  carryLines(restored, 'stock_purchase_lines', 'purchase_id', 'stock_purchases', 'position');
  carryActs(restored, 'stock_counts');
  carryLines(restored, 'stock_count_lines', 'count_id', 'stock_counts', 'product_code');
  // A count the copy holds as pending may have been approved since: the live decision stands.
  restored.exec(`UPDATE main.stock_counts AS m SET status = l.status, approved_at = l.approved_at, approved_by = l.approved_by, reason = l.reason
    FROM live.stock_counts AS l WHERE l.uid = m.uid AND l.status = 'approved' AND m.status <> 'approved'`);
  // Movements of no document (a purchase, a count's adjustment, another till's): those the copy lacks, by uid.
  const cols = shared(restored, 'stock_movements', ['id']);
  const value = (c: string) =>
    c === 'purchase_id' ? mappedAct('stock_purchases', c) : c === 'count_id' ? mappedAct('stock_counts', c) : `x.${q(c)}`;
  return restored.prepare(`INSERT INTO main.stock_movements (${cols.map(q).join(', ')})
    SELECT ${cols.map(value).join(', ')} FROM live.stock_movements x
    WHERE x.document_id IS NULL AND NOT EXISTS (SELECT 1 FROM main.stock_movements m WHERE m.uid = x.uid)
    ORDER BY x.id`).run().changes;
}
