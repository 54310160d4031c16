// Bearer check, body handling and routing of the sandbox, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../../shared/api';
import { startSandbox, type Sandbox } from '../../../electron/sandbox';
import { boleta, get, send, SAMPLE_DAY } from './helpers';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ token: 'secreto-de-prueba', clock: SAMPLE_DAY });
});
afterAll(() => sandbox.close());

async function errorBody(res: Response, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  const body = ErrorBodySchema.parse(await res.json());
  expect(body).toMatchObject({ status, success: false });
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

describe('sandbox: bearer token', () => {
  it('listens on 127.0.0.1 and exposes both bases', () => {
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.billingBaseUrl).toBe(`${sandbox.url}/api/v1`);
    expect(sandbox.queryBaseUrl).toBe(sandbox.url);
    expect(sandbox.token).toBe('secreto-de-prueba');
  });

  it('answers 401 without the Authorization header, on send and on queries', async () => {
    await errorBody(await send(sandbox, boleta(), { headers: { 'content-type': 'application/json' } }), 401);
    await errorBody(await fetch(`${sandbox.url}/v1/dni/info/10000001`), 401);
    expect(sandbox.declarations()).toHaveLength(0);
  });

  it('answers 401 with another token or another scheme', async () => {
    const wrong = { authorization: 'Bearer demo-token', 'content-type': 'application/json' };
    await errorBody(await send(sandbox, boleta(), { headers: wrong }), 401);
    await errorBody(await fetch(`${sandbox.url}/v1/dni/info/10000001`, { headers: { authorization: 'Basic secreto-de-prueba' } }), 401);
    await errorBody(await fetch(`${sandbox.url}/v1/dni/info/10000001`, { headers: { authorization: 'secreto-de-prueba' } }), 401);
  });

  it('accepts the right token', async () => {
    expect((await get(sandbox, '/v1/dni/info/10000001')).status).toBe(200);
  });

  it('uses demo-token by default', async () => {
    const other = await startSandbox({ clock: SAMPLE_DAY });
    try {
      expect(other.token).toBe('demo-token');
      const res = await fetch(`${other.url}/v1/dni/info/10000001`, { headers: { authorization: 'Bearer demo-token' } });
      expect(res.status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('sandbox: request bodies', () => {
  it('400 naming a missing required field', async () => {
    const { cliente_Direccion: _omit, ...withoutAddress } = boleta();
    const body = await errorBody(await send(sandbox, withoutAddress), 400);
    expect(body.message).toMatch(/^Revise los datos enviados: /);
    expect(body.message).toContain('cliente_Direccion');
  });

  it('400 naming an unknown field, also inside a line', async () => {
    const invoice = boleta();
    const body = await errorBody(
      await send(sandbox, { ...invoice, descuento: 5, detalle: [{ ...invoice.detalle[0], color: 'rojo' }] }),
      400,
    );
    expect(body.message).toContain('descuento');
    expect(body.message).toContain('detalle[0].color');
  });

  it('400 for a value of the wrong type', async () => {
    const body = await errorBody(await send(sandbox, { ...boleta(), monto_Igv: '18.00' }), 400);
    expect(body.message).toContain('monto_Igv');
  });

  it('400 for a body that is not JSON, or not an object', async () => {
    await errorBody(await send(sandbox, '{"tipo_Doc": "03",'), 400);
    const notObject = await errorBody(await send(sandbox, '[1,2]'), 400);
    expect(notObject.message).toMatch(/Revise los datos enviados/);
  });

  it('400 for a content type other than application/json', async () => {
    const res = await send(sandbox, JSON.stringify(boleta()), {
      headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'text/plain' },
    });
    await errorBody(res, 400);
  });

  it('413 for a body above 1 MiB', async () => {
    const huge = { ...boleta(), cliente_Razon_Social: 'X'.repeat(1024 * 1024 + 10) };
    await errorBody(await send(sandbox, huge), 413);
  });

  it('registers nothing for invalid bodies but counts every send request', () => {
    expect(sandbox.declarations()).toHaveLength(0);
    expect(sandbox.requests()).toBe(9);
  });
});

describe('sandbox: routing', () => {
  it('404 JSON for an unknown route', async () => {
    // an operation the API lists by name that the sandbox does not speak (the exchange rate, which it does, refuses a
    // missing fecha with 400)
    await errorBody(await get(sandbox, '/v1/placa/info/ABC123'), 404);
    await errorBody(await get(sandbox, '/v1/tipocambio/info/dia'), 400);
    // the document's sandbox has no real-provider paths
    await errorBody(await get(sandbox, '/v1/sunat/boleta/20100000009-B001-1'), 404);
    await errorBody(await get(sandbox, '/api/v2/invoice/send'), 404);
  });

  it('405 JSON for a known path with the wrong method', async () => {
    await errorBody(await get(sandbox, '/api/v1/invoice/send'), 405);
  });
});
