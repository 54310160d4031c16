// The host announces its shop server by mDNS and a till's browse finds its name, port and an address.
// Real multicast on this machine's interfaces (no mock); skipped where the machine has no network but loopback.
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { advertise, browse } from '../../../electron/core/server-host/discovery';

const hasLan = Object.values(os.networkInterfaces()).some((l) => (l ?? []).some((a) => a.family === 'IPv4' && !a.internal));

describe.skipIf(!hasLan)('finding the shop server on the LAN', () => {
  it('a browsing till finds the advertised server', async () => {
    const name = `Caja servidor prueba ${process.pid}`;
    const ad = advertise({ name, port: 54_321, shop: 'Bodega San Martín' });
    try {
      const found = await browse(2_500);
      const mine = found.find((f) => f.name === name);
      expect(mine).toMatchObject({ port: 54_321, shop: 'Bodega San Martín' });
      expect(mine!.addresses.length).toBeGreaterThan(0);
    } finally {
      await ad.stop();
    }
  }, 15_000);
});
