// The documents of a date range for the accountant, in issue order within each type and series.
import type Database from 'better-sqlite3';
import { withReadOnlyAsync } from '../backup/sqlite-file';
import { timeSlicer } from '../backup/time-slice';
import type { Db, DocumentRow } from '../db';

export interface ExportRange {
  /** Lima issue dates, YYYY-MM-DD, both inclusive. */
  from: string;
  to: string;
}

/** The columns of a document the exports read. */
export type ExportRow = Pick<
  DocumentRow,
  | 'id' | 'doc_type' | 'series' | 'number' | 'issue_date' | 'currency' | 'customer_doc_type' | 'customer_doc_number'
  | 'customer_name' | 'total' | 'igv' | 'payload' | 'status' | 'cdr_code' | 'hash' | 'cdr_xml' | 'exchange_rate'
> & {
  /** The state of the document's void request (migration 0017), or null when none was asked. */
  void_status: string | null;
  /** The void request as sent, when SUNAT accepted it and the zip is made here (withCdr); else null. */
  void_payload: string | null;
};

/**
 * Documents with from <= issue_date <= to, of one mode only: real documents for the real till, demo ones while in
 * demo mode (demo documents were never declared and must not reach the accountant). Ordered by date, type, series
 * and number, which the documents_export_order index (0012) yields without a sort: each step reads one row, so a
 * time slice is never held by a day's sort. Parameters: from, to, demo (0/1).
 */
export function exportRowsStatement(sqlite: Database.Database, withCdr: boolean): Database.Statement<[string, string, number], ExportRow> {
  const cdr = withCdr ? 'cdr_xml' : 'NULL AS cdr_xml';
  // A document's void (one per document, UNIQUE document_id: one index probe per row, no sort).
  const voidPayload = withCdr ? "(SELECT v.payload FROM voids v WHERE v.document_id = documents.id AND v.status = 'voided')" : 'NULL';
  return sqlite.prepare(
    `SELECT id, doc_type, series, number, issue_date, currency, customer_doc_type, customer_doc_number, customer_name,
      total, igv, payload, status, cdr_code, hash, exchange_rate, ${cdr},
      (SELECT v.status FROM voids v WHERE v.document_id = documents.id) AS void_status, ${voidPayload} AS void_payload
    FROM documents WHERE issue_date >= ? AND issue_date <= ? AND demo = ?
    ORDER BY issue_date, doc_type, series, number`,
  );
}

/** The rows of exportRowsStatement, iterated: a month of a busy shop never sits in memory twice. */
export function exportRows(sqlite: Database.Database, range: ExportRange, demo: boolean, withCdr: boolean): IterableIterator<ExportRow> {
  return exportRowsStatement(sqlite, withCdr).iterate(range.from, range.to, demo ? 1 : 0);
}

/**
 * Calls `each` for every row of exportRows without holding the event loop for long: a file database is read through
 * a private read-only connection (one snapshot; the app's connection stays free for sales) in time slices of a few
 * milliseconds (time-slice.ts). An in-memory database (tests) is read directly.
 */
export async function forEachExportRow(
  db: Db,
  range: ExportRange,
  demo: boolean,
  withCdr: boolean,
  each: (row: ExportRow) => void,
): Promise<void> {
  if (db.sqlite.memory) {
    for (const row of exportRows(db.sqlite, range, demo, withCdr)) each(row);
    return;
  }
  await withReadOnlyAsync(db.sqlite.name, async (sqlite) => {
    const rows = exportRows(sqlite, range, demo, withCdr);
    const tick = timeSlicer();
    try {
      for (const row of rows) {
        each(row);
        await tick();
      }
    } finally {
      rows.return?.();
    }
  });
}
