// The weighted average cost, one movement at a time: the value of a balance is always the sum of its movements'
// values, an empty shelf is worth exactly 0 whatever the rounding, and goods bought while the shelf is below zero
// value it afresh at their cost.
import { describe, expect, it } from 'vitest';
import { step } from '../../../../electron/core/stock';
import { Dec } from '../../../../shared/billing/decimal';

type Balance = { quantity: string; value: string; average_cost: string };

/** Applies movements in order; answers each balance and the values of the movements. */
function run(moves: { q: string; cost?: string }[]): { balances: Balance[]; values: string[] } {
  let balance: Balance | undefined;
  const balances: Balance[] = [];
  const values: string[] = [];
  for (const m of moves) {
    const next = step(balance, new Dec(m.q), m.cost === undefined ? undefined : new Dec(m.cost));
    balance = { quantity: next.quantity.toString(), value: next.balanceValue.toFixed(2), average_cost: next.average.toDecimalPlaces(6).toString() };
    balances.push(balance);
    values.push(next.value.toFixed(2));
  }
  return { balances, values };
}

describe('weighted average cost', () => {
  it('three bought at 1.00 and one at 1.01, sold one by one: the last unit takes what is left, the shelf ends at 0.00', () => {
    const { balances, values } = run([{ q: '3', cost: '1' }, { q: '1', cost: '1.01' }, { q: '-1' }, { q: '-1' }, { q: '-1' }, { q: '-1' }]);
    expect(balances[1]).toEqual({ quantity: '4', value: '4.01', average_cost: '1.0025' });
    expect(values.slice(2)).toEqual(['-1.00', '-1.00', '-1.00', '-1.01']);
    expect(balances.at(-1)).toEqual({ quantity: '0', value: '0.00', average_cost: '1.0025' });
    expect(values.reduce((sum, v) => sum.plus(v), new Dec(0)).toFixed(2)).toBe('0.00');
  });

  it('sold below zero at the old average, then bought: the balance is valued afresh at the new cost', () => {
    const { balances, values } = run([{ q: '2', cost: '5' }, { q: '-5' }, { q: '10', cost: '8' }]);
    expect(balances[1]).toEqual({ quantity: '-3', value: '-15.00', average_cost: '5' });
    expect(balances[2]).toEqual({ quantity: '7', value: '56.00', average_cost: '8' });
    // The purchase's value is what makes the sum right: 10 + (-25) + 71 = 56.
    expect(values).toEqual(['10.00', '-25.00', '71.00']);
  });

  it('weighed goods keep their grams: 0.375 kg out of 2.5 kg', () => {
    const { balances } = run([{ q: '2.5', cost: '4.2' }, { q: '-0.375' }]);
    expect(balances[1]).toEqual({ quantity: '2.125', value: '8.92', average_cost: '4.2' }); // 10.50 - 1.575 rounded to 1.58
  });
});
