import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { checkDatabaseFile, inspectDatabaseFile, validateBackupFile, validateBackupFileOffThread } from '../../../../electron/core/backup';
import { defaultMigrationsDir, formatVersion, listMigrations } from '../../../../electron/core/db';
import { damageMiddle, openStore, tempDir } from './helpers';

const migrations = defaultMigrationsDir();
const latest = listMigrations(migrations).at(-1)?.version ?? 0;

/** A closed store with `count` documents: a realistic live file. */
function closedStore(count: number): string {
  const s = openStore();
  s.issue(count);
  s.close();
  return s.path;
}

describe('inspectDatabaseFile', () => {
  it('says ok for a sound database and missing for no file', () => {
    const file = closedStore(100);
    expect(inspectDatabaseFile(file)).toBe('ok');
    expect(inspectDatabaseFile(file, { mode: 'full' })).toBe('ok');
    expect(inspectDatabaseFile(path.join(tempDir(), 'caja.db'))).toBe('missing');
  });

  it('says corrupt for bytes overwritten in the middle of a real database', () => {
    const file = closedStore(3000);
    const before = fs.readdirSync(path.dirname(file)).sort();
    damageMiddle(file);
    expect(checkDatabaseFile(file)).toMatchObject({ state: 'corrupt', reason: expect.stringMatching(/integridad|no se pudo leer/i) });
    expect(inspectDatabaseFile(file, { mode: 'full' })).toBe('corrupt');
    // Inspecting leaves no side files behind.
    expect(fs.readdirSync(path.dirname(file)).sort()).toEqual(before);
  });

  it('says corrupt for random bytes, an empty file, and a damaged first page', () => {
    const dir = tempDir();
    const random = path.join(dir, 'random.db');
    fs.writeFileSync(random, crypto.randomBytes(64 * 1024));
    expect(checkDatabaseFile(random)).toEqual({ state: 'corrupt', reason: 'El archivo de datos no es una base de datos SQLite.' });
    const empty = path.join(dir, 'empty.db');
    fs.writeFileSync(empty, '');
    expect(inspectDatabaseFile(empty)).toBe('corrupt');
    const file = closedStore(10);
    const fd = fs.openSync(file, 'r+');
    fs.writeSync(fd, crypto.randomBytes(4000), 0, 4000, 40); // header kept, the rest of page 1 (the schema) destroyed
    fs.closeSync(fd);
    expect(inspectDatabaseFile(file)).toBe('corrupt');
  });

  it('reads a live file that still has a WAL (after a crash) without complaining', () => {
    const s = openStore();
    s.issue(20);
    expect(fs.existsSync(`${s.path}-wal`)).toBe(true);
    expect(inspectDatabaseFile(s.path)).toBe('ok');
    s.close();
  });
});

describe('validateBackupFile', () => {
  it('accepts a Caja database and reports its history and documents', () => {
    const file = closedStore(25);
    expect(validateBackupFile(file, migrations)).toMatchObject({ schemaVersion: latest, documents: { count: 25, maxId: 25 } });
  });

  it('refuses, in Spanish, what is not a backup of this app', () => {
    const dir = tempDir();
    const text = path.join(dir, 'notas.db');
    fs.writeFileSync(text, 'hola');
    expect(() => validateBackupFile(text, migrations)).toThrow(/no es una copia de seguridad de Caja \(no es una base de datos\)/);
    expect(() => validateBackupFile(path.join(dir, 'nada.db'), migrations)).toThrow(/no existe/);

    const foreign = path.join(dir, 'otra.db');
    const other = new Database(foreign);
    other.exec('CREATE TABLE agenda (nombre TEXT)');
    other.close();
    expect(() => validateBackupFile(foreign, migrations)).toThrow(/no tiene el historial de versiones ni la tabla de comprobantes/);
  });

  it('refuses a database from a newer Caja (migrations not a prefix of the shipped list)', () => {
    const file = closedStore(1);
    const db = new Database(file);
    db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, 'futuro', '2030-01-01T00:00:00.000Z')").run(latest + 1);
    db.close();
    expect(() => validateBackupFile(file, migrations)).toThrow(new RegExp(`versión más reciente de Caja.*${formatVersion(latest + 1)}`));
    // A renamed migration at a known position is refused too.
    const renamed = closedStore(1);
    const db2 = new Database(renamed);
    db2.prepare("UPDATE schema_migrations SET name = 'otro' WHERE version = 1").run();
    db2.close();
    expect(() => validateBackupFile(renamed, migrations)).toThrow(/0001 «otro» no reconocida/);
  });

  it('refuses a damaged copy', () => {
    const file = closedStore(3000);
    damageMiddle(file);
    expect(() => validateBackupFile(file, migrations)).toThrow(/está dañado/);
  });

  it('gives the same answers when integrity_check runs in a worker thread', async () => {
    const good = closedStore(40);
    expect(await validateBackupFileOffThread(good, migrations)).toEqual(validateBackupFile(good, migrations));
    const damaged = closedStore(3000);
    damageMiddle(damaged);
    await expect(validateBackupFileOffThread(damaged, migrations)).rejects.toThrow(/está dañado/);
    const text = path.join(tempDir(), 'notas.db');
    fs.writeFileSync(text, 'hola');
    await expect(validateBackupFileOffThread(text, migrations)).rejects.toThrow(/no es una base de datos/);
  });
});
