// Numbering holds and their log (migration 0014). A held series takes no number (SeriesRepository refuses)
// until the numbering service confirms its next number, or the cashier chooses to jump ahead; every decision is logged.
import type Database from 'better-sqlite3';
import type { Clock, Db, DocType } from '../types';

export type HoldReason = 'restore' | 'wal_loss' | 'new_database';
export type NumberingLogKind = 'held' | 'confirmed' | 'jumped' | 'wal_loss' | 'salvaged' | 'clock';

export interface NumberingHold {
  docType: DocType;
  series: string;
  reason: HoldReason;
  knownLast: number;
  since: string;
}

export interface KnownLast {
  docType: DocType;
  series: string;
  last: number;
}

export interface NumberingLogEntry {
  kind: NumberingLogKind;
  docType?: DocType | null;
  series?: string | null;
  from?: number | null;
  to?: number | null;
  documentId?: number | null;
  detail: string;
}

/** Appends one entry to numbering_log on a raw connection (restore and recovery work on files the core has not opened). */
export function logNumbering(sqlite: Database.Database, at: string, entry: NumberingLogEntry): void {
  sqlite
    .prepare(
      `INSERT INTO numbering_log (at, kind, doc_type, series, from_number, to_number, document_id, detail)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(at, entry.kind, entry.docType ?? null, entry.series ?? null, entry.from ?? null, entry.to ?? null, entry.documentId ?? null, entry.detail);
}

/**
 * Holds every series of the database (and those in `known`), on a raw connection, inside the caller's transaction.
 * `known` are the highest numbers known used (the salvaged file's); each hold keeps the highest one seen.
 */
export function placeNumberingHolds(sqlite: Database.Database, reason: HoldReason, at: string, known: readonly KnownLast[], detail: string): NumberingHold[] {
  const series = sqlite.prepare('SELECT doc_type AS docType, series, last_number AS last FROM series').all() as KnownLast[];
  const upsert = sqlite.prepare(
    `INSERT INTO numbering_holds (doc_type, series, reason, known_last, since) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (doc_type, series) DO UPDATE SET known_last = MAX(known_last, excluded.known_last)`,
  );
  for (const s of [...series, ...known]) upsert.run(s.docType, s.series, reason, Math.max(0, s.last), at);
  const holds = readHolds(sqlite);
  for (const h of holds) {
    logNumbering(sqlite, at, { kind: 'held', docType: h.docType, series: h.series, from: h.knownLast, detail });
  }
  return holds;
}

function readHolds(sqlite: Database.Database): NumberingHold[] {
  return sqlite
    .prepare('SELECT doc_type AS docType, series, reason, known_last AS knownLast, since FROM numbering_holds ORDER BY doc_type, series')
    .all() as NumberingHold[];
}

export class NumberingRepository {
  private readonly sqlite: Database.Database;
  private readonly selectHold: Database.Statement<[DocType, string], NumberingHold>;

  constructor(
    db: Db,
    private readonly now: Clock = () => new Date(),
  ) {
    this.sqlite = db.sqlite;
    this.selectHold = db.sqlite.prepare(
      'SELECT doc_type AS docType, series, reason, known_last AS knownLast, since FROM numbering_holds WHERE doc_type = ? AND series = ?',
    );
  }

  holds(): NumberingHold[] {
    return readHolds(this.sqlite);
  }

  /** The hold of one series, or undefined: a primary-key read prepared once (asked before every sale). */
  holdOf(docType: DocType, series: string): NumberingHold | undefined {
    return this.selectHold.get(docType, series);
  }

  place(reason: HoldReason, known: readonly KnownLast[], detail: string): NumberingHold[] {
    return this.sqlite.transaction(() => placeNumberingHolds(this.sqlite, reason, this.now().toISOString(), known, detail)).immediate();
  }

  /**
   * Ends the hold of a series: its last number raised to at least `last` (never lowered), the hold removed and the
   * decision logged, in one transaction. Returns the series' last number afterwards.
   */
  release(docType: DocType, series: string, last: number, kind: 'confirmed' | 'jumped', detail: string): number {
    return this.sqlite.transaction(() => {
      const before = (this.sqlite.prepare('SELECT last_number FROM series WHERE doc_type = ? AND series = ?').pluck().get(docType, series) as number | undefined) ?? 0;
      const after = Math.max(before, last);
      this.sqlite
        .prepare(
          `INSERT INTO series (doc_type, series, last_number) VALUES (?, ?, ?)
           ON CONFLICT (doc_type, series) DO UPDATE SET last_number = MAX(last_number, excluded.last_number)`,
        )
        .run(docType, series, after);
      this.sqlite.prepare('DELETE FROM numbering_holds WHERE doc_type = ? AND series = ?').run(docType, series);
      logNumbering(this.sqlite, this.now().toISOString(), { kind, docType, series, from: before, to: after, detail });
      return after;
    }).immediate();
  }

  log(entry: NumberingLogEntry): void {
    logNumbering(this.sqlite, this.now().toISOString(), entry);
  }

  entries(): (NumberingLogEntry & { at: string })[] {
    return this.sqlite
      .prepare(
        `SELECT at, kind, doc_type AS docType, series, from_number AS "from", to_number AS "to", document_id AS documentId, detail
         FROM numbering_log ORDER BY id`,
      )
      .all() as (NumberingLogEntry & { at: string })[];
  }
}
