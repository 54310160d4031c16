// `npm run bench`: every benchmark, figures printed, each target judged "met" or "NOT met" on its line and again in
// the summary at the end. Sizes can be lowered with BENCH_QUICK=1 for a smoke run. A missed target is reported, not
// an error: the run exits 0 unless a part failed to run (docs/testing.md says why).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run as billing } from './billing.bench';
import { benchDrains, benchIssue, benchSearch, benchZ } from './core.bench';
import { benchWorkerDrain, benchWorkerSearch, benchWorkerZ } from './worker.bench';
import { run as backup } from './backup.bench';
import { run as cash } from './cash.bench';
import { run as shop } from './shop.bench';
import { run as products } from './products.bench';
import { run as cdr } from './cdr.bench';
import { run as print } from './print.bench';
import { run as pin } from './pin.bench';
import { run as stock } from './stock.bench';
import { run as accounts } from './accounts.bench';
import { run as returns } from './returns.bench';
import { run as startup } from './startup.bench';
import { run as copies } from './copies.bench';
import { run as history } from './history.bench';
import { run as evidence } from './evidence.bench';
import { allVerdicts, summaryLines } from './verdict';
import { run as summary } from './summary.bench';

/**
 * BENCH_PARTS=cdr,products (comma-separated) runs only those sections; the backups section also answers to its own
 * parts (backup, restore, export: backup.bench.ts).
 */
const parts = (process.env.BENCH_PARTS ?? '').split(',').map((p) => p.trim()).filter(Boolean);
const wants = (...names: string[]) => parts.length === 0 || names.some((name) => parts.includes(name));

async function main() {
  const quick = process.env.BENCH_QUICK === '1';
  // The parts that need the same seeded store copy it instead of seeding it again (seed-cache.ts); removed at the end.
  const seedCache = process.env.BENCH_SEED_CACHE ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'caja-bench-seeds-'));
  if (seedCache) process.env.BENCH_SEED_CACHE = seedCache;
  try {
    await runParts(quick);
  } finally {
    if (seedCache) fs.rmSync(seedCache, { recursive: true, force: true });
  }
}

async function runParts(quick: boolean) {
  if (wants('billing')) {
    console.log('# billing');
    await billing();
  }
  if (wants('core')) {
    console.log('# core');
    await benchIssue(quick ? 5_000 : 100_000);
    // 1k, 10k and 50k (BENCH_DRAIN_50K=0 leaves the 50k out: it takes a few minutes).
    await benchDrains(quick ? [200, 1_000] : process.env.BENCH_DRAIN_50K === '0' ? [1_000, 10_000] : [1_000, 10_000, 50_000]);
    await benchSearch(quick ? 20_000 : 1_000_000);
    await benchZ(quick ? 500 : 5_000);
  }
  if (wants('core', 'worker')) {
    // As the app runs: the same work in the core's worker thread; this thread stands for the main process.
    console.log('# core in its worker thread');
    await benchWorkerDrain(quick ? 1_000 : 10_000);
    await benchWorkerSearch(quick ? 20_000 : 1_000_000);
    await benchWorkerZ(quick ? 500 : 5_000);
  }
  if (wants('products')) {
    console.log('# products');
    await products(quick ? 5_000 : 50_000);
  }
  if (wants('cdr')) {
    // Peak memory of reading the largest legitimate CDR and of refusing the zip bomb.
    console.log('# cdr');
    await cdr();
  }
  if (wants('print')) {
    // Enter to the first byte of the ticket at a (fake) network printer, raw ESC/POS.
    console.log('# printing');
    await print(quick ? 10 : 100);
  }
  if (wants('pin')) {
    // The offline cost of one PIN guess against a stolen staff row (README, sign-in).
    console.log('# pin');
    await pin(quick ? 10 : 40);
  }
  if (wants('stock')) {
    // A sale's p99 with stock kept against without it (same run), the kardex and the valued stock.
    console.log('# stock');
    await stock(quick);
  }
  if (wants('accounts')) {
    // Other tills' account entries pulled and every customer they touch worked out again.
    console.log('# accounts');
    await accounts(quick);
  }
  if (wants('evidence')) {
    // The shop server's checks of a till's account entries and stock movements (server 0020), against unchecked pushes.
    console.log('# evidence');
    await evidence(quick);
  }
  if (wants('summary')) {
    // The owner's view: a month's figures over 1,000,000 stored documents (goal p95 < 200 ms).
    console.log('# summary');
    await summary(quick ? 50_000 : 1_000_000);
  }
  if (wants('shift', 'cash')) {
    console.log('# shift');
    await cash(5_000);
  }
  if (wants('shop')) {
    console.log('# shop server');
    await shop(quick ? 2_000 : 10_000);
  }
  if (wants('returns', 'shop')) {
    // A return at the counter: same till alone, same till with the shop server's hold, another till's sale.
    console.log('# returns');
    await returns(quick ? 15 : 60);
  }
  if (wants('startup')) {
    // Ready to sell with years of history, cold and warm; the whole-file check in the background; pages per write.
    console.log('# start-up');
    await startup(quick ? [5_000] : process.env.BENCH_BIG === '1' ? [100_000, 1_000_000] : [100_000]);
  }
  if (wants('copies')) {
    // 14 daily copies (a weekly full one, differentials between): bytes written and kept, time, disk against full copies.
    console.log('# daily copies');
    await copies(quick ? 5_000 : process.env.BENCH_BIG === '1' ? 1_000_000 : 100_000);
  }
  if (wants('history')) {
    // Search, the X/Z and the month's export over years of realistic history, against the same shop's last month alone.
    console.log('# history');
    await history(quick ? [5_000] : process.env.BENCH_BIG === '1' ? [100_000, 1_000_000] : [100_000], quick);
  }
  if (wants('backup', 'restore', 'export')) {
    console.log('# backups');
    await backup(quick ? 20_000 : 1_000_000);
  }
  const verdictsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'caja-bench-')), 'browser-verdicts.jsonl');
  let browserFailed = false;
  if (wants('browser')) {
    // The till in the browser (tests/e2e/bench.spec.ts under Playwright, after a build): its lines print as they come,
    // its verdicts come back through a file for the summary.
    console.log('# browser');
    const run = spawnSync('npm', ['run', 'bench:e2e'], { stdio: 'inherit', env: { ...process.env, BENCH_VERDICTS_FILE: verdictsFile } });
    browserFailed = run.status !== 0;
  }
  console.log('');
  for (const line of summaryLines(allVerdicts(verdictsFile))) console.log(line);
  fs.rmSync(path.dirname(verdictsFile), { recursive: true, force: true });
  if (browserFailed) {
    console.error('# the browser part failed (a test, not a target): see its output above');
    process.exitCode = 1;
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
