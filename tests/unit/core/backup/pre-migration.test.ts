import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createPreMigrationHook, listBackupsIn, validateBackupFile } from '../../../../electron/core/backup';
import { createRepositories, defaultMigrationsDir, openDatabase } from '../../../../electron/core/db';
import { newDocument, tempDir } from '../db/helpers';

/** Two migration folders: a release (today's migrations) and an update that adds one more. */
function releases(): { v1: string; v2: string } {
  const root = tempDir('caja-migrations-');
  const v1 = path.join(root, 'v1');
  const v2 = path.join(root, 'v2');
  fs.mkdirSync(v1);
  fs.mkdirSync(v2);
  for (const file of fs.readdirSync(defaultMigrationsDir()).filter((f) => f.endsWith('.sql'))) {
    fs.copyFileSync(path.join(defaultMigrationsDir(), file), path.join(v1, file));
    fs.copyFileSync(path.join(defaultMigrationsDir(), file), path.join(v2, file));
  }
  fs.writeFileSync(path.join(v2, '0999_notes.sql'), 'CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL) STRICT;\n');
  return { v1, v2 };
}

function firstReleaseDb(dataDir: string, v1: string, documents: number, settings: Record<string, unknown> = {}): string {
  const file = path.join(dataDir, 'caja.db');
  const db = openDatabase({ path: file, migrationsDir: v1 });
  const repos = createRepositories(db);
  for (const [key, value] of Object.entries(settings)) repos.settings.set(key, value);
  repos.series.ensure('03', 'B001');
  db.sqlite.transaction(() => {
    for (let n = 1; n <= documents; n++) repos.documents.insert(newDocument({ number: n }));
  })();
  db.close();
  return file;
}

describe('pre-migration backup (onBeforeMigrate hook)', () => {
  it('saves a verified copy of the old version before the update is applied', () => {
    const { v1, v2 } = releases();
    const dataDir = tempDir('caja-data-');
    const file = firstReleaseDb(dataDir, v1, 40);
    const seen: string[] = [];
    const db = openDatabase({
      path: file,
      migrationsDir: v2,
      onBeforeMigrate: createPreMigrationHook({ dataDir, now: () => new Date('2025-06-01T13:00:00Z'), onBackup: (b) => seen.push(b.fileName) }),
    });
    const liveVersions = db.sqlite.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all();
    db.close();
    expect(liveVersions.at(-1)).toBe(999);
    expect(seen).toEqual(['caja-20250601-080000-pre_migration.db']);
    const [copy] = listBackupsIn(path.join(dataDir, 'backups'));
    expect(copy).toMatchObject({ reason: 'pre_migration', check: 'ok', documents: 40 });
    // The copy is the database as it was before: the release's version, no notes table.
    expect(validateBackupFile(copy!.path, v1).schemaVersion).toBe(liveVersions.at(-2));
    const old = new Database(copy!.path, { readonly: true });
    expect(old.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'notes'").get()).toEqual({ n: 0 });
    old.close();
  });

  it('uses the folder the user chose, read from the raw settings table', () => {
    const { v1, v2 } = releases();
    const dataDir = tempDir('caja-data-');
    const chosen = path.join(tempDir('caja-chosen-'), 'copias');
    const file = firstReleaseDb(dataDir, v1, 3, { backup: { folder: chosen } });
    openDatabase({ path: file, migrationsDir: v2, onBeforeMigrate: createPreMigrationHook({ dataDir }) }).close();
    expect(listBackupsIn(chosen).map((b) => b.reason)).toEqual(['pre_migration']);
    expect(fs.existsSync(path.join(dataDir, 'backups'))).toBe(false);
  });

  it('leaves the database untouched when no copy can be made', () => {
    const { v1, v2 } = releases();
    const dataDir = tempDir('caja-data-');
    const blocker = path.join(dataDir, 'archivo');
    fs.writeFileSync(blocker, 'x');
    const file = firstReleaseDb(dataDir, v1, 3, { backup: { folder: path.join(blocker, 'copias') } });
    expect(() => openDatabase({ path: file, migrationsDir: v2, onBeforeMigrate: createPreMigrationHook({ dataDir }) })).toThrow(
      /no se pudo guardar una copia.*No se aplicó la actualización/,
    );
    const db = new Database(file, { readonly: true });
    expect(db.prepare('SELECT version FROM schema_migrations').pluck().all()).not.toContain(999);
    db.close();
  });

  it('is not called for a new database (nothing to save)', () => {
    const dataDir = tempDir('caja-data-');
    openDatabase({ path: path.join(dataDir, 'caja.db'), onBeforeMigrate: createPreMigrationHook({ dataDir }) }).close();
    expect(fs.existsSync(path.join(dataDir, 'backups'))).toBe(false);
  });
});
