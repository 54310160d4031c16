import { describe, expect, it } from 'vitest';
import { sellsWholeUnits, type Product } from '../../../shared/bridge';
import { emptyLine, type LineValues } from '../../../renderer/src/screens/sale/form-values';
import { planProductEntry, productLine } from '../../../renderer/src/screens/sale/line-entry';
import { goodRowCount, headerLine } from '../../../renderer/src/screens/products/import-summary';

const at = '2025-01-01T00:00:00.000Z';
const product = (over: Partial<Product> = {}): Product => {
  const base = { code: '7753056000182', description: 'Inca Kola 500 ml', unit: 'BO', price: '2.5', affectation: '10' as const,
    bag: false, active: true, freePrice: false, category: '', createdAt: at, updatedAt: at, ...over };
  return { ...base, wholeUnits: over.wholeUnits ?? sellsWholeUnits(base) };
};
const scanned = (code: string): LineValues => ({ ...emptyLine(), code });

describe('planProductEntry', () => {
  it('fills a line that has only the scanned code, with quantity 1 and the price with 2 decimals', () => {
    const plan = planProductEntry([scanned('7753056000182')], 0, product());
    expect(plan).toEqual({ kind: 'fill', weighed: false, values: productLine(product(), '1') });
    expect(plan.kind === 'fill' && plan.values).toMatchObject({ unitPrice: '2.50', unit: 'BO', productCode: '7753056000182' });
  });

  it('adds 1 to the line that already holds the product (decimals as typed, comma accepted)', () => {
    const held = productLine(product(), '2');
    expect(planProductEntry([held, scanned('7753056000182')], 1, product())).toEqual({ kind: 'add', target: 0, quantity: '3', added: '1' });
    const typed = { ...productLine(product({ unit: 'NIU' }), '0.1'), quantity: '0,2' };
    expect(planProductEntry([typed, scanned('x')], 1, product({ unit: 'NIU' }))).toMatchObject({ quantity: '1.2' });
  });

  it('keeps a valid quantity typed before the scan and adds it', () => {
    const held = productLine(product(), '1');
    const current = { ...scanned('7753056000182'), quantity: '6' };
    expect(planProductEntry([held, current], 1, product())).toEqual({ kind: 'add', target: 0, quantity: '7', added: '6' });
    const bad = { ...scanned('7753056000182'), quantity: '1.5' }; // a bottle is not split
    expect(planProductEntry([bad], 0, product())).toMatchObject({ kind: 'fill', values: { quantity: '1' } });
  });

  it('gives every weighed product a line of its own, and says so', () => {
    const banana = product({ code: '2000000000428', unit: 'KGM', price: '3.5', affectation: '20' });
    const held = productLine(banana, '0.75');
    expect(planProductEntry([held, scanned(banana.code)], 1, banana)).toMatchObject({ kind: 'fill', weighed: true });
  });

  it('does nothing to a line that already holds this product', () => {
    expect(planProductEntry([productLine(product(), '4')], 0, product())).toEqual({ kind: 'same' });
  });

  it('replaces a line typed by hand instead of merging it away', () => {
    const manual: LineValues = { ...emptyLine(), code: '7753056000182', description: 'Gaseosa', unitPrice: '3' };
    const held = productLine(product(), '1');
    expect(planProductEntry([held, manual], 1, product())).toMatchObject({ kind: 'fill' });
  });
});

describe('import summary', () => {
  it('finds the header line after blank lines and a BOM', () => {
    expect(headerLine('codigo,descripcion')).toBe(1);
    expect(headerLine('\uFEFF\r\n\n\rcodigo')).toBe(4);
  });

  it('counts the rows that can be imported alone, none when the header is wrong', () => {
    const result = { rows: 5, imported: 0, updated: 0, unchanged: 0, errors: [{ line: 3, reason: 'x' }, { line: 6, reason: 'y' }] };
    expect(goodRowCount('codigo\n', result)).toBe(3);
    expect(goodRowCount('\ncodigo;x\n', { ...result, errors: [{ line: 2, reason: 'punto y coma' }] })).toBe(0);
  });
});
