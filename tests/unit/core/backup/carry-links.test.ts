// A restore and the -wal salvage carry documents into another file under new ids. What gives a document its meaning
// lives in other tables (a note's target and lines, a void, payments, events...): it must travel with the document,
// its links re-pointed at the new ids, or a sale credited in full takes a second full credit note and a voided sale
// takes notes. The list of those tables is checked against the schema itself, so a new one cannot be forgotten.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { applyRestore, BackupService } from '../../../../electron/core/backup';
import { DOCUMENT_LINKS, DOCUMENT_SELF_LINKS, LINKS_CARRIED_APART, LINKS_NOT_CARRIED } from '../../../../electron/core/backup/carry-documents';
import { ACCOUNT_TABLES } from '../../../../electron/core/backup/carry-accounts';
import { carrySalvage, removeSalvage, SALVAGED_TABLES, salvageDatabase } from '../../../../electron/core/backup/salvage';
import {
  defaultMigrationsDir,
  logNumbering,
  NotesRepository,
  openDatabase,
  VoidsRepository,
  type Db,
} from '../../../../electron/core/db';
import { ShopNoteTargetsRepository } from '../../../../electron/core/db/repositories/shop-note-targets';
import { newDocument, tempDir } from '../db/helpers';
import { openStore, type Store } from './helpers';

const migrationsDir = defaultMigrationsDir();
const open: { close(): void }[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

const cash = (amount: string) => ({ method: 'EFECTIVO', label: 'Efectivo', kind: 'cash' as const, tendered: amount, applied: amount, reference: '' });

/** Issues one document of `docType` in `series` the way the app does (number and row in one transaction). */
function issueOne(s: Store, docType: '01' | '03' | '07' | '08', series: string, total = '118.00'): number {
  s.repos.series.ensure(docType, series);
  return s.db.sqlite.transaction(() => {
    const number = s.repos.series.nextNumber(docType, series);
    return s.repos.documents.insert(newDocument({ doc_type: docType, series, number, total }));
  }).immediate();
}

interface Work {
  s: Store;
  backupPath: string;
  ids: { sale1: string; sale2: string; sale3: string; note1: string; note2: string; note3: string; reissue: string };
  /** Per document (id_Base_Dato), its events in the live database: detail and status, in order. */
  events: Map<string, string[]>;
}

function eventsOf(db: Db | Database.Database, key: string): string[] {
  const sqlite = 'sqlite' in db ? db.sqlite : db;
  return (
    sqlite
      .prepare(
        `SELECT coalesce(e.detail, '') || ' -> ' || e.to_status AS e FROM document_events e JOIN documents d ON d.id = e.document_id
         WHERE d.id_base_dato = ? ORDER BY e.at, e.id`,
      )
      .pluck()
      .all(key) as string[]
  );
}

/**
 * Two accepted sales in a copy; then, after the copy: a whole credit note with a cash refund on sale 1, a void on
 * sale 2 SUNAT accepted, a third sale with a credit note by lines, a note on another till's sale, a re-issue, and a
 * sale issued with a confirmed clock (numbering_log).
 */
async function liveWithNotesAfterCopy(): Promise<Work> {
  const s = openStore();
  open.push(s);
  s.repos.settings.set('backup', { folder: path.join(s.dir, 'copias') });
  const sale1 = issueOne(s, '03', 'B001');
  const sale2 = issueOne(s, '03', 'B001');
  s.repos.documents.updateStatus(sale1, { status: 'accepted' });
  s.repos.documents.updateStatus(sale2, { status: 'accepted' });
  const service = new BackupService({ db: s.db, settings: s.repos.settings, dataDir: s.dir, migrationsDir });
  const backup = await service.backupNow('manual');

  const notes = new NotesRepository(s.db);
  const note1 = s.db.sqlite.transaction(() => {
    const id = issueOne(s, '07', 'BC01');
    notes.record(id, { modifies_id: sale1, reason: '06', description: 'Devolución total', mode: 'whole' }, [{ line: 1, quantity: '1' }]);
    s.repos.payments.record(id, [cash('118.00')]);
    return id;
  })();
  const voids = new VoidsRepository(s.db);
  const request = voids.request(
    { document_id: sale2, endpoint: 'summary', reason: 'Error en la venta', payload: '{"x":1}', demo: false, requested_at: '2025-03-02T10:00:00.000Z', requested_by: 'Ana' },
    'Anulación solicitada',
  );
  voids.set(request.id, { status: 'voided' }, 'SUNAT aceptó la anulación');
  const sale3 = issueOne(s, '03', 'B001');
  s.repos.documents.updateStatus(sale3, { status: 'accepted' });
  const note3 = s.db.sqlite.transaction(() => {
    const id = issueOne(s, '07', 'BC01', '50.00');
    notes.record(id, { modifies_id: sale3, reason: '07', description: 'Devolución de una línea', mode: 'lines' }, [{ line: 1, quantity: '0.5' }]);
    return id;
  })();
  const shopTargets = new ShopNoteTargetsRepository(s.db);
  const note2 = s.db.sqlite.transaction(() => {
    const id = issueOne(s, '07', 'BC01', '20.00');
    shopTargets.record(
      id,
      { idBaseDato: randomUUID(), terminal: 'CAJA-2', docType: '03', series: 'B002', number: 7, issuedAt: '2025-03-01T10:00:00-05:00', total: '20.00', status: 'accepted' },
      { reason: '07', description: 'Devolución en otra caja', mode: 'lines' },
      [{ line: 2, quantity: '1' }],
    );
    return id;
  })();
  const reissue = issueOne(s, '03', 'B001');
  s.db.sqlite.prepare('UPDATE documents SET reissue_of = ? WHERE id = ?').run(sale3, reissue);
  logNumbering(s.db.sqlite, '2025-03-02T10:00:00.000Z', { kind: 'clock', documentId: reissue, docType: '03', series: 'B001', to: 4, detail: 'Emitido con fecha confirmada' });
  const key = (id: number) => s.db.sqlite.prepare('SELECT id_base_dato FROM documents WHERE id = ?').pluck().get(id) as string;
  const ids = { sale1: key(sale1), sale2: key(sale2), sale3: key(sale3), note1: key(note1), note2: key(note2), note3: key(note3), reissue: key(reissue) };
  return { s, backupPath: backup.path, ids, events: new Map(Object.values(ids).map((k) => [k, eventsOf(s.db, k)])) };
}

/** What the tests expect of the database that goes on, whatever carried the documents into it. */
function expectLinksCarried(db: Db, { ids, events }: Pick<Work, 'ids' | 'events'>): void {
  const q = db.sqlite;
  const id = (key: string) => q.prepare('SELECT id FROM documents WHERE id_base_dato = ?').pluck().get(key) as number;
  const notes = new NotesRepository(db);
  // The whole credit note still counts against sale 1: no second full credit (and no second cash refund).
  expect(notes.detailOf(id(ids.note1))).toMatchObject({ modifies_id: id(ids.sale1), reason: '06', mode: 'whole' });
  expect(notes.countedCredits(id(ids.sale1))).toEqual([{ total: '118.00', mode: 'whole' }]);
  expect(notes.returnedQuantities(id(ids.sale1))).toEqual([{ line: 1, quantity: '1' }]);
  expect(q.prepare('SELECT kind, applied FROM document_payments WHERE document_id = ?').all(id(ids.note1))).toEqual([{ kind: 'cash', applied: '118.00' }]);
  // The note on the sale carried with it points at the sale's new id.
  expect(notes.detailOf(id(ids.note3))).toMatchObject({ modifies_id: id(ids.sale3), mode: 'lines' });
  expect(notes.returnedQuantities(id(ids.sale3))).toEqual([{ line: 1, quantity: '0.5' }]);
  // Sale 2 stays voided: it takes no note.
  expect(new VoidsRepository(db).of(id(ids.sale2))).toMatchObject({ status: 'voided', endpoint: 'summary', requested_by: 'Ana' });
  // The note on another till's sale keeps its target and its lines.
  expect(new ShopNoteTargetsRepository(db).targetOf(id(ids.note2))).toMatchObject({ reason: '07', mode: 'lines' });
  expect(q.prepare('SELECT line, quantity FROM note_lines WHERE document_id = ?').all(id(ids.note2))).toEqual([{ line: 2, quantity: '1' }]);
  // A re-issue still names what it re-issued; the confirmed clock of a sale is still recorded against it.
  expect(q.prepare('SELECT reissue_of FROM documents WHERE id = ?').pluck().get(id(ids.reissue))).toBe(id(ids.sale3));
  expect(q.prepare("SELECT document_id FROM numbering_log WHERE kind = 'clock'").pluck().all()).toEqual([id(ids.reissue)]);
  // Every document keeps its trail of events, once: a carried one, and one the copy held that changed since (the
  // void of sale 2 is told in its events).
  for (const key of Object.values(ids)) expect(eventsOf(db, key)).toEqual(events.get(key));
  expect(eventsOf(db, ids.sale2).some((e) => e.startsWith('SUNAT aceptó la anulación'))).toBe(true);
}

/** Overwrites one leaf page of an index of `documents` with garbage: quick_check fails, every table row stays readable. */
function damageIndexPage(file: string): void {
  const db = new Database(file, { readonly: true });
  const page = db.prepare("SELECT pageno, pgsize FROM dbstat WHERE name = 'documents_status' ORDER BY pageno LIMIT 1").get() as { pageno: number; pgsize: number };
  db.close();
  const fd = fs.openSync(file, 'r+');
  try {
    fs.writeSync(fd, Buffer.alloc(page.pgsize, 0x5a), 0, page.pgsize, (page.pageno - 1) * page.pgsize);
  } finally {
    fs.closeSync(fd);
  }
}

describe('what gives a document its meaning travels with it', () => {
  it('restoring over a sound database: note targets and lines, voids, refunds, re-issues and the numbering log', async () => {
    const work = await liveWithNotesAfterCopy();
    const { s, backupPath } = work;
    s.close();
    await applyRestore(backupPath, s.path, { backupFolder: path.join(s.dir, 'copias'), migrationsDir });
    const db = openDatabase({ path: s.path, migrationsDir });
    open.push(db);
    expectLinksCarried(db, work);
  });

  it('restoring over a damaged database: the same, from what is salvaged of it', async () => {
    const work = await liveWithNotesAfterCopy();
    const { s, backupPath } = work;
    s.close();
    damageIndexPage(s.path);
    const result = await applyRestore(backupPath, s.path, { backupFolder: path.join(s.dir, 'copias'), migrationsDir });
    expect(result).toMatchObject({ liveWasReadable: false, numberingHeld: true });
    expect(result.carried.carried).toBe(5);
    const db = openDatabase({ path: s.path, migrationsDir });
    open.push(db);
    expectLinksCarried(db, work);
  });

  it('the salvage of a damaged -wal carried into the database that goes on: the same', async () => {
    const work = await liveWithNotesAfterCopy();
    const { s, backupPath } = work;
    s.close();
    // The database that goes on is the copy; what is salvaged of the live file is carried into it.
    const target = path.join(tempDir('caja-carry-'), 'caja.db');
    fs.copyFileSync(backupPath, target);
    const db = openDatabase({ path: target, migrationsDir });
    open.push(db);
    const salvage = salvageDatabase(s.path, path.join(path.dirname(target), 'salvage.tmp'), migrationsDir);
    try {
      expect(carrySalvage(db.sqlite, salvage.file, salvage.known)).toMatchObject({ carried: 5 });
    } finally {
      removeSalvage(salvage.file);
    }
    expectLinksCarried(db, work);
  });
});

describe('a note whose sale was lost from the damaged file', () => {
  it('still counts against the sale the copy holds (found by the number the note names)', async () => {
    const s = openStore();
    open.push(s);
    s.repos.settings.set('backup', { folder: path.join(s.dir, 'copias') });
    // The sale's row fills most of a page of its own, so damaging that page loses it and nothing else.
    const sale = s.db.sqlite.transaction(() => {
      const number = s.repos.series.nextNumber('03', 'B001');
      return s.repos.documents.insert(newDocument({ number, payload: JSON.stringify({ serie: 'B001', numero: number, relleno: 'x'.repeat(3_300) }) }));
    }).immediate();
    s.repos.documents.updateStatus(sale, { status: 'accepted' });
    s.issue(3);
    const backup = await new BackupService({ db: s.db, settings: s.repos.settings, dataDir: s.dir, migrationsDir }).backupNow('manual');
    s.repos.series.ensure('07', 'BC01');
    const note = s.db.sqlite.transaction(() => {
      const number = s.repos.series.nextNumber('07', 'BC01');
      const id = s.repos.documents.insert(
        newDocument({ doc_type: '07', series: 'BC01', number, payload: JSON.stringify({ serie: 'BC01', correlativo: '1', afectado_Tipo_Doc: '03', afectado_Num_Doc: 'B001-1' }) }),
      );
      new NotesRepository(s.db).record(id, { modifies_id: sale, reason: '06', description: 'Devolución total', mode: 'whole' }, [{ line: 1, quantity: '1' }]);
      return id;
    })();
    const keyOf = (id: number) => s.db.sqlite.prepare('SELECT id_base_dato FROM documents WHERE id = ?').pluck().get(id) as string;
    const saleKey = keyOf(sale);
    const noteKey = keyOf(note);
    s.close();
    damageTablePageHolding(s.path, 'documents', saleKey, [noteKey]);

    const result = await applyRestore(backup.path, s.path, { backupFolder: path.join(s.dir, 'copias'), migrationsDir });
    expect(result).toMatchObject({ liveWasReadable: false, carried: { carried: 1 } });
    const db = openDatabase({ path: s.path, migrationsDir });
    open.push(db);
    const id = (key: string) => db.sqlite.prepare('SELECT id FROM documents WHERE id_base_dato = ?').pluck().get(key) as number;
    expect(new NotesRepository(db).detailOf(id(noteKey))).toMatchObject({ modifies_id: id(saleKey), mode: 'whole' });
    expect(new NotesRepository(db).countedCredits(id(saleKey))).toHaveLength(1);
  });
});

describe('a void whose sale was lost from the damaged file', () => {
  it('still voids the sale the copy holds (found by the number its request names), so that sale takes no note', async () => {
    const s = openStore();
    open.push(s);
    s.repos.settings.set('backup', { folder: path.join(s.dir, 'copias') });
    const sale = s.db.sqlite.transaction(() => {
      const number = s.repos.series.nextNumber('03', 'B001');
      return s.repos.documents.insert(newDocument({ number, payload: JSON.stringify({ serie: 'B001', numero: number, relleno: 'x'.repeat(3_300) }) }));
    }).immediate();
    s.repos.documents.updateStatus(sale, { status: 'accepted' });
    s.issue(3);
    const backup = await new BackupService({ db: s.db, settings: s.repos.settings, dataDir: s.dir, migrationsDir }).backupNow('manual');
    const voids = new VoidsRepository(s.db);
    const payload = { empresa_Ruc: '20123456789', tipo_Doc: '03', serie: 'B001', correlativo: '1', anulacion_Motivo: 'Error', estado_Documento: '0' };
    const request = voids.request(
      { document_id: sale, endpoint: 'summary', reason: 'Error en la venta', payload: JSON.stringify(payload), demo: false, requested_at: '2025-03-02T10:00:00.000Z', requested_by: 'Ana' },
      'Anulación solicitada',
    );
    voids.set(request.id, { status: 'voided' }, 'SUNAT aceptó la anulación');
    s.issue(1); // a document carried in, beside the void
    const saleKey = s.db.sqlite.prepare('SELECT id_base_dato FROM documents WHERE id = ?').pluck().get(sale) as string;
    s.close();
    damageTablePageHolding(s.path, 'documents', saleKey, []);

    await applyRestore(backup.path, s.path, { backupFolder: path.join(s.dir, 'copias'), migrationsDir });
    const db = openDatabase({ path: s.path, migrationsDir });
    open.push(db);
    const id = db.sqlite.prepare('SELECT id FROM documents WHERE id_base_dato = ?').pluck().get(saleKey) as number;
    expect(new VoidsRepository(db).of(id)).toMatchObject({ status: 'voided', requested_by: 'Ana' });
  });
});

describe('a salvaged document that clashes with the database\'s own under the same number', () => {
  it('is left out with everything linked to it: its void never lands on the database\'s document', () => {
    const foreign = openStore();
    open.push(foreign);
    const sale = foreign.issue(1)[0]!;
    foreign.repos.documents.updateStatus(sale, { status: 'accepted' });
    const payload = { empresa_Ruc: '20123456789', tipo_Doc: '03', serie: 'B001', correlativo: '1', anulacion_Motivo: 'Error', estado_Documento: '0' };
    new VoidsRepository(foreign.db).request(
      { document_id: sale, endpoint: 'summary', reason: 'Error en la venta', payload: JSON.stringify(payload), demo: false, requested_at: '2025-03-02T10:00:00.000Z', requested_by: null },
      'Anulación solicitada',
    );
    foreign.close();
    const own = openStore();
    open.push(own);
    own.issue(1);
    const salvage = salvageDatabase(foreign.path, path.join(own.dir, 'salvage.tmp'), migrationsDir);
    try {
      expect(carrySalvage(own.db.sqlite, salvage.file, salvage.known)).toMatchObject({ carried: 0, clashing: 1 });
    } finally {
      removeSalvage(salvage.file);
    }
    expect(own.db.sqlite.prepare('SELECT COUNT(*) FROM voids').pluck().get()).toBe(0);
  });
});

/** Overwrites the leaf page of `table` that holds `key`, checking it holds none of `spared`. */
function damageTablePageHolding(file: string, table: string, key: string, spared: string[]): void {
  const db = new Database(file, { readonly: true });
  const pages = db.prepare("SELECT pageno, pgsize FROM dbstat WHERE name = ? AND pagetype = 'leaf'").all(table) as { pageno: number; pgsize: number }[];
  db.close();
  const bytes = fs.readFileSync(file);
  const page = pages.find((p) => bytes.subarray((p.pageno - 1) * p.pgsize, p.pageno * p.pgsize).includes(key));
  if (!page) throw new Error(`no page of ${table} holds ${key}`);
  const content = bytes.subarray((page.pageno - 1) * page.pgsize, page.pageno * page.pgsize);
  for (const other of spared) expect(content.includes(other)).toBe(false);
  const fd = fs.openSync(file, 'r+');
  try {
    fs.writeSync(fd, Buffer.alloc(page.pgsize, 0x5a), 0, page.pgsize, (page.pageno - 1) * page.pgsize);
  } finally {
    fs.closeSync(fd);
  }
}

describe('every table that points at documents is carried', () => {
  /** (table, column) of a freshly migrated database that point at documents: by foreign key, or by name. */
  function pointersAtDocuments(): string[] {
    const db = openDatabase({ path: path.join(tempDir('caja-schema-'), 'caja.db'), migrationsDir });
    try {
      const tables = db.sqlite
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        .pluck()
        .all() as string[];
      const found = new Set<string>();
      for (const table of tables) {
        for (const fk of db.sqlite.prepare('SELECT "table", "from" FROM pragma_foreign_key_list(?)').all(table) as { table: string; from: string }[]) {
          if (fk.table === 'documents') found.add(`${table}.${fk.from}`);
        }
        // A column the code uses to point at a document without a declared foreign key.
        for (const col of db.sqlite.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(table) as string[]) {
          if (/(^|_)document_id$|^modifies_id$|^reissue_of$|(^|_)id_base_dato$/.test(col) && !(table === 'documents' && col === 'id_base_dato')) {
            found.add(`${table}.${col}`);
          }
        }
      }
      return [...found].sort();
    } finally {
      db.close();
    }
  }

  it('each is in the carry\'s list (or set apart with a reason), and the salvage reads every table of that list', () => {
    const declared = new Set([
      ...DOCUMENT_LINKS.flatMap((l) => [...l.refs, ...(l.keys ?? [])].map((c) => `${l.table}.${c}`)),
      ...DOCUMENT_SELF_LINKS.map((c) => `documents.${c}`),
      ...Object.keys(LINKS_NOT_CARRIED),
      ...Object.keys(LINKS_CARRIED_APART),
    ]);
    const pointers = pointersAtDocuments();
    expect(pointers.length).toBeGreaterThan(8);
    expect(pointers.filter((p) => !declared.has(p))).toEqual([]);
    // And the list names nothing the schema no longer has.
    expect([...declared].filter((d) => !pointers.includes(d))).toEqual([]);
    for (const why of Object.values(LINKS_NOT_CARRIED)) expect(why.length).toBeGreaterThan(20);
    for (const link of DOCUMENT_LINKS) expect(SALVAGED_TABLES).toContain(link.table);
    for (const table of ACCOUNT_TABLES) expect(SALVAGED_TABLES).toContain(table);
  });
});
