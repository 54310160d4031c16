import { describe, expect, it } from 'vitest';
import { parseSaleReference } from '../../../../shared/ids/sale-reference';

describe('parseSaleReference (finding a sale to return)', () => {
  it('reads a ticket QR and a number as printed or short', () => {
    expect(parseSaleReference('20600995805|03|B001|00000024|18.03|119.20|2026-03-02|0|00000000||')).toEqual({ docType: '03', series: 'B001', number: 24 });
    expect(parseSaleReference('20600995805|01|F001|7|1.80|11.80|2026-03-02|6|20100066603|abc=|')).toEqual({ docType: '01', series: 'F001', number: 7 });
    expect(parseSaleReference(' B001-00000024 ')).toEqual({ docType: null, series: 'B001', number: 24 });
    expect(parseSaleReference('b001-24')).toEqual({ docType: null, series: 'B001', number: 24 });
  });
  it('refuses anything else', () => {
    for (const bad of ['', 'B001-', 'B001-0', 'X001-5', '20600995805|07|BC01|1|', 'hola']) expect(parseSaleReference(bad)).toBeNull();
  });
});
