// Salvage of a damaged database: every sale still readable from it, with everything that gives it its meaning
// (carry-documents.ts DOCUMENT_LINKS: events, payments, discounts, a note's target and lines, voids...), copied into a
// clean file of this app's schema, so a restore (restore-apply.ts) or a recovery from a
// damaged -wal (wal-recovery.ts) can carry them into the database that goes on. A flipped page loses the rows on
// that page, not the file: rows are read by rowid ranges, and a range that fails is split until the unreadable rows
// are isolated and skipped. What is read is stored through the schema's own checks (STRICT tables, CHECK
// constraints), so a row that comes out of a damaged page as garbage is refused, not carried.
import fs from 'node:fs';
import type Database from 'better-sqlite3';
import { openDatabase } from '../db/open';
import { openSqlite } from '../db/sqlite-driver';
import type { DocType, KnownLast } from '../db';
import type { CarryResult } from './carry-documents';
import { attachLive, carryMissingDocuments, DOCUMENT_LINKS, dropClashingSalvaged } from './carry-documents';
import { ACCOUNT_TABLES } from './carry-accounts';
import { STOCK_ACT_TABLES } from './carry-stock';

export interface Salvage {
  /** The clean file holding what was read. */
  file: string;
  documents: number;
  /** Rows of the salvaged tables that could not be read or did not pass the schema's checks. */
  unreadable: number;
  /** Highest number known used per series: the damaged file's counters and its documents. */
  known: KnownLast[];
}

/** Tables salvaged, parents first: the carry's list, so what the carry takes the salvage has read. */
export const SALVAGED_TABLES: readonly string[] = ['series', 'documents', ...STOCK_ACT_TABLES, ...DOCUMENT_LINKS.map((l) => l.table), ...ACCOUNT_TABLES];
const CHUNK = 256;
/** Without a readable MAX(rowid), the scan stops after this many empty or unreadable chunks in a row. */
const EMPTY_CHUNKS_TO_STOP = 64;

/**
 * Reads what it can of `source` (opened read-only; a -wal next to it is read too) into a new file `dest` with this
 * app's schema. Never throws for damage: an unreadable file gives an empty salvage.
 */
export function salvageDatabase(source: string, dest: string, migrationsDir: string): Salvage {
  openDatabase({ path: dest, migrationsDir, onBeforeMigrate: () => {} }).close();
  const out = openSqlite(dest, { fileMustExist: true });
  let unreadable = 0;
  try {
    out.pragma('foreign_keys = OFF');
    if (out.pragma('journal_mode', { simple: true }) !== 'delete') out.pragma('journal_mode = DELETE');
    let src: Database.Database | undefined;
    try {
      src = openSqlite(source, { readonly: true, fileMustExist: true });
      src.pragma('busy_timeout = 5000');
    } catch {
      src = undefined;
    }
    if (src) {
      try {
        out.transaction(() => {
          for (const table of SALVAGED_TABLES) unreadable += copyTable(src as Database.Database, out, table);
          // Rows of documents that were not read have nothing to belong to, unless the carry has another way to find
          // that document in the copy (DocumentLink.fallback: a void names its sale's number). A row whose OTHER
          // link points at a document not read (a note whose sale's page was lost) stays, for the same reason.
          for (const link of DOCUMENT_LINKS) {
            const owner = link.refs[0] as string;
            if (link.fallback?.[owner]) continue;
            out.exec(`DELETE FROM "${link.table}" WHERE "${owner}" IS NOT NULL AND "${owner}" NOT IN (SELECT id FROM documents)`);
          }
          out.exec('DELETE FROM replication_queue WHERE document_id NOT IN (SELECT id FROM documents)');
        })();
      } finally {
        src.close();
      }
    }
    const documents = out.prepare('SELECT COUNT(*) FROM documents').pluck().get() as number;
    const known = out
      .prepare(
        `SELECT doc_type AS docType, series, MAX(last) AS last FROM (
           SELECT doc_type, series, last_number AS last FROM series
           UNION ALL SELECT doc_type, series, MAX(number) FROM documents GROUP BY doc_type, series
         ) GROUP BY doc_type, series`,
      )
      .all() as KnownLast[];
    return { file: dest, documents, unreadable, known };
  } finally {
    out.close();
  }
}

function columnsOf(sqlite: Database.Database, table: string): string[] {
  return (sqlite.prepare('SELECT name FROM pragma_table_info(?)').all(table) as { name: string }[]).map((c) => c.name);
}

/** Copies the readable rows of `table`; returns how many rows were unreadable or refused. */
function copyTable(src: Database.Database, out: Database.Database, table: string): number {
  let select: Database.Statement;
  let selectOne: Database.Statement;
  let sourceColumns: Set<string>;
  try {
    sourceColumns = new Set(columnsOf(src, table));
    if (sourceColumns.size === 0) return 0;
    select = src.prepare(`SELECT * FROM "${table}" WHERE rowid BETWEEN ? AND ?`);
    // One row by equality: a range, even of one rowid, steps on to the next cell, which may be the damaged one.
    selectOne = src.prepare(`SELECT * FROM "${table}" WHERE rowid = ?`);
  } catch {
    return 0; // its schema cannot be read: nothing of it can be
  }
  const columns = columnsOf(out, table).filter((c) => sourceColumns.has(c));
  const insert = out.prepare(
    `INSERT OR IGNORE INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
  let unreadable = 0;
  const store = (row: Record<string, unknown>) => {
    try {
      if (insert.run(...columns.map((c) => row[c] ?? null)).changes === 0) unreadable += 1;
    } catch {
      unreadable += 1; // a value of the wrong type: garbage from a damaged page
    }
  };
  /** Reads rowids lo..hi; a failing range is split until single unreadable rows are skipped. Returns rows read. */
  const readRange = (lo: number, hi: number): number | null => {
    try {
      const rows = (lo === hi ? selectOne.all(lo) : select.all(lo, hi)) as Record<string, unknown>[];
      rows.forEach(store);
      return rows.length;
    } catch {
      if (lo === hi) {
        unreadable += 1;
        return null;
      }
      const mid = Math.floor((lo + hi) / 2);
      const a = readRange(lo, mid);
      const b = readRange(mid + 1, hi);
      return a === null && b === null ? null : (a ?? 0) + (b ?? 0);
    }
  };
  let max: number | undefined;
  try {
    max = (src.prepare(`SELECT MAX(rowid) FROM "${table}"`).pluck().get() as number | null) ?? 0;
  } catch {
    max = undefined;
  }
  if (max !== undefined) {
    for (let lo = 1; lo <= max; lo += CHUNK) readRange(lo, Math.min(max, lo + CHUNK - 1));
    return unreadable;
  }
  // No readable maximum: scan forward until a long run of empty or unreadable chunks.
  let empty = 0;
  for (let lo = 1; empty < EMPTY_CHUNKS_TO_STOP; lo += CHUNK) {
    const before = unreadable;
    const read = readRange(lo, lo + CHUNK - 1);
    if (!read) {
      empty += 1;
      // Unreadable single rows of a chunk that was only empty space are not rows: do not count them.
      if (read === null) unreadable = before;
    } else {
      empty = 0;
    }
  }
  return unreadable;
}

export interface SalvageCarry extends CarryResult {
  /** Salvaged documents left out because the database already holds another document under their number. */
  clashing: number;
}

/**
 * Carries a salvage into `target` (an open connection, outside a transaction): the documents it lacks with their
 * trail, the newer statuses, and each series' last number raised to the highest known (never lowered).
 */
export function carrySalvage(target: Database.Database, salvageFile: string, known: readonly KnownLast[]): SalvageCarry {
  const detach = attachLive(target, salvageFile);
  try {
    return target.transaction(() => {
      // A salvaged row that clashes with a document of the database is garbage or foreign: the database's wins.
      const clashing = dropClashingSalvaged(target);
      const carried = carryMissingDocuments(target);
      raiseSeries(target, known);
      return { ...carried, clashing };
    })();
  } finally {
    detach();
  }
}

/** Each series' last number raised to `known` (inserted when the series is not there). */
export function raiseSeries(sqlite: Database.Database, known: readonly { docType: DocType; series: string; last: number }[]): void {
  const upsert = sqlite.prepare(`INSERT INTO series (doc_type, series, last_number) VALUES (?, ?, ?)
    ON CONFLICT (doc_type, series) DO UPDATE SET last_number = MAX(last_number, excluded.last_number)`);
  for (const k of known) if (k.last > 0) upsert.run(k.docType, k.series, k.last);
}

/** Removes a salvage file and the side files SQLite may have left. */
export function removeSalvage(file: string): void {
  for (const f of [file, `${file}-journal`, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
}
