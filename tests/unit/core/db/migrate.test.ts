import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import {
  MigrationError,
  defaultMigrationsDir,
  listMigrations,
  openDatabase,
  readAppliedMigrations,
  type BeforeMigrateInfo,
} from '../../../../electron/core/db';
import { sha256, steppingClock, tempDir } from './helpers';

function writeMigration(dir: string, fileName: string, sql: string): void {
  fs.writeFileSync(path.join(dir, fileName), sql);
}

function tableNames(sqlite: Database.Database): string[] {
  return (sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[])
    .map((row) => row.name);
}

function expectMigrationError(fn: () => unknown, code: MigrationError['code']): MigrationError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as MigrationError).code).toBe(code);
    return error as MigrationError;
  }
  throw new Error('expected a MigrationError');
}

/** A folder with 0001_first.sql, and a database file next to it. */
function setup(): { migrations: string; dbPath: string } {
  const root = tempDir();
  const migrations = path.join(root, 'migrations');
  fs.mkdirSync(migrations);
  writeMigration(migrations, '0001_first.sql', 'CREATE TABLE first (id INTEGER PRIMARY KEY, label TEXT NOT NULL);');
  return { migrations, dbPath: path.join(root, 'data', 'caja.db') };
}

describe('listMigrations', () => {
  it('sorts by number and ignores files that are not .sql', () => {
    const { migrations } = setup();
    writeMigration(migrations, '0010_tenth.sql', 'SELECT 1;');
    writeMigration(migrations, '0002_second.sql', 'SELECT 1;');
    fs.writeFileSync(path.join(migrations, 'README.md'), 'notes');
    expect(listMigrations(migrations).map((m) => [m.version, m.name])).toEqual([
      [1, 'first'],
      [2, 'second'],
      [10, 'tenth'],
    ]);
  });

  it('refuses duplicated numbers and malformed names', () => {
    const { migrations } = setup();
    writeMigration(migrations, '0001_again.sql', 'SELECT 1;');
    expect(() => listMigrations(migrations)).toThrow(/0001/);
    fs.rmSync(path.join(migrations, '0001_again.sql'));
    writeMigration(migrations, '2_bad.sql', 'SELECT 1;');
    expect(() => listMigrations(migrations)).toThrow(/2_bad\.sql/);
  });

  it('lists the shipped 0001_init', () => {
    expect(listMigrations(defaultMigrationsDir())[0]).toMatchObject({ version: 1, name: 'init', fileName: '0001_init.sql' });
  });
});

describe('openDatabase migrations', () => {
  it('applies every shipped migration to a fresh database', () => {
    const dbPath = path.join(tempDir(), 'nested', 'caja.db');
    const db = openDatabase({ path: dbPath });
    try {
      const shipped = listMigrations(defaultMigrationsDir());
      const applied = readAppliedMigrations(db.sqlite);
      expect(applied.map((m) => [m.version, m.name])).toEqual(shipped.map((m) => [m.version, m.name]));
      expect(tableNames(db.sqlite)).toEqual(
        expect.arrayContaining(['settings', 'series', 'documents', 'document_events', 'customers', 'lookups']),
      );
      expect(db.path).toBe(dbPath);
    } finally {
      db.close();
    }
  });

  it('applies nothing when re-opened and does not call the hook', () => {
    const { migrations, dbPath } = setup();
    openDatabase({ path: dbPath, migrationsDir: migrations, now: steppingClock('2025-01-01T00:00:00.000Z') }).close();
    const hook = vi.fn();
    const db = openDatabase({ path: dbPath, migrationsDir: migrations, onBeforeMigrate: hook, now: steppingClock('2026-01-01T00:00:00.000Z') });
    try {
      expect(readAppliedMigrations(db.sqlite)).toEqual([{ version: 1, name: 'first', applied_at: '2025-01-01T00:00:00.000Z' }]);
      expect(hook).not.toHaveBeenCalled();
    } finally {
      db.close();
    }
  });

  it('upgrades by applying only the new migration, after calling onBeforeMigrate', () => {
    const { migrations, dbPath } = setup();
    openDatabase({ path: dbPath, migrationsDir: migrations, now: steppingClock('2025-01-01T00:00:00.000Z') }).close();
    writeMigration(migrations, '0002_second.sql', 'CREATE TABLE second (id INTEGER PRIMARY KEY);');

    const seen: { info: BeforeMigrateInfo; tables: string[] }[] = [];
    const db = openDatabase({
      path: dbPath,
      migrationsDir: migrations,
      now: steppingClock('2026-01-01T00:00:00.000Z'),
      onBeforeMigrate: (sqlite, info) => seen.push({ info, tables: tableNames(sqlite) }),
    });
    try {
      expect(seen).toHaveLength(1);
      expect(seen[0]?.info).toMatchObject({ dbPath, fromVersion: 1, toVersion: 2 });
      expect(seen[0]?.info.pending.map((m) => m.fileName)).toEqual(['0002_second.sql']);
      expect(seen[0]?.tables).not.toContain('second'); // the hook runs before anything is applied
      expect(readAppliedMigrations(db.sqlite)).toEqual([
        { version: 1, name: 'first', applied_at: '2025-01-01T00:00:00.000Z' },
        { version: 2, name: 'second', applied_at: '2026-01-01T00:00:00.000Z' },
      ]);
      expect(tableNames(db.sqlite)).toContain('second');
    } finally {
      db.close();
    }
  });

  it('refuses a database from a newer Caja and leaves the file byte-for-byte unchanged', () => {
    const { migrations, dbPath } = setup();
    writeMigration(migrations, '0002_second.sql', 'CREATE TABLE second (id INTEGER PRIMARY KEY);');
    openDatabase({ path: dbPath, migrationsDir: migrations }).close();
    fs.rmSync(path.join(migrations, '0002_second.sql')); // the older app ships only 0001

    const before = sha256(dbPath);
    const filesBefore = fs.readdirSync(path.dirname(dbPath)).sort();
    const hook = vi.fn();
    const error = expectMigrationError(
      () => openDatabase({ path: dbPath, migrationsDir: migrations, onBeforeMigrate: hook }),
      'newer_database',
    );
    expect(error.message).toContain(dbPath);
    expect(error.message).toContain('0002');
    expect(error.message).toMatch(/más reciente/);
    expect(error.version).toBe(2);
    expect(hook).not.toHaveBeenCalled();
    expect(sha256(dbPath)).toBe(before);
    expect(fs.readdirSync(path.dirname(dbPath)).sort()).toEqual(filesBefore);
  });

  it('does not even switch the journal mode of a refused rollback-journal database', () => {
    const { migrations, dbPath } = setup();
    fs.mkdirSync(path.dirname(dbPath), { recursive: true });
    const raw = new Database(dbPath);
    raw.exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL);
      INSERT INTO schema_migrations VALUES (1, 'first', '2025-01-01T00:00:00.000Z'), (7, 'future', '2027-01-01T00:00:00.000Z');`);
    expect(raw.pragma('journal_mode', { simple: true })).toBe('delete');
    raw.close();
    const before = sha256(dbPath);

    const error = expectMigrationError(() => openDatabase({ path: dbPath, migrationsDir: migrations }), 'newer_database');
    expect(error.message).toContain('0007');
    expect(sha256(dbPath)).toBe(before);
  });

  it('refuses a renamed migration and leaves the file unchanged', () => {
    const { migrations, dbPath } = setup();
    openDatabase({ path: dbPath, migrationsDir: migrations }).close();
    fs.renameSync(path.join(migrations, '0001_first.sql'), path.join(migrations, '0001_renamed.sql'));
    const before = sha256(dbPath);

    const error = expectMigrationError(() => openDatabase({ path: dbPath, migrationsDir: migrations }), 'unknown_migration');
    expect(error.message).toContain(dbPath);
    expect(error.message).toContain('first');
    expect(sha256(dbPath)).toBe(before);
  });

  it('refuses a history with a migration the app does not ship in the middle', () => {
    const { migrations, dbPath } = setup();
    writeMigration(migrations, '0002_second.sql', 'CREATE TABLE second (id INTEGER PRIMARY KEY);');
    writeMigration(migrations, '0003_third.sql', 'CREATE TABLE third (id INTEGER PRIMARY KEY);');
    openDatabase({ path: dbPath, migrationsDir: migrations }).close();
    fs.rmSync(path.join(migrations, '0002_second.sql'));
    expectMigrationError(() => openDatabase({ path: dbPath, migrationsDir: migrations }), 'unknown_migration');
  });

  it('rolls a failing migration back entirely and keeps the previous version', () => {
    const { migrations, dbPath } = setup();
    openDatabase({ path: dbPath, migrationsDir: migrations }).close();
    writeMigration(
      migrations,
      '0002_broken.sql',
      `CREATE TABLE half (id INTEGER PRIMARY KEY);
       INSERT INTO first (label) VALUES ('written by the broken migration');
       INSERT INTO no_such_table VALUES (1);`,
    );

    const error = expectMigrationError(() => openDatabase({ path: dbPath, migrationsDir: migrations }), 'failed');
    expect(error.message).toContain('0002_broken.sql');
    expect(error.message).toContain(dbPath);
    expect(error.message).toContain('versión 0001');
    expect(error.version).toBe(2);

    const raw = new Database(dbPath, { readonly: true });
    try {
      expect(tableNames(raw)).not.toContain('half');
      expect(raw.prepare('SELECT COUNT(*) AS n FROM first').get()).toEqual({ n: 0 });
      expect(readAppliedMigrations(raw).map((m) => m.version)).toEqual([1]);
    } finally {
      raw.close();
    }
  });

  it('leaves no database at all when the first migration of a fresh one fails (built aside, never half-made)', () => {
    const { migrations, dbPath } = setup();
    writeMigration(migrations, '0001_first.sql', 'CREATE TABLE ok (id INTEGER); SELECT * FROM missing;');
    expectMigrationError(() => openDatabase({ path: dbPath, migrationsDir: migrations }), 'failed');
    expect(fs.existsSync(dbPath)).toBe(false);
    expect(fs.readdirSync(path.dirname(dbPath))).toEqual([]);
  });

  it('refuses a migration that leaves broken foreign keys, and keeps foreign keys on afterwards', () => {
    const { migrations, dbPath } = setup();
    writeMigration(
      migrations,
      '0002_children.sql',
      'CREATE TABLE child (id INTEGER PRIMARY KEY, first_id INTEGER NOT NULL REFERENCES first (id));',
    );
    const db = openDatabase({ path: dbPath, migrationsDir: migrations });
    expect(db.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    db.close();

    writeMigration(migrations, '0003_orphan.sql', 'INSERT INTO child (first_id) VALUES (42);');
    const error = expectMigrationError(() => openDatabase({ path: dbPath, migrationsDir: migrations }), 'failed');
    expect(error.message).toMatch(/foreign_key_check/);
  });

  it('reports a missing migrations folder as a failure', () => {
    const dir = tempDir();
    expectMigrationError(
      () => openDatabase({ path: ':memory:', migrationsDir: path.join(dir, 'nope') }),
      'failed',
    );
  });
});
