// Copies when the clock jumps (a year ahead and back), copies that changed after they were recorded, and
// leftovers of interrupted copies and restores. Real core, real SQLite files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../electron/core/app';
import { BackupScheduler, BackupService, latestGoodBackup, type SchedulerTimer } from '../../../electron/core/backup';
import { defaultMigrationsDir, SettingsRepository } from '../../../electron/core/db';
import { memorySecretStore } from '../../../electron/core/services/secrets';
import { manualClock } from '../../unit/core/backup/helpers';
import { anonymousBoleta } from './harness';

const migrationsDir = defaultMigrationsDir();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function offlineCore(now: () => Date, dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-29-clock-'))): { core: Core; dataDir: string } {
  const core = createCore({ dataDir, now, fetch: globalThis.fetch, secrets: memorySecretStore(), dailyBackups: false });
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  cleanups.push(() => core.close());
  return { core, dataDir };
}

const noTimer: SchedulerTimer = { setTimeout: () => 0, clearTimeout: () => {} };

async function sell(core: Core, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const res = await core.dispatch('issueSale', anonymousBoleta());
    if (!res.ok) throw new Error(JSON.stringify(res.error));
  }
}

describe('a clock that runs a year ahead and comes back', () => {
  it('keeps the daily copies going, offers the copy with the newest content, and rotation keeps the real ones', async () => {
    const clock = manualClock('2026-03-10T15:00:00.000Z');
    const { core, dataDir } = offlineCore(clock.now);
    const service = new BackupService({ db: core.db, settings: new SettingsRepository(core.db), dataDir, migrationsDir, now: clock.now, keepDaily: 2 });
    const taken: string[] = [];
    const scheduler = new BackupScheduler({ target: service, now: clock.now, timer: noTimer, onResult: (r) => r.backup && taken.push(r.backup.fileName) });
    const look = () => scheduler.check();

    await sell(core, 2);
    await look();
    expect(taken).toEqual(['caja-20260310-100000-daily.db']);

    clock.advance(365 * DAY); // the clock runs a year ahead: a copy of 2 sales, dated next year
    await look();
    expect(taken.at(-1)).toBe('caja-20270310-100000-daily.db');

    clock.set('2026-03-10T16:00:00.000Z'); // and comes back
    await sell(core, 4);
    await look(); // +1 h: the real daily copy is an hour old, not due
    expect(taken).toHaveLength(2);
    clock.advance(2 * DAY);
    await look(); // +2 d: due, although a copy "of next year" exists
    expect(taken).toHaveLength(3);
    clock.advance(4 * DAY);
    await look(); // +6 d
    expect(taken).toHaveLength(4);
    expect(taken.slice(2)).toEqual(['caja-20260312-110000-daily.db', 'caja-20260316-110000-daily.db']);

    // Start-up recovery offers the copy with the newest content (6 sales), not the future-dated one (2).
    expect(await latestGoodBackup(service.folder(), migrationsDir)).toMatchObject({ fileName: 'caja-20260316-110000-daily.db', documents: 6 });
    // Rotation (2 kept here) kept the two real copies of 6 sales and deleted the future-dated one and the oldest.
    const left = service.listBackups().backups.filter((b) => b.reason === 'daily').map((b) => b.fileName).sort();
    expect(left).toEqual(['caja-20260312-110000-daily.db', 'caja-20260316-110000-daily.db']);
  });
});

describe('the list of copies', () => {
  it('shows a copy truncated or changed after it was recorded as failed, and never offers it', async () => {
    const clock = manualClock('2026-03-10T15:00:00.000Z');
    const { core, dataDir } = offlineCore(clock.now);
    const service = new BackupService({ db: core.db, settings: new SettingsRepository(core.db), dataDir, migrationsDir, now: clock.now });
    await sell(core, 22);
    const truncated = await service.backupNow('manual');
    clock.advance(HOUR);
    const changed = await service.backupNow('manual');
    expect([truncated.check, changed.check]).toEqual(['ok', 'ok']);

    fs.truncateSync(truncated.path, Math.floor(truncated.size / 2));
    const fd = fs.openSync(changed.path, 'r+');
    fs.writeSync(fd, Buffer.alloc(16, 0x55), 0, 16, changed.size - 4096 + 100);
    fs.closeSync(fd);
    fs.utimesSync(changed.path, new Date(), new Date(Date.now() + 5_000));

    const list = service.listBackups().backups;
    const t = list.find((b) => b.fileName === truncated.fileName)!;
    expect(t).toMatchObject({ check: 'failed' });
    expect(t.message).toMatch(/La copia cambió desde que se hizo: tenía \d+ bytes y ahora tiene \d+/);
    const c = list.find((b) => b.fileName === changed.fileName)!;
    expect(c).toMatchObject({ check: 'failed', message: expect.stringMatching(/El contenido de la copia cambió/) });
    expect(await latestGoodBackup(service.folder(), migrationsDir)).toBeUndefined();
  });
});

describe('leftovers of interrupted work', () => {
  it('are removed at start-up, saying how much space came back', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-29-left-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const first = createCore({ dataDir, fetch: globalThis.fetch, secrets: memorySecretStore(), dailyBackups: false });
    await sell(first, 1);
    const copy = await first.backups.backupNow('manual');
    await first.stop();
    first.close();
    const mb = Buffer.alloc(1_000_000, 1);
    const leftovers = [
      path.join(dataDir, `.caja.db.restore-4242-${Date.now()}.tmp`),
      path.join(dataDir, `.caja.db.restore-4242-${Date.now()}.tmp-journal`),
      path.join(path.dirname(copy.path), 'caja-20260310-100000-daily.db.partial'),
      path.join(dataDir, 'caja.db.new-4242-1767225600000'),
    ];
    for (const f of leftovers) fs.writeFileSync(f, mb);
    const keep = path.join(dataDir, 'notas.tmp');
    fs.writeFileSync(keep, 'no es de Caja');

    const core = createCore({ dataDir, fetch: globalThis.fetch, secrets: memorySecretStore(), dailyBackups: false });
    cleanups.push(() => core.close());
    for (const f of leftovers) expect(fs.existsSync(f)).toBe(false);
    expect(fs.existsSync(keep)).toBe(true);
    expect(fs.existsSync(copy.path)).toBe(true);
    expect(core.notices).toContain(
      'Se borraron 4 archivos temporales de copias o restauraciones que no terminaron: se liberaron 4,0 MB.',
    );
  });
});
