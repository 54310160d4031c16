// Every message a malformed bridge call gets back is Spanish, for every method of the contract, including
// zod's own defaults (wrong root type, unknown keys, too-big numbers, wrong nested types).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_METHODS, type BridgeResult } from '../../../shared/bridge';
import { startRig, type Rig } from './harness';

let r: Rig;
beforeAll(async () => {
  r = await startRig();
});
afterAll(async () => r.dispose());

/** Words of zod's English defaults and of English error text in general. */
const ENGLISH = /\b(invalid|expected|received|required|unrecognized|too (big|small)|must|should|string|number|object|array|boolean|undefined|key|input|option|characters?|greater|less|than)\b/i;

const MALFORMED: [string, unknown][] = [
  ['a string as root', 'hola'],
  ['a number as root', 42],
  ['an array as root', [1, 2]],
  ['an unknown key', { zzz_desconocido: 1 }],
  ['a huge number in every usual field', { id: 1e300, limit: 1e300, page: 1e300, quantity: 1e300, docType: 1e300 }],
  ['wrong nested types', { lines: 'x', customer: 5, filter: [], from: 7, to: false, text: {}, token: 12 }],
];

function messagesOf(res: BridgeResult<unknown>): string[] {
  if (res.ok) return [];
  return [res.error.message, ...(res.error.fields ?? []).map((f) => f.message)];
}

describe('Spanish messages for malformed bridge calls', () => {
  it('holds for every method and every malformed shape', async () => {
    const english: string[] = [];
    let checked = 0;
    for (const method of BRIDGE_METHODS) {
      // methods that open system dialogs or swap the database are still validated first; none of these inputs passes
      for (const [what, input] of MALFORMED) {
        const res = await r.raw(method, input);
        for (const message of messagesOf(res)) {
          checked++;
          expect(message.trim()).not.toBe('');
          if (ENGLISH.test(message)) english.push(`${method} / ${what}: ${message}`);
        }
      }
    }
    expect(english).toEqual([]);
    expect(checked).toBeGreaterThan(BRIDGE_METHODS.length * 3);
  });

  it('names the unknown field and the expected type in plain Spanish', async () => {
    const unknown = await r.raw('getDocument', { id: 1, zzz: true });
    expect(messagesOf(unknown).join(' | ')).toMatch(/Campo no permitido: zzz/);
    const rootType = await r.raw('getDocument', 'hola');
    expect(messagesOf(rootType).join(' | ')).toMatch(/se esperaba un grupo de datos/);
  });
});
