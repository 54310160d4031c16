// Stock: what keeping it costs a sale, and what reading it costs. A sale's p99 with its products tracked against the
// same sale with them untracked, in the same run, alternating (goal ≤ 1.15×); a product's kardex with 100,000
// movements (goal p95 < 50 ms) and the valued stock of 20,000 products (goal p95 < 200 ms), through the bridge; the
// sync of 10,000 movements from a till that was offline (stock-sync.bench.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCore, type Core } from '../../electron/core/app';
import { memorySecretStore } from '../../electron/core/services/secrets';
import { createNodeFetch } from '../../electron/core/api/node-fetch';
import { percentile, report } from './stats';
import { syncOfMovements } from './stock-sync.bench';

const LINES = 5;

const sale = (i: number) => ({
  clientKey: crypto.randomUUID(),
  docType: '03',
  customer: { docType: '0', docNumber: '', name: '', address: '' },
  lines: Array.from({ length: LINES }, (_, k) => ({
    code: `P${k}`, description: `Producto ${k}`, unit: 'NIU', quantity: String(1 + ((i + k) % 4)), unitPrice: '4.20', affectation: '10',
  })),
});

function tempCore(): { core: Core; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-bench-stock-'));
  const core = createCore({ dataDir: dir, fetch: createNodeFetch(), secrets: memorySecretStore(), demoEndpoint: undefined, dailyBackups: false });
  return { core, dir };
}

/** `count` products P0, P1... in the catalogue, tracked or not. */
function seedProducts(core: Core, count: number, tracked: boolean): void {
  const s = core.db.sqlite;
  const insert = s.prepare(`INSERT INTO products (code, description, unit, price, affectation, stock_tracked, created_at, updated_at)
    VALUES (?, ?, 'NIU', '4.2', '10', ?, '2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z')`);
  s.transaction(() => {
    for (let n = 0; n < count; n++) insert.run(`P${n}`, `Producto ${n}`, tracked ? 1 : 0);
  })();
}

async function call(core: Core, method: string, input: unknown): Promise<unknown> {
  const res = await core.dispatch(method, input);
  if (!res.ok) throw new Error(`${method}: ${JSON.stringify(res.error)}`);
  return res.value;
}

async function timed(core: Core, method: string, input: unknown): Promise<number> {
  const t = performance.now();
  await call(core, method, input);
  return performance.now() - t;
}

/** Sales with stock and without, one of each in turn, so both see the same disk and the same load. */
async function saleWithAndWithoutStock(sales: number): Promise<void> {
  const tracked = tempCore();
  const untracked = tempCore();
  seedProducts(tracked.core, LINES, true);
  seedProducts(untracked.core, LINES, false);
  const withStock: number[] = [];
  const without: number[] = [];
  // Warm both (statements prepared, pages cached).
  for (let i = 0; i < 20; i++) {
    await call(tracked.core, 'issueSale', sale(i));
    await call(untracked.core, 'issueSale', sale(i));
  }
  for (let i = 0; i < sales; i++) {
    withStock.push(await timed(tracked.core, 'issueSale', sale(i)));
    without.push(await timed(untracked.core, 'issueSale', sale(i)));
    await new Promise((resolve) => setImmediate(resolve));
  }
  const movements = tracked.core.db.sqlite.prepare('SELECT COUNT(*) FROM stock_movements').pluck().get() as number;
  report(`issueSale (${LINES} lines), products tracked`, { p50_ms: percentile(withStock, 50), p99_ms: percentile(withStock, 99), movements });
  report(`issueSale (${LINES} lines), not tracked`, { p50_ms: percentile(without, 50), p99_ms: percentile(without, 99) });
  report('  p99 with stock ÷ without', { ratio: percentile(withStock, 99) / percentile(without, 99), p50_ratio: percentile(withStock, 50) / percentile(without, 50) }, { figure: 'ratio', atMost: 1.15 });
  for (const c of [tracked, untracked]) {
    c.core.close();
    fs.rmSync(c.dir, { recursive: true, force: true });
  }
}

/** A catalogue of `products` with a balance each, and one best seller with `movements` movements over a year. */
function seedStock(core: Core, products: number, movements: number): void {
  seedProducts(core, products, true);
  const s = core.db.sqlite;
  const balance = s.prepare(`INSERT INTO stock_balances (product_code, quantity, value, average_cost, last_movement, updated_at)
    VALUES (?, ?, ?, '1.5', 0, '2025-01-01T00:00:00Z')`);
  const movement = s.prepare(`INSERT INTO stock_movements (uid, product_code, kind, quantity, unit_cost, value, balance, balance_value, till, at)
    VALUES (?, 'P0', ?, ?, '1.5', ?, ?, ?, 'CAJA-1', ?)`);
  s.transaction(() => {
    for (let n = 1; n < products; n++) balance.run(`P${n}`, String(n % 50), (1.5 * (n % 50)).toFixed(2));
    let onHand = 0;
    for (let n = 0; n < movements; n++) {
      const purchase = n % 20 === 0;
      const q = purchase ? 40 : -2;
      onHand += q;
      const at = new Date(Date.UTC(2025, 0, 1) + Math.floor((n / movements) * 365 * 86_400_000)).toISOString();
      movement.run(`m-${n}`, purchase ? 'purchase' : 'sale', String(q), (q * 1.5).toFixed(2), String(onHand), (onHand * 1.5).toFixed(2), at);
    }
    balance.run('P0', String(onHand), (onHand * 1.5).toFixed(2));
  })();
  s.exec('ANALYZE');
}

async function readsOfStock(products: number, movements: number, rounds: number): Promise<void> {
  const { core, dir } = tempCore();
  seedStock(core, products, movements);
  const month: number[] = [];
  const latest: number[] = [];
  const all: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const m = 1 + (i % 12);
    month.push(await timed(core, 'getKardex', { code: 'P0', from: `2025-${String(m).padStart(2, '0')}-01`, to: `2025-${String(m).padStart(2, '0')}-28` }));
    latest.push(await timed(core, 'getKardex', { code: 'P0' }));
  }
  for (let i = 0; i < Math.max(5, Math.floor(rounds / 4)); i++) all.push(await timed(core, 'getStock', {}));
  report(`getKardex, a month of ${movements.toLocaleString('en')} movements`, { p50_ms: percentile(month, 50), p95_ms: percentile(month, 95) }, { figure: 'p95_ms', atMost: 50, unit: 'ms' });
  report('getKardex, the latest 1,000', { p50_ms: percentile(latest, 50), p95_ms: percentile(latest, 95) }, { figure: 'p95_ms', atMost: 50, unit: 'ms' });
  report(`getStock, ${products.toLocaleString('en')} products valued`, { p50_ms: percentile(all, 50), p95_ms: percentile(all, 95) }, { figure: 'p95_ms', atMost: 200, unit: 'ms' });
  core.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

export async function run(quick: boolean): Promise<void> {
  await saleWithAndWithoutStock(quick ? 300 : 2_000);
  await readsOfStock(quick ? 2_000 : 20_000, quick ? 10_000 : 100_000, quick ? 40 : 200);
  await syncOfMovements(quick ? 2_000 : 10_000);
}
