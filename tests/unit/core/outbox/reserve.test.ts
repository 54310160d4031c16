// The outbox claims up to `concurrency` documents ahead of its requests (the reserve), so an answer sends the
// next document at once instead of after the commit that records it. Never more requests than `concurrency`, and a
// claimed document that was not sent goes back to the queue as it was: never left 'sending', never marked uncertain,
// never sent in the other mode.
import { describe, expect, it } from 'vitest';
import { ApiError, type ApiClient } from '../../../../electron/core/api';
import { DocumentsRepository, openDatabase } from '../../../../electron/core/db';
import { Outbox } from '../../../../electron/core/outbox/worker';
import { newDocument } from '../db/helpers';

const accepted = {
  status: 200,
  success: true,
  message: 'ok',
  data: { hash: 'h', authorityResponse: { success: true, cdrZip: '', cdrResponse: { id: 'x', code: '0', description: 'ok', notes: [] } } },
};

const GIVEN_BACK = 'Devuelto a la cola sin enviarse';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An API that answers each send after `ms` (or as `answer` says), counting requests and the most out at once. */
function countingApi(answer: (n: number) => Promise<unknown> = () => pause(5).then(() => accepted)) {
  let out = 0;
  let most = 0;
  let sent = 0;
  const api = {
    sendInvoice: async () => {
      sent += 1;
      out += 1;
      most = Math.max(most, out);
      try {
        return await answer(sent);
      } finally {
        out -= 1;
      }
    },
  } as unknown as ApiClient;
  return { api, sent: () => sent, most: () => most };
}

function rig(count: number, api: ApiClient, demo: () => boolean = () => false, concurrency = 4) {
  const db = openDatabase({ path: ':memory:' });
  const now = new Date('2026-11-25T15:00:00.000Z');
  const documents = new DocumentsRepository(db, () => now);
  const ids = Array.from({ length: count }, (_, i) => documents.insert(newDocument({ number: i + 1 })));
  const outbox = new Outbox({ documents, api, demo, now: () => now, concurrency, pollMs: 10_000, retry: { baseMs: 60_000, maxMs: 60_000, random: () => 0 } });
  const statuses = () => ids.map((id) => documents.getById(id)!);
  const givenBack = () => ids.filter((id) => documents.events(id).some((e) => e.detail === GIVEN_BACK));
  return { db, documents, ids, outbox, statuses, givenBack };
}

describe('the outbox\'s reserve of claimed documents', () => {
  it('drains a backlog with never more than `concurrency` requests out, each document sent once', async () => {
    const api = countingApi();
    const r = rig(40, api.api);
    await r.outbox.drain();
    expect(r.statuses().every((d) => d.status === 'accepted')).toBe(true);
    expect(api.sent()).toBe(40);
    expect(api.most()).toBe(4);
    // The claim and the outcome each leave their one event; nothing was given back.
    for (const id of r.ids) expect(r.documents.events(id).map((e) => e.to_status)).toEqual(['pending', 'sending', 'accepted']);
    r.db.close();
  });

  it('an answer sends the next document before the commit that records the answer', async () => {
    let committed = 0;
    let sentBeforeTheirPredecessorsCommit = 0;
    const api = countingApi(async (n) => {
      // With 2 at once, the n-th request follows answer n - 2: it went out before that answer was committed when
      // fewer than n - 2 outcomes are in the store.
      if (n > 2 && committed < n - 2) sentBeforeTheirPredecessorsCommit += 1;
      await pause(5);
      return accepted;
    });
    const r = rig(20, api.api, () => false, 2);
    const updateStatus = r.documents.updateStatus.bind(r.documents);
    r.documents.updateStatus = (id, patch, detail) => {
      const row = updateStatus(id, patch, detail);
      committed += 1;
      return row;
    };
    await r.outbox.drain();
    expect(api.sent()).toBe(20);
    expect(sentBeforeTheirPredecessorsCommit).toBeGreaterThan(10);
    r.db.close();
  });

  it('stop() gives back the reserve unsent: pending as before, not uncertain, and says so', async () => {
    const api = countingApi();
    const r = rig(60, api.api);
    r.outbox.start();
    // Once a first answer is recorded, its group commit has filled the reserve (and each later one refills it).
    while (!r.statuses().some((d) => d.status === 'accepted')) await pause(1);
    await r.outbox.stop();
    const docs = r.statuses();
    expect(docs.some((d) => d.status === 'sending')).toBe(false);
    expect(docs.filter((d) => d.status === 'accepted')).toHaveLength(api.sent());
    expect(docs.filter((d) => d.uncertain === 1)).toEqual([]);
    const back = r.givenBack();
    expect(back.length).toBeGreaterThan(0);
    for (const id of back) {
      expect(r.documents.getById(id)).toMatchObject({ status: 'pending', attempts: 0, uncertain: 0 });
      expect(r.documents.events(id).map((e) => `${e.from_status}>${e.to_status}`)).toEqual(['null>pending', 'pending>sending', 'sending>pending']);
    }
    r.db.close();
  });

  it('a document claimed in one mode is never sent in the other: the switch gives it back', async () => {
    let demo = false;
    const api = countingApi(async (n) => {
      await pause(5);
      if (n === 10) demo = true; // Ajustes turned demo mode on while real documents wait in the reserve
      return accepted;
    });
    const r = rig(30, api.api, () => demo);
    await r.outbox.drain();
    const docs = r.statuses();
    expect(docs.some((d) => d.status === 'sending')).toBe(false);
    expect(docs.filter((d) => d.status === 'accepted')).toHaveLength(api.sent());
    expect(api.sent()).toBeLessThan(30);
    expect(r.givenBack().length).toBeGreaterThan(0);
    expect(docs.filter((d) => d.status === 'pending').every((d) => d.uncertain === 0)).toBe(true);
    r.db.close();
  });

  it('a refused token gives back the reserve: nothing more is sent with it', async () => {
    const api = countingApi(async (n) => {
      await pause(5);
      if (n > 6) throw new ApiError('auth', 'La API rechazó el token de acceso.', 401);
      return accepted;
    });
    const r = rig(30, api.api);
    await r.outbox.drain();
    const docs = r.statuses();
    expect(docs.some((d) => d.status === 'sending')).toBe(false);
    const refused = docs.filter((d) => d.status === 'blocked_auth');
    expect(refused.length).toBeGreaterThan(0);
    // Requests after the first 401 are only those already out when it came (at most concurrency - 1 more).
    expect(api.sent()).toBeLessThanOrEqual(6 + 4);
    expect(r.givenBack().length).toBeGreaterThan(0);
    expect(docs.filter((d) => d.status === 'pending').every((d) => d.uncertain === 0)).toBe(true);
    r.db.close();
  });
});
