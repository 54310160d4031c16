// The outbox's claim stays flat. It walks migration 0015's partial index oldest first and stops at its
// LIMIT; it never reads every due row, never sorts them, and loads whole rows only for those it takes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DocumentsRepository, openDatabase, type Db } from '../../../../electron/core/db';
import { newDocument } from './helpers';

let db: Db;
let documents: DocumentsRepository;
const NOW = '2026-11-25T12:00:00.000Z';

beforeEach(() => {
  db = openDatabase({ path: ':memory:' });
  documents = new DocumentsRepository(db, () => new Date(NOW));
});
afterEach(() => db.close());

/** A shop's table: most documents settled, a backlog waiting; with realistic statistics (ANALYZE) or none yet. */
function seedShop(settled: number, waiting: number, analyze: boolean): void {
  const insert = db.sqlite.transaction(() => {
    let n = 1;
    for (let i = 0; i < settled; i++) documents.insert(newDocument({ number: n++, status: 'accepted' as never }));
    for (let i = 0; i < waiting; i++) documents.insert(newDocument({ number: n++ }));
  });
  insert();
  if (analyze) db.sqlite.exec('ANALYZE');
}

const planOf = (sql: string) =>
  (db.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ now: NOW, limit: 16, demo: 0 }) as { detail: string }[]).map((p) => p.detail);

describe('the claim', () => {
  it.each([
    ['every mode, with statistics', undefined, true],
    ['one mode, with statistics', false, true],
    ['every mode, before any ANALYZE', undefined, false],
    ['one mode, before any ANALYZE', true, false],
  ] as const)('reads only the queue index, in order, without a sort (%s)', (_name, demo, analyze) => {
    seedShop(3_000, 200, analyze);
    const plan = planOf(documents.queue.claimSource(demo));
    expect(plan.join(' | ')).toMatch(/USING COVERING INDEX documents_outbox_queue/);
    expect(plan.join(' | ')).not.toMatch(/TEMP B-TREE/);
    expect(plan.filter((d) => /^SCAN documents\b/.test(d) && !/USING (COVERING )?INDEX/.test(d))).toEqual([]);
  });

  it('a dropped index is loud: the claim cannot even be prepared', () => {
    db.sqlite.exec('DROP INDEX documents_outbox_queue');
    expect(() => new DocumentsRepository(db, () => new Date(NOW))).toThrow(/no such index: documents_outbox_queue/);
  });

  it('takes the oldest due documents, pending or asking for a status check, and skips those in backoff', () => {
    const ids = Array.from({ length: 6 }, (_, i) => documents.insert(newDocument({ number: i + 1 })));
    const [a, b, c, d, e, f] = ids as [number, number, number, number, number, number];
    const later = '2026-11-25T13:00:00.000Z';
    const earlier = '2026-11-25T11:00:00.000Z';
    db.sqlite.prepare('UPDATE documents SET next_attempt_at = ? WHERE id = ?').run(later, a); // in backoff
    db.sqlite.prepare("UPDATE documents SET status = 'attention', next_attempt_at = ? WHERE id = ?").run(earlier, b); // recheck due
    db.sqlite.prepare("UPDATE documents SET status = 'attention', next_attempt_at = NULL WHERE id = ?").run(c); // waits for a person
    db.sqlite.prepare("UPDATE documents SET status = 'accepted' WHERE id = ?").run(d);
    expect(documents.queue.claimDue(NOW, 2).map((r) => r.id)).toEqual([b, e]);
    expect(documents.queue.claimDue(NOW, 16).map((r) => r.id)).toEqual([f]);
    expect(documents.getById(b)?.status).toBe('sending');
    expect(documents.getById(b)?.payload).toContain('serie'); // whole rows for those taken
  });
});
