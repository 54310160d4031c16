import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../electron/core/db';
import { tempDir } from './helpers';

describe('openDatabase pragmas', () => {
  it('uses WAL, FULL sync, foreign keys and a busy timeout on a file database', () => {
    const db = openDatabase({ path: path.join(tempDir(), 'caja.db') });
    try {
      expect(db.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.sqlite.pragma('synchronous', { simple: true })).toBe(2);
      expect(db.sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
    } finally {
      db.close();
    }
  });

  it('enforces foreign keys', () => {
    const db = openDatabase({ path: ':memory:' });
    try {
      expect(() =>
        db.sqlite
          .prepare("INSERT INTO document_events (document_id, at, to_status) VALUES (999, '2025-01-01T00:00:00.000Z', 'pending')")
          .run(),
      ).toThrow(/FOREIGN KEY/);
    } finally {
      db.close();
    }
  });

  it('opens an in-memory database with the same schema', () => {
    const db = openDatabase({ path: ':memory:' });
    try {
      expect(db.path).toBe(':memory:');
      expect(db.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.sqlite.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'documents_fts'").get()).toEqual({ n: 1 });
    } finally {
      db.close();
    }
  });

  it('close() is idempotent', () => {
    const db = openDatabase({ path: ':memory:' });
    db.close();
    expect(() => db.close()).not.toThrow();
    expect(db.sqlite.open).toBe(false);
  });
});
