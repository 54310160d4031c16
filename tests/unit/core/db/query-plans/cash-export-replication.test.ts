// The X and the Z (a shift's sales, a range's sales), the accountant's export and the shop server's
// replication (push: the queue and what it reads of each document; pull: the catalogue's queue) stay flat.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CashRepository, CatalogSyncRepository, DiscountsRepository, PaymentsRepository, ReplicationRepository, type Db,
} from '../../../../../electron/core/db';
import { exportRowsStatement } from '../../../../../electron/core/export/documents-query';
import { expectFlat, expectFlatThrough, planOf, shopDatabase, sourceOf } from './plans';

let db: Db;
const WEEK = { from: '2025-06-02', to: '2025-06-08' };

beforeAll(() => {
  db = shopDatabase();
});
afterAll(() => db.close());

describe('the X and the Z', () => {
  it.each([
    ['a shift\'s documents', 'selectDocuments', 'documents_cash_session'],
    ['a shift\'s documents, re-issued ones marked', 'selectDocuments', 'documents_reissue_of'],
    ['a shift\'s payments', 'selectPayments', 'documents_cash_session'],
    ['a shift\'s cash movements', 'selectMovements', 'cash_movements_session'],
  ])('%s through %s', (_name, field, index) => {
    expectFlatThrough(db, index, sourceOf(new CashRepository(db), field), [150]);
  });

  it.each([
    ['a range\'s documents', 'selectRangeDocuments'],
    ['a range\'s payments', 'selectRangePayments'],
  ])('%s walk the range\'s ids, bounded through documents_issue_date', (_name, field) => {
    expectFlatThrough(db, 'documents_issue_date', sourceOf(new CashRepository(db), field), WEEK);
  });

  it('a range reads exactly the documents of its days, in id order', () => {
    const { documents, payments } = new CashRepository(db).salesBetween(WEEK.from, WEEK.to);
    const expected = db.sqlite.prepare('SELECT id FROM documents WHERE issue_date BETWEEN ? AND ? ORDER BY id').all(WEEK.from, WEEK.to) as { id: number }[];
    expect(documents.map((d) => d.id)).toEqual(expected.map((e) => e.id));
    expect(payments.map((p) => p.documentId)).toEqual(expected.map((e) => e.id));
  });
});

describe('the export', () => {
  it.each([true, false])('reads a date range of one mode in its order through documents_export_order (with CDR: %s)', (withCdr) => {
    expectFlatThrough(db, 'documents_export_order', exportRowsStatement(db.sqlite, withCdr).source, [WEEK.from, WEEK.to, 0]);
  });
});

describe('the replication', () => {
  it('push: takes the queue oldest first by its primary key and stops at its LIMIT', () => {
    const plan = planOf(db, sourceOf(new ReplicationRepository(db), 'selectNext'), [100]);
    // The queue's rows not set aside (migration 0022's partial index), or the table itself: both in document order.
    expectFlat(plan, { scanAllowed: /^SCAN replication_queue( USING INDEX replication_queue_ready)?$/ });
  });

  it('push: reads each document\'s events, payments and discounts through their indexes', () => {
    expectFlatThrough(db, 'document_events_document_id', sourceOf(new ReplicationRepository(db), 'selectEvents'), [5]);
    expectFlat(planOf(db, sourceOf(new PaymentsRepository(db), 'selectFor'), [5]));
    expectFlat(planOf(db, sourceOf(new DiscountsRepository(db), 'selectFor'), [5]));
  });

  it('pull: the catalogue\'s queue oldest first by its key, one probe per change', () => {
    const sync = new CatalogSyncRepository(db);
    expectFlat(planOf(db, sourceOf(sync, 'selectNext'), [100]), { scanAllowed: /^SCAN catalog_outbox\b/ });
    expectFlat(planOf(db, sourceOf(sync, 'isQueued'), ['product', 'P1']));
  });
});
