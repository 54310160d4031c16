import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient, type ApiConfig, ApiError } from '../../../electron/core/api';
import { readCdrZip } from '../../../electron/core/cdr';
import { SEED_CITIZENS, SEED_GUIDES, SEED_RECORDS, startSandbox, type Sandbox } from '../../../electron/sandbox';
import { CdrQueryRequestSchema } from '../../../shared/api';
import { buildInvoice } from '../../../shared/billing';

let sandbox: Sandbox;
let config: ApiConfig;
let api: ApiClient;
const seen: { url: string; auth: string | null; body?: string }[] = [];

const recordingFetch: typeof fetch = async (input, init) => {
  seen.push({ url: String(input), auth: new Headers(init?.headers).get('authorization'), body: init?.body as string | undefined });
  return fetch(input, init);
};

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  config = { billingBaseUrl: sandbox.billingBaseUrl, queryBaseUrl: sandbox.queryBaseUrl, token: sandbox.token };
  api = createApiClient({ fetch: recordingFetch, config: () => config, sendTimeoutMs: 500, queryTimeoutMs: 500 });
});
afterAll(() => sandbox.close());

const company = { ruc: '20131312955' };
const payload = (n: number) =>
  JSON.stringify(
    buildInvoice(
      {
        docType: '03', series: 'B900', number: n, issuedAt: new Date().toISOString(), currency: 'PEN',
        customer: { docType: '0', docNumber: '', name: '', address: '' },
        lines: [{ code: 'A', description: 'Agua 625 ml', unit: 'NIU', quantity: '3', unitPrice: '1.50', affectation: '10' }],
        payment: { method: 'CONTADO' },
      },
      company,
    ),
  );

async function kindOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return (e as ApiError).kind;
  }
}

describe('API client over HTTP', () => {
  it('sends the stored payload byte-for-byte with the bearer token and validates the answer', async () => {
    const text = payload(1);
    const res = await api.sendInvoice(text);
    expect(res.data.authorityResponse.success).toBe(true);
    const last = seen.at(-1);
    expect(last?.url).toBe(`${sandbox.billingBaseUrl}/invoice/send`);
    expect(last?.auth).toBe(`Bearer ${sandbox.token}`);
    expect(last?.body).toBe(text);
    expect((await readCdrZip(res.data.authorityResponse.cdrZip)).referenceId).toBe('B900-1');
  });

  it('answers every lookup of the doc', async () => {
    const citizen = SEED_CITIZENS[0]!;
    expect((await api.dni(citizen.numero)).nombre_completo).toBe(citizen.nombre_completo);
    const guide = SEED_GUIDES[0]!;
    const ref = { ruc: guide.numRuc, type: guide.codTipoCpe, series: guide.numSerie, number: String(guide.numCpe) };
    expect((await api.guide(ref)).numCpe).toBe(guide.numCpe);
    expect(await api.guideXml(ref)).toMatch(/^[A-Za-z0-9+/=]+$/);
    const rec = SEED_RECORDS[0]!;
    const kind = rec.tipoComprobante === '01' ? 'factura' : 'boleta';
    const got = await api.receipt(kind, { ruc: rec.numeroRuc, series: rec.serieComprobante, number: String(rec.numeroComprobante) });
    expect(got.montoTotalGeneral).toBe(rec.montoTotalGeneral);
    const query = CdrQueryRequestSchema.parse({
      ruc: company.ruc, usuario: 'MODDATOS', password: 'moddatos', proveedor: company.ruc, tipo_doc: '03', serie: 'B900', correlativo: '1',
    });
    const cdr = await api.cdr(query);
    expect(cdr.success).toBe(true);
    expect((await readCdrZip(cdr.data)).code).toBe('0');
  });

  it('types each failure', async () => {
    expect(await kindOf(api.dni('00000000'))).toBe('not_found');
    sandbox.faults.status(503, 1);
    expect(await kindOf(api.sendInvoice(payload(2)))).toBe('server');
    sandbox.faults.hang(1);
    expect(await kindOf(api.sendInvoice(payload(3)))).toBe('timeout');
    sandbox.faults.reset(1);
    expect(await kindOf(api.sendInvoice(payload(4)))).toBe('network');
    sandbox.faults.malformed(1);
    expect(await kindOf(api.sendInvoice(payload(5)))).toBe('malformed');
    sandbox.faults.unauthorized(1);
    expect(await kindOf(api.sendInvoice(payload(6)))).toBe('auth');
    expect(await kindOf(api.sendInvoice('{"tipo_Doc":"03"}'))).toBe('invalid');
    const bad = createApiClient({ fetch, config: () => ({ ...config, token: 'otro' }) });
    expect(await kindOf(bad.dni(SEED_CITIZENS[0]!.numero))).toBe('auth');
    const none = createApiClient({ fetch, config: () => undefined });
    expect(await kindOf(none.dni('12345678'))).toBe('auth');
  });

  it('reports a refused connection as a network error and a wrong shape as malformed', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const down = createApiClient({ fetch, config: () => ({ ...config, billingBaseUrl: `http://127.0.0.1:${port}/api/v1` }) });
    const err = (await down.sendInvoice(payload(7)).catch((e: unknown) => e)) as ApiError;
    expect(err.kind).toBe('network');
    expect(err.message).toMatch(/Sin conexión con la API: el servicio no acepta conexiones/);

    const odd = createApiClient({ fetch: async () => new Response('{"status":200}', { status: 200 }), config: () => config });
    expect(await kindOf(odd.sendInvoice(payload(8)))).toBe('malformed');
  });
});
