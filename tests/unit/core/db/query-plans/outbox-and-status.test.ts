// The outbox's claim and the status bar's figures (recomputed at most every 100 ms while documents change)
// stay flat on a shop's table: no scan of documents, no sort, each through its index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentsRepository, type Db } from '../../../../../electron/core/db';
import { expectFlatThrough, planOf, problemsOf, shopDatabase, sourceOf } from './plans';

let db: Db;
let documents: DocumentsRepository;
const NOW = '2026-01-01T12:00:00.000Z';

beforeAll(() => {
  db = shopDatabase();
  documents = new DocumentsRepository(db, () => new Date(NOW));
});
afterAll(() => db.close());

describe('the outbox', () => {
  it.each([
    ['every mode', undefined],
    ['one mode', false],
  ] as const)('claims through the queue index (%s)', (_name, demo) => {
    expectFlatThrough(db, 'documents_outbox_queue', documents.queue.claimSource(demo), { now: NOW, limit: 16, demo: 0 });
  });

  it('asks whether anything waits on authorization, at start, through the status index', () => {
    expectFlatThrough(db, 'documents_status', documents.hotSources().anyBlocked);
  });

  it('takes the oldest blocked document (the token probe) through the status index', () => {
    expectFlatThrough(db, 'documents_status', documents.hotSources().oldestBlocked);
  });

  it('finds the documents a crash left sending through the status index', () => {
    expectFlatThrough(db, 'documents_status', documents.hotSources().sendingIds);
  });

  it('reads a document\'s last event (every status change, to fold a repeat into it) through the events index', () => {
    const rows = (documents as unknown as { rows: object }).rows;
    expectFlatThrough(db, 'document_events_document_id', sourceOf(rows, 'selectLastEvent'), [1]);
  });

  it('finds the documents blocked on a token that was replaced through the status index', () => {
    expectFlatThrough(db, 'documents_status', sourceOf(documents.queue, 'selectBlockedIds'));
  });

  it('finds the refused documents «Reintentar todos» sends again through the status index', () => {
    expectFlatThrough(db, 'documents_status', sourceOf(documents.queue, 'selectInvalidOpenIds'));
  });

  it('makes the pending documents due when the connection returns through the status index', () => {
    expectFlatThrough(db, 'documents_status', sourceOf(documents.queue, 'markPendingDue'), ['[]']);
  });

  it('reads a document\'s audit trail through its index', () => {
    expectFlatThrough(db, 'document_events_document_id', documents.hotSources().events, [1]);
  });
});

describe('the status bar (the coalesced status event)', () => {
  it('counts the documents still open through the status index', () => {
    expectFlatThrough(db, 'documents_status', documents.hotSources().openCount);
  });

  it('counts what needs a person through the partial index of migration 0013', () => {
    expectFlatThrough(db, 'documents_needs_attention', documents.needsAttentionCountSource());
  });

  it('counts the refused documents not re-issued through the status index', () => {
    expectFlatThrough(db, 'documents_status', documents.hotSources().invalidOpenCount);
  });

  it('leaves out the re-issued ones through the reissue index, one probe per counted document', () => {
    expectFlatThrough(db, 'documents_reissue_of', documents.hotSources().invalidOpenCount);
  });

  it('the counts agree with the table', () => {
    const open = db.sqlite.prepare("SELECT COUNT(*) AS n FROM documents WHERE status IN ('pending', 'sending', 'blocked_auth', 'attention', 'conflict')").get() as { n: number };
    expect(documents.countOpen()).toBe(open.n);
    const invalid = db.sqlite.prepare("SELECT COUNT(*) AS n FROM documents d WHERE status = 'invalid' AND NOT EXISTS (SELECT 1 FROM documents r WHERE r.reissue_of = d.id)").get() as { n: number };
    expect(documents.countInvalidOpen()).toBe(invalid.n);
    expect(invalid.n).toBeGreaterThan(0);
    expect(documents.hasBlockedAuth()).toBe(false);
  });

  it('the per-status count is a whole walk of the status index, which is why no hot path calls it', () => {
    const plan = planOf(db, 'SELECT status, COUNT(*) AS count FROM documents GROUP BY status');
    expect(problemsOf(plan)).toEqual(['SCAN documents USING COVERING INDEX documents_status']);
  });
});

describe('notes that only their CDR can prove', () => {
  it('counts them for the status bar, and finds them when SOL credentials are saved, through the status index', () => {
    expectFlatThrough(db, 'documents_status', sourceOf(documents.queue, 'countNotesAwaitingCdrStatement'));
    expectFlatThrough(db, 'documents_status', sourceOf(documents.queue, 'selectNotesAwaitingCdr'));
  });
});
