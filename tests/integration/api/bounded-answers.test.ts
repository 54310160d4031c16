// Items 2 and 5: an API answer is read as a stream and cut at a limit (a hostile or broken server cannot
// fill the memory), and the token never travels over plain http:// except to this machine.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApiClient } from '../../../electron/core/api';
import { MAX_ANSWER_BYTES, requestJson } from '../../../electron/core/api/http';
import { createNodeFetch } from '../../../electron/core/api/node-fetch';
import { testConnection } from '../../../electron/core/services/connection-test';
import { SettingsUpdateSchema } from '../../../shared/bridge/settings';
import { SetupInputSchema } from '../../../shared/bridge/setup';
import { isSecureApiUrl } from '../../../shared/validation/api-url';

interface Flood {
  url: string;
  /** Bytes the server managed to write before the client hung up. */
  written(): number;
  close(): Promise<void>;
}

const servers: Flood[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A server whose answer is `total` bytes of a JSON string, in 64 KB chunks; with or without Content-Length. */
async function flood(total: number, declare: boolean): Promise<Flood> {
  let written = 0;
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', ...(declare ? { 'Content-Length': String(total) } : {}) });
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const pump = () => {
      while (written < total) {
        if (res.destroyed) return;
        written += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end();
    };
    res.on('close', () => undefined);
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const s: Flood = {
    url: `http://127.0.0.1:${port}`,
    written: () => written,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  servers.push(s);
  return s;
}

// Both ways the core fetches: the global fetch (tests, 'network: shell') and Node's http (the core's worker).
describe.each([
  ['global fetch', globalThis.fetch],
  ['node http', createNodeFetch()],
] as const)('API answers are bounded, %s', (_name, fetchImpl) => {
  it('a 256 MB answer without Content-Length is cut at the limit, refused in Spanish, and the connection dropped', async () => {
    const s = await flood(256 * 1024 * 1024, false);
    const before = process.memoryUsage().rss;
    const error = await requestJson(fetchImpl, { method: 'GET', url: `${s.url}/v1/ruc/info/1`, token: 't', timeoutMs: 20_000 }, z.unknown()).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ name: 'ApiError', kind: 'malformed', message: 'La API respondió demasiado (más de 4 MB): la respuesta se descartó sin leerla.' });
    const grown = process.memoryUsage().rss - before;
    console.log(`[bounded answers] 256 MB answer refused after ${(s.written() / 1e6).toFixed(1)} MB sent by the server; RSS grew ${(grown / 1e6).toFixed(1)} MB`);
    // The reader stopped: far less than the answer was ever sent (socket buffers let some MB through).
    expect(s.written()).toBeLessThan(64 * 1024 * 1024);
  });

  it('a declared Content-Length above the limit is refused before reading the body', async () => {
    const s = await flood(MAX_ANSWER_BYTES + 1, true);
    const client = createApiClient({ fetch: fetchImpl, config: () => ({ billingBaseUrl: `${s.url}/api/v1`, queryBaseUrl: s.url, token: 't' }) });
    await expect(client.sendInvoice('{}')).rejects.toMatchObject({ kind: 'malformed', message: expect.stringMatching(/demasiado/) });
  });

  it('an answer within the limit is read whole, as before', async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ message: 'ñandú', pad: 'x'.repeat(MAX_ANSWER_BYTES - 100) }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const json = await requestJson(fetchImpl, { method: 'GET', url: `http://127.0.0.1:${port}/x`, token: 't', timeoutMs: 5_000 }, z.object({ message: z.string() }));
      expect(json.message).toBe('ñandú');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('HTTPS only for the API, except this machine', () => {
  const message = /debe empezar con https:\/\/.*127\.0\.0\.1/;

  it('the settings and the setup wizard refuse an http:// address elsewhere, in Spanish', () => {
    const api = (url: string) => ({ api: { billingBaseUrl: url, queryBaseUrl: 'https://api.factiliza.com', provider: 'factiliza' } });
    const refused = SettingsUpdateSchema.safeParse(api('http://apife.factiliza.com/api/v1'));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ['api', 'billingBaseUrl'], message: expect.stringMatching(message) });
    for (const ok of ['https://apife.factiliza.com/api/v1', 'http://127.0.0.1:4010/api/v1', 'http://localhost:4010/api/v1']) {
      expect(SettingsUpdateSchema.safeParse(api(ok)).success, ok).toBe(true);
    }
    const setup = {
      mode: 'real',
      company: { ruc: '20100066603', name: 'Bodega SAC', tradeName: '', address: 'Jr. Lima 1', igvRegime: 'general' },
      series: { boleta: 'B001', factura: 'F001' },
      api: { billingBaseUrl: 'https://apife.factiliza.com/api/v1', queryBaseUrl: 'http://api.factiliza.com', provider: 'factiliza' },
      printer: { deviceName: '', paper: '80mm' },
    };
    const wizard = SetupInputSchema.safeParse(setup);
    expect(wizard.error?.issues[0]).toMatchObject({ path: ['api', 'queryBaseUrl'], message: expect.stringMatching(message) });
  });

  it('tells loopback from look-alikes', () => {
    for (const url of ['http://127.0.0.1@evil.example/', 'http://localhost.evil.example', 'http://10.0.0.5', 'ftp://x', 'https://']) {
      expect(isSecureApiUrl(url), url).toBe(false);
    }
    expect(isSecureApiUrl('http://[::1]:8080/x')).toBe(true);
  });

  it('the client never sends the token to an http:// address stored before the rule, nor does "Probar conexión"', async () => {
    const called: string[] = [];
    const spy = async (url: string) => {
      called.push(url);
      return new Response('{}');
    };
    const client = createApiClient({ fetch: spy, config: () => ({ billingBaseUrl: 'http://api.example.pe/api/v1', queryBaseUrl: 'http://api.example.pe', token: 'secreto' }) });
    await expect(client.sendInvoice('{}')).rejects.toMatchObject({ kind: 'network', message: expect.stringMatching(/no es segura.*https:\/\//) });
    const probe = await testConnection(spy, { billingBaseUrl: 'http://api.example.pe/api/v1', queryBaseUrl: 'http://api.example.pe', token: 'secreto' }, '20100066603');
    expect(probe.billing).toMatchObject({ ok: false, message: expect.stringMatching(/no es segura/) });
    expect(called).toEqual([]);
  });
});
