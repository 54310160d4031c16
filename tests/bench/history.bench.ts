// Benchmark of the back office's reading with years of history: whether 100,000 realistic stored documents (1,000,000
// with BENCH_BIG=1; payload about 2 KB and CDR about 1.9 KB, as a sale leaves them) slow the document search, the X,
// the Z and the accountant's export of the last month. Two stores of the same shop, both open in this run: one with
// five years of history, and the floor, the same shop with only its last month (the same documents per day, so the
// last month holds the same documents in both). Both histories end yesterday; each store's Z is then seeded anew by
// the same day's work through the core: a signed-in cashier opens the cash session and rings up 300 sales.
//
// Each figure is sampled on both stores in turns (one call on the history, one on the floor), so a swing of this
// shared machine's load falls on both alike; p50 and p95 of each, and the ratio of the p50s. Target: history makes
// none of them slower than 1.5 × the floor. The Z closes the session, so it is taken once per store and printed
// unjudged (the X is the same report, sampled); the kept Z (getCashReport of the closed session) is sampled. Run alone with
// `npx tsx tests/bench/history.bench.ts` (BENCH_DOCS=20000 for another size).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { limaDate } from '../../shared/catalog/lima-time';
import { createCore, type Core } from '../../electron/core/app';
import { memorySecretStore } from '../../electron/core/services/secrets';
import { seedRealistic, type SeedSpan } from './startup.bench';
import { percentile, report } from './stats';

const DAY_MS = 86_400_000;
/** Five years, as seedRealistic spreads them. */
const HISTORY_DAYS = 5 * 364;
const MONTH_DAYS = 30;
const SALES = Number(process.env.BENCH_SALES_PER_DAY ?? 300);
const RATIO = 1.5;

/** A customer of the day only (no document of the history names her): her search reads the same rows in both stores. */
const REGULAR = { docType: '1', docNumber: '41234567', name: 'ROSA HUAMAN QUISPE', address: '-' };
const ANONYMOUS = { docType: '0', docNumber: '', name: '', address: '' };

/** A 5-line boleta paid in cash; one in ten to REGULAR. */
const sale = (i: number) => ({
  clientKey: crypto.randomUUID(),
  docType: '03',
  customer: i % 10 === 0 ? REGULAR : ANONYMOUS,
  lines: Array.from({ length: 5 }, (_, k) => ({
    code: `P${k}`, description: `Producto ${k}`, unit: 'NIU', quantity: String(1 + ((i + k) % 4)), unitPrice: '4.20', affectation: '10',
  })),
  tenders: [{ method: 'efectivo', amount: '100' }],
});

interface Store {
  documents: number;
  core: Core;
  dir: string;
}

async function must(core: Core, method: string, input: unknown): Promise<unknown> {
  const r = await core.dispatch(method, input);
  if (!r.ok) throw new Error(`${method}: ${JSON.stringify(r.error)}`);
  return r.value;
}

/**
 * A store of `count` realistic documents over `span`, closed once after seeding (the core's close runs PRAGMA
 * optimize, as every evening's close of the app has), then opened again with a save dialog that answers a file in its
 * folder at once (what is measured is writing the export there).
 */
function openStore(count: number, span: SeedSpan): Store & { seedS: number; mb: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-bench-history-'));
  // A till in real mode: the seeded history is real (demo = 0), and the exports take one mode's documents only.
  const options = {
    dataDir: dir, fetch: globalThis.fetch, secrets: memorySecretStore(), dailyBackups: false, backgroundCheck: false as const, mode: 'real' as const,
  };
  const seeding = createCore(options);
  const seedMs = seedRealistic(seeding.db, count, span);
  seeding.db.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  seeding.close();
  const files = {
    chooseFolder: async () => null,
    chooseSaveFile: async ({ defaultName }: { defaultName: string }) => path.join(dir, defaultName),
  };
  const core = createCore({ ...options, files });
  return { documents: count, core, dir, seedS: seedMs / 1000, mb: fs.statSync(path.join(dir, 'caja.db')).size / 1e6 };
}

/** The cashier's day: signed in, the session opened with a float, SALES sales issued through the core. */
async function sellDay(store: Store): Promise<void> {
  await must(store.core, 'createFirstAdmin', { name: 'Bench', pin: '135790' });
  await must(store.core, 'openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '200' });
  for (let i = 0; i < SALES; i++) await must(store.core, 'issueSale', sale(i));
}

/** `runs` calls of `method` on each store, in turns; the input may depend on the store (its numbers) and the turn. */
async function sampleBoth(
  stores: readonly [Store, Store],
  runs: number,
  method: string,
  input: (store: Store, i: number) => unknown,
): Promise<[number[], number[]]> {
  const samples: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i++) {
    for (const [k, store] of stores.entries()) {
      const t = performance.now();
      await must(store.core, method, input(store, i));
      samples[k]!.push(performance.now() - t);
      await new Promise((resolve) => setImmediate(resolve)); // a turn of the loop between calls, as between clicks
    }
  }
  return samples;
}

/** The figure on the history and on the floor, and the ratio of their p50s, judged against RATIO. */
function compare(name: string, [history, floor]: [number[], number[]], more: Record<string, number> = {}): void {
  report(name, {
    ...more,
    p50_ms: percentile(history, 50), p95_ms: percentile(history, 95),
    floor_p50_ms: percentile(floor, 50), floor_p95_ms: percentile(floor, 95),
    ratio: percentile(history, 50) / percentile(floor, 50), p95_ratio: percentile(history, 95) / percentile(floor, 95),
  }, { figure: 'ratio', atMost: RATIO });
}

const dayBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);

async function measure(stores: readonly [Store, Store], quick: boolean): Promise<void> {
  const today = limaDate(Date.now());
  const n = stores[0].documents.toLocaleString('en');
  const runs = quick ? 30 : 100;
  // The documents screen asks for 200 rows a page. Each line says how many rows a search answered on each store: a
  // longer page costs more to build, which is not the history's doing (the rows of the first turn's filter).
  const search = async (what: string, filter: (store: Store, i: number) => Record<string, unknown>) => {
    const page = (store: Store, i: number) => ({ limit: 200, ...filter(store, i) });
    const samples = await sampleBoth(stores, runs, 'listDocuments', page);
    const [rows, floorRows] = await Promise.all(stores.map(async (store) =>
      ((await must(store.core, 'listDocuments', page(store, 0))) as { rows: unknown[] }).rows.length));
    compare(`search ${what} (${n} docs)`, samples, { rows: rows ?? 0, floor_rows: floorRows ?? 0 });
  };
  // Numbers and customers' documents from the whole history of each store: an old boleta is looked up as often.
  const nth = (store: Store, i: number) => 1 + ((i * 7919) % store.documents);
  // A week of the last month, the same days in both stores.
  const week = (i: number) => ({ from: dayBefore(today, 28 - 7 * (i % 4)), to: dayBefore(today, 22 - 7 * (i % 4)) });
  await search('default first page', () => ({}));
  await search('by number', (store, i) => ({ series: 'B001', number: nth(store, i) }));
  await search('by customer document', (store, i) => ({ customer: String(40_000_000 + nth(store, i)) }));
  // seedRealistic's customers are "CLIENTE <n mod 977>": every document matches the name; a number narrows it.
  await search('by customer name', () => ({ customer: 'CLIENTE' }));
  await search('by customer name + number', (_store, i) => ({ customer: `CLIENTE ${(i * 37) % 977}` }));
  await search('by the day\'s customer, name', () => ({ customer: 'huaman rosa' }));
  await search('by the day\'s customer, DNI', () => ({ customer: REGULAR.docNumber }));
  await search('by date range (a week)', (_store, i) => week(i));
  await search('by name + date range', (_store, i) => ({ customer: 'CLIENTE', ...week(i) }));

  compare(`X report over ${SALES} sales (${n} docs)`, await sampleBoth(stores, runs, 'getCashReport', () => ({})));
  compare(`sales report of the day (${n} docs)`, await sampleBoth(stores, runs, 'getSalesReport', () => ({ from: today, to: today })));

  const month = { from: dayBefore(today, MONTH_DAYS), to: today };
  for (const format of ['csv', 'zip'] as const) {
    const samples = await sampleBoth(stores, format === 'csv' ? 10 : 5, 'exportDocuments', () => ({ ...month, format }));
    const file = (await must(stores[0].core, 'exportDocuments', { ...month, format })) as { documents: number; bytes: number };
    compare(`export ${format}, last month: ${file.documents.toLocaleString('en')} docs, ${(file.bytes / 1e6).toFixed(2)} MB (${n} docs)`, samples);
  }

  // The Z closes the session: once per store, then the kept Z as the back office reopens it.
  const z: [number[], number[]] = [[], []];
  const sessions: number[] = [];
  for (const [k, store] of stores.entries()) {
    const t = performance.now();
    const closed = (await must(store.core, 'closeCashSession', { clientKey: crypto.randomUUID(), countedCash: '0' })) as { session: { id: number } };
    z[k]!.push(performance.now() - t);
    sessions.push(closed.session.id);
  }
  // One sample each: printed, not judged (the X above is the same report, built the same way, and is judged).
  report(`Z over ${SALES} sales, once (${n} docs)`, { ms: z[0][0] ?? Number.NaN, floor_ms: z[1][0] ?? Number.NaN });
  compare(`kept Z reopened (${n} docs)`, await sampleBoth(stores, runs, 'getCashReport', (store) => ({ sessionId: sessions[stores.indexOf(store)] })));
}

export async function run(sizes: number[], quick = false): Promise<void> {
  const yesterday = limaDate(Date.now() - DAY_MS);
  for (const size of sizes) {
    const floorSize = Math.max(1, Math.round((size * MONTH_DAYS) / HISTORY_DAYS));
    const opened: Store[] = [];
    try {
      const history = openStore(size, { lastDay: yesterday, days: HISTORY_DAYS });
      opened.push(history);
      const floor = openStore(floorSize, { lastDay: yesterday, days: MONTH_DAYS });
      opened.push(floor);
      console.log(`## ${size.toLocaleString('en')} realistic documents over 5 years: ${history.mb.toFixed(0)} MB, seeded in ${history.seedS.toFixed(0)} s;`
        + ` floor: its last ${MONTH_DAYS} days, ${floorSize.toLocaleString('en')} documents (${floor.mb.toFixed(1)} MB);`
        + ` ${os.cpus().length} CPUs, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
      for (const store of opened) await sellDay(store);
      await measure([history, floor], quick);
    } finally {
      for (const store of opened) {
        store.core.close();
        fs.rmSync(store.dir, { recursive: true, force: true });
      }
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run(process.env.BENCH_BIG === '1' ? [100_000, 1_000_000] : [Number(process.env.BENCH_DOCS ?? 100_000)]).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
