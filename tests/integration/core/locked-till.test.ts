// Item 4: a locked till says nothing of its configuration. Every bridge method is called while locked; the
// ones the sign-in screen needs answer, every other one is refused, and no answer carries the token's last
// characters, the API addresses, the SOL user, or the shop server's host, user or database.
import { describe, expect, it } from 'vitest';
import { memorySecretStore } from '../../../electron/core/services/secrets';
import { BRIDGE_METHOD_NAMES, type Session, type SettingsView, type User } from '../../../shared/bridge';
import { useRigs } from './harness';

const rig = useRigs();

/**
 * What the sign-in screen (and the shell around it) needs while nobody is signed in; recoverAdmin is the owner's way
 * back in with the recovery code, its own proof.
 */
const SIGN_IN = ['getStatus', 'getSession', 'listCashiers', 'login', 'lock', 'createFirstAdmin', 'recoverAdmin'];

describe('a locked till', () => {
  it('answers only what the sign-in screen needs, and none of the configuration', async () => {
    const secrets = memorySecretStore();
    secrets.set('portalCredentials', JSON.stringify({ usuario: 'SOLUSR77', password: 'clave-sol-secreta' }));
    const r = await rig({ core: { secrets } });
    await r.call<Session>('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' });
    const cajero = await r.call<User>('saveUser', { name: 'Luis Cajero', role: 'cajero', pin: '1234' });
    await r.call('setToken', { token: 'tok-secreto-WXYZ' });
    await r.call('saveSettings', { api: { billingBaseUrl: 'https://apife.tienda-secreta.pe/api/v1', queryBaseUrl: 'https://consultas.tienda-secreta.pe', provider: 'factiliza' } });
    await r.call('saveSettings', { shopServer: { enabled: false, host: 'servidor-oculto.lan', port: 5432, database: 'bdoculta', user: 'usuariooculto', tls: 'off', terminalName: 'Caja 1' } });
    const signedIn = await r.call<SettingsView>('getSettings');
    expect(signedIn.api.tokenLast4).toBe('WXYZ');
    await r.call('lock');

    const secretsSeen = /WXYZ|tienda-secreta|SOLUSR77|servidor-oculto|bdoculta|usuariooculto/;
    const answered: string[] = [];
    for (const method of BRIDGE_METHOD_NAMES) {
      if (method === 'lock') continue; // would only lock again
      const res = await r.raw(method, {});
      expect(JSON.stringify(res), method).not.toMatch(secretsSeen);
      if (res.ok || res.error.code !== 'locked') answered.push(method);
    }
    expect(answered.filter((m) => !SIGN_IN.includes(m))).toEqual([]);
    expect(await r.raw('getSettings', {})).toEqual({ ok: false, error: { code: 'locked', message: 'La caja está bloqueada: ingrese con su PIN.' } });

    // Signed in again, the settings are there as before.
    await r.call('login', { userId: cajero.id, pin: '1234' });
    expect((await r.call<SettingsView>('getSettings')).api.billingBaseUrl).toBe('https://apife.tienda-secreta.pe/api/v1');
  });
});
