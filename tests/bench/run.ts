// `npm run bench`: every benchmark, figures printed. Sizes can be lowered with BENCH_QUICK=1 for a smoke run.
import { run as billing } from './billing.bench';
import { benchDrain, benchIssue, benchSearch } from './core.bench';
import { run as backup } from './backup.bench';
import { run as cash } from './cash.bench';
import { run as shop } from './shop.bench';
import { run as products } from './products.bench';

async function main() {
  const quick = process.env.BENCH_QUICK === '1';
  console.log('# billing');
  await billing();
  console.log('# core');
  await benchIssue(quick ? 5_000 : 100_000);
  await benchDrain(quick ? 500 : 10_000);
  await benchSearch(quick ? 20_000 : 1_000_000);
  console.log('# products');
  await products(quick ? 5_000 : 50_000);
  console.log('# shift');
  await cash(5_000);
  console.log('# shop server');
  await shop(quick ? 2_000 : 10_000);
  console.log('# backups');
  await backup(quick ? 20_000 : 1_000_000);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
