// The shop server over TLS. A shop's server on the LAN has a certificate of its own that no system trusts:
// pasting its authority's certificate in Ajustes makes the till verify it; without it, or with another authority's,
// the connection is refused in Spanish, never made unverified. A server without TLS is told apart too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopPool, serverErrorText } from '../../../electron/core/server';
import { DEFAULT_SHOP_SERVER, ShopServerSettingsSchema, type ShopServerSettings } from '../../../shared/server/settings';
import { startRig } from '../core/harness';
import { startPgCluster, type PgCluster } from './pg-cluster';

let secure: PgCluster;
let plain: PgCluster;
let otherCa: string;
beforeAll(async () => {
  [secure, plain] = await Promise.all([startPgCluster({ tls: true }), startPgCluster()]);
  const stranger = await startPgCluster({ tls: true }); // only for an authority that did not sign `secure`'s certificate
  otherCa = stranger.caPem!;
  stranger.destroy();
}, 90_000);
afterAll(() => {
  secure?.destroy();
  plain?.destroy();
});

function settingsFor(cluster: PgCluster, patch: Partial<ShopServerSettings>): ShopServerSettings {
  return { ...DEFAULT_SHOP_SERVER, enabled: true, host: cluster.host, port: cluster.port, database: cluster.database, user: cluster.user, ...patch };
}

/** What a connection with these settings answers: 'ok', whether it was encrypted, or the cashier's words. */
async function connect(cluster: PgCluster, patch: Partial<ShopServerSettings>): Promise<string> {
  const pool = createShopPool(settingsFor(cluster, patch), cluster.password, { connectMs: 5_000 });
  try {
    const r = await pool.query<{ ssl: boolean }>('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()');
    return r.rows[0]?.ssl ? 'ok, cifrada' : 'ok, sin cifrar';
  } catch (e) {
    return serverErrorText(e);
  } finally {
    await pool.end();
  }
}

describe('the shop server over TLS', () => {
  it('with the shop authority pasted, the certificate is verified and the connection is encrypted', async () => {
    expect(await connect(secure, { tls: 'on', caCert: secure.caPem! })).toBe('ok, cifrada');
  });

  it('without it, or with another authority, the connection is refused (never made unverified)', async () => {
    const refused = 'El certificado del servidor no es de confianza: pegue en Ajustes el certificado de la autoridad (CA) que lo firmó.';
    expect(await connect(secure, { tls: 'on', caCert: '' })).toBe(refused);
    expect(await connect(secure, { tls: 'on', caCert: otherCa })).toBe(refused);
  });

  it('TLS off still works against a server that offers it; a server without TLS is named as such', async () => {
    expect(await connect(secure, { tls: 'off' })).toBe('ok, sin cifrar');
    expect(await connect(plain, { tls: 'on', caCert: secure.caPem! })).toBe('El servidor no acepta conexiones cifradas (TLS): actívelas en el servidor o elija «No» en TLS.');
  });

  it('a new till uses TLS unless someone chooses a plain connection', () => {
    expect(DEFAULT_SHOP_SERVER.tls).toBe('on');
  });

  it('Ajustes refuses a pasted text that is not a certificate, and keeps an older setting without one', () => {
    const pasted = ShopServerSettingsSchema.safeParse(settingsFor(secure, { tls: 'on', caCert: 'MIIBkTCB+wIJAK...' }));
    expect(pasted.success).toBe(false);
    expect(pasted.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['caCert', 'Pegue el certificado en formato PEM (de -----BEGIN CERTIFICATE----- a -----END CERTIFICATE-----)'],
    ]);
    const { caCert: _dropped, ...before } = settingsFor(secure, { tls: 'on' }); // saved by a Caja before this field
    expect(ShopServerSettingsSchema.parse(before).caCert).toBe('');
  });

  it('"Verificar servidor" at a till goes through the same check', async () => {
    const rig = await startRig();
    try {
      await rig.call('setToken', { token: rig.sandbox.token });
      await rig.call('saveSettings', {
        api: { billingBaseUrl: rig.sandbox.billingBaseUrl, queryBaseUrl: rig.sandbox.queryBaseUrl },
        company: { ruc: '20100070970', name: 'BODEGA SAN MARTÍN S.A.C.', tradeName: '', address: 'Av. Lima 123', igvRegime: 'general' },
        demo: false,
      });
      await rig.call('setShopServerPassword', { password: secure.password });
      await rig.call('saveSettings', { shopServer: settingsFor(secure, { tls: 'on', caCert: '' }) });
      expect(await rig.call('testShopServer', {})).toMatchObject({ ok: false, message: expect.stringMatching(/no es de confianza/) });
      await rig.call('saveSettings', { shopServer: settingsFor(secure, { tls: 'on', caCert: secure.caPem! }) });
      expect(await rig.call('testShopServer', {})).toMatchObject({ ok: true, message: expect.stringMatching(/^Conectado/) });
    } finally {
      await rig.dispose();
    }
  });
});
