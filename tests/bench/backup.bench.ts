// Benchmark of backups: backing up a store of 1,000,000 documents while the till keeps issuing in the same process;
// then, under the same load, planning a restore from that copy and exporting a week for the accountant.
// Sales arrive on a fixed schedule (one every ARRIVAL_MS, as IPC messages would) and each one's latency is measured
// from its arrival to its stored document, so time spent waiting behind backup work on the event loop counts.
// Target: no sale waits more than one frame (16 ms) while the copy is taken and verified.
// Run alone with `npx tsx tests/bench/backup.bench.ts` (it takes about a minute: most of it is seeding).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createCore, type Core } from '../../electron/core/app';
import { BackupService, createBackupSync, DEFAULT_PAGES_PER_STEP, inspectDatabaseFile } from '../../electron/core/backup';
import { SettingsRepository } from '../../electron/core/db';
import { ExportService } from '../../electron/core/export';
import { memorySecretStore } from '../../electron/core/services/secrets';
import { seedDocuments } from './seed-documents';
import { percentile, report } from './stats';

const ARRIVAL_MS = 20;
/** BENCH_PARTS=export (comma-separated: backup, restore, export) runs only those parts, for a quicker look at one. */
const only = (part: string) => (process.env.BENCH_PARTS ?? part).split(',').includes(part);
/** About the size of a 5-line boleta as sent, and of its CDR. */
const REALISTIC_PAYLOAD = JSON.stringify({
  empresa_Ruc: '20131312955', tipo_Doc: '03', serie: 'B001', monto_Oper_Gravadas: 21.19, monto_Igv: 3.81,
  total_Impuestos: 3.81, monto_Imp_Venta: 25, detalle: Array.from({ length: 5 }, (_, k) => ({
    codigo: `P${k}`, descripcion: `Producto de prueba ${k}`, unidad: 'NIU', cantidad: 1, monto_Valor_Unitario: 4.24,
    monto_Base_Igv: 4.24, monto_Igv: 0.76, total_Impuestos: 0.76, monto_Precio_Unitario: 5, monto_Valor_Venta: 4.24,
  })),
});
const REALISTIC_CDR_XML = `<?xml version="1.0" encoding="UTF-8"?><ar:ApplicationResponse>${'<cbc:Note>x</cbc:Note>'.repeat(120)}</ar:ApplicationResponse>`;
const FRAME_MS = 16;

const sale = (i: number) => ({
  docType: '03',
  customer: { docType: '0', docNumber: '', name: '', address: '' },
  lines: Array.from({ length: 5 }, (_, k) => ({
    code: `P${k}`, description: `Producto ${k}`, unit: 'NIU', quantity: String(1 + ((i + k) % 4)), unitPrice: '4.20', affectation: '10',
  })),
  // The seeded store's last sale is in 2025: the first sale today, offline, asks about the clock.
  confirmed: ['clock'],
});

async function issue(core: Core, i: number): Promise<void> {
  const res = await core.dispatch('issueSale', { clientKey: crypto.randomUUID(), ...sale(i) });
  if (!res.ok) throw new Error(JSON.stringify(res.error));
}

/** Sales arriving every ARRIVAL_MS until stopped; latency of each = done − scheduled arrival. */
function startArrivals(core: Core): { stop(): Promise<number[]>; lateAt: number[] } {
  const latencies: number[] = [];
  /** When each sale over a frame arrived, in ms from the start (to tell what was running then). */
  const lateAt: number[] = [];
  let running = true;
  let i = 0;
  const start = performance.now();
  let finished!: () => void;
  const done = new Promise<void>((resolve) => (finished = resolve));
  const next = () => {
    if (!running) return finished();
    const due = start + i * ARRIVAL_MS;
    setTimeout(() => {
      void issue(core, i).then(() => {
        const latency = performance.now() - due;
        latencies.push(latency);
        if (latency > FRAME_MS) lateAt.push(due - start);
        i += 1;
        next();
      });
    }, Math.max(0, due - performance.now()));
  };
  next();
  return {
    lateAt,
    async stop() {
      running = false;
      await done;
      return latencies;
    },
  };
}

const summary = (samples: number[]) => ({
  sales: String(samples.length),
  p50_ms: percentile(samples, 50),
  p99_ms: percentile(samples, 99),
  max_ms: Math.max(...samples),
  over_frame: String(samples.filter((s) => s > FRAME_MS).length),
});

/** Runs `work` while sales keep arriving; prints its wall time, the sales' latency and the event loop's delay. */
async function whileIssuing<T>(core: Core, title: string, work: () => Promise<T>): Promise<T> {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  // Garbage collections that paused this thread for more than 5 ms (they hold sales as any work does).
  const gcs: PerformanceEntry[] = [];
  const gcWatch = new PerformanceObserver((list) => gcs.push(...list.getEntries().filter((e) => e.duration > 5)));
  gcWatch.observe({ entryTypes: ['gc'] });
  const arrivals = startArrivals(core);
  loop.enable();
  const t0 = performance.now();
  const result = await work();
  const wallMs = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 50)); // lets the loop monitor record a block that ended the work
  loop.disable();
  gcWatch.disconnect();
  const s = summary(await arrivals.stop());
  console.log(`# ${title}: ${(wallMs / 1000).toFixed(2)} s`);
  // Every sale within one frame: its slowest one.
  report('  issueSale meanwhile', s, { figure: 'max_ms', atMost: FRAME_MS, unit: 'ms' });
  report('  event loop delay meanwhile', { p50_ms: loop.percentile(50) / 1e6, p99_ms: loop.percentile(99) / 1e6, max_ms: loop.max / 1e6 });
  if (arrivals.lateAt.length > 0) console.log(`  late sales arrived at (ms into the work): ${arrivals.lateAt.map((t) => t.toFixed(0)).join(', ')}`);
  if (gcs.length > 0) console.log(`  GC pauses > 5 ms (ms into the work: duration): ${gcs.map((g) => `${(g.startTime - t0).toFixed(0)}: ${g.duration.toFixed(1)}`).join(', ')}`);
  return result;
}

export async function run(stored = 1_000_000): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-bench-backup-'));
  const core = createCore({ dataDir: dir, fetch: globalThis.fetch, secrets: memorySecretStore() });
  try {
    const seedMs = seedDocuments(core.db, stored);
    core.db.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const dbMb = fs.statSync(path.join(dir, 'caja.db')).size / 1e6;
    console.log(`  (seeded ${stored.toLocaleString('en')} documents in ${(seedMs / 1000).toFixed(1)} s; database ${dbMb.toFixed(0)} MB;`
      + ` ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')})`);

    for (let i = 0; i < 300; i++) await issue(core, i); // warm-up
    const idle = startArrivals(core);
    await new Promise((r) => setTimeout(r, 4_000));
    report('issueSale, nothing else running', summary(await idle.stop()));

    // The default (copy and verification in a worker thread), then the fallback (stepped on the main thread) for
    // comparison: the fallback's final commit and its verification run on the event loop.
    const copies: string[] = [];
    for (const offThread of only('backup') ? [true, false] : []) {
      const backups = new BackupService({ db: core.db, settings: new SettingsRepository(core.db), dataDir: dir, offThread });
      const mode = offThread ? 'in a worker thread' : `stepped on the main thread (${DEFAULT_PAGES_PER_STEP} pages/step)`;
      const info = await whileIssuing(core, `backup of ${stored.toLocaleString('en')} documents + verification, ${mode}`, () =>
        backups.backupNow('manual'),
      );
      if (info.check !== 'ok') throw new Error(`backup failed its check: ${info.message}`);
      report('  copy', { size_mb: info.size / 1e6, documents_in_copy: info.documents ?? -1 });
      copies.push(info.path);
    }

    // Restore planning: integrity_check in a worker, then every id_Base_Dato compared in turns of the event loop.
    if (copies[0] && only('restore')) {
      const backups = new BackupService({ db: core.db, settings: new SettingsRepository(core.db), dataDir: dir });
      const plan = await whileIssuing(core, `planRestore against ${stored.toLocaleString('en')} documents`, () => backups.planRestore(copies[0]!));
      report('  plan', { missing: plan.missing.count, listed: plan.missing.documents.length });
    }
    if (!only('export')) return;

    // Export of one busy week for the accountant: seeded rows get a payload and a CDR of realistic size first.
    const week = { from: '2025-06-02', to: '2025-06-08' };
    const realistic = core.db.sqlite
      .prepare('UPDATE documents SET payload = ?, cdr_xml = ? WHERE issue_date BETWEEN ? AND ? AND demo = 0')
      .run(REALISTIC_PAYLOAD, REALISTIC_CDR_XML, week.from, week.to).changes;
    core.db.sqlite.pragma('wal_checkpoint(TRUNCATE)'); // so the first sales below do not pay for this update's WAL
    // The save dialog answers at once with a file in the temp folder: what is measured is writing the export there.
    const files = {
      chooseFolder: async () => null,
      chooseSaveFile: async ({ defaultName }: { defaultName: string }) => path.join(dir, defaultName),
    };
    const exporter = new ExportService({ db: core.db, demo: () => false, files });
    for (const format of ['csv', 'zip'] as const) {
      const file = await whileIssuing(core, `export ${format} of ${realistic.toLocaleString('en')} documents (one week), written to a file`, () =>
        exporter.exportDocuments({ ...week, format }),
      );
      report('  file', { mb: file.bytes / 1e6, documents: file.documents });
    }

    // The pre-migration copy runs synchronously at start-up, before anything else uses the database: duration only.
    const t0 = performance.now();
    const pre = createBackupSync(core.db.sqlite, { folder: path.join(dir, 'backups'), reason: 'pre_migration' });
    report(`pre-migration copy (VACUUM INTO + verification) of ${stored.toLocaleString('en')} documents`, {
      s: (performance.now() - t0) / 1000, check: pre.check,
    });
    const t1 = performance.now();
    const state = inspectDatabaseFile(path.join(dir, 'caja.db'));
    report('start-up inspection of the live file (quick_check)', { s: (performance.now() - t1) / 1000, state });
  } finally {
    core.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run(Number(process.env.BENCH_DOCS ?? 1_000_000)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
