// Benchmark of the daily copies over 14 days: a weekly full copy and differentials between (backup/daily-kind.ts).
// A store of 100,000 realistic documents (1,000,000 with BENCH_BIG=1; payload about 2 KB and CDR about 1.9 KB, as a
// sale leaves them) sells a day's worth between copies (300 sales, each issued then accepted with its CDR, one commit
// each as the app does); each day's copy is taken, verified and kept as the app does. Prints per copy the bytes
// written (every write call of the process during the copy, its worker threads and the -wal checkpoint included; on
// a system without /proc/self/io, the size of what is kept), the bytes kept and the time; then the disk kept by the
// 14 copies against 14 full copies, and the time to rebuild the newest differential for a restore.
// Run alone with `npx tsx tests/bench/copies.bench.ts`.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createBackup, KEEP_DAILY, rotateDailyBackups } from '../../electron/core/backup';
import { withCopyImage } from '../../electron/core/backup/copy-image';
import { sidecarOf } from '../../electron/core/backup/page-hashes';
import { createRepositories, openDatabase, type Db } from '../../electron/core/db';
import { seededOnce } from './seed-cache';
import { seedRealistic } from './startup.bench';
import { bytesWritten } from '../support/bytes-written';
import { report } from './stats';

const DAYS = 14;
const SALES_PER_DAY = Number(process.env.BENCH_SALES_PER_DAY ?? 300);
const DAY_MS = 86_400_000;
const MB = 1e6;

const sizeOf = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);

/** A day's sales: each issued (pending) and then accepted with its CDR, one commit each. */
function sellDay(db: Db, repos: ReturnType<typeof createRepositories>, day: string, count: number): void {
  const template = db.sqlite.prepare('SELECT payload, cdr_xml, cdr_zip FROM documents ORDER BY id LIMIT 1').get() as {
    payload: string;
    cdr_xml: string;
    cdr_zip: Buffer;
  };
  // Number taken and document stored in one transaction, as the app issues.
  const issue = db.sqlite.transaction(() => {
    const number = repos.series.nextNumber('03', 'B001');
    const id = crypto.randomUUID();
    return repos.documents.insert({
      id_base_dato: id, doc_type: '03', series: 'B001', number, issued_at: `${day}T10:00:00-05:00`, issue_date: day,
      currency: 'PEN', customer_doc_type: '1', customer_doc_number: String(40_000_000 + number), customer_name: `CLIENTE ${number % 977}`,
      total: '25.00', igv: '3.81', payload: template.payload.replace(/"id_Base_Dato":"[^"]*"/, `"id_Base_Dato":"${id}"`),
    });
  });
  for (let i = 0; i < count; i++) {
    const docId = issue.immediate();
    repos.documents.updateStatus(docId, {
      status: 'accepted', hash: crypto.randomBytes(20).toString('base64'), cdr_code: '0', cdr_description: 'La Boleta ha sido aceptada',
      cdr_xml: template.cdr_xml, cdr_zip: template.cdr_zip, accepted_at: `${day}T10:00:05-05:00`,
    });
  }
}

export async function run(stored: number): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-bench-copies-'));
  const dbPath = path.join(dir, 'caja.db');
  const { seedMs, copied } = seededOnce(dbPath, `realistic-${stored}`, () => {
    const seeding = openDatabase({ path: dbPath });
    try {
      createRepositories(seeding).series.ensure('03', 'B001');
      const ms = seedRealistic(seeding, stored);
      seeding.sqlite.pragma('wal_checkpoint(TRUNCATE)');
      return ms;
    } finally {
      seeding.close();
    }
  });
  const db = openDatabase({ path: dbPath });
  try {
    const repos = createRepositories(db);
    repos.series.ensure('03', 'B001');
    report(`seed ${stored.toLocaleString('en')} realistic documents${copied ? ' (a copy of this run\'s store)' : ''}`, {
      s: seedMs / 1000, store_mb: sizeOf(dbPath) / MB,
    });
    const folder = path.join(dir, 'backups');
    let at = Date.parse('2026-03-02T13:00:00.000Z');
    const now = () => new Date(at);
    let fullBytes = 0;
    let writtenDifferential = 0;
    let keptDifferential = 0;
    let differentials = 0;
    let newestDifferential: string | undefined;
    for (let day = 0; day < DAYS; day++) {
      if (day > 0) sellDay(db, repos, new Date(at - 5 * 3600_000).toISOString().slice(0, 10), SALES_PER_DAY);
      const image = (db.sqlite.pragma('page_count', { simple: true }) as number) * (db.sqlite.pragma('page_size', { simple: true }) as number);
      const writtenBefore = bytesWritten();
      const t0 = performance.now();
      const copy = await createBackup(db.sqlite, { folder, reason: 'daily', now });
      const ms = performance.now() - t0;
      const writtenAfter = bytesWritten();
      if (copy.check !== 'ok') throw new Error(`copy ${copy.fileName}: ${copy.message ?? ''}`);
      const differential = copy.path.endsWith('.delta');
      const sidecar = sizeOf(sidecarOf(copy.path));
      const kept = copy.size + sidecar;
      const written = writtenBefore !== null && writtenAfter !== null ? writtenAfter - writtenBefore : kept;
      fullBytes += image;
      if (differential) {
        differentials += 1;
        writtenDifferential += written;
        keptDifferential += kept;
        newestDifferential = copy.path;
      }
      report(`  day ${String(day + 1).padStart(2)} ${differential ? 'differential' : 'full        '}`, {
        written_mb: written / MB, kept_mb: kept / MB, image_mb: image / MB, ms,
      });
      at += DAY_MS;
    }
    rotateDailyBackups(folder, KEEP_DAILY);
    const disk = fs.readdirSync(folder).reduce((sum, f) => sum + sizeOf(path.join(folder, f)), 0);
    report(`differential daily copy (mean of ${differentials})`, {
      written_mb: writtenDifferential / differentials / MB,
      written_pct_of_image: (100 * writtenDifferential) / (fullBytes / DAYS) / differentials,
      kept_mb: keptDifferential / differentials / MB,
      kept_pct_of_image: (100 * keptDifferential) / (fullBytes / DAYS) / differentials,
    }, { figure: 'written_pct_of_image', atMost: 25, unit: '%' }, { figure: 'kept_pct_of_image', atMost: 25, unit: '%' });
    report(`disk kept by ${DAYS} days of copies`, { mb: disk / MB, full_copies_mb: fullBytes / MB, pct: (100 * disk) / fullBytes },
      { figure: 'pct', atMost: 40, unit: '%' });
    if (newestDifferential) {
      const t0 = performance.now();
      await withCopyImage(newestDifferential, async () => undefined);
      report('  rebuild the newest differential (restore)', { s: (performance.now() - t0) / 1000 });
    }
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run(process.env.BENCH_BIG === '1' ? 1_000_000 : Number(process.env.BENCH_DOCS ?? 100_000)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
