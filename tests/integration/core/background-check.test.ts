// A damage the start-up check does not read: a leaf page of an index deep in the file, overwritten with garbage
// while Caja is closed. Caja starts on it (the start-up check reads only what the first write depends on), sells, the
// whole-file check running in the background finds the damage and says it in the status bar while the till still
// sells, and the next start runs the shell's recovery flow (startup-recovery.ts) with the user accepting: the newest
// good copy is restored and every sale made meanwhile is carried into it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import type { MessageBoxOptions } from 'electron';
import * as backupApi from '../../../electron/core/backup';
import { checkBeforeOpen, defaultMigrationsDir } from '../../../electron/core/db';
import { damageMarkOf } from '../../../electron/core/db/damage-mark';
import { recoverDatabaseAtStartup } from '../../../electron/shell/startup-recovery';
import type { AppStatus, DocumentSummary } from '../../../shared/bridge';
import { seedDocuments } from '../../bench/seed-documents';
import { anonymousBoleta, until, useScratch, type Rig } from './harness';

const migrationsDir = defaultMigrationsDir();
const scratch = useScratch('caja-bgcheck-');
const SEEDED = 20_000;

// The check runs when the test says (run()), not after the app's delay.
const till = (dataDir: string, shared: Awaited<ReturnType<typeof scratch.sandbox>>) =>
  scratch.till(shared, dataDir, { backgroundCheck: { delayMs: 3_600_000 } });

const count = (rig: Rig, sql: string) => rig.core.db.sqlite.prepare(sql).pluck().get() as number;

async function sell(rig: Rig, n: number): Promise<DocumentSummary[]> {
  const issued: DocumentSummary[] = [];
  for (let i = 0; i < n; i++) issued.push(await rig.call<DocumentSummary>('issueSale', anonymousBoleta()));
  await until(rig, () => count(rig, "SELECT COUNT(*) FROM documents WHERE status NOT IN ('accepted', 'observed')") === 0, 400);
  return issued;
}

/** The first leaf of an index in key order (its lowest keys): no new sale writes there, no start-up step reads it. */
function firstLeafOf(file: string, index: string): number {
  const db = new Database(file, { readonly: true });
  try {
    const leaves = db.prepare("SELECT pageno, path FROM dbstat WHERE name = ? AND pagetype = 'leaf'").all(index) as { pageno: number; path: string }[];
    expect(leaves.length).toBeGreaterThan(10);
    return leaves.sort((a, b) => (a.path < b.path ? -1 : 1))[0]!.pageno;
  } finally {
    db.close();
  }
}

function overwritePage(file: string, page: number, pageSize = 4096): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.writeSync(fd, crypto.randomBytes(pageSize), 0, pageSize, (page - 1) * pageSize);
  } finally {
    fs.closeSync(fd);
  }
}

function scriptedDialog(...responses: number[]) {
  const calls: MessageBoxOptions[] = [];
  return {
    calls,
    showMessageBox: vi.fn(async (options: MessageBoxOptions) => {
      calls.push(options);
      const response = responses.shift();
      if (response === undefined) throw new Error(`unexpected dialog: ${options.message}`);
      return { response };
    }),
  };
}

const idsOf = (rig: Rig) => new Set(rig.core.db.sqlite.prepare('SELECT id_base_dato FROM documents').pluck().all() as string[]);

describe('the whole-file check runs in the background while the till sells', () => {
  it('finds a damaged index page the start-up check skipped, says it, and the recovery keeps every sale made meanwhile', async () => {
    const s = await scratch.sandbox();
    const dataDir = scratch.folder();
    const first = await till(dataDir, s);
    seedDocuments(first.core.db, SEEDED);
    // The seeded history ends today: the clock guard would otherwise ask about a year without sales.
    first.core.db.sqlite.prepare('UPDATE documents SET issued_at = ? WHERE id = ?').run(new Date().toISOString(), SEEDED);
    await sell(first, 5);
    expect(await first.call('backupNow')).toMatchObject({ check: 'ok', documents: SEEDED + 5 });
    await sell(first, 5);
    expect(await first.core.storageCheck.run()).toBe('ok');
    await first.dispose();

    const live = path.join(dataDir, 'caja.db');
    overwritePage(live, firstLeafOf(live, 'documents_series_number'));
    // The start-up check (shell and core alike) does not read that page: Caja starts.
    expect(checkBeforeOpen(live).state).toBe('ok');
    expect(backupApi.checkDatabaseFile(live, { mode: 'startup' }).state).toBe('ok');
    const damaged = await till(dataDir, s);
    expect(damaged.core.storageCheck.state).toBe('waiting');
    const meanwhile = await sell(damaged, 10);

    const statuses: AppStatus[] = [];
    damaged.core.onEvent((e) => (e.type === 'status' ? statuses.push(e.status) : undefined));
    expect(await damaged.core.storageCheck.run()).toBe('damaged');
    expect(fs.existsSync(damageMarkOf(live))).toBe(true);
    const status = await damaged.call<AppStatus>('getStatus');
    expect(status.storageDamage).toMatch(/encontró un daño.*Se sigue vendiendo/);
    await vi.waitFor(() => expect(statuses.some((st) => st.storageDamage !== null)).toBe(true));
    // The till still sells after the damage was found.
    const after = await sell(damaged, 2);
    const sold = idsOf(damaged);
    expect(sold.size).toBe(SEEDED + 22);
    await damaged.dispose();

    // The next start: the mark makes the start-up check see the damage, and the shell's recovery flow runs.
    expect(() => checkBeforeOpen(live)).toThrow(/dañada/);
    const dialog = scriptedDialog(0, 0);
    const outcome = await recoverDatabaseAtStartup({ dataDir, migrationsDir, dialog, backup: backupApi, log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() } });
    expect(dialog.calls[0]?.message).toBe('La base de datos de Caja está dañada');
    expect(dialog.calls[0]?.detail).toMatch(/segundo plano/);
    expect(outcome).toBe('restored');
    expect(fs.existsSync(damageMarkOf(live))).toBe(false);

    const restored = await till(dataDir, s);
    const kept = idsOf(restored);
    for (const id of sold) expect(kept.has(id)).toBe(true);
    for (const d of [...meanwhile, ...after]) expect(kept.has(d.idBaseDato)).toBe(true);
    const next = await sell(restored, 1);
    expect(next[0]!.number).toBe(SEEDED + 23);
    expect(await restored.core.storageCheck.run()).toBe('ok');
    expect((await restored.call<AppStatus>('getStatus')).storageDamage).toBeNull();
  }, 120_000);
});
