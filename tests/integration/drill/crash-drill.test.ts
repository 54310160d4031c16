import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../electron/sandbox';
import { spawnTill, type TillProcess } from './spawn-till';

const TARGET = 500;
const KILLS = 24;
const script = fileURLToPath(new URL('./till-process.ts', import.meta.url));

let sandbox: Sandbox;
let dataDir: string;
beforeAll(async () => {
  // The peer varies its answers among the forms the API document allows: seeded, reproducible.
  sandbox = await startSandbox({ port: 0, vary: { seed: 2311 } });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-drill-'));
});
afterAll(async () => {
  await sandbox.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function launch(): TillProcess {
  return spawnTill(script, [dataDir, sandbox.billingBaseUrl, sandbox.queryBaseUrl, sandbox.token, String(TARGET)]);
}

describe('crash drill', () => {
  it(`issues and sends ${TARGET} documents through ${KILLS} SIGKILLs: each declared exactly once, none lost, no gaps`, async () => {
    let kills = 0;
    while (kills < KILLS) {
      const run = launch();
      await Promise.race([run.ready, run.exit]);
      await new Promise((r) => setTimeout(r, 30 + Math.random() * 220));
      if (run.child.exitCode !== null) break; // finished before we could kill it
      run.child.kill('SIGKILL');
      await run.exit;
      kills++;
    }
    const last = launch();
    const code = await last.exit;
    expect(code, last.output()).toBe(0);
    expect(kills).toBeGreaterThanOrEqual(20);

    const db = new Database(path.join(dataDir, 'caja.db'), { readonly: true });
    const rows = db.prepare('SELECT series, number, status, id_base_dato FROM documents ORDER BY number').all() as {
      number: number;
      status: string;
      id_base_dato: string;
    }[];
    db.close();
    expect(rows).toHaveLength(TARGET);
    expect(rows.map((r) => r.number)).toEqual(Array.from({ length: TARGET }, (_, i) => i + 1));
    expect(rows.every((r) => r.status === 'accepted')).toBe(true);

    const declared = sandbox.declarations();
    expect(declared).toHaveLength(TARGET);
    expect(new Set(declared.map((d) => d.key)).size).toBe(TARGET);
    expect(new Set(declared.map((d) => d.idBaseDato))).toEqual(new Set(rows.map((r) => r.id_base_dato)));
  }, 240_000);
});
