// The local customer book: from DNI lookups, past sales and manual entries.
import type Database from 'better-sqlite3';
import { toFtsPrefixQuery } from '../fts';
import type { Clock, CustomerInput, CustomerRow, Db } from '../types';

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

interface UpsertParams {
  doc_type: string;
  doc_number: string;
  name: string;
  address: string;
  source: string;
  updated_at: string;
}

export class CustomersRepository {
  private readonly now: Clock;
  private readonly upsertOne: Database.Statement<[UpsertParams], CustomerRow>;
  private readonly selectOne: Database.Statement<[string, string], CustomerRow>;
  private readonly searchByName: Database.Statement<[string, number], CustomerRow>;
  private readonly searchByNumber: Database.Statement<[string, number], CustomerRow>;

  constructor(db: Db, now: Clock = () => new Date()) {
    const { sqlite } = db;
    this.now = now;
    this.upsertOne = sqlite.prepare(`INSERT INTO customers (doc_type, doc_number, name, address, source, updated_at)
      VALUES (@doc_type, @doc_number, @name, @address, @source, @updated_at)
      ON CONFLICT (doc_type, doc_number) DO UPDATE SET
        name = excluded.name,
        address = CASE WHEN excluded.address <> '' THEN excluded.address ELSE customers.address END,
        source = excluded.source,
        updated_at = excluded.updated_at
      RETURNING *`);
    this.selectOne = sqlite.prepare('SELECT * FROM customers WHERE doc_type = ? AND doc_number = ?');
    this.searchByName = sqlite.prepare(`SELECT c.* FROM customers_fts f JOIN customers c ON c.id = f.rowid
      WHERE customers_fts MATCH ? ORDER BY f.rank, c.name LIMIT ?`);
    this.searchByNumber = sqlite.prepare(
      'SELECT * FROM customers WHERE doc_number GLOB ? ORDER BY doc_number, doc_type LIMIT ?',
    );
  }

  /**
   * Adds or updates a customer by (docType, docNumber). The name and source are replaced; an empty or omitted
   * address keeps the stored one (a sale without address must not erase what a lookup found). Returns the stored row.
   */
  upsert(input: CustomerInput): CustomerRow {
    const row = this.upsertOne.get({
      doc_type: input.docType.trim(),
      doc_number: input.docNumber.trim(),
      name: input.name.trim(),
      address: (input.address ?? '').trim(),
      source: input.source,
      updated_at: this.now().toISOString(),
    });
    if (!row) throw new Error('El cliente no se pudo guardar');
    return row;
  }

  get(docType: string, docNumber: string): CustomerRow | undefined {
    return this.selectOne.get(docType, docNumber.trim());
  }

  /**
   * Digits only: customers whose document number starts with them. Otherwise: customers whose name contains words
   * starting with every typed word, accents and case ignored ('jose pe' finds 'José Peña'). Best matches first.
   */
  search(text: string, limit = DEFAULT_LIMIT): CustomerRow[] {
    const max = Math.min(MAX_LIMIT, Math.max(1, Math.floor(Number.isFinite(limit) ? limit : DEFAULT_LIMIT)));
    const trimmed = text.trim();
    if (/^\d+$/.test(trimmed)) return this.searchByNumber.all(`${trimmed}*`, max);
    const match = toFtsPrefixQuery(trimmed);
    return match === null ? [] : this.searchByName.all(match, max);
  }
}
