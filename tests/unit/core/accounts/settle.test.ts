// A customer's account worked out from every till's entries (electron/core/accounts/settle.ts): whatever order the
// entries arrive in, the figures are the same, to the cent; the later of two collections of one cuota goes to the
// next cuota or stays in favour, and says so.
import { describe, expect, it } from 'vitest';
import { settle, TAKEN_TO_FAVOUR, TAKEN_TO_NEXT, type SettleEntry } from '../../../../electron/core/accounts/settle';

const charge = (uid: string, at: string, key: string, dues: [string, string][]): SettleEntry => ({
  uid, at, kind: 'charge', till: 'A', appliesTo: key, amount: dues.reduce((s, [x]) => (Number(s) * 100 + Number(x) * 100) / 100, 0).toFixed(2),
  dues: dues.map(([amount, dueDate], i) => ({ position: i + 1, amount, dueDate })),
});
const collection = (uid: string, at: string, till: string, amount: string, picked: string | null, intended: [string, number] | null): SettleEntry => ({
  uid, at, kind: 'collection', till, amount: `-${amount}`, appliesTo: picked, dues: [], intended: intended && { key: intended[0], position: intended[1] },
});

const ENTRIES: SettleEntry[] = [
  charge('c1', '2026-11-01T10:00:00.000Z', 'F1', [['50.00', '2026-12-01'], ['68.00', '2027-01-01']]),
  collection('x-a', '2026-11-02T10:00:00.000Z', 'A', '50.00', 'F1', ['F1', 1]),
  collection('x-b', '2026-11-02T10:00:01.000Z', 'B', '50.00', 'F1', ['F1', 1]),
  charge('c2', '2026-11-03T10:00:00.000Z', 'F2', [['10.00', '2026-11-20']]),
  { uid: 'n1', at: '2026-11-04T10:00:00.000Z', kind: 'note', till: 'B', amount: '-12.00', appliesTo: 'F2', dues: [] },
  collection('x-c', '2026-11-05T10:00:00.000Z', 'A', '100.00', null, ['F1', 2]),
];

function* permutations<T>(xs: readonly T[]): Generator<T[]> {
  if (xs.length <= 1) yield [...xs];
  else for (let i = 0; i < xs.length; i++) for (const rest of permutations([...xs.slice(0, i), ...xs.slice(i + 1)])) yield [xs[i]!, ...rest];
}

describe('settling a customer account from every till\'s entries', () => {
  it('gives the same figures in every order the entries can arrive in', () => {
    const first = settle(ENTRIES);
    // 118 + 10 − 50 − 50 − 12 − 100 = −84: every due paid, 84.00 in favour (the note's 2.00 beyond its sale among it).
    expect({ balance: first.balance, inFavour: first.inFavour, open: first.dues.filter((d) => d.open) }).toEqual({ balance: '-84.00', inFavour: '84.00', open: [] });
    expect(first.entries.get('x-b')).toMatchObject({ applied: [{ charge: 'c1', position: 2, amount: '50.00' }], note: TAKEN_TO_NEXT });
    expect(first.entries.get('x-a')).toMatchObject({ applied: [{ charge: 'c1', position: 1, amount: '50.00' }], note: null });
    expect(first.entries.get('n1')).toMatchObject({ leftInFavour: '2.00' });
    const canonical = JSON.stringify([...first.entries].sort(), (_k, v: unknown) => (v instanceof Map ? [...v] : v));
    let n = 0;
    for (const order of permutations(ENTRIES)) {
      const again = settle(order);
      expect(JSON.stringify([...again.entries].sort(), (_k, v: unknown) => (v instanceof Map ? [...v] : v))).toBe(canonical);
      expect([again.balance, again.inFavour]).toEqual([first.balance, first.inFavour]);
      n += 1;
    }
    expect(n).toBe(720);
  });

  it('a collection whose cuota another till collected first, with nothing else open, stays in favour and says so', () => {
    const done = settle([
      charge('c1', '2026-11-01T10:00:00.000Z', 'F1', [['30.00', '2026-12-01']]),
      collection('x-b', '2026-11-02T10:00:01.000Z', 'B', '30.00', 'F1', ['F1', 1]),
      collection('x-a', '2026-11-02T10:00:00.000Z', 'A', '30.00', 'F1', ['F1', 1]),
    ]);
    expect(done).toMatchObject({ balance: '-30.00', inFavour: '30.00' });
    expect(done.entries.get('x-b')).toMatchObject({ applied: [], leftInFavour: '30.00', note: TAKEN_TO_FAVOUR });
    // Collected at the same till one after the other is no news: the second knew of the first.
    const same = settle([
      charge('c1', '2026-11-01T10:00:00.000Z', 'F1', [['30.00', '2026-12-01'], ['30.00', '2027-01-01']]),
      collection('x-1', '2026-11-02T10:00:00.000Z', 'A', '30.00', 'F1', ['F1', 1]),
      collection('x-2', '2026-11-03T10:00:00.000Z', 'B', '30.00', 'F1', ['F1', 2]),
    ]);
    expect(same.entries.get('x-2')?.note).toBeNull();
  });
});
