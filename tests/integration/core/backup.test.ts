// Backups, restore and exports against the real core (real SQLite file, real services).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import Decimal from 'decimal.js';
import JSZip from 'jszip';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../electron/core/app';
import { applyRestore, backupFoldersOf, BackupService, inspectDatabaseFile, latestGoodBackup } from '../../../electron/core/backup';
import { defaultMigrationsDir, SettingsRepository, type DocumentRow } from '../../../electron/core/db';
import { CSV_COLUMNS, ExportService, ZIP_CSV_NAME } from '../../../electron/core/export';
import { memorySecretStore } from '../../../electron/core/services/secrets';
import { DOC_STATUS_LABELS, type DocumentSummary } from '../../../shared/bridge';
import { backupContract, RestoreReportSchema } from '../../../shared/bridge/backup';
import type { FileChooser, SaveFileRequest } from '../../../electron/core/services/file-chooser';
import { seedDocuments } from '../../bench/seed-documents';
import { damageMiddle } from '../../unit/core/backup/helpers';
import { parseCsv } from '../../unit/core/backup/parse-csv';
import { readCsvCell } from '../../../electron/core/export/csv';
import { anonymousBoleta, line, startRig, until, type Rig } from './harness';

const migrationsDir = defaultMigrationsDir();
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A core with no API at all (nothing is sent): issuing only. */
function offlineCore(dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-backup-it-'))): { core: Core; dataDir: string } {
  const core = createCore({ dataDir, fetch: globalThis.fetch, secrets: memorySecretStore() });
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return { core, dataDir };
}

function backupsOf(core: Core, dataDir: string, pagesPerStep?: number): BackupService {
  return new BackupService({ db: core.db, settings: new SettingsRepository(core.db), dataDir, migrationsDir, pagesPerStep });
}

async function issue(core: Core, over: Record<string, unknown> = {}): Promise<DocumentSummary> {
  // Seeded stores end in 2025: the first sale today, offline, asks about the clock; the cashier confirms.
  const res = await core.dispatch('issueSale', anonymousBoleta({ confirmed: ['clock'], ...over }));
  if (!res.ok) throw new Error(JSON.stringify(res.error));
  return res.value as DocumentSummary;
}

const nextMacrotask = () => new Promise<void>((resolve) => setImmediate(resolve));

const liveCount = (core: Core) => core.db.sqlite.prepare('SELECT COUNT(*) FROM documents').pluck().get() as number;

describe.each([
  { mode: 'in a worker thread (default)', offThread: true },
  { mode: 'stepped on the main thread', offThread: false },
])('backup while documents are being issued, $mode', ({ offThread }) => {
  it('gives a copy that passes integrity_check and is consistent with itself and with the live database', async () => {
    const { core, dataDir } = offlineCore();
    cleanups.push(() => core.close());
    seedDocuments(core.db, 5_000);
    // Seeded rows get their first event, as the app writes it, so "every document has its events" holds from the start.
    core.db.sqlite.exec(`INSERT INTO document_events (document_id, at, from_status, to_status, detail)
      SELECT id, created_at, NULL, status, 'seed' FROM documents`);
    const backups = new BackupService({
      db: core.db, settings: new SettingsRepository(core.db), dataDir, migrationsDir, pagesPerStep: 4, offThread,
    });

    let issuing = true;
    let issued = 0;
    const loop = (async () => {
      while (issuing) {
        await issue(core);
        issued += 1;
        await nextMacrotask(); // as sales arrive over IPC: one per turn of the event loop
      }
    })();
    while (issued < 20) await nextMacrotask();
    const before = issued;
    const countAtStart = liveCount(core);
    const info = await backups.backupNow('manual');
    const countAtEnd = liveCount(core);
    const during = issued - before;
    issuing = false;
    await loop;

    expect(info).toMatchObject({ check: 'ok', message: null });
    expect(during).toBeGreaterThan(5); // issuing went on while the copy was taken
    const copy = new Database(info.path, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const { n, maxId } = copy.prepare('SELECT COUNT(*) AS n, MAX(id) AS maxId FROM documents').get() as { n: number; maxId: number };
      expect(n).toBe(info.documents);
      expect(n).toBeGreaterThanOrEqual(countAtStart);
      expect(n).toBeLessThanOrEqual(countAtEnd);
      // Stepped on the app's own connection, writes made during the copy are mirrored into it.
      if (!offThread) expect(n).toBeGreaterThan(countAtStart);
      const withoutEvents = copy
        .prepare('SELECT COUNT(*) AS n FROM documents d WHERE NOT EXISTS (SELECT 1 FROM document_events e WHERE e.document_id = d.id)')
        .get();
      expect(withoutEvents).toEqual({ n: 0 });
      const orphanEvents = copy
        .prepare('SELECT COUNT(*) AS n FROM document_events e WHERE NOT EXISTS (SELECT 1 FROM documents d WHERE d.id = e.document_id)')
        .get();
      expect(orphanEvents).toEqual({ n: 0 });
      const series = copy.prepare("SELECT last_number FROM series WHERE doc_type = '03' AND series = 'B001'").pluck().get();
      const maxNumber = copy.prepare("SELECT MAX(number) FROM documents WHERE doc_type = '03' AND series = 'B001'").pluck().get();
      expect(series).toBe(maxNumber);
      // Exactly the live documents up to that point, no more, no fewer.
      const ids = (db: Database.Database) => db.prepare('SELECT id_base_dato FROM documents WHERE id <= ? ORDER BY id').pluck().all(maxId);
      expect(ids(copy)).toEqual(ids(core.db.sqlite));
    } finally {
      copy.close();
    }
  }, 60_000);
});

describe('restore round trip', () => {
  it('plans (missing documents listed), applies with the core closed, reopens on the copy and keeps every later sale', async () => {
    const first = offlineCore();
    let core = first.core;
    const { dataDir } = first;
    for (let i = 0; i < 5; i++) await issue(core);
    const backups = backupsOf(core, dataDir);
    const backup = await backups.backupNow('manual');
    const later = [await issue(core), await issue(core), await issue(core)];

    const report = await backups.planRestore(backup.path);
    // What the core returns is what the bridge contract promises.
    expect(RestoreReportSchema.parse(report)).toEqual(report);
    expect(backupContract.backupNow.output.parse(backup)).toEqual(backup);
    expect(backupContract.listBackups.output.parse(backups.listBackups()).backups[0]?.fileName).toBe(backup.fileName);
    expect(report).toMatchObject({ backupDocuments: 5, liveDocuments: 8, missing: { count: 3, truncated: false } });
    expect(report.missing.documents.map((d) => `${d.series}-${d.number}`)).toEqual(later.map((d) => `${d.series}-${d.number}`));
    expect(report.missing.firstDate).toBe(later[0]!.issueDate);

    const backupFolder = backups.folder(); // read while the core is open: the shell does the same before closing it
    await core.stop();
    core.close();
    const result = await applyRestore(backup.path, path.join(dataDir, 'caja.db'), { backupFolder, migrationsDir });
    expect(result.preRestoreBackup).toMatchObject({ check: 'ok', documents: 8 });
    // The 3 sales issued after the copy were never declared (offline): a restore never loses them.
    expect(result.carried).toEqual({ carried: 3, undeclared: 3, refreshed: 0 });

    core = createCore({ dataDir, fetch: globalThis.fetch, secrets: memorySecretStore() });
    cleanups.push(() => core.close());
    const list = await core.dispatch('listDocuments', {});
    expect(list.ok && (list.value as { rows: DocumentSummary[] }).rows.map((r) => r.number).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // Their payments come with them: the shift's cash still counts them.
    const carriedDoc = (list.ok ? (list.value as { rows: DocumentSummary[] }).rows : []).find((r) => r.number === 8)!;
    const detail = await core.dispatch('getDocument', { id: carriedDoc.id });
    expect(detail).toMatchObject({ ok: true, value: { payments: [{ method: 'efectivo', kind: 'cash' }] } });
    // Numbers 6-8 were already used before the restore: the next sale does not reuse them.
    expect((await issue(core)).number).toBe(9);
  });
});

/** The archive holds exactly, byte for byte, each document's sent JSON, its CDR XML and the CSV, named as SUNAT does. */
async function expectZipOf(bytes: Buffer, rows: DocumentRow[], csv: string): Promise<void> {
  const zip = await JSZip.loadAsync(bytes);
  const ruc = (JSON.parse(rows[0]!.payload) as { empresa_Ruc: string }).empresa_Ruc;
  const baseOf = (r: DocumentRow) => `${ruc}-${r.doc_type}-${r.series}-${r.number}`;
  expect(Object.keys(zip.files).sort()).toEqual(
    [...rows.flatMap((r) => [`${baseOf(r)}.json`, `R-${baseOf(r)}.xml`]), ZIP_CSV_NAME].sort(),
  );
  for (const r of rows) {
    expect(Buffer.from(await zip.file(`${baseOf(r)}.json`)!.async('uint8array')).equals(Buffer.from(r.payload, 'utf8'))).toBe(true);
    expect(await zip.file(`R-${baseOf(r)}.xml`)!.async('string')).toBe(r.cdr_xml);
  }
  expect(await zip.file(ZIP_CSV_NAME)!.async('string')).toBe(csv);
}

describe('export for the accountant', () => {
  async function rigWithDays(): Promise<{ rig: Rig; setDay: (daysAgo: number) => void }> {
    let daysAgo = 0;
    const rig = await startRig({ core: { now: () => new Date(Date.now() - daysAgo * 86_400_000) } });
    cleanups.push(() => rig.dispose());
    return { rig, setDay: (d) => (daysAgo = d) };
  }

  it('writes every document of the range with its totals by category, and a zip of sent JSON and CDR XML', async () => {
    const { rig, setDay } = await rigWithDays();
    const factura = {
      docType: '01',
      customer: { docType: '6', docNumber: '20100066603', name: 'COMERCIAL "ANDINA", S.A.', address: 'Jr. Lima 100' },
      lines: [
        line({ description: 'Libro escolar', affectation: '20', unitPrice: '35.00', quantity: '1' }),
        line({ code: 'BOLSA', description: 'Bolsa plástica', unitPrice: '0.10', quantity: '3', bag: true }),
        line(),
      ],
    };
    // Each day's first sale comes a day after the last one, before the API answered: the cashier confirms the date.
    const confirmed = ['clock'];
    setDay(2);
    await rig.call('issueSale', anonymousBoleta()); // outside the range
    setDay(1);
    const inRange = [await rig.call<DocumentSummary>('issueSale', anonymousBoleta({ confirmed })), await rig.call<DocumentSummary>('issueSale', { clientKey: crypto.randomUUID(), ...factura })];
    setDay(0);
    inRange.push(await rig.call<DocumentSummary>('issueSale', anonymousBoleta({ confirmed, customer: { docType: '1', docNumber: '45678912', name: 'Pérez\nJuan', address: '' } })));
    await until(rig, () => rig.core.outbox.status.online === true && rig.core.db.sqlite.prepare("SELECT COUNT(*) FROM documents WHERE status = 'pending'").pluck().get() === 0);

    const from = inRange[0]!.issueDate;
    const to = inRange[2]!.issueDate;
    // Stands in for the system's save dialog: records the request, answers a path in a temp folder (or cancels).
    const saveDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-export-'));
    cleanups.push(() => fs.rmSync(saveDir, { recursive: true, force: true }));
    const asked: SaveFileRequest[] = [];
    let cancel = false;
    const files: FileChooser = {
      chooseFolder: async () => null,
      chooseSaveFile: async (request) => (asked.push(request), cancel ? null : path.join(saveDir, request.defaultName)),
    };
    const exporter = new ExportService({ db: rig.core.db, demo: () => true, files });
    const rows = inRange.map((d) => rig.core.db.sqlite.prepare('SELECT * FROM documents WHERE id = ?').get(d.id) as DocumentRow);
    expect(rows.every((r) => r.cdr_xml !== null && r.hash !== null)).toBe(true);

    const csv = await exporter.exportDocumentsCsv({ from, to });
    expect(csv.charCodeAt(0)).not.toBe(0xfeff); // UTF-8 without BOM
    const [header, ...lines] = parseCsv(csv);
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(lines).toHaveLength(3);
    // A cell that starts like a formula (a base64 hash may start with '+') is written neutralised: read it back.
    const col = (l: string[], name: (typeof CSV_COLUMNS)[number]) => readCsvCell(l[CSV_COLUMNS.indexOf(name)]!);
    const byKey = new Map(lines.map((l) => [`${col(l, 'tipo')}-${col(l, 'serie')}-${col(l, 'numero')}`, l]));
    for (const row of rows) {
      const l = byKey.get(`${row.doc_type}-${row.series}-${row.number}`)!;
      expect(l).toBeDefined();
      expect(col(l, 'fecha')).toBe(row.issue_date);
      expect(col(l, 'moneda')).toBe(row.currency);
      expect([col(l, 'cliente_tipo_doc'), col(l, 'cliente_num_doc'), col(l, 'cliente_nombre')]).toEqual([
        row.customer_doc_type, row.customer_doc_number, row.customer_name,
      ]);
      expect(col(l, 'igv')).toBe(row.igv);
      expect(col(l, 'total')).toBe(row.total);
      for (const name of ['op_gravadas', 'op_exoneradas', 'igv', 'icbper', 'total'] as const) expect(col(l, name)).toMatch(/^\d+\.\d{2}$/);
      // The categories add up to the total the document was issued for.
      const sum = ['op_gravadas', 'op_exoneradas', 'igv', 'icbper'].reduce((s, n) => s.plus(col(l, n as 'igv')), new Decimal(0));
      expect(sum.toFixed(2)).toBe(row.total);
      expect(col(l, 'estado')).toBe(DOC_STATUS_LABELS[row.status]);
      expect(col(l, 'codigo_sunat')).toBe(row.cdr_code);
      expect(col(l, 'hash')).toBe(row.hash);
    }
    // The factura: 35.00 exonerated, ICBPER = 3 bags x the year's factor (read from the line as sent).
    const facturaRow = rows[1]!;
    const bagLine = (JSON.parse(facturaRow.payload) as { detalle: { factor_Icbper?: number }[] }).detalle[1]!;
    const f = byKey.get(`01-${facturaRow.series}-${facturaRow.number}`)!;
    expect(col(f, 'op_exoneradas')).toBe('35.00');
    expect(col(f, 'icbper')).toBe(new Decimal(String(bagLine.factor_Icbper)).times(3).toFixed(2));
    expect(col(f, 'cliente_nombre')).toBe('COMERCIAL "ANDINA", S.A.');

    const zipFile = await exporter.exportDocuments({ from, to, format: 'zip' });
    expect(zipFile).toEqual({ saved: true, fileName: `comprobantes-${from}-al-${to}.zip`, documents: rows.length, bytes: expect.any(Number) });
    expect(asked.at(-1)).toMatchObject({ defaultName: `comprobantes-${from}-al-${to}.zip` });
    // Built and written in a worker thread by default; the same archive when built on this thread (the fallback).
    const hereZip = await new ExportService({ db: rig.core.db, demo: () => true, offThread: false }).exportDocumentsZip({ from, to });
    for (const bytes of [fs.readFileSync(path.join(saveDir, zipFile.fileName!)), hereZip]) await expectZipOf(bytes, rows, csv);
    expect(fs.readdirSync(saveDir).filter((f) => f.endsWith('.part'))).toEqual([]);

    expect(backupContract.exportDocuments.output.parse(zipFile)).toEqual(zipFile);
    const csvFile = await exporter.exportDocuments(backupContract.exportDocuments.input.parse({ from, to, format: 'csv' }));
    expect(fs.readFileSync(path.join(saveDir, csvFile.fileName!), 'utf8')).toBe(csv);
    // Cancelling the dialog writes nothing.
    cancel = true;
    expect(await exporter.exportDocuments({ from, to, format: 'csv' })).toEqual({ saved: false, fileName: null, documents: 0, bytes: 0 });
    // Only documents of the current mode: real ones never mix with demo ones.
    expect(await new ExportService({ db: rig.core.db, demo: () => false }).exportDocumentsCsv({ from, to })).toBe(`${CSV_COLUMNS.join(',')}\r\n`);
    await expect(exporter.exportDocumentsCsv({ from: to, to: '2000-01-01' })).rejects.toThrow(/posterior/);
  });
});

describe('a damaged database at start', () => {
  it('is reported as corrupt and the latest good backup is offered', async () => {
    const { core, dataDir } = offlineCore();
    seedDocuments(core.db, 5_000);
    const backups = backupsOf(core, dataDir);
    const good = await backups.backupNow('daily');
    await core.stop();
    core.close();
    const live = path.join(dataDir, 'caja.db');
    expect(inspectDatabaseFile(live)).toBe('ok');
    damageMiddle(live);
    expect(inspectDatabaseFile(live)).toBe('corrupt');
    // The settings inside the damaged file cannot be read: the folders come from the data folder.
    expect(await latestGoodBackup(backupFoldersOf(dataDir), migrationsDir)).toMatchObject({ fileName: good.fileName, documents: 5_000 });
  });
});

describe('daily backups in the running core', () => {
  it('makes a verified daily copy when the core starts, and answers the bridge methods', async () => {
    const rig = await startRig({ core: { dailyBackups: true } });
    try {
      rig.core.start();
      await rig.core.backups.idle();
      let list = await rig.call<{ backups: { reason: string; check: string }[] }>('listBackups');
      for (let i = 0; i < 50 && !list.backups.some((b) => b.reason === 'daily'); i++) {
        await new Promise((r) => setTimeout(r, 100));
        await rig.core.backups.idle();
        list = await rig.call('listBackups');
      }
      expect(list.backups.find((b) => b.reason === 'daily')).toMatchObject({ check: 'ok' });
      const manual = await rig.call<{ reason: string; check: string }>('backupNow');
      expect(manual).toMatchObject({ reason: 'manual', check: 'ok' });
    } finally {
      await rig.dispose();
    }
  });
});

describe('restore from Ajustes', () => {
  it('restores only the copy chosen in the dialog, after showing what it lacks', async () => {
    const restored: string[] = [];
    let offer: string | null = null;
    const rig = await startRig({
      core: { restorer: { chooseFile: async () => offer, restore: async (file) => void restored.push(file) } },
    });
    try {
      await rig.call('issueSale', anonymousBoleta());
      const copy = await rig.call<{ path: string }>('backupNow');
      await rig.call('issueSale', anonymousBoleta());

      expect(await rig.call('chooseRestoreFile')).toEqual({ report: null });
      expect(await rig.raw('restoreBackup', { file: copy.path })).toMatchObject({ ok: false, error: { code: 'validation' } });

      offer = copy.path;
      const { report } = await rig.call<{ report: { backupDocuments: number; missing: { count: number } } }>('chooseRestoreFile');
      expect(report).toMatchObject({ backupDocuments: 1, missing: { count: 1 } });
      expect(await rig.raw('restoreBackup', { file: '/etc/passwd' })).toMatchObject({ ok: false, error: { code: 'validation' } });
      expect(await rig.call('restoreBackup', { file: copy.path })).toEqual({ restarting: true });
      expect(restored).toEqual([copy.path]);
      expect(await rig.raw('restoreBackup', { file: copy.path })).toMatchObject({ ok: false, error: { code: 'validation' } });

      offer = path.join(rig.dataDir, 'no-es-copia.db');
      fs.writeFileSync(offer, 'esto no es una base de datos');
      expect(await rig.raw('chooseRestoreFile')).toMatchObject({ ok: false });
    } finally {
      await rig.dispose();
    }
  });

  it('says so when the environment cannot restore', async () => {
    const rig = await startRig();
    try {
      expect(await rig.raw('chooseRestoreFile')).toMatchObject({ ok: false, error: { code: 'restore_unavailable' } });
    } finally {
      await rig.dispose();
    }
  });
});
