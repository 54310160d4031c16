// The bridge's main-process end: one invoke channel (`pos:call`) into the core's dispatcher and one push channel
// (`pos:event`) out of it. The sender is checked before anything else; the envelope is checked before the core sees
// it; whatever happens, the renderer gets a BridgeResult, never an exception or a stack trace.
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { BRIDGE_METHODS, type BridgeEvent, type BridgeResult } from '../shared/bridge';
import type { Logger } from './core/dispatch';
import { CALL_CHANNEL, EVENT_CHANNEL } from './shell/bridge-wire';

export { CALL_CHANNEL, EVENT_CHANNEL };

/** The part of the core the bridge needs (Core from electron/core/app satisfies it). */
export interface BridgeCore {
  dispatch(method: string, input: unknown): Promise<BridgeResult<unknown>>;
  onEvent(listener: (event: BridgeEvent) => void): () => void;
}

export interface RegisterIpcOptions {
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>;
  core: BridgeCore;
  /** True only for the main frame of one of our windows showing an app:// page (see sender-check.ts). */
  isTrustedSender: (event: IpcMainInvokeEvent) => boolean;
  log?: Logger;
}

const METHODS: ReadonlySet<string> = new Set(BRIDGE_METHODS);

export const FORBIDDEN_RESULT = { ok: false, error: { code: 'forbidden', message: 'Operación no permitida.' } } as const;
export const BAD_REQUEST_RESULT = { ok: false, error: { code: 'bad_request', message: 'Solicitud no válida.' } } as const;
export const INTERNAL_RESULT = {
  ok: false,
  error: { code: 'internal', message: 'Ocurrió un error interno. Intente de nuevo; si persiste, reinicie Caja.' },
} as const;

/** `{ method, input }` with a known method name; anything else (extra keys included) is refused. */
export function parseEnvelope(envelope: unknown): { method: string; input: unknown } | null {
  if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) return null;
  const keys = Object.keys(envelope);
  if (keys.some((k) => k !== 'method' && k !== 'input')) return null;
  const { method, input } = envelope as { method?: unknown; input?: unknown };
  if (typeof method !== 'string' || !METHODS.has(method)) return null;
  return { method, input };
}

/** Registers the `pos:call` handler; returns a function that removes it. */
export function registerIpc(options: RegisterIpcOptions): () => void {
  const { ipcMain, core, isTrustedSender, log } = options;

  ipcMain.handle(CALL_CHANNEL, async (event: IpcMainInvokeEvent, envelope: unknown): Promise<BridgeResult<unknown>> => {
    let trusted = false;
    try {
      trusted = isTrustedSender(event);
    } catch {
      trusted = false;
    }
    if (!trusted) {
      log?.warn('bridge call refused: untrusted sender', { url: (event.senderFrame?.url ?? '').slice(0, 200) });
      return FORBIDDEN_RESULT;
    }
    const call = parseEnvelope(envelope);
    if (!call) {
      log?.warn('bridge call refused: malformed envelope');
      return BAD_REQUEST_RESULT;
    }
    try {
      return await core.dispatch(call.method, call.input);
    } catch (e) {
      // The dispatcher never throws; this is the last line of defence, and it keeps the details in the log.
      log?.error('bridge dispatch threw', { method: call.method, error: e instanceof Error ? e.message : String(e) });
      return INTERNAL_RESULT;
    }
  });

  return () => ipcMain.removeHandler(CALL_CHANNEL);
}

/** Sends every core event to the windows we own (skipping destroyed ones); returns the unsubscribe function. */
export function forwardCoreEvents(core: BridgeCore, targets: () => Iterable<WebContents>, log?: Logger): () => void {
  return core.onEvent((event) => {
    for (const contents of targets()) {
      if (contents.isDestroyed()) continue;
      try {
        contents.send(EVENT_CHANNEL, event);
      } catch (e) {
        log?.warn('could not deliver an event to a window', { error: e instanceof Error ? e.message : String(e) });
      }
    }
  });
}
