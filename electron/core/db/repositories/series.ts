// The terminal's series and their gap-free numbering.
import type Database from 'better-sqlite3';
import { StoreError } from '../errors';
import type { Db, DocType, SeriesRow } from '../types';

const MAX_NUMBER = 99_999_999;

export class SeriesRepository {
  private readonly sqlite: Database.Database;
  private readonly insertIfMissing: Database.Statement<[DocType, string, number]>;
  private readonly increment: Database.Statement<[DocType, string], { last_number: number }>;
  private readonly selectOne: Database.Statement<[DocType, string], SeriesRow>;
  private readonly selectAll: Database.Statement<[], SeriesRow>;
  /** A held series takes no number (absent on a database without migration 0014). */
  private readonly selectHold: Database.Statement<[DocType, string], { reason: string }> | undefined;

  constructor(db: Db) {
    this.sqlite = db.sqlite;
    this.insertIfMissing = this.sqlite.prepare(
      'INSERT INTO series (doc_type, series, last_number) VALUES (?, ?, ?) ON CONFLICT (doc_type, series) DO NOTHING',
    );
    this.increment = this.sqlite.prepare(
      'UPDATE series SET last_number = last_number + 1 WHERE doc_type = ? AND series = ? RETURNING last_number',
    );
    this.selectOne = this.sqlite.prepare(
      'SELECT doc_type, series, last_number FROM series WHERE doc_type = ? AND series = ?',
    );
    this.selectAll = this.sqlite.prepare('SELECT doc_type, series, last_number FROM series ORDER BY doc_type, series');
    const holds = this.sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'numbering_holds'").get();
    this.selectHold = holds ? this.sqlite.prepare('SELECT reason FROM numbering_holds WHERE doc_type = ? AND series = ?') : undefined;
  }

  /**
   * Registers a series if it is not there yet. `lastNumber` (default 0) is the last number already used, e.g. when a
   * shop continues a series started elsewhere; it is ignored when the series exists.
   */
  ensure(docType: DocType, series: string, lastNumber = 0): void {
    this.insertIfMissing.run(docType, series, lastNumber);
  }

  /**
   * Takes the next number of a series and returns it. MUST run inside the caller's transaction (the one that also
   * inserts the document), so a number is spent only if the document is stored: throws otherwise.
   */
  nextNumber(docType: DocType, series: string): number {
    if (!this.sqlite.inTransaction) {
      throw new StoreError(
        'not_in_transaction',
        'Error interno: el correlativo debe tomarse dentro de la misma transacción que guarda el comprobante.',
      );
    }
    const current = this.selectOne.get(docType, series);
    if (!current) {
      throw new StoreError('unknown_series', `La serie ${series} no está configurada en esta caja.`);
    }
    if (this.selectHold?.get(docType, series)) {
      throw new StoreError(
        'numbering_held',
        `Caja está confirmando el último número usado de la serie ${series} después de recuperar sus datos: no emitirá ` +
          'hasta confirmarlo, para no repetir un número ya declarado. Intente de nuevo en un momento.',
      );
    }
    if (current.last_number >= MAX_NUMBER) {
      throw new StoreError('series_exhausted', `La serie ${series} llegó a su último correlativo (${MAX_NUMBER}).`);
    }
    const row = this.increment.get(docType, series);
    if (!row) throw new StoreError('unknown_series', `La serie ${series} no está configurada en esta caja.`);
    return row.last_number;
  }

  /** The number the next document would get, without taking it; undefined for an unknown series. */
  peekNext(docType: DocType, series: string): number | undefined {
    const row = this.selectOne.get(docType, series);
    return row === undefined ? undefined : row.last_number + 1;
  }

  get(docType: DocType, series: string): SeriesRow | undefined {
    return this.selectOne.get(docType, series);
  }

  list(): SeriesRow[] {
    return this.selectAll.all();
  }
}
