import type { IpcMainInvokeEvent, WebContents } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { BRIDGE_METHODS, type BridgeEvent } from '../../../shared/bridge';
import {
  BAD_REQUEST_RESULT,
  CALL_CHANNEL,
  EVENT_CHANNEL,
  FORBIDDEN_RESULT,
  forwardCoreEvents,
  INTERNAL_RESULT,
  registerIpc,
  type BridgeCore,
} from '../../../electron/ipc';
import { WIRE_METHODS } from '../../../electron/shell/bridge-wire';
import { createSenderCheck } from '../../../electron/shell/sender-check';
import { FakeFrame, FakeWebContents } from './fake-electron';

type Handler = (event: IpcMainInvokeEvent, envelope: unknown) => Promise<unknown>;

function setup(options: { dispatch?: BridgeCore['dispatch'] } = {}) {
  const handlers = new Map<string, Handler>();
  const ipcMain = {
    handle: vi.fn((channel: string, h: Handler) => void handlers.set(channel, h)),
    removeHandler: vi.fn((channel: string) => void handlers.delete(channel)),
  };
  const listeners = new Set<(e: BridgeEvent) => void>();
  const core = {
    dispatch: vi.fn(options.dispatch ?? (async (method: string) => ({ ok: true as const, value: { method } }))),
    onEvent: vi.fn((l: (e: BridgeEvent) => void) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    }),
    emit: (e: BridgeEvent) => listeners.forEach((l) => l(e)),
  };
  const ours = new FakeWebContents('app://caja/index.html');
  const isTrustedSender = createSenderCheck((contents) => contents === (ours as unknown as WebContents));
  const unregister = registerIpc({ ipcMain: ipcMain as never, core, isTrustedSender });
  const call = (envelope: unknown, event: unknown = eventFrom(ours)) =>
    (handlers.get(CALL_CHANNEL) as Handler)(event as IpcMainInvokeEvent, envelope);
  return { handlers, ipcMain, core, ours, call, unregister };
}

/** An invoke event from the main frame of `contents`, or from a given frame. */
function eventFrom(contents: FakeWebContents, frame: FakeFrame | null = contents.mainFrame) {
  return { sender: contents, senderFrame: frame };
}

describe('registerIpc', () => {
  it('registers exactly one channel, pos:call, and can remove it', () => {
    const { ipcMain, handlers, unregister } = setup();
    expect(ipcMain.handle).toHaveBeenCalledTimes(1);
    expect([...handlers.keys()]).toEqual(['pos:call']);
    unregister();
    expect(handlers.size).toBe(0);
  });

  it('routes every bridge method to the core dispatcher and returns its result unchanged', async () => {
    const { call, core } = setup();
    for (const method of BRIDGE_METHODS) {
      const input = { probe: method };
      await expect(call({ method, input })).resolves.toEqual({ ok: true, value: { method } });
      expect(core.dispatch).toHaveBeenLastCalledWith(method, input);
    }
    expect(core.dispatch).toHaveBeenCalledTimes(BRIDGE_METHODS.length);
  });

  it('refuses names beyond the contract without reaching the core', async () => {
    const { call, core } = setup();
    for (const method of ['deleteEverything', '__proto__', 'constructor', 'toString', 'hasOwnProperty', '', 'GETSTATUS']) {
      await expect(call({ method, input: {} })).resolves.toEqual(BAD_REQUEST_RESULT);
    }
    expect(core.dispatch).not.toHaveBeenCalled();
  });

  it('refuses malformed envelopes', async () => {
    const { call, core } = setup();
    for (const envelope of [null, undefined, 'getStatus', 42, [], ['getStatus', {}], { input: {} }, { method: 7 }, { method: 'getStatus', input: {}, extra: 1 }]) {
      await expect(call(envelope)).resolves.toEqual(BAD_REQUEST_RESULT);
    }
    expect(core.dispatch).not.toHaveBeenCalled();
  });

  it('turns a throwing dispatcher into a plain internal error, with no stack or message leaking', async () => {
    const { call } = setup({
      dispatch: async () => {
        throw new Error('SQLITE_CORRUPT at /home/cajero/.config/Caja/caja.db');
      },
    });
    const result = await call({ method: 'getStatus', input: {} });
    expect(result).toEqual(INTERNAL_RESULT);
    expect(JSON.stringify(result)).not.toMatch(/SQLITE|caja\.db|at /);
  });
});

describe('sender checks', () => {
  it('answers a call from the main frame of our window', async () => {
    const { call, core } = setup();
    await expect(call({ method: 'getStatus', input: {} })).resolves.toMatchObject({ ok: true });
    expect(core.dispatch).toHaveBeenCalledTimes(1);
  });

  it('refuses a page from another origin in our window', async () => {
    const { call, core, ours } = setup();
    for (const url of ['https://evil.example/', 'file:///tmp/index.html', 'data:text/html,x', 'app://other/index.html', 'about:blank']) {
      ours.mainFrame.url = url;
      await expect(call({ method: 'getStatus', input: {} })).resolves.toEqual(FORBIDDEN_RESULT);
    }
    expect(core.dispatch).not.toHaveBeenCalled();
  });

  it('refuses a subframe, even one showing an app:// page', async () => {
    const { call, core, ours } = setup();
    const sub = new FakeFrame('app://caja/index.html', ours.mainFrame.processId, 7);
    sub.parent = ours.mainFrame;
    await expect(call({ method: 'issueSale', input: {} }, eventFrom(ours, sub))).resolves.toEqual(FORBIDDEN_RESULT);
    const nested = new FakeFrame('app://caja/index.html', ours.mainFrame.processId, ours.mainFrame.routingId);
    nested.parent = new FakeFrame('app://caja/index.html', 99, 99);
    await expect(call({ method: 'issueSale', input: {} }, eventFrom(ours, nested))).resolves.toEqual(FORBIDDEN_RESULT);
    const detached = new FakeFrame('app://caja/index.html', ours.mainFrame.processId, 8);
    await expect(call({ method: 'issueSale', input: {} }, eventFrom(ours, detached))).resolves.toEqual(FORBIDDEN_RESULT);
    expect(core.dispatch).not.toHaveBeenCalled();
  });

  it('refuses a web contents we did not create and a frame that is gone', async () => {
    const { call, core, ours } = setup();
    const stranger = new FakeWebContents('app://caja/index.html');
    await expect(call({ method: 'getSettings', input: {} }, eventFrom(stranger))).resolves.toEqual(FORBIDDEN_RESULT);
    await expect(call({ method: 'getSettings', input: {} }, eventFrom(ours, null))).resolves.toEqual(FORBIDDEN_RESULT);
    expect(core.dispatch).not.toHaveBeenCalled();
  });

  it('refuses when the check itself throws', async () => {
    let handler: Handler | undefined;
    const core = { dispatch: vi.fn(), onEvent: vi.fn() };
    registerIpc({
      ipcMain: { handle: (_c: string, h: Handler) => void (handler = h), removeHandler: vi.fn() } as never,
      core,
      isTrustedSender: () => {
        throw new TypeError('Object has been destroyed');
      },
    });
    await expect(handler?.({} as IpcMainInvokeEvent, { method: 'getStatus', input: {} })).resolves.toEqual(FORBIDDEN_RESULT);
    expect(core.dispatch).not.toHaveBeenCalled();
  });
});

describe('events to the renderer', () => {
  it('sends core events on pos:event to our live windows only', () => {
    const { core } = setup();
    const live = new FakeWebContents('app://caja/index.html');
    const closed = new FakeWebContents('app://caja/index.html');
    closed.destroyed = true;
    const stop = forwardCoreEvents(core, () => [live, closed] as unknown as WebContents[]);
    const event: BridgeEvent = { type: 'document', id: 3, status: 'accepted' };
    core.emit(event);
    expect(live.sent).toEqual([{ channel: EVENT_CHANNEL, args: [event] }]);
    expect(closed.sent).toEqual([]);
    stop();
    core.emit(event);
    expect(live.sent).toHaveLength(1);
  });
});

describe('the wire list used by the preload', () => {
  it('is exactly the contract method list', () => {
    expect([...WIRE_METHODS].sort()).toEqual([...BRIDGE_METHODS].sort());
  });
});
