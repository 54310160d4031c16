import { describe, expect, it } from 'vitest';
import { SaleDraftSchema, validateSale, type FieldError } from '../../../../shared/billing';
import { COMPANY, DNI_CUSTOMER, RUC_CUSTOMER, boleta, factura, line } from './fixtures';

function errorsOf(draft: unknown, company: unknown = COMPANY): FieldError[] {
  const result = validateSale(draft, company);
  return result.ok ? [] : result.errors;
}

function pathsOf(draft: unknown, company: unknown = COMPANY): string[] {
  return errorsOf(draft, company).map((error) => error.path);
}

/** Words of zod's default English messages: none may reach the cashier. */
const ENGLISH = /\b(Invalid|expected|received|Required|must|input|option)\b/;

describe('validateSale never throws', () => {
  const hostile = new Proxy({}, { get: () => { throw new Error('boom'); } });
  const garbage: unknown[] = [
    undefined, null, 42, 'venta', [], true, () => 1, { lines: 'x' }, { lines: [null, 3, 'a', []] },
    { customer: 5, payment: 'CREDITO', legends: {} }, { payment: { method: 'CREDITO', installments: [null] } },
    { lines: [{ quantity: {}, unitPrice: [], affectation: 10, bag: 'yes', unit: 3 }] }, hostile,
  ];

  it.each(garbage.map((g, i) => [i, g]))('garbage #%d → errors in Spanish', (_i, input) => {
    const result = validateSale(input, input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.length).toBeGreaterThan(0);
      for (const error of result.errors) {
        expect(typeof error.path).toBe('string');
        expect(error.message).not.toMatch(ENGLISH);
      }
    }
  });

  it('accepts a valid sale', () => {
    expect(validateSale(boleta([line(1, '5')]), COMPANY)).toEqual({ ok: true });
  });
});

describe('field errors', () => {
  it('reports every missing field at its path', () => {
    expect(pathsOf({}, {})).toEqual(['docType', 'series', 'number', 'issuedAt', 'currency', 'lines', 'company.ruc']);
    expect(pathsOf(boleta([{} as never]))).toEqual([
      'lines.0.code', 'lines.0.description', 'lines.0.unit', 'lines.0.quantity', 'lines.0.unitPrice', 'lines.0.affectation',
    ]);
    expect(errorsOf(boleta([]))).toEqual([{ path: 'lines', message: 'Agregue al menos un producto' }]);
  });

  it.each([
    ['0', 'La cantidad debe ser mayor que cero'],
    ['-2', 'La cantidad debe ser mayor que cero'],
    ['abc', 'La cantidad debe ser un número (use punto decimal)'],
    ['1,5', 'La cantidad debe ser un número (use punto decimal)'],
    ['1e3', 'La cantidad debe ser un número (use punto decimal)'],
    ['', 'Ingrese la cantidad'],
    [Number.NaN, 'La cantidad debe ser un número (use punto decimal)'],
    ['1.12345678901', 'La cantidad admite como máximo 10 decimales'],
    ['1234567890123456', 'La cantidad tiene demasiados dígitos (máximo 15)'],
  ])('quantity %s → %s', (quantity, message) => {
    expect(errorsOf(boleta([line(quantity, '5', { unit: 'KGM' })]))).toEqual([{ path: 'lines.0.quantity', message }]);
  });

  it('accepts 10 decimals and trailing zeros beyond them', () => {
    expect(pathsOf(boleta([line('1.1234567891', '5', { unit: 'KGM' })]))).toEqual([]);
    expect(pathsOf(boleta([line('2.500000000000', '5', { unit: 'KGM' })]))).toEqual([]);
  });

  it.each([
    ['-1', 'El precio no puede ser negativo'],
    ['0', 'El precio debe ser mayor que cero'],
    ['0.12345678901', 'El precio admite como máximo 10 decimales'],
    ['S/ 5', 'El precio debe ser un número (use punto decimal)'],
  ])('unit price %s → %s', (unitPrice, message) => {
    expect(errorsOf(boleta([line(100, unitPrice)]))).toEqual([{ path: 'lines.0.unitPrice', message }]);
  });

  it('refuses unknown units and affectations other than 10 and 20', () => {
    expect(pathsOf(boleta([line(1, '5', { unit: 'XYZ' as 'NIU' })]))).toEqual(['lines.0.unit']);
    expect(pathsOf(boleta([line(1, '5', { affectation: '30' as '10' })]))).toEqual(['lines.0.affectation']);
  });

  it('decimal quantities of any unit (SUNAT accepts them), whole bags only, line amount at least 0.01', () => {
    expect(pathsOf(boleta([line('1.5', '5')]))).toEqual([]);
    expect(pathsOf(boleta([line('0.333', '3', { unit: 'ZZ' })]))).toEqual([]);
    expect(pathsOf(boleta([line('1.5', '5', { unit: 'KGM' })]))).toEqual([]);
    expect(errorsOf(boleta([line('1.5', '0.10', { unit: 'KGM', bag: true })]))[0]!.message)
      .toBe('La cantidad de bolsas plásticas debe ser un número entero');
    expect(pathsOf(boleta([line('0.001', '1', { unit: 'KGM' })]))).toEqual(['lines.0.quantity']);
  });

  it('checks the series against the document type', () => {
    expect(pathsOf(factura([line(1, '5')], { series: 'B001' }))).toEqual(['series']);
    expect(pathsOf(boleta([line(1, '5')], { series: 'F001' }))).toEqual(['series']);
    expect(pathsOf(boleta([line(1, '5')], { series: 'b001' }))).toEqual(['series']);
    expect(pathsOf(boleta([line(1, '5')], { series: '0001' }))).toEqual(['series']);
    expect(pathsOf(boleta([line(1, '5')], { series: 'B0001' }))).toEqual(['series']);
  });

  it.each([0, '000000000', 100000000, 1.5, '12a', -3])('refuses number %s', (number) => {
    expect(pathsOf(boleta([line(1, '5')], { number }))).toEqual(['number']);
  });

  it('parses the number and the issue date strictly', () => {
    expect(SaleDraftSchema.parse(boleta([line(1, '5')], { number: '00000042' })).number).toBe('42');
    expect(pathsOf(boleta([line(1, '5')], { issuedAt: '2026-03-02T10:15:00' }))).toEqual(['issuedAt']);
    expect(pathsOf(boleta([line(1, '5')], { issuedAt: '2026-02-30T10:15:00-05:00' }))).toEqual(['issuedAt']);
    expect(pathsOf(boleta([line(1, '5')], { currency: 'EUR' as 'PEN' }))).toEqual(['currency']);
  });

  it('checks the company', () => {
    expect(pathsOf(boleta([line(1, '5')]), { ruc: '20600995806' })).toEqual(['company.ruc']);
    expect(pathsOf(boleta([line(1, '5')]), { ...COMPANY, igvRate: '18' })).toEqual(['company.igvRate']);
    expect(pathsOf(boleta([line(1, '5')]), { ...COMPANY, igvRegime: 'mype' })).toEqual(['company.igvRegime']);
    expect(pathsOf(boleta([line(1, '5')]), null)).toEqual(['company']);
  });
});

describe('business rules', () => {
  it('a factura needs a RUC customer with a valid check digit', () => {
    expect(errorsOf(factura([line(1, '5')], { customer: DNI_CUSTOMER }))).toEqual([
      { path: 'customer.docType', message: 'Una factura requiere un cliente con RUC' },
    ]);
    expect(pathsOf(factura([line(1, '5')], { customer: undefined }))).toEqual(['customer.docType']);
    expect(pathsOf(factura([line(1, '5')], { customer: { ...RUC_CUSTOMER, docNumber: '20100066604' } })))
      .toEqual(['customer.docNumber']);
    expect(pathsOf(factura([line(1, '5')], { customer: { ...RUC_CUSTOMER, name: '' } }))).toEqual(['customer.name']);
    expect(pathsOf(factura([line(1, '5')], { customer: { ...RUC_CUSTOMER, name: 'AB' } }))).toEqual(['customer.name']);
  });

  it('reports the customer rule together with line errors', () => {
    expect(pathsOf(factura([line(0, '5')], { customer: DNI_CUSTOMER }))).toEqual(['lines.0.quantity', 'customer.docType']);
  });

  it('checks customer document numbers by type', () => {
    expect(pathsOf(boleta([line(1, '5')], { customer: { ...DNI_CUSTOMER, docNumber: '4567891' } })))
      .toEqual(['customer.docNumber']);
    expect(pathsOf(boleta([line(1, '5')], { customer: { docType: '1', docNumber: '', name: 'Ana' } })))
      .toEqual(['customer.docNumber']);
    expect(pathsOf(boleta([line(1, '5')], { customer: { docType: '1', docNumber: '45678912' } })))
      .toEqual(['customer.name']);
    expect(pathsOf(boleta([line(1, '5')], { customer: { docType: '7', docNumber: 'AB 123', name: 'Ann' } })))
      .toEqual(['customer.docNumber']);
    expect(pathsOf(boleta([line(1, '5')], { customer: { docType: '7', docNumber: 'AB123456', name: 'Ann' } })))
      .toEqual([]);
    expect(pathsOf(boleta([line(1, '5')], { customer: { docType: 'X', docNumber: '1', name: 'Ann' } })))
      .toEqual(['customer.docType']);
  });

  it('a boleta of 700.00 or more needs DNI, CE, passport or RUC', () => {
    expect(pathsOf(boleta([line(1, '699.99')]))).toEqual([]);
    expect(errorsOf(boleta([line(1, '700.00')]))).toEqual([{
      path: 'customer.docNumber',
      message: 'Una boleta de 700.00 o más requiere identificar al cliente con DNI, carné de extranjería, pasaporte o RUC',
    }]);
    // 699.90 + 0.50 bag tax reaches 700.40.
    expect(pathsOf(boleta([line(1, '699.90'), line(1, '0.10', { bag: true })]))).toEqual(['customer.docNumber']);
    expect(pathsOf(boleta([line(1, '700')], { customer: DNI_CUSTOMER }))).toEqual([]);
    expect(pathsOf(boleta([line(1, '700')], { customer: { docType: '4', docNumber: '001234567', name: 'Ana' } }))).toEqual([]);
    expect(pathsOf(boleta([line(1, '700')], { customer: { docType: '0', docNumber: 'X1', name: 'Ana' } })))
      .toEqual(['customer.docNumber']);
  });

  it('credit instalments must add up to the total', () => {
    const credit = (installments: { amount: string; dueDate: string }[]) =>
      factura([line(2, '118.00')], { payment: { method: 'CREDITO', installments } });
    expect(pathsOf(credit([{ amount: '236.00', dueDate: '2026-04-01' }]))).toEqual([]);
    expect(errorsOf(credit([{ amount: '100', dueDate: '2026-04-01' }, { amount: '135.99', dueDate: '2026-05-01' }]))).toEqual([{
      path: 'payment.installments',
      message: 'La suma de las cuotas (235.99) debe ser igual al total de la venta (236.00)',
    }]);
    expect(pathsOf(credit([]))).toEqual(['payment.installments']);
    expect(pathsOf(credit([{ amount: '236.001', dueDate: '2026-04-01' }]))).toEqual(['payment.installments.0.amount']);
    expect(pathsOf(credit([{ amount: '236', dueDate: '01/04/2026' }]))).toEqual(['payment.installments.0.dueDate']);
    expect(pathsOf(factura([line(1, '5')], { payment: { method: 'TARJETA' } as never }))).toEqual(['payment.method']);
  });

  it('due dates strictly after the issue day in Lima', () => {
    const credit = (issuedAt: string, dueDates: string[]) =>
      factura([line(2, '118.00')], {
        issuedAt,
        payment: { method: 'CREDITO', installments: dueDates.map((dueDate, i) => ({ amount: i === 0 ? '236.00' : '0.01', dueDate })) },
      });
    expect(pathsOf(credit('2026-03-02T10:00:00-05:00', ['2026-03-02']))).toEqual(['payment.installments.0.dueDate']);
    expect(pathsOf(credit('2026-03-02T10:00:00-05:00', ['2026-03-01']))).toEqual(['payment.installments.0.dueDate']);
    expect(pathsOf(credit('2026-03-02T10:00:00-05:00', ['2026-03-03']))).toEqual([]);
    // 02:00 UTC on 3 March is still 2 March in Lima, so 3 March is a valid due date.
    expect(pathsOf(credit('2026-03-03T02:00:00Z', ['2026-03-03']))).toEqual([]);
    const two = credit('2026-03-02T10:00:00-05:00', ['2026-04-01', '2026-03-02']);
    expect(pathsOf(two)).toEqual(['payment.installments', 'payment.installments.1.dueDate']);
  });

  it('extra legends: catalogue codes, no repeats', () => {
    const withLegends = (legends: { code: string; value: string }[]) => boleta([line(1, '5')], { legends: legends as never });
    expect(pathsOf(withLegends([{ code: '2005', value: 'Itinerante' }, { code: '2005', value: 'Otra' }]))).toEqual(['legends.1.code']);
    expect(pathsOf(withLegends([{ code: '9999', value: 'x' }]))).toEqual(['legends.0.code']);
    expect(pathsOf(withLegends([{ code: '2005', value: 'a\nb' }]))).toEqual(['legends.0.value']);
  });
});
