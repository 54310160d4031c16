// Query-plan checks for the hot queries: a shop's table with realistic statistics, the plan SQLite picks,
// and the proof that the plan rests on its index (the same check fails once the index is dropped).
import { expect } from 'vitest';
import { openDatabase, type Db } from '../../../../../electron/core/db';

type Params = Record<string, unknown> | unknown[];

/**
 * A year of a busy till, written straight through SQL: 30,000 documents (boletas, some facturas and notes, a few
 * demo), most accepted, a backlog pending at the end, a few refused, waiting on a person or re-issued; 300 closed
 * shifts and an open one; a payment and an event per document. Then ANALYZE, so the planner sees real statistics.
 */
export function shopDatabase(count = 30_000): Db {
  const db = openDatabase({ path: ':memory:' });
  const s = db.sqlite;
  const session = s.prepare(`INSERT INTO cash_sessions (terminal, opened_at, opened_by_name, opening_float)
    VALUES (?, '2025-01-01T08:00:00Z', 'CAJERO', '100.00')`);
  const document = s.prepare(`INSERT INTO documents (id_base_dato, doc_type, series, number, issued_at, issue_date,
      currency, customer_doc_type, customer_doc_number, customer_name, total, igv, payload, status, demo, next_attempt_at,
      created_at, updated_at, cash_session_id, reissue_of)
    VALUES (@key, @type, @series, @number, @day || 'T12:00:00-05:00', @day, 'PEN', '1', @customer, @name, '11.80', '1.80',
      '{}', @status, @demo, NULL, @day, @day, @session, @reissueOf)`);
  const payment = s.prepare(`INSERT INTO document_payments (document_id, position, method, label, kind, tendered, applied)
    VALUES (?, 0, 'cash', 'Efectivo', 'cash', '20.00', '11.80')`);
  const event = s.prepare(`INSERT INTO document_events (document_id, at, from_status, to_status, detail) VALUES (?, ?, NULL, ?, 'x')`);
  const movement = s.prepare(`INSERT INTO cash_movements (session_id, kind, amount, reason, at, user_name) VALUES (?, 'out', '5.00', 'Compra de bolsas', ?, 'CAJERO')`);
  const names = ['QUISPE MAMANI ROSA', 'FLORES HUAMAN JOSE', 'GARCIA ROJAS MARIA', 'TORRES DIAZ LUIS', 'RAMOS CHAVEZ ANA'];
  s.transaction(() => {
    // One shift open at a time (migration 0023): each is opened, sells, and is closed before the next.
    const shifts = 301;
    const close = s.prepare("UPDATE cash_sessions SET closed_at = '2025-12-31T20:00:00Z', z_report = '{}' WHERE id = ?");
    let shift = 0;
    const shiftOf = (n: number) => {
      const wanted = 1 + Math.floor(((n - 1) / count) * shifts);
      while (shift < wanted) {
        if (shift > 0) close.run(shift);
        shift = Number(session.run('B001').lastInsertRowid);
        movement.run(shift, '2025-01-01T12:00:00Z');
      }
      return shift;
    };
    const numbers = new Map<string, number>();
    for (let n = 1; n <= count; n++) {
      const type = n % 50 === 0 ? '07' : n % 7 === 0 ? '01' : '03';
      const series = { '01': 'F001', '03': 'B001', '07': 'BC01' }[type] ?? 'B001';
      const number = (numbers.get(series) ?? 0) + 1;
      numbers.set(series, number);
      const day = new Date(Date.UTC(2025, 0, 1) + Math.floor(((n - 1) / count) * 364) * 86_400_000).toISOString().slice(0, 10);
      const status =
        n > count - 1_000 ? 'pending' : n % 401 === 0 ? 'rejected' : n % 701 === 0 ? 'invalid' : n % 907 === 0 ? 'attention'
          : n % 1_009 === 0 ? 'conflict' : 'accepted';
      const id = Number(document.run({
        key: `doc-${n}`, type, series, number, day, customer: String(40_000_000 + (n % 9_000)), name: names[n % names.length],
        status, demo: n % 20 === 0 ? 1 : 0, session: shiftOf(n),
        reissueOf: n % 1_009 === 1 && n > 1_009 ? n - 1 : null,
      }).lastInsertRowid);
      payment.run(id);
      event.run(id, day, status);
    }
  })();
  s.exec('ANALYZE');
  return db;
}

/** The plan's lines for `sql` with `params`. */
export function planOf(db: Db, sql: string, params: Params = {}): string[] {
  const statement = db.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`);
  const rows = (Array.isArray(params) ? statement.all(...params) : statement.all(params)) as { detail: string }[];
  return rows.map((row) => row.detail);
}

/** Partial indexes whose rows are exactly what the query wants: walking one in order up to a LIMIT is bounded. */
const BOUNDED_WALKS = /USING (COVERING )?INDEX (documents_outbox_queue|documents_needs_attention)\b/;

/**
 * What keeps a plan from being flat: a scan of a table (whole, or through a full index) or a temporary B-tree (a sort
 * or a DISTINCT over every matching row). A full-text or json_each virtual table is read by its own index.
 * `scanAllowed` admits named scans that a LIMIT stops early: the unfiltered list (the table newest first) and the
 * replication queue (its primary key, oldest first).
 */
export function problemsOf(plan: readonly string[], options: { scanAllowed?: RegExp } = {}): string[] {
  return plan.filter((line) => {
    if (/TEMP B-TREE/.test(line)) return true;
    if (!/^SCAN /.test(line) || /^SCAN (\w+ VIRTUAL TABLE|CONSTANT ROW)/.test(line)) return false;
    if (BOUNDED_WALKS.test(line)) return false;
    return !options.scanAllowed?.test(line);
  });
}

/** No scan, no sort (see problemsOf); the plan is printed when it fails. */
export function expectFlat(plan: readonly string[], options: { scanAllowed?: RegExp } = {}): void {
  expect(problemsOf(plan, options), plan.join(' | ')).toEqual([]);
}

/** Runs `check` with `index` dropped, then puts everything back (DDL is transactional in SQLite). */
export function withoutIndex<T>(db: Db, index: string, check: () => T): T {
  db.sqlite.exec('BEGIN');
  try {
    db.sqlite.exec(`DROP INDEX ${index}`);
    return check();
  } finally {
    db.sqlite.exec('ROLLBACK');
  }
}

/**
 * The query is flat, and it is flat because of `index`: without it the same check fails (the plan scans or sorts),
 * or the query refuses to prepare (it names the index with INDEXED BY).
 */
export function expectFlatThrough(db: Db, index: string, sql: string, params: Params = {}): void {
  const plan = planOf(db, sql, params);
  expectFlat(plan);
  expect(plan.join(' | ')).toMatch(new RegExp(`\\b${index}\\b`));
  const without = withoutIndex(db, index, () => {
    try {
      return { problems: problemsOf(planOf(db, sql, params)), refused: '' };
    } catch (e) {
      return { problems: [], refused: e instanceof Error ? e.message : String(e) };
    }
  });
  expect(without.problems.length > 0 || /no such index/.test(without.refused), `${index} dropped: ${JSON.stringify(without)}`).toBe(true);
}

/** The SQL of a repository's prepared statement, by its field name (the repositories keep them private). */
export function sourceOf(repository: object, field: string): string {
  const statement = (repository as Record<string, { source?: unknown } | undefined>)[field];
  if (typeof statement?.source !== 'string') throw new Error(`no prepared statement named ${field}`);
  return statement.source;
}
