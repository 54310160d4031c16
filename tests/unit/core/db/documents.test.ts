import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DOCUMENT_STATUSES,
  DocumentsRepository,
  StoreError,
  cdrNotesOf,
  openDatabase,
  type Db,
  type DocumentStatus,
} from '../../../../electron/core/db';
import { newDocument, steppingClock } from './helpers';

let db: Db;
let documents: DocumentsRepository;

beforeEach(() => {
  db = openDatabase({ path: ':memory:' });
  documents = new DocumentsRepository(db, steppingClock());
});

afterEach(() => db.close());

function statusOf(id: number): DocumentStatus | undefined {
  return documents.getById(id)?.status;
}

describe('DocumentsRepository: insert and read', () => {
  it('stores a pending document with its first event and finds it three ways', () => {
    const doc = newDocument({ number: 7 });
    const id = documents.insert(doc);
    const row = documents.getById(id);
    expect(row).toMatchObject({ ...doc, demo: 0, status: 'pending', attempts: 0, uncertain: 0, reprints: 0 });
    expect(row?.created_at).toBe('2025-03-01T15:00:00.000Z');
    expect(documents.getByIdBaseDato(doc.id_base_dato)?.id).toBe(id);
    expect(documents.getBySeriesNumber('03', 'B001', 7)?.id).toBe(id);
    expect(documents.getBySeriesNumber('01', 'B001', 7)).toBeUndefined();
    expect(documents.events(id)).toEqual([
      expect.objectContaining({ document_id: id, from_status: null, to_status: 'pending' }),
    ]);
  });

  it('enforces one document per (type, series, number) and per id_Base_Dato', () => {
    documents.insert(newDocument({ number: 1 }));
    expect(() => documents.insert(newDocument({ number: 1 }))).toThrow(/UNIQUE/);
    const first = documents.getBySeriesNumber('03', 'B001', 1);
    expect(() => documents.insert(newDocument({ number: 2, id_base_dato: first?.id_base_dato }))).toThrow(/UNIQUE/);
    // the failed inserts left no document and no event behind
    expect(db.sqlite.prepare('SELECT COUNT(*) AS n FROM documents').get()).toEqual({ n: 1 });
    expect(db.sqlite.prepare('SELECT COUNT(*) AS n FROM document_events').get()).toEqual({ n: 1 });
  });

  it('rejects an unknown status and a payload that is not JSON', () => {
    expect(() => documents.insert(newDocument({ status: 'lost' as DocumentStatus }))).toThrow(/CHECK/);
    expect(() => documents.insert(newDocument({ payload: '{not json' }))).toThrow(/CHECK/);
  });
});

describe('DocumentsRepository: status changes', () => {
  it('updates only the patched columns and writes an event with from/to and detail', () => {
    const id = documents.insert(newDocument());
    const zip = Buffer.from([0x50, 0x4b, 3, 4]);
    const updated = documents.updateStatus(
      id,
      {
        status: 'accepted',
        attempts: 1,
        hash: 'abc=',
        cdr_code: '0',
        cdr_description: 'La Boleta numero B001-1, ha sido aceptada',
        cdr_notes: ['nota 1', 'nota 2'],
        cdr_zip: zip,
        cdr_xml: '<ApplicationResponse/>',
        accepted_at: '2025-03-01T15:00:05.000Z',
      },
      'Aceptado por SUNAT',
    );
    expect(updated).toMatchObject({ status: 'accepted', attempts: 1, hash: 'abc=', cdr_code: '0', last_error: null });
    expect(updated.cdr_zip?.equals(zip)).toBe(true);
    expect(cdrNotesOf(updated)).toEqual(['nota 1', 'nota 2']);
    expect(updated.payload).toBe(newDocument().payload);
    expect(updated.updated_at > updated.created_at).toBe(true);
    expect(documents.events(id).at(-1)).toMatchObject({
      from_status: 'pending',
      to_status: 'accepted',
      detail: 'Aceptado por SUNAT',
    });
  });

  it('clears with null, keeps with undefined, accepts uncertain as boolean or 0/1, and defaults detail to last_error', () => {
    const id = documents.insert(newDocument());
    documents.updateStatus(id, { status: 'pending', last_error: 'Sin conexión', next_attempt_at: '2025-03-01T16:00:00.000Z', uncertain: true });
    expect(documents.events(id).at(-1)).toMatchObject({ from_status: 'pending', to_status: 'pending', detail: 'Sin conexión' });
    expect(documents.getById(id)).toMatchObject({ uncertain: 1, last_error: 'Sin conexión' });

    const row = documents.updateStatus(id, { status: 'pending', next_attempt_at: null, uncertain: 0 });
    expect(row).toMatchObject({ next_attempt_at: null, uncertain: 0, last_error: 'Sin conexión' });
    expect(documents.events(id)).toHaveLength(3);
  });

  it('accepts cdr_notes already serialised', () => {
    const id = documents.insert(newDocument());
    const row = documents.updateStatus(id, { status: 'observed', cdr_notes: JSON.stringify(['4287 - nota']) });
    expect(cdrNotesOf(row)).toEqual(['4287 - nota']);
  });

  it('changes nothing (no row, no event) when the update fails', () => {
    const id = documents.insert(newDocument());
    expect(() => documents.updateStatus(id, { status: 'bogus' as DocumentStatus, attempts: 5 })).toThrow(StoreError);
    expect(documents.getById(id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(documents.events(id)).toHaveLength(1);
    expect(() => documents.updateStatus(999, { status: 'accepted' })).toThrow(StoreError);
  });

  it('joins the caller\'s transaction', () => {
    const id = documents.insert(newDocument());
    const outer = db.sqlite.transaction(() => {
      documents.updateStatus(id, { status: 'invalid', last_error: 'x' });
      throw new Error('caller failed');
    });
    expect(() => outer()).toThrow('caller failed');
    expect(statusOf(id)).toBe('pending');
    expect(documents.events(id)).toHaveLength(1);
  });
});

describe('DocumentsRepository: outbox', () => {
  it('claims due pending documents oldest first, up to the limit, and marks them sending with events', () => {
    const due1 = documents.insert(newDocument({ number: 1 }));
    const later = documents.insert(newDocument({ number: 2, next_attempt_at: '2025-03-01T18:00:00.000Z' }));
    const due2 = documents.insert(newDocument({ number: 3, next_attempt_at: '2025-03-01T16:59:59.999Z' }));
    const accepted = documents.insert(newDocument({ number: 4 }));
    documents.updateStatus(accepted, { status: 'accepted' });
    const due3 = documents.insert(newDocument({ number: 5, next_attempt_at: '2025-03-01T17:00:00.000Z' }));

    const now = '2025-03-01T17:00:00.000Z';
    const first = documents.queue.claimDue(now, 2);
    expect(first.map((row) => row.id)).toEqual([due1, due2]);
    expect(first.every((row) => row.status === 'sending')).toBe(true);
    expect(statusOf(due1)).toBe('sending');
    expect(documents.events(due2).at(-1)).toMatchObject({ from_status: 'pending', to_status: 'sending' });

    expect(documents.queue.claimDue(now, 10).map((row) => row.id)).toEqual([due3]);
    expect(documents.queue.claimDue(now, 10)).toEqual([]);
    expect(statusOf(later)).toBe('pending');
    expect(documents.queue.claimDue('2025-03-01T18:00:00.000Z', 10).map((row) => row.id)).toEqual([later]);
  });

  it('can claim only demo or only real documents', () => {
    const real = documents.insert(newDocument({ number: 1 }));
    const demo = documents.insert(newDocument({ number: 2, demo: true }));
    const now = '2025-03-02T00:00:00.000Z';
    expect(documents.queue.claimDue(now, 10, true).map((row) => row.id)).toEqual([demo]);
    expect(documents.queue.claimDue(now, 10, false).map((row) => row.id)).toEqual([real]);
  });

  it('claims atomically: when one event cannot be written, no document is marked sending', () => {
    const a = documents.insert(newDocument({ number: 1 }));
    const b = documents.insert(newDocument({ number: 2 }));
    db.sqlite.exec(`CREATE TEMP TRIGGER fail_second_claim BEFORE INSERT ON document_events
      WHEN new.document_id = ${b} AND new.to_status = 'sending' BEGIN SELECT RAISE(ABORT, 'disk trouble'); END;`);
    expect(() => documents.queue.claimDue('2025-03-02T00:00:00.000Z', 10)).toThrow('disk trouble');
    expect(statusOf(a)).toBe('pending');
    expect(statusOf(b)).toBe('pending');
    expect(documents.events(a)).toHaveLength(1);
  });

  it('resetSending returns interrupted documents to pending as uncertain, with events', () => {
    const a = documents.insert(newDocument({ number: 1 }));
    const b = documents.insert(newDocument({ number: 2 }));
    const c = documents.insert(newDocument({ number: 3 }));
    documents.queue.claimDue('2025-03-02T00:00:00.000Z', 2);
    documents.updateStatus(b, { status: 'accepted' });

    expect(documents.queue.resetSending()).toBe(1);
    expect(documents.getById(a)).toMatchObject({ status: 'pending', uncertain: 1 });
    expect(documents.events(a).map((e) => [e.from_status, e.to_status])).toEqual([
      [null, 'pending'],
      ['pending', 'sending'],
      ['sending', 'pending'],
    ]);
    expect(statusOf(b)).toBe('accepted');
    expect(documents.getById(c)).toMatchObject({ status: 'pending', uncertain: 0 });
    expect(documents.queue.resetSending()).toBe(0);
  });

  it('requeueBlockedAuth makes blocked documents pending and due now', () => {
    const a = documents.insert(newDocument({ number: 1 }));
    documents.updateStatus(a, { status: 'sending' });
    documents.updateStatus(a, { status: 'blocked_auth', next_attempt_at: '2030-01-01T00:00:00.000Z' });
    expect(documents.queue.requeueBlockedAuth()).toBe(1);
    expect(documents.getById(a)).toMatchObject({ status: 'pending', next_attempt_at: null });
    expect(documents.events(a).at(-1)).toMatchObject({ from_status: 'blocked_auth', to_status: 'pending' });
  });

  it('counts documents per status, with every status present', () => {
    documents.insert(newDocument({ number: 1 }));
    documents.insert(newDocument({ number: 2 }));
    const c = documents.insert(newDocument({ number: 3 }));
    documents.updateStatus(c, { status: 'rejected' });
    const counts = documents.countByStatus();
    expect(Object.keys(counts).sort()).toEqual([...DOCUMENT_STATUSES].sort());
    expect(counts).toMatchObject({ pending: 2, rejected: 1, accepted: 0, sending: 0 });
  });

  it('counts reprints', () => {
    const id = documents.insert(newDocument());
    expect(documents.incrementReprints(id)).toBe(1);
    expect(documents.incrementReprints(id)).toBe(2);
    expect(documents.getById(id)?.reprints).toBe(2);
    expect(() => documents.incrementReprints(999)).toThrow(StoreError);
  });
});
