import { describe, expect, it, vi } from 'vitest';
import { createDispatcher, type Handlers } from '../../../electron/core/dispatch';
import { CoreError } from '../../../electron/core/services/errors';
import { BRIDGE_METHODS } from '../../../shared/bridge';

const status = { demo: true, online: null, pending: 0, lastSuccessAt: null, authBlocked: false, companyConfigured: false, connection: null, authRetryAt: null, clockOffMinutes: null, needsAttention: 0, invalid: 0, voidsWaiting: 0, notesAwaitingSol: 0, setupRequired: false, shopServer: null, storageDamage: null };

function handlers(over: Partial<Handlers>): Handlers {
  const fail = () => {
    throw new Error('not used in this test');
  };
  return { ...(Object.fromEntries(BRIDGE_METHODS.map((m) => [m, fail])) as unknown as Handlers), ...over };
}

describe('dispatcher', () => {
  it('refuses unknown methods, including prototype names', async () => {
    const d = createDispatcher(handlers({}));
    expect(await d('deleteEverything', {})).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    expect(await d('constructor', {})).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    expect(await d('__proto__', {})).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
  });

  it('validates input before calling the handler and reports fields in Spanish', async () => {
    const setToken = vi.fn();
    const d = createDispatcher(handlers({ setToken }));
    const res = await d('setToken', { token: 'abc' });
    expect(setToken).not.toHaveBeenCalled();
    expect(res).toMatchObject({ ok: false, error: { code: 'validation', fields: [{ path: 'token', message: 'El token parece incompleto' }] } });
    expect(await d('getStatus', { extra: 1 })).toMatchObject({ ok: false, error: { code: 'validation' } });
  });

  it('returns the handler value when it matches the contract', async () => {
    const d = createDispatcher(handlers({ getStatus: () => status }));
    expect(await d('getStatus', {})).toEqual({ ok: true, value: status });
  });

  it('hides internal errors and contract mismatches behind a Spanish message, never a stack', async () => {
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const d = createDispatcher(
      handlers({
        getStatus: () => ({ ...status, pending: 'many' }) as never,
        getSettings: () => {
          throw new TypeError('secret internals at /home/x.ts:12');
        },
      }),
      log,
    );
    const bad = await d('getStatus', {});
    expect(bad).toMatchObject({ ok: false, error: { code: 'internal' } });
    const thrown = await d('getSettings', {});
    expect(thrown).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(thrown)).not.toMatch(/secret internals|x\.ts/);
    expect(log.error).toHaveBeenCalledTimes(2);
  });

  it('passes core errors through as data', async () => {
    const d = createDispatcher(
      handlers({
        getDocument: () => {
          throw new CoreError('not_found', 'No existe el documento 9.');
        },
      }),
    );
    expect(await d('getDocument', { id: 9 })).toEqual({ ok: false, error: { code: 'not_found', message: 'No existe el documento 9.' } });
  });
});
