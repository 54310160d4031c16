// Builds the `window.pos` object the preload exposes: one function per bridge method, all through the single
// `pos:call` invoke channel, plus `onEvent` for the `pos:event` push channel. Runs in the preload (sandboxed
// renderer); imports nothing at run time but the wire constants.
import type { IpcRenderer } from 'electron';
import type { BridgeEvent, PosApi } from '../../shared/bridge/contract';
import { CALL_CHANNEL, EVENT_CHANNEL, WIRE_METHODS } from './bridge-wire';

export type IpcRendererLike = Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>;

export function createPosApi(ipcRenderer: IpcRendererLike): PosApi {
  const api: Record<string, unknown> = {};
  for (const method of WIRE_METHODS) {
    api[method] = (input?: unknown) => ipcRenderer.invoke(CALL_CHANNEL, { method, input });
  }
  api.onEvent = (listener: (event: BridgeEvent) => void) => {
    if (typeof listener !== 'function') throw new TypeError('onEvent necesita una función');
    // The IpcRendererEvent (with its `sender`) never reaches the page: only the event's data.
    const wrapped = (_event: unknown, data: BridgeEvent) => listener(data);
    ipcRenderer.on(EVENT_CHANNEL, wrapped);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, wrapped);
    };
  };
  return Object.freeze(api) as unknown as PosApi;
}
