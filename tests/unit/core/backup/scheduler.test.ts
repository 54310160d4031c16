import { afterEach, describe, expect, it } from 'vitest';
import { BackupScheduler, BackupService, type SchedulerTimer } from '../../../../electron/core/backup';
import type { BackupInfo } from '../../../../shared/bridge/backup';
import { manualClock, openStore, type Store } from './helpers';

let store: Store | undefined;
afterEach(() => store?.close());

const HOUR = 3_600_000;

/** A timer that runs nothing by itself: the test fires the pending callback. */
function fakeTimer() {
  const pending: { fn: () => void; ms: number; id: number }[] = [];
  let next = 1;
  const timer: SchedulerTimer = {
    setTimeout(fn, ms) {
      pending.push({ fn, ms, id: next });
      return next++;
    },
    clearTimeout(handle) {
      const i = pending.findIndex((p) => p.id === handle);
      if (i >= 0) pending.splice(i, 1);
    },
  };
  return {
    timer,
    pending,
    /** Runs the one pending callback and waits for the look it starts. */
    async fire(scheduler: BackupScheduler) {
      const p = pending.shift();
      if (!p) throw new Error('nothing scheduled');
      p.fn();
      await scheduler.check();
      await new Promise((r) => setImmediate(r));
    },
  };
}

describe('BackupScheduler', () => {
  it('copies at start when there is no daily copy, then once the last one is 24 h old, looking every hour', async () => {
    store = openStore();
    store.issue(3);
    const clock = manualClock('2025-03-01T13:00:00.000Z');
    const service = new BackupService({ db: store.db, settings: store.repos.settings, dataDir: store.dir, now: clock.now });
    const t = fakeTimer();
    const results: { backup?: BackupInfo; error?: unknown }[] = [];
    const scheduler = new BackupScheduler({ target: service, now: clock.now, timer: t.timer, onResult: (r) => results.push(r) });

    await scheduler.start();
    expect(results.map((r) => r.backup?.fileName)).toEqual(['caja-20250301-080000-daily.db']);
    expect(t.pending.map((p) => p.ms)).toEqual([HOUR]);

    for (let h = 1; h < 24; h++) {
      clock.advance(HOUR);
      await t.fire(scheduler);
    }
    expect(results).toHaveLength(1); // 23 h later: not due yet
    clock.advance(HOUR);
    await t.fire(scheduler);
    expect(results.map((r) => r.backup?.fileName)).toEqual(['caja-20250301-080000-daily.db', 'caja-20250302-080000-daily.db']);
    expect(service.listBackups().backups.filter((b) => b.reason === 'daily' && b.check === 'ok')).toHaveLength(2);

    await scheduler.stop();
    expect(t.pending).toHaveLength(0);
  });

  it('reports a failure and tries again at the next hourly look', async () => {
    store = openStore();
    const clock = manualClock('2025-03-01T13:00:00.000Z');
    const service = new BackupService({ db: store.db, settings: store.repos.settings, dataDir: store.dir, now: clock.now });
    let failures = 1;
    const target = {
      lastSuccessful: (reason: 'daily') => service.lastSuccessful(reason),
      rotate: () => service.rotate(),
      backupNow: (reason: 'daily') => (failures-- > 0 ? Promise.reject(new Error('Disco lleno')) : service.backupNow(reason)),
    };
    const t = fakeTimer();
    const results: { backup?: BackupInfo; error?: unknown }[] = [];
    const scheduler = new BackupScheduler({ target, now: clock.now, timer: t.timer, onResult: (r) => results.push(r) });
    await scheduler.start();
    expect(results).toEqual([{ error: new Error('Disco lleno'), deleted: [] }]);
    clock.advance(HOUR);
    await t.fire(scheduler);
    expect(results[1]?.backup).toMatchObject({ reason: 'daily', check: 'ok' });
    await scheduler.stop();
  });

  it('rotates after each automatic copy', async () => {
    store = openStore();
    const clock = manualClock('2025-03-01T13:00:00.000Z');
    const service = new BackupService({ db: store.db, settings: store.repos.settings, dataDir: store.dir, now: clock.now, keepDaily: 2 });
    const t = fakeTimer();
    const deleted: string[] = [];
    const scheduler = new BackupScheduler({ target: service, now: clock.now, timer: t.timer, onResult: (r) => deleted.push(...r.deleted) });
    await scheduler.start();
    for (let day = 0; day < 3; day++) {
      clock.advance(24 * HOUR);
      await t.fire(scheduler);
    }
    expect(deleted).toEqual(['caja-20250301-080000-daily.db', 'caja-20250302-080000-daily.db']);
    await scheduler.stop();
  });
});
