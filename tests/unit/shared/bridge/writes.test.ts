// The rule that every write across the bridge is safe to retry, checked on the contract itself: each method is
// classified (a type error otherwise), each keyed write's input schema requires a valid clientKey (no form can forget
// it), and each write declared idempotent by nature says why.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BRIDGE_METHODS, BRIDGE_WRITES, KEYED_METHODS, bridgeContract, type BridgeMethod } from '../../../../shared/bridge';

/** The object shape behind a method's input schema (refinements keep it in zod 4). */
function shapeOf(method: BridgeMethod): Record<string, z.ZodType> {
  const schema = bridgeContract[method].input as unknown as { shape?: Record<string, z.ZodType> };
  expect(schema.shape, `${method}: its input is an object schema`).toBeDefined();
  return schema.shape!;
}

describe('writes across the bridge', () => {
  it('every method of the contract is classified, and only they', () => {
    expect(Object.keys(BRIDGE_WRITES).sort()).toEqual([...BRIDGE_METHODS].sort());
  });

  it('the writes a retry would repeat are keyed: sales, notes, voids and their resends, cash, re-issues, corrections, reprints, purchases, counts, documents sent by email, credit limits, collections, write-offs', () => {
    expect([...KEYED_METHODS].sort()).toEqual(
      [
        'issueSale', 'issueNote', 'issueShopNote', 'voidDocument', 'retryVoid', 'openCashSession', 'addCashMovement', 'closeCashSession',
        'reissueDocument', 'correctDocument', 'registerReprint', 'recordPurchase', 'recordStockCount', 'sendDocumentEmail',
        'setCreditLimit', 'recordCollection', 'recordStockLoss',
      ].sort(),
    );
  });

  it.each(KEYED_METHODS)('%s requires a clientKey in its input schema', (method) => {
    const key = shapeOf(method).clientKey;
    expect(key, `${method} has no clientKey`).toBeDefined();
    expect(key!.safeParse(undefined).success, `${method}: clientKey is optional`).toBe(false);
    expect(key!.safeParse(crypto.randomUUID()).success).toBe(true);
    expect(key!.safeParse('corta').success).toBe(false);
    // The whole input without it is refused at clientKey, whatever else is missing.
    const parsed = bridgeContract[method].input.safeParse({});
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join('.'))).toContain('clientKey');
  });

  it('a write idempotent by nature says why; a read carries no key', () => {
    for (const method of BRIDGE_METHODS) {
      const kind = BRIDGE_WRITES[method];
      if (typeof kind === 'object') expect(kind.nature.length, method).toBeGreaterThan(20);
      if (kind === 'read') {
        const shape = (bridgeContract[method].input as unknown as { shape?: Record<string, unknown> }).shape;
        expect(shape?.clientKey, `${method} is a read with a key`).toBeUndefined();
      }
    }
  });
});
