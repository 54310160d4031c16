// Rejected and invalid documents are loud (the status bar's count, the "Requiere atención" filter) and
// "invalid" is no dead end (sent again as it is, or with its customer corrected, under the same number).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DocumentsRepository, StoreError, openDatabase, type Db, type NewDocument } from '../../../../electron/core/db';
import { newDocument, steppingClock } from './helpers';

let db: Db;
let documents: DocumentsRepository;

beforeEach(() => {
  db = openDatabase({ path: ':memory:' });
  documents = new DocumentsRepository(db, steppingClock());
});

afterEach(() => db.close());

let next = 1;
/** A document brought to `status` the way the outbox brings it there (through 'sending'). */
function withStatus(status: NewDocument['status'] | 'attention' | 'conflict' | 'rejected' | 'invalid' | 'accepted', over: Partial<NewDocument> = {}): number {
  const id = documents.insert(newDocument({ number: next++, ...over }));
  if (status !== 'pending') {
    documents.updateStatus(id, { status: 'sending' });
    documents.updateStatus(id, { status: status as 'accepted', last_error: status === 'accepted' ? null : `motivo ${status}` });
  }
  return id;
}

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe('"Requiere atención": attention, conflict, rejected and invalid, until re-issued', () => {
  it('lists and counts the four statuses, newest first, and drops one once it is re-issued', () => {
    const accepted = withStatus('accepted');
    const pending = withStatus('pending');
    const attention = withStatus('attention');
    const conflict = withStatus('conflict');
    const rejected = withStatus('rejected', { doc_type: '01', series: 'F001', number: 1 });
    const invalid = withStatus('invalid');
    expect(ids(documents.search({ status: 'needs_attention' }))).toEqual([invalid, rejected, conflict, attention]);
    expect(documents.countNeedsAttention()).toBe(4);
    expect(documents.countInvalidOpen()).toBe(1);

    // The rejected factura is re-issued under F001-2: its replacement carries the sale, the old one is resolved.
    documents.insert(newDocument({ doc_type: '01', series: 'F001', number: 2, reissue_of: rejected }));
    expect(ids(documents.search({ status: 'needs_attention' }))).toEqual([invalid, conflict, attention]);
    expect(documents.countNeedsAttention()).toBe(3);
    // The filter combines with the others; the single statuses are unchanged.
    expect(ids(documents.search({ status: 'needs_attention', docType: '03', limit: 1 }))).toEqual([invalid]);
    expect(ids(documents.search({ status: 'needs_attention', customer: '12345678' }))).toEqual([invalid, conflict, attention]);
    expect(ids(documents.search({ status: 'needs_attention', customer: 'cliente' }))).toEqual([invalid, conflict, attention]);
    expect(ids(documents.search({ status: 'needs_attention', from: '2025-03-01', to: '2025-03-01' }))).toEqual([invalid, conflict, attention]);
    expect(ids(documents.search({ status: 'rejected' }))).toEqual([rejected]);
    expect(ids(documents.search({}))).toContain(accepted);
    expect(ids(documents.search({}))).toContain(pending);
  });

  // At a million documents a full scan or a sort of the four statuses would hold the status bar and the list.
  it.each([
    ['alone', {}],
    ['with a type', { docType: '03' as const }],
    ['with dates', { from: '2025-03-01', to: '2025-03-31' }],
    ['with a name', { customer: 'quispe' }],
    ['with a document number', { customer: '40123456' }],
  ])('the list reads an index, never the whole table, and needs no sort (%s)', (_name, filter) => {
    const sql = documents.searchSource({ status: 'needs_attention', ...filter });
    const plan = (db.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ limit: 100, offset: 0, docType: '03', from: '2025-03-01', to: '2025-03-31', customerName: '"quispe"*', customerNumber: '40123456' }) as { detail: string }[]).map((p) => p.detail);
    expect(plan.join(' | ')).not.toMatch(/TEMP B-TREE/);
    expect(plan.filter((d) => /^SCAN (d|documents)\b/.test(d) && !/USING (COVERING )?INDEX/.test(d))).toEqual([]);
    expect(plan.join(' | ')).toMatch(/documents_reissue_of/);
  });

  it('the status bar count reads migration 0013\'s index, never the table', () => {
    const plan = (db.sqlite.prepare(`EXPLAIN QUERY PLAN ${documents.needsAttentionCountSource()}`).all() as { detail: string }[]).map((p) => p.detail);
    expect(plan.join(' | ')).toMatch(/USING (COVERING )?INDEX documents_needs_attention/);
    expect(plan.filter((d) => /^SCAN (d|documents)\b/.test(d) && !/USING (COVERING )?INDEX/.test(d))).toEqual([]);
  });
});

describe('an invalid document is no dead end', () => {
  it('goes back to pending once with «Reintentar todos», unless it was re-issued', () => {
    const invalid = withStatus('invalid');
    const reissued = withStatus('invalid');
    documents.insert(newDocument({ number: 900, reissue_of: reissued }));
    const rejected = withStatus('rejected');
    expect(documents.queue.requeueInvalid()).toBe(1);
    expect(documents.getById(invalid)).toMatchObject({ status: 'pending', next_attempt_at: null });
    expect(documents.getById(reissued)?.status).toBe('invalid');
    expect(documents.getById(rejected)?.status).toBe('rejected');
    expect(documents.events(invalid).at(-1)).toMatchObject({ from_status: 'invalid', to_status: 'pending', detail: expect.stringMatching(/Reintentar todos/) });
    // Once: nothing left to requeue until the API refuses it again.
    expect(documents.queue.requeueInvalid()).toBe(0);
  });

  it('takes a corrected customer and payload, same number, back to pending with an event; only while invalid', () => {
    const id = withStatus('invalid', { customer_doc_type: '1', customer_doc_number: '1234567', customer_name: 'X' });
    const before = documents.getById(id)!;
    const corrected = documents.correctCustomer(
      id,
      { payload: '{"corregido":true}', customer_doc_type: '1', customer_doc_number: '40123456', customer_name: 'María Quispe' },
      'Corregido por Ana',
    );
    expect(corrected).toMatchObject({
      status: 'pending', number: before.number, id_base_dato: before.id_base_dato, payload: '{"corregido":true}',
      customer_doc_number: '40123456', customer_name: 'María Quispe', next_attempt_at: null,
    });
    expect(documents.events(id).at(-1)).toMatchObject({ from_status: 'invalid', to_status: 'pending', detail: 'Corregido por Ana' });
    // The full-text index follows the new name.
    expect(ids(documents.search({ customer: 'quispe' }))).toEqual([id]);
    // Pending now: a second correction is refused and changes nothing.
    expect(() => documents.correctCustomer(id, { payload: '{}', customer_doc_type: '1', customer_doc_number: '1', customer_name: 'Y' }, 'x')).toThrow(StoreError);
    expect(documents.getById(id)?.customer_name).toBe('María Quispe');
  });

  it('a rejected or accepted document never goes back to pending', () => {
    const rejected = withStatus('rejected');
    expect(() => documents.updateStatus(rejected, { status: 'pending' })).toThrow(/no puede pasar/);
    const invalid = withStatus('invalid');
    expect(documents.updateStatus(invalid, { status: 'pending' }).status).toBe('pending');
  });
});
