// The single typed access point to the bridge. Everything the renderer asks of the system goes through here.
import type { BridgeError, BridgeResult, PosApi } from '../../shared/bridge';

declare global {
  interface Window {
    /** Installed by the preload script (Electron) or by the browser-test harness; same shape in both. */
    readonly pos: PosApi;
  }
}

/** True when the bridge is present (false when the page is opened outside Caja). */
export function hasBridge(): boolean {
  return typeof window !== 'undefined' && typeof window.pos === 'object' && window.pos !== null;
}

/** The bridge. Only call after `hasBridge()` was checked at start-up. */
export function pos(): PosApi {
  return window.pos;
}

/** An error for a call that threw instead of answering (the bridge itself broke). */
export function unexpectedError(e: unknown): BridgeError {
  return {
    code: 'bridge',
    message: e instanceof Error && e.message ? `No se pudo comunicar con Caja: ${e.message}` : 'No se pudo comunicar con Caja.',
  };
}

/** Calls a bridge method and never throws: a broken channel also comes back as `{ ok: false, error }`. */
export async function call<T>(run: (api: PosApi) => Promise<BridgeResult<T>>): Promise<BridgeResult<T>> {
  try {
    return await run(pos());
  } catch (e) {
    return { ok: false, error: unexpectedError(e) };
  }
}
