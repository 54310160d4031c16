// The answers that arrive together are recorded in one durable commit, which also claims the documents that
// take their places; one answer whose write fails fails alone.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../electron/core/api';
import { DocumentsRepository, openDatabase } from '../../../../electron/core/db';
import { Outbox } from '../../../../electron/core/outbox/worker';
import { newDocument } from '../db/helpers';

const accepted = {
  status: 200,
  success: true,
  message: 'ok',
  data: { hash: 'h', authorityResponse: { success: true, cdrZip: '', cdrResponse: { id: 'x', code: '0', description: 'ok', notes: [] } } },
};

/**
 * An API that answers 5 ms after the first send of a round, every send of that round at once: the sends of one round
 * come back in the same turn of the loop (a timer per send may fire in two turns on a busy machine; with the outbox's
 * reserve, which sends the next document as each answer comes, such a split would carry over to every later round).
 */
const pending: ((answer: unknown) => void)[] = [];
const api = {
  sendInvoice: () =>
    new Promise((resolve) => {
      if (pending.push(resolve) === 1) setTimeout(() => pending.splice(0).forEach((answer) => answer(accepted)), 5);
    }),
} as unknown as ApiClient;

function rig(count: number) {
  const db = openDatabase({ path: ':memory:' });
  const now = new Date('2026-11-25T15:00:00.000Z');
  const documents = new DocumentsRepository(db, () => now);
  const ids = Array.from({ length: count }, (_, i) => documents.insert(newDocument({ number: i + 1 })));
  let commits = 0;
  const inTransaction = documents.inTransaction.bind(documents);
  documents.inTransaction = <T>(work: () => T): T => {
    commits += 1;
    return inTransaction(work);
  };
  const outbox = new Outbox({ documents, api, demo: () => false, now: () => now, concurrency: 8, retry: { baseMs: 1_000, maxMs: 5_000, random: () => 0 } });
  return { db, documents, ids, outbox, commits: () => commits };
}

describe('the outbox\'s group commit', () => {
  it('records a round of answers, and claims the next round, in one commit', async () => {
    const r = rig(24);
    await r.outbox.drain();
    expect(r.ids.map((id) => r.documents.getById(id)?.status)).toEqual(r.ids.map(() => 'accepted'));
    expect(r.commits()).toBeGreaterThan(0);
    expect(r.commits()).toBeLessThanOrEqual(4); // 3 rounds of 8 (one commit per document was 24)
    for (const id of r.ids) expect(r.documents.events(id).map((e) => e.to_status)).toEqual(['pending', 'sending', 'accepted']);
    r.db.close();
  });

  it('answers that come back a turn of the loop apart, while others are out, still share one commit (its linger)', async () => {
    const db = openDatabase({ path: ':memory:' });
    const now = new Date('2026-11-25T15:00:00.000Z');
    const documents = new DocumentsRepository(db, () => now);
    const ids = Array.from({ length: 8 }, (_, i) => documents.insert(newDocument({ number: i + 1 })));
    const answers: ((answer: unknown) => void)[] = [];
    const slowApi = { sendInvoice: () => new Promise((resolve) => answers.push(resolve)) } as unknown as ApiClient;
    let commits = 0;
    const inTransaction = documents.inTransaction.bind(documents);
    documents.inTransaction = <T>(work: () => T): T => {
      commits += 1;
      return inTransaction(work);
    };
    const outbox = new Outbox({ documents, api: slowApi, demo: () => false, now: () => now, concurrency: 8, retry: { baseMs: 1_000, maxMs: 5_000, random: () => 0 } });
    const drained = outbox.drain();
    while (answers.length < 8) await new Promise((resolve) => setImmediate(resolve));
    // One answer per turn of the loop: the commit that ran at the next turn (before the linger) took 4 commits for these 8.
    for (const answer of answers) {
      answer(accepted);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await drained;
    expect(ids.map((id) => documents.getById(id)?.status)).toEqual(ids.map(() => 'accepted'));
    expect(commits).toBeLessThanOrEqual(2);
    db.close();
  });

  it('a write that fails fails alone: its document goes back to the queue, the others of its commit are kept', async () => {
    const r = rig(8);
    const [broken] = r.ids;
    const updateStatus = r.documents.updateStatus.bind(r.documents);
    let failed = false;
    r.documents.updateStatus = (id, patch, detail) => {
      if (id === broken && !failed) {
        failed = true;
        throw new Error('disk hiccup');
      }
      return updateStatus(id, patch, detail);
    };
    await r.outbox.drain();
    expect(r.documents.getById(broken!)).toMatchObject({ status: 'pending', uncertain: 1 });
    expect(r.ids.slice(1).map((id) => r.documents.getById(id)?.status)).toEqual(r.ids.slice(1).map(() => 'accepted'));
    r.db.close();
  });
});
