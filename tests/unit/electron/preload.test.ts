import * as electron from 'electron';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { BRIDGE_METHODS, type BridgeEvent, type PosApi } from '../../../shared/bridge';
import type { FakeElectron } from './fake-electron';

vi.mock('electron', async () => (await import('./fake-electron')).createFakeElectron());

const fake = electron as unknown as FakeElectron;
let exposed: PosApi;

beforeAll(async () => {
  await import('../../../electron/preload');
  exposed = fake.contextBridge.exposeInMainWorld.mock.calls[0]?.[1] as PosApi;
});

describe('preload', () => {
  it('exposes one thing to the page: window.pos', () => {
    expect(fake.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
    expect(fake.contextBridge.exposeInMainWorld.mock.calls[0]?.[0]).toBe('pos');
  });

  it('window.pos has exactly the bridge methods plus onEvent, all functions, frozen', () => {
    expect(Object.keys(exposed).sort()).toEqual([...BRIDGE_METHODS, 'onEvent'].sort());
    for (const value of Object.values(exposed)) expect(typeof value).toBe('function');
    expect(Object.isFrozen(exposed)).toBe(true);
  });

  it('every method is one invoke on pos:call with {method, input}', async () => {
    fake.ipcRenderer.invoke.mockImplementation(async (_channel: string, envelope: { method: string }) => ({
      ok: true,
      value: envelope.method,
    }));
    for (const method of BRIDGE_METHODS) {
      const input = { marker: method };
      const call = exposed[method] as (input: unknown) => Promise<unknown>;
      await expect(call(input)).resolves.toEqual({ ok: true, value: method });
      expect(fake.ipcRenderer.invoke).toHaveBeenLastCalledWith('pos:call', { method, input });
    }
    expect(fake.ipcRenderer.invoke).toHaveBeenCalledTimes(BRIDGE_METHODS.length);
  });

  it('onEvent subscribes to pos:event, hands over only the data, and unsubscribes', () => {
    const listener = vi.fn();
    const unsubscribe = exposed.onEvent(listener);
    expect(fake.ipcRenderer.on).toHaveBeenCalledWith('pos:event', expect.any(Function));
    const wrapped = fake.ipcRenderer.on.mock.calls.at(-1)?.[1] as (event: unknown, data: BridgeEvent) => void;

    const data: BridgeEvent = { type: 'document', id: 1, status: 'accepted' };
    wrapped({ sender: { secret: 'ipc internals' }, ports: [] }, data);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]).toEqual([data]);

    unsubscribe();
    expect(fake.ipcRenderer.removeListener).toHaveBeenCalledWith('pos:event', wrapped);
  });

  it('onEvent refuses a non-function listener', () => {
    expect(() => exposed.onEvent('nope' as never)).toThrow(TypeError);
  });
});
