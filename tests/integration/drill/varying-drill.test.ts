// The varying drill: the core against a sandbox that varies every answer among the forms the API document allows
// (docs/api/variations.md: dates or '-', amounts at 2 or 10 decimals, re-written descriptions, both refusal forms, both CDR
// layouts...), in both dialects, with 30 % of send answers lost after the sandbox declared the document and 1033 on
// every resend, so that most lost sends end in a reconciliation against a varied record. In both dialects the till
// also runs in its own process, killed with SIGKILL mid-run, then restarted to drain.
// Every sale must be declared once and end accepted (or observed): never conflict, attention or pending. A form the
// document allows must never read as "another document" (docs/api/variations.md: absent is unknown, never different).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../electron/sandbox';
import { seededRandom } from '../../../electron/sandbox/faults';
import { losingSendAnswers } from './lossy-network';
import { anonymousBoleta, line, startRig, type Rig } from '../core/harness';
import { spawnTill } from './spawn-till';

const LOSS_RATE = 0.3;
const SEED = 20260323;

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

interface Row {
  number: number;
  status: string;
  last_error: string | null;
}

/** What must hold at the end, as one object so that a failure prints all of it (statuses and last errors). */
function outcome(rows: Row[], sandbox: Sandbox, sales: number) {
  const declared = sandbox.declarations();
  const byStatus: Record<string, number> = {};
  for (const r of rows) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
  return {
    documents: rows.length,
    declarations: declared.length,
    distinctDeclarations: new Set(declared.map((d) => d.key)).size,
    notAccepted: rows.filter((r) => r.status !== 'accepted' && r.status !== 'observed').map((r) => `#${r.number} ${r.status}: ${r.last_error ?? ''}`),
    byStatus,
    expected: sales,
  };
}

function expectAllDeclaredOnceAndAccepted(rows: Row[], sandbox: Sandbox, sales: number): void {
  const got = outcome(rows, sandbox, sales);
  const summary = `${JSON.stringify(got.byStatus)}\n${got.notAccepted.join('\n')}`;
  expect(
    { documents: got.documents, declarations: got.declarations, distinctDeclarations: got.distinctDeclarations, notAccepted: got.notAccepted },
    summary,
  ).toEqual({ documents: sales, declarations: sales, distinctDeclarations: sales, notAccepted: [] });
}

/** Sales whose records vary visibly: a unit value with many decimals, a weighed quantity, a description of words. */
function saleOf(i: number) {
  const lines = [
    line({ code: `A${i % 7}`, description: 'Agua mineral sin gas 625 ml', quantity: String(1 + (i % 3)), unitPrice: '2.50' }),
    line({ code: 'Q1', description: 'Queso fresco', unit: 'KGM', quantity: ['0.125', '0.333', '1.5'][i % 3], unitPrice: '21.90' }),
  ];
  return anonymousBoleta({ lines: lines.slice(0, 1 + (i % 2)) });
}

describe('drill: a sandbox that varies its answers, lost answers and 1033 on resends', () => {
  it('factiliza dialect, in process: 80 sales declared once each, all accepted', async () => {
    const SALES = 80;
    const network = losingSendAnswers(LOSS_RATE, SEED);
    const r: Rig = await startRig({
      dialect: 'factiliza',
      sandbox: { resendMode: 'always1033', vary: { seed: SEED } },
      core: { fetch: network.fetch },
    });
    cleanups.push(() => r.dispose());
    for (let i = 0; i < SALES; i++) {
      await r.call('issueSale', saleOf(i));
      if (i % 10 === 9) await r.core.outbox.drain();
    }
    const open = r.core.db.sqlite.prepare("SELECT COUNT(*) AS n FROM documents WHERE status IN ('pending', 'sending')");
    for (let round = 0; round < 300 && (open.get() as { n: number }).n > 0; round++) {
      await r.core.outbox.drain();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(network.lost()).toBeGreaterThan(10);
    const rows = r.core.db.sqlite.prepare('SELECT number, status, last_error FROM documents ORDER BY number').all() as Row[];
    expectAllDeclaredOnceAndAccepted(rows, r.sandbox, SALES);
  }, 60_000);

  it.each(['document', 'factiliza'] as const)('%s dialect, till process killed with SIGKILL mid-run: 60 sales declared once each, all accepted', async (dialect) => {
    const SALES = 60;
    const KILLS = 3;
    const sandbox = await startSandbox({ port: 0, dialect, resendMode: 'always1033', vary: { seed: SEED + 1 } });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-varying-drill-'));
    cleanups.push(() => sandbox.close(), () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const script = fileURLToPath(new URL('./till-process.ts', import.meta.url));
    const args = [dataDir, sandbox.billingBaseUrl, sandbox.queryBaseUrl, sandbox.token, String(SALES), dialect];
    const pause = seededRandom(SEED + 2);

    let life = 0;
    let kills = 0;
    while (kills < KILLS) {
      const run = spawnTill(script, args, { rate: LOSS_RATE, seed: SEED + life++, paths: ['/invoice/send'] });
      cleanups.push(() => void run.child.kill('SIGKILL'));
      await Promise.race([run.ready, run.exit]);
      await new Promise((resolve) => setTimeout(resolve, 150 + pause() * 350));
      if (run.child.exitCode !== null) break; // finished before we could kill it
      run.child.kill('SIGKILL');
      await run.exit;
      kills++;
    }
    const last = spawnTill(script, args, { rate: LOSS_RATE, seed: SEED + life, paths: ['/invoice/send'] });
    cleanups.push(() => void last.child.kill('SIGKILL'));
    expect(await last.exit, last.output()).toBe(0);
    expect(kills).toBeGreaterThanOrEqual(1);
    expect(sandbox.requests()).toBeGreaterThan(SALES); // answers were lost and resent

    const db = new Database(path.join(dataDir, 'caja.db'), { readonly: true });
    const rows = db.prepare('SELECT number, status, last_error FROM documents ORDER BY number').all() as Row[];
    db.close();
    expectAllDeclaredOnceAndAccepted(rows, sandbox, SALES);
  }, 60_000);
});
