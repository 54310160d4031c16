// Fault injection over real HTTP: what the core's client must survive.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DniResponseSchema, ErrorBodySchema, SendResultSchema } from '../../../shared/api';
import { startSandbox, type Sandbox } from '../../../electron/sandbox';
import { boleta, get, send, SAMPLE_DAY } from './helpers';

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await startSandbox({ clock: SAMPLE_DAY });
});
afterEach(() => sandbox.close());

async function timed<T>(task: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await task();
  return { value, ms: performance.now() - start };
}

async function expectAccepted(res: Response) {
  expect(res.status).toBe(200);
  const body = SendResultSchema.parse(await res.json());
  expect(body.data.authorityResponse.success).toBe(true);
  return body;
}

describe('sandbox faults', () => {
  it('latency delays the next send only', async () => {
    sandbox.faults.latency(400);
    const slow = await timed(() => send(sandbox, boleta({ correlativo: '1' })));
    expect(slow.ms).toBeGreaterThanOrEqual(350);
    await expectAccepted(slow.value);
    const fast = await timed(() => send(sandbox, boleta({ correlativo: '2' })));
    expect(fast.ms).toBeLessThan(350);
    await expectAccepted(fast.value);
  });

  it('latency combines with a terminal fault', async () => {
    sandbox.faults.latency(300);
    sandbox.faults.status(503);
    const r = await timed(() => send(sandbox, boleta()));
    expect(r.ms).toBeGreaterThanOrEqual(250);
    expect(r.value.status).toBe(503);
  });

  it.each([500, 502, 503] as const)('status(%i) answers a JSON error body and processes nothing', async (code) => {
    sandbox.faults.status(code, 2);
    for (let i = 0; i < 2; i += 1) {
      const res = await send(sandbox, boleta());
      expect(res.status).toBe(code);
      expect(ErrorBodySchema.parse(await res.json())).toMatchObject({ status: code, success: false });
    }
    expect(sandbox.declarations()).toHaveLength(0);
    await expectAccepted(await send(sandbox, boleta()));
    expect(sandbox.declarations()).toHaveLength(1);
    expect(sandbox.requests()).toBe(3);
  });

  it('hang never answers: the client times out, nothing is declared, and close() still returns', async () => {
    sandbox.faults.hang();
    const hung = send(sandbox, boleta(), { signal: AbortSignal.timeout(300) });
    await expect(hung).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(sandbox.declarations()).toHaveLength(0);
    await expectAccepted(await send(sandbox, boleta()));

    sandbox.faults.hang();
    const pending = send(sandbox, boleta()).then(
      () => 'answered',
      () => 'failed',
    );
    await new Promise((r) => setTimeout(r, 100));
    const closed = await timed(() => sandbox.close());
    expect(closed.ms).toBeLessThan(2000);
    expect(await pending).toBe('failed');
  });

  it('reset destroys the socket without an answer and processes nothing', async () => {
    sandbox.faults.reset();
    await expect(send(sandbox, boleta())).rejects.toThrow(TypeError);
    expect(sandbox.declarations()).toHaveLength(0);
    await expectAccepted(await send(sandbox, boleta()));
  });

  it('declaredButLost registers the document, then drops the connection; the resend reconciles', async () => {
    sandbox.faults.declaredButLost();
    const invoice = boleta({ correlativo: '77' });
    await expect(send(sandbox, invoice)).rejects.toThrow(TypeError);
    expect(sandbox.declarations()).toEqual([expect.objectContaining({ key: '20100000009-03-B001-77', code: '0' })]);

    const again = await expectAccepted(await send(sandbox, invoice));
    expect(again.data.authorityResponse.cdrResponse.code).toBe('0');
    expect(sandbox.declarations()).toHaveLength(1);
    expect(sandbox.requests()).toBe(2);
  });

  it('malformed answers 200 with a body that is not JSON, and processes nothing', async () => {
    sandbox.faults.malformed();
    const res = await send(sandbox, boleta());
    expect(res.status).toBe(200);
    await expect(res.json()).rejects.toThrow(SyntaxError);
    expect(sandbox.declarations()).toHaveLength(0);
  });

  it('unauthorized answers 401 even with the right token', async () => {
    sandbox.faults.unauthorized();
    const res = await send(sandbox, boleta());
    expect(res.status).toBe(401);
    expect(ErrorBodySchema.parse(await res.json())).toMatchObject({ status: 401, success: false });
    expect(sandbox.declarations()).toHaveLength(0);
    await expectAccepted(await send(sandbox, boleta()));
  });

  it('route filters: a query fault leaves sends alone, an any fault hits the next request', async () => {
    sandbox.faults.status(503, 1, 'query');
    await expectAccepted(await send(sandbox, boleta({ correlativo: '1' })));
    expect((await get(sandbox, '/v1/dni/info/10000001')).status).toBe(503);
    DniResponseSchema.parse(await (await get(sandbox, '/v1/dni/info/10000001')).json());

    sandbox.faults.unauthorized(1, 'any');
    expect((await get(sandbox, '/v1/dni/info/10000001')).status).toBe(401);
    await expectAccepted(await send(sandbox, boleta({ correlativo: '2' })));
  });

  it('a send fault does not touch queries; clear() drops queued faults', async () => {
    sandbox.faults.status(500, 5);
    expect((await get(sandbox, '/v1/dni/info/10000001')).status).toBe(200);
    expect(sandbox.faults.pending()).toBe(5);
    sandbox.faults.clear();
    expect(sandbox.faults.pending()).toBe(0);
    await expectAccepted(await send(sandbox, boleta()));
  });

  it('chaos mode is reproducible for a seed', async () => {
    const outcomes = async (target: Sandbox) => {
      target.faults.chaos({ seed: 42, rate: 0.6, maxLatencyMs: 5 });
      const seen: string[] = [];
      for (let i = 1; i <= 25; i += 1) {
        try {
          const res = await send(target, boleta({ correlativo: String(i) }));
          const text = await res.text();
          seen.push(`${res.status}:${text.endsWith('}') ? 'json' : 'malformed'}`);
        } catch {
          seen.push('network');
        }
      }
      return seen;
    };
    const first = await outcomes(sandbox);
    const other = await startSandbox({ clock: SAMPLE_DAY });
    try {
      expect(await outcomes(other)).toEqual(first);
    } finally {
      await other.close();
    }
    expect(new Set(first).size).toBeGreaterThan(2);
    expect(first).toContain('200:json');
  });
});

describe('sandbox round trip (benchmarks: SandboxOptions.roundTripMs)', () => {
  it('answers a send no sooner than the round trip after it arrived, the work done meanwhile', async () => {
    const timedSandbox = await startSandbox({ clock: SAMPLE_DAY, roundTripMs: 300 });
    try {
      const pending = timed(() => send(timedSandbox, boleta({ correlativo: '7' })));
      // Declared while the answer waits: the round trip counts the sandbox's own work inside it.
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(timedSandbox.declarations()).toHaveLength(1);
      const { value, ms } = await pending;
      expect(ms).toBeGreaterThanOrEqual(280);
      await expectAccepted(value);
      // Queries are not delayed.
      const lookup = await timed(() => get(timedSandbox, '/v1/dni/info/10000001'));
      expect(lookup.ms).toBeLessThan(280);
    } finally {
      await timedSandbox.close();
    }
  });
});
