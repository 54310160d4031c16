// Benchmarks of the core (issue 3): issueSale latency on a full store, draining the outbox against a slow API,
// and back-office search over a million documents. Run with `npm run bench`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createCore, type Core } from '../../electron/core/app';
import { memorySecretStore } from '../../electron/core/services/secrets';
import type { ApiConfig } from '../../electron/core/api';
import { percentile, report, timeEach } from './stats';
import { seedDocuments } from './seed-documents';

const sale = (i: number) => ({
  docType: '03',
  customer: { docType: '0', docNumber: '', name: '', address: '' },
  lines: Array.from({ length: 5 }, (_, k) => ({
    code: `P${k}`, description: `Producto ${k}`, unit: 'NIU', quantity: String(1 + ((i + k) % 4)), unitPrice: '4.20', affectation: '10',
  })),
  // The seeded store's last sale is in 2025: the first sale today, offline, asks about the clock (issue 29).
  confirmed: ['clock'],
});

function tempCore(demoEndpoint: ApiConfig | undefined, concurrency = 4): { core: Core; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-bench-'));
  const core = createCore({
    dataDir: dir, fetch: globalThis.fetch, secrets: memorySecretStore(), demoEndpoint,
    outbox: { concurrency, retry: { baseMs: 10, maxMs: 100, random: Math.random }, pollMs: 50 },
  });
  return { core, dir };
}

async function issue(core: Core, i: number) {
  const res = await core.dispatch('issueSale', sale(i));
  if (!res.ok) throw new Error(JSON.stringify(res.error));
}

export async function benchIssue(stored = 100_000): Promise<void> {
  const { core, dir } = tempCore(undefined);
  const seedMs = seedDocuments(core.db, stored);
  await timeEach(200, (i) => issue(core, i));
  const samples = await timeEach(2_000, (i) => issue(core, i));
  report(`issueSale (5 lines) with ${stored.toLocaleString('en')} stored`, {
    p50_ms: percentile(samples, 50), p99_ms: percentile(samples, 99), max_ms: Math.max(...samples), seed_s: seedMs / 1000,
  });
  core.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

async function sandboxProcess(latencyMs: number): Promise<{ endpoint: ApiConfig; stop: () => void }> {
  const script = fileURLToPath(new URL('./sandbox-process.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, String(latencyMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve) => child.stdout.once('data', (b: Buffer) => resolve(b.toString())));
  return { endpoint: JSON.parse(line) as ApiConfig, stop: () => child.kill('SIGTERM') };
}

export async function benchDrain(count = 10_000, latencyMs = 20, concurrency = 16): Promise<void> {
  const sandbox = await sandboxProcess(latencyMs);
  const { core, dir } = tempCore(sandbox.endpoint, concurrency);
  for (let i = 0; i < count; i++) await issue(core, i);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await core.outbox.drain();
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const accepted = (core.db.sqlite.prepare("SELECT COUNT(*) AS n FROM documents WHERE status = 'accepted'").get() as { n: number }).n;
  const bound = (count * latencyMs) / concurrency;
  report(`drain ${count.toLocaleString('en')} docs, ${latencyMs} ms API, ${concurrency} at once`, {
    wall_s: wall / 1000, latency_bound_s: bound / 1000, docs_per_s: (count / wall) * 1000,
    // Target: wall time = latency bound + under 1 ms per document.
    overhead_ms_per_doc: (wall - bound) / count,
    app_cpu_ms_per_doc: (cpu.user + cpu.system) / 1000 / count, accepted,
  });
  core.close();
  sandbox.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}

export async function benchSearch(stored = 1_000_000): Promise<void> {
  const { core, dir } = tempCore(undefined);
  const seedMs = seedDocuments(core.db, stored);
  const run = async (name: string, filter: (i: number) => Record<string, unknown>) => {
    const samples = await timeEach(200, async (i) => {
      const res = await core.dispatch('listDocuments', filter(i));
      if (!res.ok) throw new Error(JSON.stringify(res.error));
    });
    report(`search ${name} (${stored.toLocaleString('en')} docs)`, { p50_ms: percentile(samples, 50), p95_ms: percentile(samples, 95) });
  };
  console.log(`  (seeded ${stored.toLocaleString('en')} documents in ${(seedMs / 1000).toFixed(1)} s)`);
  await run('by number', (i) => ({ series: 'B001', number: 1 + ((i * 7919) % stored) }));
  await run('by customer name', (i) => ({ customer: ['MARIA', 'JOSE', 'QUISPE', 'ROSA', 'HUAMAN'][i % 5] }));
  await run('by date range (1 week)', (i) => ({ from: `2025-0${1 + (i % 9)}-01`, to: `2025-0${1 + (i % 9)}-07` }));
  await run('by name + date range', (i) => ({ customer: 'FLORES', from: `2025-0${1 + (i % 9)}-01`, to: `2025-0${1 + (i % 9)}-28` }));
  core.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

export async function run(): Promise<void> {
  await benchIssue();
  await benchDrain();
  await benchSearch();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void run();
