import crypto from 'node:crypto';
import type { Db } from '../../electron/core/db';
import { SearchIndexer } from '../../electron/core/db/search-index';

const FIRST = ['MARIA', 'JOSE', 'ROSA', 'JUAN', 'CARMEN', 'LUIS', 'ANA', 'CARLOS', 'ELENA', 'JORGE', 'LUCIA', 'PEDRO'];
const LAST = ['QUISPE', 'FLORES', 'HUAMAN', 'MAMANI', 'ROJAS', 'GARCIA', 'CHAVEZ', 'RAMOS', 'TORRES', 'VARGAS', 'DIAZ', 'CASTILLO'];

/**
 * Fills the store with `count` accepted boletas of series B001 spread over 2025, with realistic customer names,
 * straight through SQL (one transaction) so a benchmark starts from a large store in seconds. Returns the ms taken.
 */
export function seedDocuments(db: Db, count: number): number {
  const t0 = performance.now();
  const insert = db.sqlite.prepare(`INSERT INTO documents (id_base_dato, doc_type, series, number, issued_at, issue_date,
    currency, customer_doc_type, customer_doc_number, customer_name, total, igv, payload, status, created_at, updated_at)
    VALUES (?, '03', 'B001', ?, ?, ?, 'PEN', '1', ?, ?, ?, ?, ?, 'accepted', ?, ?)`);
  const payload = JSON.stringify({ seeded: true });
  db.sqlite.transaction(() => {
    for (let n = 1; n <= count; n++) {
      const day = new Date(Date.UTC(2025, 0, 1) + Math.floor(((n - 1) / count) * 364) * 86_400_000).toISOString().slice(0, 10);
      const name = `${LAST[n % 12]} ${LAST[(n * 7) % 12]} ${FIRST[(n * 5) % 12]}`;
      const total = ((n % 50_000) / 100 + 1).toFixed(2);
      insert.run(`seed-${n}`, n, `${day}T12:00:00-05:00`, day, String(40_000_000 + n), name, total, '0.00', payload, day, day);
    }
    db.sqlite.prepare("UPDATE series SET last_number = ? WHERE doc_type = '03' AND series = 'B001'").run(count);
  })();
  // Into the customer-name index, as the core's start-up does for documents it finds unindexed (migration 0025).
  new SearchIndexer(db.sqlite).catchUp();
  return performance.now() - t0;
}

/**
 * A backlog of `count` pending boletas that the sandbox accepts, as an offline day leaves it: the first is issued
 * through the core (`issueOne`), the others are copies of it with their own number and id_Base_Dato, written straight
 * through SQL (one transaction), so a 50,000-document backlog is ready in seconds. Returns the ms taken.
 */
export async function seedBacklog(db: Db, count: number, issueOne: () => Promise<void>): Promise<number> {
  const t0 = performance.now();
  await issueOne();
  const template = db.sqlite.prepare("SELECT * FROM documents WHERE status = 'pending' ORDER BY id DESC LIMIT 1").get() as
    | (Record<string, unknown> & { payload: string; series: string; number: number; doc_type: string })
    | undefined;
  if (!template) throw new Error('seedBacklog: the first sale was not stored');
  const insert = db.sqlite.prepare(`INSERT INTO documents (id_base_dato, doc_type, series, number, issued_at, issue_date,
    currency, customer_doc_type, customer_doc_number, customer_name, total, igv, payload, status, demo, created_at, updated_at)
    VALUES (@id_base_dato, @doc_type, @series, @number, @issued_at, @issue_date, @currency, @customer_doc_type,
      @customer_doc_number, @customer_name, @total, @igv, @payload, 'pending', @demo, @created_at, @updated_at)`);
  const payload = JSON.parse(template.payload) as Record<string, unknown>;
  db.sqlite.transaction(() => {
    for (let number = template.number + 1; number < template.number + count; number++) {
      const id = crypto.randomUUID();
      const copy = JSON.stringify({ ...payload, correlativo: String(number), id_Base_Dato: id });
      insert.run({ ...template, id_base_dato: id, number, payload: copy });
    }
    db.sqlite
      .prepare('UPDATE series SET last_number = ? WHERE doc_type = ? AND series = ?')
      .run(template.number + count - 1, template.doc_type, template.series);
  })();
  return performance.now() - t0;
}
