// The wire of the bridge, shared by the preload (renderer side, bundled whole) and ipc.ts (main side): channel names
// and the list of method names. Free of zod and of the schemas, so the sandboxed preload stays a few kilobytes.
import { BRIDGE_METHOD_NAMES } from '../../shared/bridge/methods';

export const CALL_CHANNEL = 'pos:call';
export const EVENT_CHANNEL = 'pos:event';

export const WIRE_METHODS = BRIDGE_METHOD_NAMES;
