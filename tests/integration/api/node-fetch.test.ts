// The core's worker sends through Node's http/https (electron/core/api/node-fetch.ts), not the global fetch.
// The API client reads its answers the same way: a send and a query against the sandbox, a timeout, a refused
// connection in Spanish, an empty answer, and one connection kept alive for many requests.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../electron/core/api';
import { createNodeFetch } from '../../../electron/core/api/node-fetch';
import { startSandbox, type Sandbox } from '../../../electron/sandbox';
import { InvoiceSchema } from '../../../shared/api';
import { buildInvoice } from '../../../shared/billing';
import { boleta, line } from '../../unit/shared/billing/fixtures';

const nodeFetch = createNodeFetch();
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(() => sandbox.close());

async function server(handler: http.RequestListener): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const s = http.createServer(handler);
  s.on('connection', () => void connections++);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => {
      s.closeAllConnections();
      s.close(() => resolve());
    }),
  };
}

describe('the core\'s fetch over Node http', () => {
  it('sends a boleta and reads the answer, and a query\'s 404, as the global fetch does', async () => {
    const client = createApiClient({ fetch: nodeFetch, config: () => ({ billingBaseUrl: sandbox.billingBaseUrl, queryBaseUrl: sandbox.queryBaseUrl, token: sandbox.token }) });
    const invoice = InvoiceSchema.parse(buildInvoice(boleta([line('2', '3.50')], { number: 7, issuedAt: new Date().toISOString().slice(0, 19) + '-05:00' }), { ruc: '20100000009' }));
    const sent = await client.sendInvoice(JSON.stringify(invoice));
    expect(sent.data.authorityResponse.cdrResponse.code).toBe('0');
    expect(sent.data.authorityResponse.cdrZip.length).toBeGreaterThan(100);
    await expect(client.receipt('boleta', { ruc: '20100000009', series: 'B001', number: '999' })).rejects.toMatchObject({ kind: 'not_found' });
    const bad = createApiClient({ fetch: nodeFetch, config: () => ({ billingBaseUrl: sandbox.billingBaseUrl, queryBaseUrl: sandbox.queryBaseUrl, token: 'otro' }) });
    await expect(bad.sendInvoice(JSON.stringify(invoice))).rejects.toMatchObject({ kind: 'auth' });
  });

  it('gives up at the timeout, and says in Spanish that nobody listens at a closed port', async () => {
    const silent = await server(() => undefined);
    const closed = await server(() => undefined);
    await closed.close();
    try {
      const config = (url: string) => () => ({ billingBaseUrl: `${url}/api/v1`, queryBaseUrl: url, token: 't' });
      const slow = createApiClient({ fetch: nodeFetch, config: config(silent.url), sendTimeoutMs: 300 });
      await expect(slow.sendInvoice('{}')).rejects.toMatchObject({ kind: 'timeout', message: 'La API no respondió en 0 s.' });
      const nobody = createApiClient({ fetch: nodeFetch, config: config(closed.url) });
      await expect(nobody.sendInvoice('{}')).rejects.toMatchObject({ kind: 'network', message: expect.stringMatching(/no acepta conexiones/) });
    } finally {
      await silent.close();
    }
  });

  it('keeps one connection alive for many requests, reads an empty answer, and refuses a body it cannot send', async () => {
    const s = await server((req, res) => {
      if (req.url === '/empty') return void res.writeHead(204).end();
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    });
    try {
      for (let i = 0; i < 20; i++) {
        const res = await nodeFetch(`${s.url}/x`, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } });
        expect(await res.json()).toEqual({ ok: true });
      }
      expect(s.connections()).toBe(1);
      const empty = await nodeFetch(`${s.url}/empty`);
      expect(empty.status).toBe(204);
      expect(await empty.text()).toBe('');
      await expect(nodeFetch(`${s.url}/x`, { method: 'POST', body: new Uint8Array(1) })).rejects.toThrow(/text bodies/);
    } finally {
      await s.close();
    }
  });
});
