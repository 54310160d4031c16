// Migration 0021: a queued catalogue change keeps its place and learns the server version it was based on;
// a queued staff list becomes one queued record per person; local edits are queued, pulled writes are not.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../electron/core/db';
import { folderUpTo, tempDir } from './helpers';

const outbox = (db: { sqlite: { prepare(s: string): { all(): unknown[] } } }) =>
  db.sqlite.prepare('SELECT kind, key, version, base_version FROM catalog_outbox ORDER BY kind, key').all();

describe('migration 0021_shared_records', () => {
  it('keeps the queue with its base versions and splits the staff list into people', () => {
    const dbPath = path.join(tempDir(), 'caja.db');
    const old = openDatabase({ path: dbPath, migrationsDir: folderUpTo(20) });
    const at = '2026-11-01T15:00:00Z';
    old.sqlite.prepare(`INSERT INTO products (code, description, unit, price, affectation, bag, active, created_at, updated_at)
      VALUES ('A1', 'Arroz', 'KGM', '5', '10', 0, 1, ?, ?)`).run(at, at);
    // A1 came from the server as version 7, then was edited here (queued on creation and twice since).
    old.sqlite.prepare("UPDATE products SET server_version = 7 WHERE code = 'A1'").run();
    old.sqlite.prepare("UPDATE products SET price = '6' WHERE code = 'A1'").run();
    old.sqlite.prepare("UPDATE products SET price = '6.5' WHERE code = 'A1'").run();
    old.sqlite.prepare("INSERT INTO users (name, role, pin_hash, pin_salt, created_at, updated_at) VALUES ('Luis', 'cajero', 'h', 's', ?, ?)").run(at, at);
    old.sqlite.prepare("INSERT INTO users (name, role, pin_hash, pin_salt, created_at, updated_at) VALUES ('ANA María', 'supervisor', 'h', 's', ?, ?)").run(at, at);
    old.sqlite.prepare("INSERT INTO catalog_outbox (kind, key) VALUES ('setting', 'users'), ('setting', 'company')").run();
    const products = old.sqlite.prepare('SELECT * FROM products ORDER BY code').all();
    const users = old.sqlite.prepare('SELECT * FROM users ORDER BY id').all();
    old.close();

    const db = openDatabase({ path: dbPath, migrationsDir: folderUpTo(21) });
    try {
      expect(outbox(db)).toEqual([
        { kind: 'product', key: 'A1', version: 3, base_version: 7 },
        { kind: 'setting', key: 'company', version: 1, base_version: null },
        { kind: 'user', key: 'ana maría', version: 1, base_version: null },
        { kind: 'user', key: 'luis', version: 1, base_version: null },
      ]);
      expect(db.sqlite.prepare('SELECT * FROM products ORDER BY code').all()).toEqual(products);
      expect(db.sqlite.prepare('SELECT * FROM users ORDER BY id').all()).toEqual((users as object[]).map((u) => ({ ...u, server_version: null })));

      db.sqlite.prepare('DELETE FROM catalog_outbox').run();
      // A pulled write (server_version changes) is not queued; a local edit is, based on that version.
      db.sqlite.prepare("UPDATE users SET active = 0, server_version = 12 WHERE name = 'Luis'").run();
      expect(outbox(db)).toEqual([]);
      db.sqlite.prepare("UPDATE users SET pin_hash = 'h2' WHERE name = 'Luis'").run();
      // A rename retires the old name too.
      db.sqlite.prepare("UPDATE users SET name = 'Luis Pérez' WHERE name = 'Luis'").run();
      expect(outbox(db)).toEqual([
        { kind: 'user', key: 'luis', version: 2, base_version: 12 },
        { kind: 'user', key: 'luis pérez', version: 1, base_version: 12 },
      ]);
    } finally {
      db.close();
    }
  });
});
