// Benchmark of a start with years of history: the time from nothing open to ready to sell (the shell's start-up
// check, the core's open, its start and the first status), cold (the database file's pages dropped from the page
// cache, as after a shop PC's morning boot) and warm, with 100,000 realistic documents (1,000,000 with BENCH_BIG=1:
// seeding takes many minutes). Target: ready to sell in 2 s or less. Also: the whole-file check that now runs in the
// background (its duration and a sale made while it runs), what the old start-up check (quick_check, run by the shell
// and again by the core) cost, and the -wal frames (pages) one sale and one status change write.
//
// The page cache is dropped per file with posix_fadvise(POSIX_FADV_DONTNEED), through `dd iflag=nocache count=0`
// (GNU coreutils), after an fsync: it touches only this benchmark's files, and needs no root. `fincore` tells how much
// stayed cached. Run alone with `npx tsx tests/bench/startup.bench.ts`.
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createCore, type Core } from '../../electron/core/app';
import { checkDatabaseFile } from '../../electron/core/backup';
import { DocumentsRepository, type Db } from '../../electron/core/db';
import { SearchIndexer } from '../../electron/core/db/search-index';
import { memorySecretStore } from '../../electron/core/services/secrets';
import { seededOnce } from './seed-cache';
import { report } from './stats';

const TARGET_S = 2;

/** A 5-line boleta as sent (about 2 KB), its CDR as stored: the XML (about 1.9 KB) and its zip. */
const PAYLOAD = JSON.stringify({
  tipo_Operacion: '0101', tipo_Doc: '03', serie: 'B001', correlativo: '1', tipo_Moneda: 'PEN', fecha_Emision: '2025-06-01',
  empresa_Ruc: '20131312955', cliente_Tipo_Doc: '1', cliente_Num_Doc: '40000001', cliente_Nombre: 'QUISPE FLORES MARIA',
  monto_Oper_Gravadas: 21.19, monto_Igv: 3.81, total_Impuestos: 3.81, monto_Imp_Venta: 25,
  detalle: Array.from({ length: 5 }, (_, k) => ({
    codigo: `P00${k}`, descripcion: `Producto de prueba número ${k} de la tienda`, unidad: 'NIU', cantidad: 1,
    monto_Valor_Unitario: 4.24, monto_Base_Igv: 4.24, porcentaje_Igv: 18, monto_Igv: 0.76, tipo_Afectacion_Igv: '10',
    total_Impuestos: 0.76, monto_Precio_Unitario: 5, monto_Valor_Venta: 4.24, codigo_Producto_Sunat: '50161813',
  })),
  leyendas: [{ codigo: '1000', descripcion: 'SON VEINTICINCO CON 00/100 SOLES' }],
  id_Base_Dato: '00000000-0000-0000-0000-000000000000',
});
const CDR_XML = `<?xml version="1.0" encoding="UTF-8"?><ar:ApplicationResponse>${'<cbc:Note>4287 - El comprobante fue aceptado</cbc:Note>'.repeat(36)}</ar:ApplicationResponse>`;
const CDR_ZIP_BYTES = 1_000;

/** Where seedRealistic puts the issue dates: `days` days ending on `lastDay` (YYYY-MM-DD). */
export interface SeedSpan {
  lastDay: string;
  days: number;
}

/**
 * `count` accepted boletas of B001 with realistic payloads and CDRs, the last one issued now (no clock question). Their
 * issue dates spread evenly over 5 years from 2021-01-01, or over `span` (the history bench ends it yesterday).
 */
export function seedRealistic(db: Db, count: number, span?: SeedSpan): number {
  const t0 = performance.now();
  const insert = db.sqlite.prepare(`INSERT INTO documents (id_base_dato, doc_type, series, number, issued_at, issue_date,
    currency, customer_doc_type, customer_doc_number, customer_name, total, igv, payload, status, hash, cdr_code,
    cdr_description, cdr_zip, cdr_xml, accepted_at, created_at, updated_at)
    VALUES (?, '03', 'B001', ?, ?, ?, 'PEN', '1', ?, ?, ?, '0.00', ?, 'accepted', ?, '0', 'La Boleta ha sido aceptada', ?, ?, ?, ?, ?)`);
  const now = new Date().toISOString();
  const zip = crypto.randomBytes(CDR_ZIP_BYTES);
  const batch = 20_000;
  const days = span?.days ?? 5 * 364;
  const first = span ? Date.parse(`${span.lastDay}T00:00:00Z`) - (days - 1) * 86_400_000 : Date.UTC(2021, 0, 1);
  for (let from = 1; from <= count; from += batch) {
    db.sqlite.transaction(() => {
      for (let n = from; n < Math.min(count + 1, from + batch); n++) {
        const day = new Date(first + Math.floor(((n - 1) / count) * days) * 86_400_000).toISOString().slice(0, 10);
        const issuedAt = n === count ? now : `${day}T12:00:00-05:00`;
        const id = crypto.randomUUID();
        insert.run(id, n, issuedAt, day, String(40_000_000 + n), `CLIENTE ${n % 977}`, ((n % 50_000) / 100 + 1).toFixed(2),
          PAYLOAD.replace('00000000-0000-0000-0000-000000000000', id), crypto.randomBytes(20).toString('base64'), zip, CDR_XML, issuedAt, day, day);
      }
    })();
  }
  db.sqlite.prepare("UPDATE series SET last_number = ? WHERE doc_type = '03' AND series = 'B001'").run(count);
  new SearchIndexer(db.sqlite).catchUp();
  return performance.now() - t0;
}

const filesOf = (dbPath: string) => [dbPath, `${dbPath}-wal`, `${dbPath}-shm`].filter((f) => fs.existsSync(f));

/** Drops the files' pages from the page cache (posix_fadvise DONTNEED via dd); answers the bytes still cached. */
function dropCache(dbPath: string): number {
  let cached = 0;
  for (const file of filesOf(dbPath)) {
    const fd = fs.openSync(file, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    execFileSync('dd', [`if=${file}`, 'iflag=nocache', 'count=0', 'status=none']);
    try {
      cached += Number(execFileSync('fincore', ['--bytes', '--noheadings', '--output', 'RES', file], { encoding: 'utf8' }).trim());
    } catch {
      cached = Number.NaN; // no fincore: unknown
    }
  }
  return cached;
}

const coreOptions = (dataDir: string, backgroundCheck: false | { delayMs: number }) => ({
  dataDir, fetch: globalThis.fetch, secrets: memorySecretStore(), dailyBackups: false, backgroundCheck,
});

async function sell(core: Core, i: number): Promise<void> {
  const res = await core.dispatch('issueSale', {
    clientKey: crypto.randomUUID(), docType: '03', customer: { docType: '0', docNumber: '', name: '', address: '' },
    lines: [{ code: 'P1', description: `Producto ${i}`, unit: 'NIU', quantity: '1', unitPrice: '4.20', affectation: '10' }],
  });
  if (!res.ok) throw new Error(JSON.stringify(res.error));
}

/** The app's start: the shell's check, the core's open and start, the first status. Answers the seconds and the core. */
async function readyToSell(dataDir: string, dbPath: string): Promise<{ s: number; core: Core }> {
  const t0 = performance.now();
  const check = checkDatabaseFile(dbPath, { mode: 'startup' });
  if (check.state !== 'ok') throw new Error(`start-up check: ${check.state} ${check.reason ?? ''}`);
  // The background check starts at once here (the app waits 5 s), so the sale below runs while it reads the file.
  const core = createCore(coreOptions(dataDir, { delayMs: 0 }));
  core.start();
  const status = await core.dispatch('getStatus', {});
  if (!status.ok) throw new Error(JSON.stringify(status.error));
  return { s: (performance.now() - t0) / 1000, core };
}

async function startOnce(label: string, dataDir: string, dbPath: string, cold: boolean): Promise<number> {
  const cached = cold ? dropCache(dbPath) : Number.NaN;
  const { s, core } = await readyToSell(dataDir, dbPath);
  try {
    const t1 = performance.now();
    await sell(core, 0);
    const saleMs = performance.now() - t1;
    const state = await core.storageCheck.run();
    const checkS = (performance.now() - t1) / 1000;
    report(`  ${label}`, {
      ready_s: s, first_sale_ms: saleMs, background_check_s: checkS, check: state,
      ...(cold ? { cached_kb_after_drop: cached / 1024 } : {}),
    }, { figure: 'ready_s', atMost: TARGET_S, unit: 's' });
  } finally {
    await core.stop();
    core.close();
  }
  return s;
}

/**
 * The pages the -wal received for `work` (one frame per page written): the -wal emptied first, then its frames' page
 * numbers read from the file (https://sqlite.org/fileformat2.html#walformat).
 */
async function pagesOf(db: Db, work: () => unknown): Promise<number[]> {
  db.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  await work();
  // PASSIVE reports the frames in the -wal (TRUNCATE would report the emptied one).
  const [row] = db.sqlite.pragma('wal_checkpoint(PASSIVE)') as { log: number }[];
  const bytes = fs.readFileSync(`${db.path}-wal`);
  const pageSize = bytes.readUInt32BE(8);
  return Array.from({ length: row?.log ?? 0 }, (_, i) => bytes.readUInt32BE(32 + i * (24 + pageSize)));
}

/** Pages per operation, and where they went (table or index, from dbstat), averaged over the runs. */
function describePages(db: Db, runs: number[][]): Record<string, number> {
  // dbstat has no index by page: one pass over it, keeping the pages asked about.
  const wanted = new Set(runs.flat());
  const names = new Map<number, string>();
  for (const row of db.sqlite.prepare('SELECT name, pageno FROM dbstat').iterate() as Iterable<{ name: string; pageno: number }>) {
    if (wanted.has(row.pageno)) names.set(row.pageno, row.name);
  }
  const by = new Map<string, number>();
  for (const page of runs.flat()) {
    const name = names.get(page) ?? 'free';
    by.set(name, (by.get(name) ?? 0) + 1);
  }
  const top = [...by.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6);
  return { pages: runs.flat().length / runs.length, ...Object.fromEntries(top.map(([name, n]) => [name, n / runs.length])) };
}

/**
 * -wal pages a sale and the outbox's status changes write: as stored today (payload and CDR in the documents row), and
 * with the same writes on a row without them (what keeping payload and CDR in tables of their own could save).
 */
async function pagesWritten(dataDir: string): Promise<void> {
  const core = createCore(coreOptions(dataDir, false)); // not started: no outbox claims the sales meanwhile
  try {
    const repo = new DocumentsRepository(core.db);
    for (const lean of [false, true]) {
      const sale: number[][] = [];
      const claim: number[][] = [];
      const accept: number[][] = [];
      for (let i = 0; i < 20; i++) {
        sale.push(await pagesOf(core.db, () => sell(core, i)));
        const id = core.db.sqlite.prepare("SELECT MAX(id) FROM documents WHERE status = 'pending'").pluck().get() as number;
        if (lean) core.db.sqlite.prepare("UPDATE documents SET payload = '{}' WHERE id = ?").run(id);
        claim.push(await pagesOf(core.db, () => repo.updateStatus(id, { status: 'sending' })));
        const cdr = lean ? {} : { cdr_zip: crypto.randomBytes(CDR_ZIP_BYTES), cdr_xml: CDR_XML };
        accept.push(await pagesOf(core.db, () => repo.updateStatus(id, { status: 'accepted', cdr_code: '0', cdr_description: 'Aceptada', hash: 'x', accepted_at: new Date().toISOString(), ...cdr })));
      }
      const label = lean ? '  -wal pages, row without payload and CDR' : '  -wal pages (4 KB each), as stored';
      if (!lean) report(`${label}: a sale`, describePages(core.db, sale));
      report(`${label}: claim (pending -> sending)`, describePages(core.db, claim));
      report(`${label}: acceptance${lean ? ' (CDR not stored)' : ' with its CDR'}`, describePages(core.db, accept));
    }
  } finally {
    core.close();
  }
}

export async function run(sizes: number[]): Promise<void> {
  for (const size of sizes) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-bench-startup-'));
    const dbPath = path.join(dataDir, 'caja.db');
    try {
      const { seedMs, copied } = seededOnce(dbPath, `realistic-${size}`, () => {
        const seeding = createCore(coreOptions(dataDir, false));
        const ms = seedRealistic(seeding.db, size);
        seeding.db.sqlite.pragma('wal_checkpoint(TRUNCATE)');
        seeding.close();
        return ms;
      });
      const mb = fs.statSync(dbPath).size / 1e6;
      console.log(`## ${size.toLocaleString('en')} realistic documents: ${mb.toFixed(0)} MB (seeded in ${(seedMs / 1000).toFixed(0)} s${copied ? ', this run copied that store' : ''};`
        + ` ${os.cpus().length} CPUs, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}); cache dropped with posix_fadvise DONTNEED (dd iflag=nocache)`);
      console.log(`  ready to sell (target <= ${TARGET_S} s): the shell's start-up check + the core's open and start + the first status`);
      await startOnce('cold', dataDir, dbPath, true);
      for (let i = 1; i <= 3; i++) await startOnce(`warm ${i}`, dataDir, dbPath, false);
      // What the start no longer does: quick_check of the whole file (the shell ran it, then the core again).
      dropCache(dbPath);
      const t0 = performance.now();
      const state = checkDatabaseFile(dbPath).state;
      report('  old start-up check, once (quick_check), cold', { s: (performance.now() - t0) / 1000, state });
      await pagesWritten(dataDir);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run(process.env.BENCH_BIG === '1' ? [100_000, 1_000_000] : [Number(process.env.BENCH_DOCS ?? 100_000)]).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
