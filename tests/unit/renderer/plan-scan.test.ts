// Where a scanned product goes: a scan only ever adds, whatever line the cursor is on.
import { describe, expect, it } from 'vitest';
import { sellsWholeUnits, type Product } from '../../../shared/bridge';
import { emptyLine } from '../../../renderer/src/screens/sale/form-values';
import { planProductEntry, planScan, productLine } from '../../../renderer/src/screens/sale/line-entry';

const at = '2025-01-01T00:00:00.000Z';
const product = (over: Partial<Product> = {}): Product => {
  const base = { code: '7753056000182', description: 'Inca Kola 500 ml', unit: 'BO', price: '2.5', affectation: '10' as const,
    bag: false, active: true, freePrice: false, category: '', createdAt: at, updatedAt: at, ...over };
  return { ...base, wholeUnits: over.wholeUnits ?? sellsWholeUnits(base) };
};
const inca = product();
const fideos = product({ code: '7751012000528', description: 'Fideos', unit: 'NIU', price: '3.8' });
const platano = product({ code: '2000000000428', description: 'Plátano (kg)', unit: 'KGM', price: '3.5' });

describe('planScan', () => {
  it('puts the product on the trailing empty line, or one past the end when there is none', () => {
    expect(planScan([emptyLine()], inca)).toEqual({ kind: 'put', target: 0, values: productLine(inca, '1'), weighed: false });
    expect(planScan([productLine(fideos, '1')], inca)).toMatchObject({ kind: 'put', target: 1 });
    expect(planScan([productLine(fideos, '1'), emptyLine()], inca)).toMatchObject({ kind: 'put', target: 1 });
  });

  it('adds one to the last line when it holds the same product; never to a line further up', () => {
    expect(planScan([productLine(inca, '2'), emptyLine()], inca)).toEqual({ kind: 'add', target: 0, quantity: '3', added: '1' });
    expect(planScan([productLine(inca, '1'), productLine(fideos, '1'), emptyLine()], inca)).toMatchObject({ kind: 'put', target: 2 });
  });

  it('never touches a line that holds something, whatever it is', () => {
    const lines = [productLine(fideos, '1'), productLine(inca, '1'), { ...emptyLine(), code: 'A1', description: 'A mano', unitPrice: '2' }];
    expect(planScan(lines, fideos)).toMatchObject({ kind: 'put', target: 3 });
  });

  it('a weighed product gets a line of its own and asks for the weight, unless its label carries it', () => {
    expect(planScan([productLine(platano, '0.75'), emptyLine()], platano)).toMatchObject({ kind: 'put', target: 1, weighed: true });
    expect(planScan([emptyLine()], platano, '1.25')).toMatchObject({ kind: 'put', target: 0, weighed: false, values: { quantity: '1.25' } });
  });

  it('a multiplier adds its count', () => {
    expect(planScan([productLine(inca, '1')], inca, '3')).toEqual({ kind: 'add', target: 0, quantity: '4', added: '3' });
  });

  it('a code typed by hand (or scanned too slowly to be told from typing) adds to the last line only, as a scan', () => {
    const typed = { ...emptyLine(), code: inca.code };
    expect(planProductEntry([productLine(inca, '1'), productLine(fideos, '1'), typed], 2, inca)).toMatchObject({ kind: 'fill' });
    expect(planProductEntry([productLine(fideos, '1'), productLine(inca, '1'), typed], 2, inca)).toEqual({ kind: 'add', target: 1, quantity: '2', added: '1' });
  });
});
