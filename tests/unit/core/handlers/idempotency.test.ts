// The core's idempotency layer on its own: what a request's fingerprint counts, and that a keyed write which would
// commit outside its key's transaction (an async handler not listed as a document's) is refused, not half-kept.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { fingerprintOf, withIdempotency } from '../../../../electron/core/handlers/idempotency';
import type { Handlers } from '../../../../electron/core/dispatch';

const MIGRATION = fs.readFileSync(path.join(__dirname, '../../../../migrations/0026_bridge_requests.sql'), 'utf8');

function store() {
  const sqlite = new Database(':memory:');
  sqlite.exec('CREATE TABLE documents (id INTEGER PRIMARY KEY, client_key TEXT UNIQUE)');
  sqlite.exec(MIGRATION);
  sqlite.exec('CREATE TABLE writes (n INTEGER)');
  return sqlite;
}

describe('idempotency of keyed writes (core)', () => {
  it('a fingerprint ignores the key, the authorisations and the order of fields, not the data', () => {
    const asked = { kind: 'out', amount: '20.00', reason: 'Pago', clientKey: 'k-00000001' };
    const fp = fingerprintOf('addCashMovement', asked);
    expect(fingerprintOf('addCashMovement', { reason: 'Pago', amount: '20.00', kind: 'out', clientKey: 'k-00000002', approval: { userId: 2, pin: '5678' } })).toBe(fp);
    expect(fingerprintOf('issueSale', { ...asked, confirmed: ['clock'] })).toBe(fingerprintOf('issueSale', asked));
    expect(fingerprintOf('addCashMovement', { ...asked, amount: '20.01' })).not.toBe(fp);
    expect(fingerprintOf('openCashSession', asked)).not.toBe(fp);
  });

  it('answers a repeated key from its row, refuses it for another request, and keeps nothing of a refusal', () => {
    const sqlite = store();
    let runs = 0;
    const handlers = {
      addCashMovement: (input: { amount: string }) => {
        runs++;
        sqlite.prepare('INSERT INTO writes VALUES (1)').run();
        if (input.amount === '0') throw new Error('refused after writing');
        return { amount: input.amount, n: runs };
      },
    } as unknown as Handlers;
    const wrapped = withIdempotency(handlers, { sqlite, now: () => new Date(0), documentKindOf: () => null }) as unknown as Record<string, (i: unknown) => unknown>;
    const first = wrapped.addCashMovement!({ kind: 'in', amount: '5', reason: 'x', clientKey: 'key-0000001' });
    expect(wrapped.addCashMovement!({ kind: 'in', amount: '5', reason: 'x', clientKey: 'key-0000001' })).toEqual(first);
    expect(runs).toBe(1);
    expect(() => wrapped.addCashMovement!({ kind: 'in', amount: '6', reason: 'x', clientKey: 'key-0000001' })).toThrow(/ya se registró con otros datos/);
    // A refusal keeps what the handler wrote before it (as without this layer) but no key: the key may be used again.
    expect(() => wrapped.addCashMovement!({ kind: 'in', amount: '0', reason: 'x', clientKey: 'key-0000002' })).toThrow('refused after writing');
    expect(sqlite.prepare('SELECT COUNT(*) FROM bridge_requests WHERE client_key = ?').pluck().get('key-0000002')).toBe(0);
    expect(sqlite.prepare('SELECT COUNT(*) FROM writes').pluck().get()).toBe(2);
  });

  it('a keyed write that answers with a promise (outside its key\'s transaction) is an error, and its writes are undone', () => {
    const sqlite = store();
    const handlers = {
      openCashSession: () => {
        sqlite.prepare('INSERT INTO writes VALUES (1)').run();
        return Promise.resolve({});
      },
    } as unknown as Handlers;
    const wrapped = withIdempotency(handlers, { sqlite, now: () => new Date(0), documentKindOf: () => null }) as unknown as Record<string, (i: unknown) => unknown>;
    expect(() => wrapped.openCashSession!({ openingFloat: '0', clientKey: 'key-0000003' })).toThrow(/must answer synchronously/);
    expect(sqlite.prepare('SELECT COUNT(*) FROM writes').pluck().get()).toBe(0);
    expect(sqlite.prepare('SELECT COUNT(*) FROM bridge_requests').pluck().get()).toBe(0);
  });
});
