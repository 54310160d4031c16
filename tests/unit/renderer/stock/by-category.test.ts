import { describe, expect, it } from 'vitest';
import type { StockRow } from '../../../../shared/bridge';
import { categoriesOf, inCategory, valueByCategory } from '../../../../renderer/src/screens/stock/by-category';

const row = (code: string, category: string, value: string): StockRow =>
  ({ code, description: code, quantity: '1', minimum: null, averageCost: value, value, category });

describe('stock by category', () => {
  const rows = [row('A1', 'Bebidas', '0.10'), row('A2', '', '0.20'), row('A3', 'Abarrotes', '10.05'), row('A4', 'Bebidas', '0.20')];

  it('lists the categories in order, "Sin categoría" last, and the rows of one', () => {
    expect(categoriesOf(rows)).toEqual(['Abarrotes', 'Bebidas', '']);
    expect(inCategory(rows, 'Bebidas').map((r) => r.code)).toEqual(['A1', 'A4']);
    expect(inCategory(rows, '').map((r) => r.code)).toEqual(['A2']);
    expect(inCategory(rows, null)).toHaveLength(4);
  });

  it('sums each category exactly (0.10 + 0.20 is 0.30, not a float\'s 0.30000000000000004)', () => {
    expect(valueByCategory(rows)).toEqual([
      { category: 'Abarrotes', products: 1, value: '10.05' },
      { category: 'Bebidas', products: 2, value: '0.30' },
      { category: '', products: 1, value: '0.20' },
    ]);
  });
});
