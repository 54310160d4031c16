// A dollar sale's arithmetic: the day's rate as typed or sent, the soles prices converted at it (half up to the cent),
// and the document's totals and IGV computed in dollars from the converted prices.
import { describe, expect, it } from 'vitest';
import { ExchangeRateResponseSchema } from '../../../../shared/api';
import { buildInvoice, linesInDollars, readExchangeRate, solesToDollars } from '../../../../shared/billing';

describe('the day\'s exchange rate', () => {
  it('reads a typed rate with a dot or a comma, as 3 decimals', () => {
    expect(readExchangeRate('3.751')).toEqual({ ok: true, rate: '3.751' });
    expect(readExchangeRate(' 3,8 ')).toEqual({ ok: true, rate: '3.800' });
    expect(readExchangeRate(3.742)).toEqual({ ok: true, rate: '3.742' });
  });

  it('refuses what cannot be a rate of soles per dollar, in Spanish', () => {
    expect(readExchangeRate('')).toEqual({ ok: false, message: 'Ingrese el tipo de cambio' });
    expect(readExchangeRate('tres')).toMatchObject({ ok: false, message: expect.stringContaining('debe ser un número') });
    expect(readExchangeRate('3.7512')).toMatchObject({ ok: false, message: expect.stringContaining('3 decimales') });
    expect(readExchangeRate('0.27')).toMatchObject({ ok: false, message: expect.stringContaining('entre 1 y 10') });
    expect(readExchangeRate('375.1')).toMatchObject({ ok: false, message: expect.stringContaining('entre 1 y 10') });
  });

  it("reads the provider's answer tolerantly: numbers or text, compra missing", () => {
    const documented = ExchangeRateResponseSchema.parse({ status: 200, message: 'Exito', data: { fecha: '2024-04-11', compra: 3.773, venta: 3.781 } });
    expect(documented.data).toEqual({ fecha: '2024-04-11', compra: '3.773', venta: '3.781' });
    const asText = ExchangeRateResponseSchema.parse({ success: true, data: { fecha: '2024-04-11', venta: '3.781 ' } });
    expect(asText.data).toEqual({ fecha: '2024-04-11', compra: null, venta: '3.781' });
  });
});

describe('a dollar sale priced from soles', () => {
  it('converts each unit price half up to the cent', () => {
    expect(solesToDollars('24.90', '3.751')).toBe('6.64'); // 6.63823…
    expect(solesToDollars('3.75', '3.750')).toBe('1.00');
    expect(solesToDollars('5.625', '3.750')).toBe('1.50');
    expect(solesToDollars('0.01', '3.751')).toBe('0.00');
    expect(solesToDollars('1.8755', '3.751')).toBe('0.50'); // exactly 0.5 before rounding
  });

  it('computes totals and IGV in dollars from the converted prices', () => {
    const lines = linesInDollars([
      { code: 'ARZ5', description: 'Arroz extra 5 kg', unit: 'NIU' as const, quantity: '2', unitPrice: '24.90', affectation: '10' as const },
      { code: 'LECHE', description: 'Leche evaporada', unit: 'NIU' as const, quantity: '3', unitPrice: '4.20', affectation: '10' as const },
    ], '3.751');
    expect(lines.map((l) => l.unitPrice)).toEqual(['6.64', '1.12']);
    const invoice = buildInvoice({
      docType: '03', series: 'B001', number: 1, issuedAt: '2026-11-28T10:00:00-05:00', currency: 'USD',
      customer: { docType: '0', docNumber: '', name: '', address: '' }, lines, payment: { method: 'CONTADO' },
    }, { ruc: '20987654326' });
    expect(invoice.tipo_Moneda).toBe('USD');
    expect(invoice.detalle.map((d) => d.monto_Precio_Unitario)).toEqual([6.64, 1.12]);
    // 13.28 + 3.36 = 16.64 in dollars; each line's value and IGV from its dollar amount (11.25 + 2.03, 2.85 + 0.51).
    expect([invoice.monto_Oper_Gravadas, invoice.monto_Igv, invoice.monto_Imp_Venta]).toEqual([14.1, 2.54, 16.64]);
    expect(invoice.legend.find((l) => l.legend_Code === '1000')?.legend_Value).toBe('SON DIECISÉIS CON 64/100 DÓLARES AMERICANOS');
  });
});
