// Back-office search over documents. One prepared statement per combination of filters actually used (built from
// fixed SQL fragments, values always bound), so SQLite can pick the right index for each shape.
import type Database from 'better-sqlite3';
import { NEEDS_ATTENTION_FILTER, NEEDS_ATTENTION_STATUSES } from '../../../../shared/bridge/status';
import { toFtsPrefixQuery } from '../fts';
import type { DocumentSearchFilter, DocumentSummary } from '../types';

export const DEFAULT_SEARCH_LIMIT = 100;
export const MAX_SEARCH_LIMIT = 500;

/** Every column except payload, cdr_zip and cdr_xml. */
export const SUMMARY_COLUMNS = [
  'id', 'id_base_dato', 'doc_type', 'series', 'number', 'issued_at', 'issue_date', 'currency',
  'customer_doc_type', 'customer_doc_number', 'customer_name', 'total', 'igv', 'status', 'demo', 'attempts',
  'next_attempt_at', 'last_error', 'last_attempt_at', 'uncertain', 'hash', 'cdr_code', 'cdr_description',
  'cdr_notes', 'reprints', 'created_at', 'updated_at', 'accepted_at',
] as const satisfies readonly (keyof DocumentSummary)[];

/**
 * The statuses that need a person, as the SQL of migration 0013's partial index writes them: a query names the same
 * IN list so SQLite may use that index (INDEXED BY refuses to prepare otherwise, so a drift fails loudly).
 */
export const NEEDS_ATTENTION_SQL = `d.status IN (${NEEDS_ATTENTION_STATUSES.map((s) => `'${s}'`).join(', ')})`;
/** Not re-issued: no document names this one as the one it replaces (index documents_reissue_of). */
export const NOT_REISSUED_SQL = 'NOT EXISTS (SELECT 1 FROM documents r WHERE r.reissue_of = d.id)';

const CONDITIONS = {
  from: 'd.issue_date >= @from',
  to: 'd.issue_date <= @to',
  docType: 'd.doc_type = @docType',
  series: 'd.series = @series',
  number: 'd.number = @number',
  status: 'd.status = @status',
  // Attention, conflict, rejected and invalid, until re-issued (its replacement then carries the sale).
  needsAttention: `${NEEDS_ATTENTION_SQL} AND ${NOT_REISSUED_SQL}`,
  // Names only: the statement is driven by the full-text index (see statement()), newest first, so a common name
  // over a million documents reads just the rows it returns.
  customerName: 'documents_fts MATCH @customerName',
  // Text with digits may be a name or a document number (passports mix both): either matches.
  customerNameOrNumber:
    '(d.id IN (SELECT rowid FROM documents_fts WHERE documents_fts MATCH @customerName) ' +
    'OR d.customer_doc_number = @customerNumber)',
  customerNumber: 'd.customer_doc_number = @customerNumber',
} as const;

type Condition = keyof typeof CONDITIONS;

export class DocumentSearch {
  private readonly statements = new Map<string, Database.Statement<[Record<string, unknown>], DocumentSummary>>();

  constructor(private readonly sqlite: Database.Database) {}

  run(filter: DocumentSearchFilter): DocumentSummary[] {
    const { used, params } = this.shape(filter);
    const walks = walksOf(used);
    if (walks.length === 1) return this.statement(used).all(params);
    // Text that may be a name or a document number is two walks, each newest first through its own index
    // (the full-text index, the customer number's) and each stopped at the page's end, merged here: one OR query
    // had to collect every match and sort them all.
    const limit = params.limit as number;
    const offset = params.offset as number;
    const found = new Map<number, DocumentSummary>();
    for (const walk of walks) {
      for (const row of this.statement(walk).all({ ...params, limit: limit + offset, offset: 0 })) found.set(row.id, row);
    }
    return [...found.values()].sort((a, b) => b.id - a.id).slice(offset, offset + limit);
  }

  /** The SQL a filter runs, its first walk when it takes two (query-plan tests). */
  sourceOf(filter: DocumentSearchFilter): string {
    return this.sourcesOf(filter)[0] ?? '';
  }

  /** The SQL of every walk a filter runs (query-plan tests). */
  sourcesOf(filter: DocumentSearchFilter): string[] {
    return walksOf(this.shape(filter).used).map((walk) => this.statement(walk).source);
  }

  /** The conditions a filter uses, and their bound values. */
  private shape(filter: DocumentSearchFilter): { used: Condition[]; params: Record<string, unknown> } {
    const params: Record<string, unknown> = {
      limit: clampInt(filter.limit, DEFAULT_SEARCH_LIMIT, 1, MAX_SEARCH_LIMIT),
      offset: clampInt(filter.offset, 0, 0, Number.MAX_SAFE_INTEGER),
    };
    const used: Condition[] = [];
    const use = (condition: Condition, name: string, value: unknown): void => {
      used.push(condition);
      params[name] = value;
    };

    if (present(filter.from)) use('from', 'from', filter.from);
    if (present(filter.to)) use('to', 'to', filter.to);
    if (present(filter.docType)) use('docType', 'docType', filter.docType);
    if (present(filter.series)) use('series', 'series', filter.series.trim().toUpperCase());
    if (filter.number !== undefined && filter.number !== null) use('number', 'number', filter.number);
    if (filter.status === NEEDS_ATTENTION_FILTER) used.push('needsAttention');
    else if (present(filter.status)) use('status', 'status', filter.status);
    if (present(filter.customer)) {
      const text = filter.customer.trim();
      const match = toFtsPrefixQuery(text);
      if (match === null) {
        use('customerNumber', 'customerNumber', text);
      } else if (/\d/.test(text)) {
        use('customerNameOrNumber', 'customerName', match);
        params.customerNumber = text;
      } else {
        use('customerName', 'customerName', match);
      }
    }
    return { used, params };
  }

  private statement(used: Condition[]): Database.Statement<[Record<string, unknown>], DocumentSummary> {
    const key = used.join(',');
    let statement = this.statements.get(key);
    if (!statement) {
      const columns = SUMMARY_COLUMNS.map((column) => `d.${column}`).join(', ');
      // With a name, FTS5 walks its matches in descending rowid order and the LIMIT stops it early; otherwise the
      // documents table (or an index on it) drives the query.
      // "Requiere atención" walks migration 0013's partial index newest first (the status index would need a sort of
      // its four statuses), unless a customer's name or number drives the query through its own index.
      const attentionIndex = used.includes('needsAttention') && !used.includes('customerName') && !used.includes('customerNumber');
      const from = used.includes('customerName')
        ? 'documents_fts JOIN documents d ON d.id = documents_fts.rowid'
        : attentionIndex ? 'documents d INDEXED BY documents_needs_attention' : 'documents d';
      const order = used.includes('customerName') ? 'documents_fts.rowid DESC' : 'd.id DESC';
      const dates = used.filter((c) => c === 'from' || c === 'to');
      const conditions = used.map((condition) => CONDITIONS[condition]);
      if (dates.length > 0) {
        // Bound the walk to the ids issued in the date range (min and max found through the issue_date index): ids
        // grow with time, so the newest-first walk starts at the range instead of reaching it through every later
        // document or every later match of a common name. The date conditions above still decide each row. The bounds
        // are read from the issue_date index (INDEXED BY): with statistics SQLite may otherwise find min(id)
        // by walking the table from its first row until a date in the range, every row before the range.
        const range = dates.map((c) => CONDITIONS[c].replace('d.', 'x.')).join(' AND ');
        const rowid = used.includes('customerName') ? 'documents_fts.rowid' : 'd.id';
        conditions.push(
          `${rowid} BETWEEN (SELECT min(x.id) FROM documents x INDEXED BY documents_issue_date WHERE ${range}) ` +
            `AND (SELECT max(x.id) FROM documents x INDEXED BY documents_issue_date WHERE ${range})`,
        );
      }
      const where = conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`;
      statement = this.sqlite.prepare(
        `SELECT ${columns} FROM ${from} ${where} ORDER BY ${order} LIMIT @limit OFFSET @offset`,
      );
      this.statements.set(key, statement);
    }
    return statement;
  }
}

/** A name-or-number search is a walk by name and a walk by number; every other search is one walk. */
function walksOf(used: Condition[]): Condition[][] {
  if (!used.includes('customerNameOrNumber')) return [used];
  return (['customerName', 'customerNumber'] as const).map((c) => used.map((u) => (u === 'customerNameOrNumber' ? c : u)));
}

function present(value: string | undefined | null): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function clampInt(value: number | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.floor(value)));
}
