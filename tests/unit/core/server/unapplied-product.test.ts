// What a till wanted of a product, as the office reads it under "Cambios no aplicados".
import { describe, expect, it } from 'vitest';
import { describeWanted } from '../../../../electron/core/server/sync/unapplied';

describe('an unapplied product change in the office\'s words', () => {
  it('names the description, the price, the category when it has one, and whether it is active', () => {
    const rice = { description: 'Arroz extra 1 kg', price: '4.1', active: true };
    expect(describeWanted('product', 'A001', { ...rice, category: 'Abarrotes' }))
      .toEqual({ record: 'A001', wanted: 'Arroz extra 1 kg · precio S/ 4.1 · categoría Abarrotes · activo' });
    expect(describeWanted('product', 'A001', { ...rice, category: '' }).wanted).toBe('Arroz extra 1 kg · precio S/ 4.1 · activo');
    expect(describeWanted('product', 'A001', rice).wanted).toBe('Arroz extra 1 kg · precio S/ 4.1 · activo');
  });
});
