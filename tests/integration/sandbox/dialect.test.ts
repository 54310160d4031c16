// The sandbox playing the real provider: real paths only, real names in its answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../electron/sandbox';
import { createApiClient, isApiError } from '../../../electron/core/api';
import { InvoiceSchema } from '../../../shared/api';
import { buildInvoice } from '../../../shared/billing';
import { boleta, line } from '../../unit/shared/billing/fixtures';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, dialect: 'factiliza' });
});
afterAll(async () => sandbox.close());

const auth = () => ({ Authorization: `Bearer ${sandbox.token}`, 'Content-Type': 'application/json' });
// Each test sends its own number: the same number sent again a second later differs in its issue time, and the
// sandbox rightly answers that one with 1033 (already registered), as SUNAT would.
const invoice = (number: number) => InvoiceSchema.parse(buildInvoice(boleta([line('1', '5')], { number, issuedAt: new Date().toISOString().slice(0, 19) + '-05:00' }), { ruc: '20100000009' }));

describe('sandbox, factiliza dialect', () => {
  it('answers a send with data.sunatResponse, never authorityResponse', async () => {
    const res = await fetch(`${sandbox.billingBaseUrl}/invoice/send`, { method: 'POST', headers: auth(), body: JSON.stringify(invoice(1)) });
    const text = await res.text();
    expect(text).toContain('"sunatResponse"');
    expect(text).not.toContain('authorityResponse');
  });

  it('serves /v1/sunat/... and not the document\'s /v1/authority/...', async () => {
    const real = await fetch(`${sandbox.queryBaseUrl}/v1/sunat/boleta/20100000009-B001-999`, { headers: auth() });
    const anonymised = await fetch(`${sandbox.queryBaseUrl}/v1/authority/boleta/20100000009-B001-999`, { headers: auth() });
    expect(real.status).toBe(404); // known route, no such receipt
    expect((await real.json()).message).toMatch(/No se encontraron/);
    expect(anonymised.status).toBe(404);
    expect((await anonymised.json()).message).toMatch(/Ruta no encontrada/);
  });

  it('a client left on the document\'s names gets "ruta no encontrada", so the mismatch is visible', async () => {
    const client = createApiClient({ fetch: globalThis.fetch, config: () => ({ billingBaseUrl: sandbox.billingBaseUrl, queryBaseUrl: sandbox.queryBaseUrl, token: sandbox.token }) });
    const err = await client.receipt('boleta', { ruc: '20100000009', series: 'B001', number: '1' }).catch((e: unknown) => e);
    expect(isApiError(err) && err.kind).toBe('not_found');
    const real = createApiClient({ fetch: globalThis.fetch, config: () => ({ billingBaseUrl: sandbox.billingBaseUrl, queryBaseUrl: sandbox.queryBaseUrl, token: sandbox.token, provider: 'factiliza' }) });
    const sent = await real.sendInvoice(JSON.stringify(invoice(2)));
    expect(sent.data.authorityResponse.cdrResponse.code).toBe('0');
  });
});

describe('the client reads a send refused as HTTP 200 with success:false (provider-factiliza.md)', () => {
  it('as "not declared, see the message"', async () => {
    const fake = async () => new Response(JSON.stringify({ status: 200, success: false, message: 'El RUC del emisor no está habilitado' }), { status: 200 });
    const client = createApiClient({ fetch: fake, config: () => ({ billingBaseUrl: 'https://x/api/v1', queryBaseUrl: 'https://x', token: 't', provider: 'factiliza' }) });
    const err = await client.sendInvoice('{}').catch((e: unknown) => e);
    expect(isApiError(err) && { kind: err.kind, message: err.message, status: err.status }).toEqual({
      kind: 'invalid', message: 'El RUC del emisor no está habilitado', status: 200,
    });
  });
});
