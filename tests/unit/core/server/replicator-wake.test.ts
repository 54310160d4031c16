// The outbox wakes the shop server's loop for every status it writes. With no server set up there is
// nowhere to push: those wakes must not make the loop look at the settings again (a backlog drain of 10,000 woke it
// some 20,000 times), while new settings (reconfigure) and stopping still reach it at once.
import { describe, expect, it } from 'vitest';
import type { ShopServerSettings } from '../../../../shared/server/settings';
import { Replicator, type ReplicatorOptions } from '../../../../electron/core/server/replicator';

const turn = () => new Promise((resolve) => setImmediate(resolve));

function rig() {
  let looks = 0;
  let settings: ShopServerSettings | null = null;
  const quiet = { info() {}, warn() {}, error() {} };
  const replicator = new Replicator({
    settings: () => {
      looks += 1;
      return settings;
    },
    password: () => undefined,
    terminal: () => ({ id: 't', name: 'Caja 1', series: { boleta: 'B001', factura: 'F001' } }),
    migrationsDir: '.',
    log: quiet,
    idleMs: 60_000,
    queue: {} as ReplicatorOptions['queue'],
    documents: {} as ReplicatorOptions['documents'],
    payments: {} as ReplicatorOptions['payments'],
    discounts: {} as ReplicatorOptions['discounts'],
  } as ReplicatorOptions);
  return { replicator, looks: () => looks, configure: (s: ShopServerSettings) => (settings = s) };
}

describe('the shop server loop with no server set up', () => {
  it('does not look at the settings again for each status the outbox writes', async () => {
    const r = rig();
    r.replicator.start();
    for (let i = 0; i < 5; i++) await turn();
    const before = r.looks();
    expect(before).toBeGreaterThan(0);
    for (let i = 0; i < 200; i++) {
      r.replicator.wake();
      if (i % 10 === 0) await turn();
    }
    for (let i = 0; i < 5; i++) await turn();
    expect(r.looks()).toBe(before);
    await r.replicator.stop(); // a stop still ends the loop's wait at once (its idle wait is a minute here)
  });

  it('new settings still wake it at once', async () => {
    const r = rig();
    r.replicator.start();
    for (let i = 0; i < 5; i++) await turn();
    const before = r.looks();
    r.replicator.reconfigure();
    for (let i = 0; i < 5; i++) await turn();
    expect(r.looks()).toBeGreaterThan(before);
    await r.replicator.stop();
  });
});
