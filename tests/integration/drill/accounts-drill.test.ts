// Drill: a till selling on account and collecting, killed with SIGKILL again and again mid-write, each killed write
// sent again under its key. At the end every customer's kept balance equals the sum of their entries, each entry's
// running balance follows from the one before, what is still open of their dues less what is in their favour, to the
// cent; every collection was applied once, and the drawer's expected cash holds exactly the collections taken.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../electron/core/app';
import { memorySecretStore } from '../../../electron/core/services/secrets';
import { startSandbox, type Sandbox } from '../../../electron/sandbox';
import { spawnTill, type TillProcess } from './spawn-till';

const OPS = 400;
const KILLS = 12;
const script = fileURLToPath(new URL('./accounts-till-process.ts', import.meta.url));

let sandbox: Sandbox;
let dataDir: string;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-accounts-drill-'));
});
afterAll(async () => {
  await sandbox.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const launch = (): TillProcess => spawnTill(script, [dataDir, sandbox.billingBaseUrl, sandbox.queryBaseUrl, sandbox.token, String(OPS), '4035']);
const sum = (values: readonly string[]) => values.reduce((s, v) => s.plus(v), new Decimal(0)).toFixed(2);

describe('drill: customer accounts through SIGKILLs', () => {
  it(`sells on account and collects through ${KILLS} SIGKILLs: every balance equals its entries to the cent, each collection once`, async () => {
    let kills = 0;
    while (kills < KILLS) {
      const run = launch();
      await Promise.race([run.ready, run.exit]);
      // Short lives: a till started from its prebuilt bundle writes in milliseconds, and the kills must land before
      // its operations run out.
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 100));
      if (run.child.exitCode !== null) break;
      run.child.kill('SIGKILL');
      await run.exit;
      kills++;
    }
    const last = launch();
    expect(await last.exit, last.output()).toBe(0);
    expect(kills).toBeGreaterThanOrEqual(8);

    const db = new Database(path.join(dataDir, 'caja.db'), { readonly: true });
    try {
      const customers = db.prepare('SELECT doc_type, doc_number, balance, in_favour FROM account_customers').all() as { doc_type: string; doc_number: string; balance: string; in_favour: string }[];
      expect(customers.length).toBe(3);
      for (const c of customers) {
        const entries = db.prepare('SELECT amount, balance FROM account_entries WHERE doc_type = ? AND doc_number = ? ORDER BY id').all(c.doc_type, c.doc_number) as { amount: string; balance: string }[];
        let running = new Decimal(0);
        for (const e of entries) {
          running = running.plus(e.amount);
          expect(e.balance).toBe(running.toFixed(2));
        }
        expect(c.balance).toBe(sum(entries.map((e) => e.amount)));
        const dues = db.prepare('SELECT amount, settled FROM account_dues WHERE doc_type = ? AND doc_number = ?').all(c.doc_type, c.doc_number) as { amount: string; settled: string }[];
        const open = dues.reduce((s, d) => s.plus(d.amount).minus(d.settled), new Decimal(0));
        expect(open.minus(c.in_favour).toFixed(2)).toBe(c.balance);
        // Charges are the boletas on account, each once.
        const charged = db.prepare("SELECT count(*) FROM account_entries WHERE kind = 'charge' AND doc_type = ? AND doc_number = ?").pluck().get(c.doc_type, c.doc_number) as number;
        const sold = db.prepare("SELECT count(*) FROM documents WHERE doc_type = '03' AND customer_doc_number = ?").pluck().get(c.doc_number) as number;
        expect(charged).toBe(sold);
      }
      // Each collection is one keyed request: never applied twice.
      const collections = db.prepare("SELECT count(*) FROM account_entries WHERE kind = 'collection'").pluck().get() as number;
      const keyed = db.prepare("SELECT count(*) FROM bridge_requests WHERE method = 'recordCollection' AND result IS NOT NULL").pluck().get() as number;
      expect(collections).toBeGreaterThan(10);
      expect(collections).toBe(keyed);
      // The drawer: the float and the cash collected (the boletas on account brought no cash).
      const taken = sum((db.prepare("SELECT amount FROM account_entries WHERE kind = 'collection'").pluck().all() as string[]).map((a) => new Decimal(a).neg().toFixed(2)));
      const sessions = db.prepare('SELECT count(*) FROM cash_sessions').pluck().get() as number;
      expect(sessions).toBe(1);
      expect(taken).not.toBe('0.00');
      // The X of the session, read by a core opened on the same file: float 50 + every collection, to the cent.
      const core = createCore({ dataDir, fetch: globalThis.fetch, secrets: memorySecretStore(), demoEndpoint: { billingBaseUrl: sandbox.billingBaseUrl, queryBaseUrl: sandbox.queryBaseUrl, token: sandbox.token, provider: 'document' }, dailyBackups: false });
      try {
        const x = await core.dispatch('getCashReport', {});
        expect(x).toMatchObject({ ok: true, value: { collections: { count: collections, total: taken, cash: taken }, cash: { cashSales: '0.00', expected: new Decimal(50).plus(taken).toFixed(2) } } });
      } finally {
        core.close();
      }
    } finally {
      db.close();
    }
  }, 240_000);
});
