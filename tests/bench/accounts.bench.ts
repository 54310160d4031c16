// Customer accounts merged across tills: what pulling other tills' entries costs a till. 10,000 entries of another
// till (charges with two cuotas and collections, for 500 customers) applied in the pages the pull brings (2,000), each
// page working out again every customer it touches (goal: a page p95 < 2 s, so a till back from a day offline catches
// up in seconds); and one customer with 4,000 entries, a third of its dues open, worked out again when what arrives
// changes none of its figures (goal < 250 ms): the reading and settling every arrival pays, only changed rows written.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCore } from '../../electron/core/app';
import { AccountMerge, settleCustomer } from '../../electron/core/accounts';
import { SettingsRepository } from '../../electron/core/db';
import { createNodeFetch } from '../../electron/core/api/node-fetch';
import { memorySecretStore } from '../../electron/core/services/secrets';
import type { PulledEntry } from '../../electron/core/server/sync/account-exchange';
import { percentile, report } from './stats';

function entries(count: number, customers: number, start = 0): PulledEntry[] {
  const out: PulledEntry[] = [];
  for (let i = start; i < start + count; i++) {
    const docNumber = String(40_000_000 + (i % customers));
    const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
    const base = { docType: '1', docNumber, name: `CLIENTE ${docNumber}`, terminalId: 'CAJA-2', by: 'ANA', at, version: i + 1 };
    if (i % 2 === 0) {
      out.push({
        ...base, uid: `e-${i}`, kind: 'charge', amount: '118.00', appliesTo: `key-${i}`, document: `F002-${String(i + 1).padStart(8, '0')}`,
        method: null, methodLabel: null, methodKind: null, intended: null,
        dues: [{ position: 1, amount: '50.00', dueDate: '2026-03-01' }, { position: 2, amount: '68.00', dueDate: '2026-04-01' }],
      });
    } else {
      out.push({
        ...base, uid: `e-${i}`, kind: 'collection', amount: '-80.00', appliesTo: null, document: null, method: 'efectivo',
        methodLabel: 'Efectivo', methodKind: 'cash', intended: null, dues: [],
      });
    }
  }
  return out;
}

export async function run(quick: boolean): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-bench-accounts-'));
  const core = createCore({ dataDir: dir, fetch: createNodeFetch(), secrets: memorySecretStore(), demoEndpoint: undefined, dailyBackups: false });
  try {
    const merge = new AccountMerge({ db: core.db, settings: new SettingsRepository(core.db), terminalId: () => 'CAJA-1', now: () => new Date() });
    const total = quick ? 2_000 : 10_000;
    const pages: number[] = [];
    for (let start = 0; start < total; start += 2_000) {
      const page = entries(2_000, 500, start);
      const t = performance.now();
      merge.apply(page, page.at(-1)!.version);
      pages.push(performance.now() - t);
    }
    report(`pull of ${total} entries of another till, pages of 2,000`, { page_p95_ms: percentile(pages, 95), total_ms: pages.reduce((s, x) => s + x, 0) }, { figure: 'page_p95_ms', atMost: 2_000 });

    const one = entries(quick ? 1_000 : 4_000, 1, 1_000_000);
    merge.apply(one, 2_000_000);
    const times: number[] = [];
    const tx = core.db.sqlite.transaction(() => settleCustomer(core.db.sqlite, { docType: '1', docNumber: '40000000' }, new Date()));
    for (let i = 0; i < 10; i++) {
      const t = performance.now();
      tx();
      times.push(performance.now() - t);
    }
    report(`one customer with ${one.length + total / 500} entries worked out again`, { p95_ms: percentile(times, 95) }, { figure: 'p95_ms', atMost: 250 });
  } finally {
    core.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
