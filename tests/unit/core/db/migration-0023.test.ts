// Migration 0023: one open cash session per till, whatever its series. A database in which an earlier
// series change left two sessions open migrates without losing either: they are closed oldest first, and no new one
// opens until both are closed. The lockout and PIN-length tables start empty.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CashRepository, openDatabase } from '../../../../electron/core/db';
import { folderUpTo, tempDir } from './helpers';

const closing = { at: '2026-11-25T20:00:00.000Z', closedBy: { id: null, name: 'Caja' }, counted: '0.00', expected: '0.00', difference: '0.00', zReport: '{}' };

describe('migration 0023_pin_lockouts_till_cash', () => {
  it('keeps two sessions an old series change left open, closes them oldest first, then allows one at a time', () => {
    const dbPath = path.join(tempDir(), 'caja.db');
    const old = openDatabase({ path: dbPath, migrationsDir: folderUpTo(22) });
    const open = old.sqlite.prepare(`INSERT INTO cash_sessions (terminal, opened_at, opened_by_name, opening_float)
      VALUES (?, '2026-11-25T08:00:00.000Z', 'Caja', '10.00')`);
    open.run('B001');
    open.run('B002');
    old.close();

    // Migrated to the end: the cash repository reads columns of later migrations too (0029: a document's exchange rate).
    const db = openDatabase({ path: dbPath });
    try {
      const cash = new CashRepository(db);
      expect(cash.openOnTill()).toMatchObject({ id: 1, terminal: 'B001' });
      expect(() => cash.open({ terminal: 'B003', user: { id: null, name: 'Caja' }, openingFloat: '0.00' })).toThrow(/already open on this till/);
      expect(cash.close(1, closing)).toBe(true);
      expect(cash.openOnTill()).toMatchObject({ id: 2, terminal: 'B002' });
      expect(cash.close(2, closing)).toBe(true);
      expect(cash.openOnTill()).toBeUndefined();
      expect(cash.open({ terminal: 'B003', user: { id: null, name: 'Caja' }, openingFloat: '0.00' })).toMatchObject({ id: 3 });
      expect(cash.openOnTill()).toMatchObject({ id: 3, terminal: 'B003' });
      const plan = db.sqlite.prepare('EXPLAIN QUERY PLAN SELECT * FROM cash_sessions WHERE closed_at IS NULL ORDER BY id LIMIT 1').all() as { detail: string }[];
      expect(plan.map((p) => p.detail).join(' ')).toContain('cash_sessions_open');
      expect(db.sqlite.prepare('SELECT COUNT(*) AS n FROM pin_lockouts').get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });
});
