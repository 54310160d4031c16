import { describe, expect, it } from 'vitest';
import { readScaleLabel } from '../../../../shared/catalog';
import { ean13CheckDigit } from '../../../../shared/ids';

const label = (first12: string) => `${first12}${ean13CheckDigit(first12)}`;

describe('scale labels (EAN-13 prefix 20–29)', () => {
  it('reads item and weight in grams, or item and price in céntimos', () => {
    const code = label('201234501250');
    expect(readScaleLabel(code, 'weight')).toEqual({ item: '12345', weightKg: '1.25' });
    expect(readScaleLabel(code, 'price')).toEqual({ item: '12345', price: '12.50' });
    expect(readScaleLabel(label('290004200755'), 'weight')).toEqual({ item: '00042', weightKg: '0.755' });
  });

  it('is not a label: mode off, another prefix, a wrong check digit, a zero value', () => {
    const code = label('201234501250');
    expect(readScaleLabel(code, 'off')).toBeUndefined();
    expect(readScaleLabel(label('775305600018'), 'weight')).toBeUndefined(); // an ordinary product barcode
    expect(readScaleLabel(`${code.slice(0, 12)}${(Number(code[12]) + 1) % 10}`, 'weight')).toBeUndefined();
    expect(readScaleLabel(label('201234500000'), 'weight')).toBeUndefined();
  });
});
