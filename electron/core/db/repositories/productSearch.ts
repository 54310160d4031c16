// Product search as you type: word prefixes over descriptions and codes (FTS5, accents and case ignored) and code
// prefixes (case-sensitive, through the code indexes). Every statement is prepared once, from fixed SQL fragments.
import type Database from 'better-sqlite3';
import { PRODUCT_LIST_DEFAULT_LIMIT, PRODUCT_LIST_MAX_LIMIT } from '../../../../shared/bridge/products';
import { toFtsPrefixQuery } from '../fts';
import type { ProductFilter, ProductRow } from './products';


type Scope = 'active' | 'any';
type Params = Record<string, string | number>;
type Statement<R> = Database.Statement<[Params], R>;

/** Beyond every code point, so `prefix <= code < prefix + CODE_END` is "code starts with prefix" in UTF-8 order. */
const CODE_END = '\u{10FFFF}';
const IN_CODE_RANGE = '(p.code >= @prefix AND p.code < @prefixEnd)';
const ACTIVE = 'p.active = 1';
const BY_DESCRIPTION = 'p.description COLLATE NOCASE, p.code';
/**
 * FTS hits first, then their rows by primary key (CROSS JOIN fixes that order), then a sort: the cost follows the
 * number of hits, never the size of the catalogue. Right for specific words.
 */
const FTS_HITS = '(SELECT rowid AS id FROM products_fts WHERE products_fts MATCH @match) h CROSS JOIN products p ON p.id = h.id';
/**
 * Walks the description index and keeps rows found among the FTS hits, stopping at the page's end: the cost is
 * bounded by the catalogue size and small when hits are many. Right for the first keystrokes ('a', 'ar').
 * The '+' stops SQLite from looking the hits up by rowid instead.
 */
const IN_FTS_HITS = '+p.id IN (SELECT rowid FROM products_fts WHERE products_fts MATCH @match)';
/** Terms this short match a large part of the catalogue (see IN_FTS_HITS). */
const SHORT_TERM = 2;

/** The prepared SELECT (a page) and COUNT of one way of searching; `broadPage` is the page for short terms. */
interface Search {
  page: Statement<ProductRow>;
  broadPage?: Statement<ProductRow>;
  count: Statement<{ n: number }>;
}

interface Part {
  page: Statement<ProductRow>;
  count: Statement<{ n: number }>;
  params: Params;
}

export class ProductSearch {
  /** No text: every product, by description. */
  private readonly listAll: Record<Scope, Search>;
  /** Several words: FTS hits, by description. */
  private readonly byWords: Record<Scope, Search>;
  /** One word: codes starting with it, by code (the exact code sorts first)... */
  private readonly byCode: Record<Scope, Search>;
  /** ...then the FTS hits whose code does not, by description. */
  private readonly byWordsNotCode: Record<Scope, Search>;

  constructor(sqlite: Database.Database) {
    const select = (from: string, conditions: (string | false)[], order: string): Statement<ProductRow> =>
      sqlite.prepare(`SELECT p.* FROM ${from} ${where(conditions)} ORDER BY ${order} LIMIT @limit OFFSET @offset`);
    const build = (from: string, conditions: (string | false)[], order: string): Search => ({
      page: select(from, conditions, order),
      count: sqlite.prepare(`SELECT COUNT(*) AS n FROM ${from} ${where(conditions)}`),
    });
    const words = (conditions: (string | false)[]): Search => ({
      ...build(FTS_HITS, conditions, BY_DESCRIPTION),
      broadPage: select('products p', [...conditions, IN_FTS_HITS], BY_DESCRIPTION),
    });
    const byScope = (make: (active: string | false) => Search): Record<Scope, Search> => ({
      active: make(ACTIVE),
      any: make(false),
    });
    this.listAll = byScope((active) => build('products p', [active], BY_DESCRIPTION));
    this.byWords = byScope((active) => words([active]));
    // '+p.active' keeps the planner on the code indexes: without statistics it would pick (active, description).
    this.byCode = byScope((active) => build('products p', [active && `+${active}`, IN_CODE_RANGE], 'p.code'));
    this.byWordsNotCode = byScope((active) => words([active, `NOT ${IN_CODE_RANGE}`]));
  }

  /** One page of matches, in order. See ProductsRepository.search. */
  run(filter: ProductFilter): ProductRow[] {
    const limit = clampLimit(filter.limit);
    let skip = Math.max(0, Math.floor(filter.offset !== undefined && Number.isFinite(filter.offset) ? filter.offset : 0));
    const rows: ProductRow[] = [];
    for (const part of this.partsOf(filter)) {
      if (rows.length >= limit) break;
      const page = part.page.all({ ...part.params, limit: limit - rows.length, offset: skip });
      // An empty page with an offset means this part had at most `skip` rows: skip past them into the next part.
      if (page.length === 0 && skip > 0) skip -= part.count.get(part.params)?.n ?? 0;
      else skip = 0;
      rows.push(...page);
    }
    return rows;
  }

  /** Every match, limit and offset ignored. */
  count(filter: ProductFilter): number {
    let total = 0;
    for (const part of this.partsOf(filter)) total += part.count.get(part.params)?.n ?? 0;
    return total;
  }

  /** The searches that answer a filter, in result order (their hits never overlap). */
  private partsOf(filter: ProductFilter): Part[] {
    const scope: Scope = filter.includeInactive ? 'any' : 'active';
    const text = (filter.text ?? '').trim().normalize('NFC');
    if (text === '') return [part(this.listAll[scope], {}, false)];
    const match = toFtsPrefixQuery(text);
    // The FTS query is '"t1"* "t2"*': a short term means many hits.
    const broad = match !== null && match.split(' ').some((term) => [...term].length - 3 <= SHORT_TERM);
    if (/\s/.test(text)) return match === null ? [] : [part(this.byWords[scope], { match }, broad)];
    const range = { prefix: text, prefixEnd: text + CODE_END };
    const parts = [part(this.byCode[scope], range, false)];
    if (match !== null) {
      // A number is looked for in descriptions only: the codes it starts are the code range already.
      const inDescription = /^\d+$/.test(text) ? `description : ${match}` : match;
      parts.push(part(this.byWordsNotCode[scope], { ...range, match: inDescription }, broad));
    }
    return parts;
  }
}

function part(search: Search, params: Params, broad: boolean): Part {
  return { page: (broad && search.broadPage) || search.page, count: search.count, params };
}

function where(conditions: (string | false)[]): string {
  const list = conditions.filter((c): c is string => c !== false);
  return list.length === 0 ? '' : `WHERE ${list.join(' AND ')}`;
}

function clampLimit(limit: number | undefined): number {
  const n = Math.floor(limit !== undefined && Number.isFinite(limit) ? limit : PRODUCT_LIST_DEFAULT_LIMIT);
  return Math.min(PRODUCT_LIST_MAX_LIMIT, Math.max(1, n));
}
