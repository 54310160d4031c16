// Guarded status changes, collapsed repeat events, the durable claim, attention re-checks, probes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DocumentsRepository, StoreError, openDatabase, type Db } from '../../../../electron/core/db';
import { newDocument, steppingClock } from './helpers';

let db: Db;
let documents: DocumentsRepository;

beforeEach(() => {
  db = openDatabase({ path: ':memory:' });
  documents = new DocumentsRepository(db, steppingClock());
});

afterEach(() => db.close());

const FAR = '2999-01-01T00:00:00.000Z';

describe('guarded transitions', () => {
  it('refuses to turn a settled document back into a pending or sending one', () => {
    const id = documents.insert(newDocument());
    documents.updateStatus(id, { status: 'sending' });
    documents.updateStatus(id, { status: 'accepted' });
    expect(() => documents.updateStatus(id, { status: 'pending' })).toThrow(StoreError);
    expect(() => documents.updateStatus(id, { status: 'blocked_auth' })).toThrow(/no puede pasar/);
    expect(documents.getById(id)?.status).toBe('accepted');
    // storing more data on the same status is fine (a CDR obtained later)
    expect(documents.updateStatus(id, { status: 'accepted', cdr_code: '0' }).cdr_code).toBe('0');
  });

  it('a conflict never becomes accepted by a later answer', () => {
    const id = documents.insert(newDocument());
    documents.updateStatus(id, { status: 'sending' });
    documents.updateStatus(id, { status: 'conflict', last_error: 'ocupado' });
    expect(() => documents.updateStatus(id, { status: 'accepted' })).toThrow(StoreError);
  });
});

describe('events of repeated attempts', () => {
  it('collapse into one row with a count instead of two rows per attempt', () => {
    const id = documents.insert(newDocument());
    for (let i = 0; i < 50; i++) {
      const [claimed] = documents.queue.claimDue(FAR, 1);
      expect(claimed?.id).toBe(id);
      documents.updateStatus(id, { status: 'pending', attempts: i + 1, next_attempt_at: null }, '0109 - SUNAT no procesó');
    }
    const events = documents.events(id);
    // registered, first claim, and one collapsed outcome row
    expect(events).toHaveLength(3);
    const last = db.sqlite.prepare('SELECT repeats, last_at FROM document_events WHERE id = ?').get(events[2]?.id) as {
      repeats: number;
      last_at: string | null;
    };
    expect(last.repeats).toBe(50);
    expect(last.last_at).not.toBeNull();
  });

  it('a different outcome starts a new row', () => {
    const id = documents.insert(newDocument());
    documents.queue.claimDue(FAR, 1);
    documents.updateStatus(id, { status: 'pending', attempts: 1 }, 'Sin conexión');
    documents.queue.claimDue(FAR, 1);
    documents.updateStatus(id, { status: 'pending', attempts: 2 }, 'La API no respondió');
    expect(documents.events(id).map((e) => e.detail)).toEqual([
      'Comprobante registrado',
      'Tomado para envío',
      'Sin conexión',
      'La API no respondió',
    ]);
  });
});

describe('the outbox queue', () => {
  it('claims a document needing attention only when it asked for a re-check and it is due', () => {
    const a = documents.insert(newDocument({ number: 1 }));
    const b = documents.insert(newDocument({ number: 2 }));
    for (const id of [a, b]) documents.updateStatus(id, { status: 'sending' });
    documents.updateStatus(a, { status: 'attention', next_attempt_at: '2025-03-01T16:00:00.000Z' }, 'respuesta no reconocida');
    documents.updateStatus(b, { status: 'attention', next_attempt_at: null }, 'HTTP 409');
    expect(documents.queue.claimDue('2025-03-01T15:59:00.000Z', 10)).toEqual([]);
    expect(documents.queue.claimDue('2025-03-01T16:00:00.000Z', 10).map((d) => d.id)).toEqual([a]);
    expect(documents.getById(b)?.status).toBe('attention');
  });

  it('makePendingDue makes every pending document due now', () => {
    const a = documents.insert(newDocument({ number: 1 }));
    documents.queue.claimDue(FAR, 1);
    documents.updateStatus(a, { status: 'pending', next_attempt_at: FAR }, 'Sin conexión');
    expect(documents.queue.claimDue('2025-03-01T16:00:00.000Z', 10)).toEqual([]);
    expect(documents.queue.makePendingDue()).toBe(1);
    expect(documents.queue.claimDue('2025-03-01T16:00:00.000Z', 10).map((d) => d.id)).toEqual([a]);
  });

  it('claimBlockedProbe takes only the oldest blocked document', () => {
    const ids = [1, 2, 3].map((n) => documents.insert(newDocument({ number: n })));
    for (const id of ids) {
      documents.updateStatus(id, { status: 'sending' });
      documents.updateStatus(id, { status: 'blocked_auth' }, '401');
    }
    expect(documents.queue.claimBlockedProbe()?.id).toBe(ids[0]);
    expect(ids.map((id) => documents.getById(id)?.status)).toEqual(['sending', 'blocked_auth', 'blocked_auth']);
  });

  it('counts attention and conflict documents as still open', () => {
    const a = documents.insert(newDocument({ number: 1 }));
    const b = documents.insert(newDocument({ number: 2 }));
    for (const id of [a, b]) documents.updateStatus(id, { status: 'sending' });
    documents.updateStatus(a, { status: 'attention' });
    documents.updateStatus(b, { status: 'conflict' });
    expect(documents.countOpen()).toBe(2);
  });
});
