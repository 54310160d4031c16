// A 429/503 with Retry-After waits at least that long before the next attempt, on top of the backoff.
import { describe, expect, it } from 'vitest';
import { ApiError, type ApiClient } from '../../../../electron/core/api';
import { DocumentsRepository, openDatabase } from '../../../../electron/core/db';
import { Outbox } from '../../../../electron/core/outbox/worker';
import { newDocument } from '../db/helpers';

describe('the outbox honours Retry-After', () => {
  it('schedules the next attempt no earlier than the server asked', async () => {
    const db = openDatabase({ path: ':memory:' });
    const now = new Date('2026-11-24T15:00:00.000Z');
    const documents = new DocumentsRepository(db, () => now);
    const id = documents.insert(newDocument());
    const api = {
      sendInvoice: async () => {
        throw new ApiError('server', 'La API falló temporalmente (HTTP 429).', 429, 90_000);
      },
    } as unknown as ApiClient;
    const outbox = new Outbox({ documents, api, demo: () => false, now: () => now, retry: { baseMs: 1_000, maxMs: 5_000, random: () => 0 } });
    await outbox.drain();
    const row = documents.getById(id)!;
    expect(row.status).toBe('pending');
    expect(Date.parse(row.next_attempt_at!) - now.getTime()).toBe(90_000); // not the 500 ms of the backoff
    expect(row.uncertain).toBe(0); // 429 is a refusal before processing: not ambiguous
    db.close();
  });
});

describe('Retry-After is kept per document', () => {
  it('another document\'s success does not make the waiting one due', async () => {
    const db = openDatabase({ path: ':memory:' });
    const now = new Date('2026-11-24T15:00:00.000Z');
    const documents = new DocumentsRepository(db, () => now);
    const waiting = documents.insert(newDocument({ number: 1 }));
    documents.insert(newDocument({ number: 2 }));
    let calls = 0;
    const api = {
      sendInvoice: async () => {
        calls += 1;
        if (calls === 1) throw new ApiError('server', 'La API falló temporalmente (HTTP 429).', 429, 600_000);
        if (calls === 2) throw new ApiError('server', 'HTTP 503', 503); // the connection looks down
        return {
          status: 200,
          success: true,
          message: 'ok',
          data: { hash: 'h', authorityResponse: { success: true, cdrZip: '', cdrResponse: { id: 'x', code: '0', description: 'ok', notes: [] } } },
        };
      },
    } as unknown as ApiClient;
    const outbox = new Outbox({ documents, api, demo: () => false, now: () => now, concurrency: 1, retry: { baseMs: 0, maxMs: 0, random: () => 0 } });
    await outbox.drain(); // 1: 429 (600 s); 2: 503, then due at once and accepted: the connection is back
    expect(calls).toBe(3);
    const row = documents.getById(waiting)!;
    expect(row.status).toBe('pending');
    expect(Date.parse(row.next_attempt_at!) - now.getTime()).toBe(600_000);
    outbox.sendAllNow(); // "Reintentar todos" does not override the server's request either
    expect(documents.getById(waiting)!.next_attempt_at).toBe(row.next_attempt_at);
    db.close();
  });
});
