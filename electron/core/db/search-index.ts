// The customer-name index of documents (documents_fts), written after a sale instead of inside its commit
// (migration 0025): every document with an id above search_index_state.indexed_through is indexed in one transaction,
// oldest first. It runs shortly after a sale (soon), at start-up, and before any search by name (the repository's
// search), so a search always sees every document; what the sale's commit no longer writes is this index's pages.
import type Database from 'better-sqlite3';

/** Long enough to gather a rush of sales into one pass, short enough that a search rarely has anything to index. */
export const SEARCH_INDEX_AFTER_MS = 50;

export class SearchIndexer {
  private readonly pending: Database.Statement<[], { through: number; last: number | null }>;
  private readonly index: Database.Statement<[number]>;
  private readonly advance: Database.Statement<[number]>;
  private readonly pass: () => number;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly sqlite: Database.Database,
    private readonly log?: { warn(message: string, data?: Record<string, unknown>): void },
  ) {
    this.pending = sqlite.prepare(
      'SELECT indexed_through AS through, (SELECT MAX(id) FROM documents) AS last FROM search_index_state WHERE id = 1',
    );
    this.index = sqlite.prepare(
      'INSERT INTO documents_fts (rowid, customer_name) SELECT id, customer_name FROM documents WHERE id > ? ORDER BY id',
    );
    this.advance = sqlite.prepare('UPDATE search_index_state SET indexed_through = ? WHERE id = 1');
    this.pass = sqlite.transaction(() => {
      const state = this.pending.get();
      if (!state || state.last === null || state.last <= state.through) return 0;
      const indexed = this.index.run(state.through).changes;
      this.advance.run(state.last);
      return indexed;
    }).immediate;
  }

  /** Indexes what is not yet indexed; returns how many documents. Cheap when nothing is (one read). */
  catchUp(): number {
    const state = this.pending.get();
    if (!state || state.last === null || state.last <= state.through) return 0;
    return this.pass();
  }

  /** catchUp, without failing the caller: a search still runs (and says what it finds) if indexing failed. */
  tryCatchUp(what: string): void {
    try {
      this.catchUp();
    } catch (e) {
      this.log?.warn(`${what}: indexing documents for search failed`, { error: e instanceof Error ? e.message : String(e) });
    }
  }

  /** A document was stored: index it SEARCH_INDEX_AFTER_MS later (once, however many ask meanwhile). */
  soon(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.sqlite.open && !this.sqlite.inTransaction) this.tryCatchUp('after a sale');
    }, SEARCH_INDEX_AFTER_MS);
    this.timer.unref?.();
  }

  /** Forget a pending pass (the database is closing). */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
