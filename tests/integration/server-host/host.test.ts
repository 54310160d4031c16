// This PC hosts the shop server from the PostgreSQL Caja ships. The host makes the cluster, its CA and
// certificate and starts it with TLS; a second till registers with the one-time code (its own login role) and its
// sale reaches the server; a spent or wrong code is refused in Spanish; a plain connection from the LAN is refused.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentSummary } from '../../../shared/bridge';
import { ServerHost } from '../../../electron/core/server-host/host';
import { registerTill } from '../../../electron/core/server-host/register-till';
import { memorySecretStore } from '../../../electron/core/services/secrets';
import { anonymousBoleta, startRig, until, type Rig } from '../core/harness';

let dir: string;
let host: ServerHost;
const secrets = memorySecretStore();
const rigs: Rig[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-host-'));
  host = new ServerHost({ dataDir: dir, secrets, migrationsDir: path.resolve('migrations'), shopName: () => 'Bodega San Martín' });
  await host.enable(0); // 0: any free port (5432 may be taken on a developer's machine)
}, 120_000);

afterAll(async () => {
  await Promise.all(rigs.map((r) => r.dispose()));
  await host?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('condition not reached');
}

describe('this PC is the shop server', () => {
  it('runs with TLS, keeps the owner password in the secret store, and reports its status', () => {
    const s = host.status();
    expect(s).toMatchObject({ configured: true, running: true, versionNote: null });
    expect(s.port).toBeGreaterThan(0);
    expect(s.disk!.freeBytes).toBeGreaterThan(0);
    expect(s.disk!.dataBytes).toBeGreaterThan(1_000_000);
    expect(secrets.get('shopServerOwnerPassword')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(fs.statSync(path.join(host.paths.tls, 'ca.key')).mode & 0o077).toBe(0);
  });

  it('sorts names as Spanish does (ñ after n)', async () => {
    const owner = host.ownerPool();
    try {
      const r = await owner.query<{ n: string }>("SELECT n FROM unnest(ARRAY['Ñuñoa', 'Nuñez', 'Oca', 'Ana']) n ORDER BY n");
      expect(r.rows.map((x) => x.n)).toEqual(['Ana', 'Nuñez', 'Ñuñoa', 'Oca']);
    } finally {
      await owner.end();
    }
  });

  it('a till registers with the code over verified TLS and sells; the code is spent; a wrong one is refused', async () => {
    const port = host.status().port!;
    const { code } = await host.newRegistrationCode();
    expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    const joined = await registerTill({ host: '127.0.0.1', port, code, terminalName: 'Caja 2' });
    expect(joined.settings).toMatchObject({ enabled: true, tls: 'on', database: 'caja', terminalName: 'Caja 2' });
    expect(joined.settings.user).toMatch(/^caja_till_/);
    expect(joined.settings.caCert).toContain('BEGIN CERTIFICATE');

    await expect(registerTill({ host: '127.0.0.1', port, code, terminalName: 'Caja 3' })).rejects.toThrow('El código no es válido, ya se usó o venció');
    const forged = `${code.slice(0, 10)}${code[10] === 'A' ? 'B' : 'A'}${code.slice(11)}`; // another CA fingerprint
    await expect(registerTill({ host: '127.0.0.1', port, code: forged, terminalName: 'Caja 3' })).rejects.toThrow('no corresponde al código');

    const r = await startRig({ core: { shopServer: { idleMs: 50, retry: { baseMs: 50, maxMs: 200 } } } });
    rigs.push(r);
    await r.call('setToken', { token: r.sandbox.token });
    await r.call('saveSettings', {
      api: { billingBaseUrl: r.sandbox.billingBaseUrl, queryBaseUrl: r.sandbox.queryBaseUrl },
      company: { ruc: '20100070970', name: 'BODEGA SAN MARTÍN S.A.C.', tradeName: '', address: 'Av. Lima 123', igvRegime: 'general' },
      series: { boleta: 'B002', factura: 'F002' },
      demo: false,
    });
    await r.call('setShopServerPassword', { password: joined.password });
    await r.call('saveSettings', { shopServer: joined.settings });
    r.core.start();
    const sale = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ tenders: [{ method: 'efectivo', amount: '20' }] }));
    await until(r, () => r.core.db.sqlite.prepare('SELECT status FROM documents WHERE id = ?').pluck().get(sale.id) === 'accepted');
    const owner = host.ownerPool();
    try {
      await waitFor(async () => (await owner.query("SELECT 1 FROM documents WHERE series = 'B002' AND number = 1 AND status = 'accepted'")).rowCount === 1).catch(async (e: unknown) => {
        const status = await r.call<{ shopServer: unknown }>('getStatus');
        throw new Error(`${String(e)}: the till says ${JSON.stringify(status.shopServer)}`);
      });
    } finally {
      await owner.end();
    }
  }, 60_000);

  it('refuses a connection without TLS from anywhere but this PC', async () => {
    const lan = host.status().addresses[0];
    if (!lan) return; // a machine with no network but loopback has no LAN to refuse
    const client = new pg.Client({ host: lan, port: host.status().port!, user: 'caja_registro', password: 'caja_registro', database: 'caja', ssl: false });
    client.on('error', () => undefined);
    await expect(client.connect()).rejects.toThrow(/no pg_hba.conf entry|no encryption/);
    await client.end().catch(() => undefined);
  });
});
