// The pieces: a -wal read before SQLite opens it (what would be dropped), a held series that takes no
// number, storage failures said in Spanish with what was not saved.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  createRepositories,
  inspectWal,
  NumberingRepository,
  openDatabase,
  storageFailureOf,
  type Db,
} from '../../../../electron/core/db';
import { createDispatcher } from '../../../../electron/core/dispatch';
import { newDocument, tempDir } from './helpers';

/** A database with `sales` documents committed one by one, all still in its -wal; returns the paths. */
function walWithSales(sales: number): { dir: string; db: Db; wal: string; file: string } {
  const dir = tempDir();
  const file = path.join(dir, 'caja.db');
  const db = openDatabase({ path: file });
  db.sqlite.pragma('wal_autocheckpoint = 0');
  db.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  const repos = createRepositories(db);
  repos.series.ensure('03', 'B001');
  for (let i = 0; i < sales; i++) {
    db.sqlite.transaction(() => {
      const number = repos.series.nextNumber('03', 'B001');
      repos.documents.insert(newDocument({ number }));
    }).immediate();
  }
  return { dir, db, wal: `${file}-wal`, file };
}

/** Copies the database and its -wal as they are (a crash image) into a new folder. */
function crashImage(src: { file: string; wal: string }): { file: string; wal: string } {
  const dir = tempDir();
  const file = path.join(dir, 'caja.db');
  fs.copyFileSync(src.file, file);
  fs.copyFileSync(src.wal, `${file}-wal`);
  return { file, wal: `${file}-wal` };
}

function xor(file: string, at: number, length: number): void {
  const fd = fs.openSync(file, 'r+');
  try {
    const buf = Buffer.alloc(length);
    fs.readSync(fd, buf, 0, length, at);
    for (let i = 0; i < length; i++) buf[i] = (buf[i] as number) ^ 0xff;
    fs.writeSync(fd, buf, 0, length, at);
  } finally {
    fs.closeSync(fd);
  }
}

describe('inspectWal', () => {
  it('reports committed transactions SQLite would drop after a damaged frame', () => {
    const live = walWithSales(30);
    const image = crashImage(live);
    live.db.close();
    expect(inspectWal(image.wal)).toBeNull(); // intact
    const size = fs.statSync(image.wal).size;
    xor(image.wal, 32 + Math.floor((size - 32) / 2), 64);
    const damage = inspectWal(image.wal);
    expect(damage).not.toBeNull();
    expect(damage!.droppedCommits).toBeGreaterThan(5);
    // And SQLite indeed drops them without a word.
    const db = new Database(image.file, { readonly: true });
    expect(db.prepare('SELECT COUNT(*) FROM documents').pluck().get()).toBeLessThan(30);
    db.close();
  });

  it('says nothing about a torn last transaction (a crash while writing it) or a -wal of garbage', () => {
    const live = walWithSales(10);
    const image = crashImage(live);
    live.db.close();
    const size = fs.statSync(image.wal).size;
    fs.truncateSync(image.wal, size - 1000); // the last frame cut short
    expect(inspectWal(image.wal)).toBeNull();
    xor(image.wal, size - 5000, 500); // and damage inside the last transaction only
    expect(inspectWal(image.wal)).toBeNull();
    fs.writeFileSync(image.wal, Buffer.alloc(100_000, 0x42));
    expect(inspectWal(image.wal)).toBeNull();
    expect(inspectWal(path.join(path.dirname(image.wal), 'no-existe-wal'))).toBeNull();
  });
});

describe('a held series', () => {
  it('takes no number until its hold is released, and the release is logged', () => {
    const db = openDatabase({ path: path.join(tempDir(), 'caja.db') });
    try {
      const repos = createRepositories(db);
      repos.series.ensure('03', 'B001');
      const numbering = new NumberingRepository(db);
      numbering.place('restore', [{ docType: '03', series: 'B001', last: 40 }], 'prueba');
      expect(() => db.sqlite.transaction(() => repos.series.nextNumber('03', 'B001'))()).toThrow(/confirmando el último número usado de la serie B001/);
      expect(numbering.release('03', 'B001', 40, 'confirmed', 'API hasta 40')).toBe(40);
      expect(db.sqlite.transaction(() => repos.series.nextNumber('03', 'B001'))()).toBe(41);
      expect(numbering.entries().map((e) => e.kind)).toEqual(['held', 'confirmed']);
    } finally {
      db.close();
    }
  });
});

describe('storage failures in Spanish', () => {
  it('a write refused by a read-only database says so, and that the sale was not recorded', async () => {
    const file = path.join(tempDir(), 'caja.db');
    openDatabase({ path: file }).close();
    const readOnly = new Database(file, { readonly: true });
    let error: unknown;
    try {
      readOnly.prepare("INSERT INTO settings (key, value) VALUES ('x', '1')").run();
    } catch (e) {
      error = e;
    } finally {
      readOnly.close();
    }
    expect((error as { code: string }).code).toMatch(/^SQLITE_READONLY/);
    expect(storageFailureOf(error, 'issueSale')).toEqual({
      code: 'read_only',
      message: expect.stringMatching(/^El disco o la carpeta de datos de Caja está en solo lectura: la venta NO se registró\./),
    });
    // Through the dispatcher, as the till sees it: not "Ocurrió un error interno".
    const dispatch = createDispatcher({ getStatus: () => { throw error; } } as never);
    const res = await dispatch('getStatus', {});
    expect(res).toMatchObject({ ok: false, error: { code: 'read_only', message: expect.stringMatching(/el cambio NO se guardó/) } });
  });

  it('tells a full disk and an I/O error apart from damage', () => {
    const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    expect(storageFailureOf(full, 'issueSale')?.message).toMatch(/^No hay espacio en el disco: la venta NO se registró\./);
    const io = Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_WRITE' });
    expect(storageFailureOf(io, 'issueSale')).toMatchObject({ code: 'io', message: expect.stringMatching(/no está dañada por esto: no restaure/) });
    const corrupt = Object.assign(new Error('database disk image is malformed'), { code: 'SQLITE_CORRUPT' });
    expect(storageFailureOf(corrupt, 'issueSale')).toMatchObject({ code: 'corrupt', message: expect.stringMatching(/dañada: la venta NO se registró/) });
    expect(storageFailureOf(new Error('otra cosa'), 'issueSale')).toBeUndefined();
  });
});
