import { describe, expect, it } from 'vitest';
import { InvoiceSchema } from '../../../../shared/api';
import { buildInvoice, SaleValidationError } from '../../../../shared/billing';
import { COMPANY, DNI_CUSTOMER, RUC_CUSTOMER, boleta, factura, line } from './fixtures';

/** Builds and checks the result against the API's strict schema. */
function build(...args: Parameters<typeof buildInvoice>) {
  const invoice = buildInvoice(...args);
  InvoiceSchema.parse(invoice);
  return invoice;
}

function totalsOf(invoice: ReturnType<typeof buildInvoice>) {
  return {
    gravadas: invoice.monto_Oper_Gravadas,
    exoneradas: invoice.monto_Oper_Exoneradas,
    igv: invoice.monto_Igv,
    taxes: invoice.total_Impuestos,
    value: invoice.valor_Venta,
    subTotal: invoice.sub_Total,
    total: invoice.monto_Imp_Venta,
  };
}

describe('worked examples of reference §1.9', () => {
  it('A: 10 × 7.88 incl. IGV → gravadas 66.78, IGV 12.02, total 78.80', () => {
    const invoice = build(boleta([line(10, '7.88')]), COMPANY);
    expect(totalsOf(invoice)).toEqual({
      gravadas: 66.78, exoneradas: undefined, igv: 12.02, taxes: 12.02, value: 66.78, subTotal: 78.8, total: 78.8,
    });
    expect(invoice.detalle[0]).toEqual({
      unidad: 'NIU', cantidad: 10, cod_Producto: 'P001', descripcion: 'Producto', monto_Valor_Unitario: 6.678,
      monto_Base_Igv: 66.78, porcentaje_Igv: 18, igv: 12.02, tip_Afe_Igv: '10', total_Impuestos: 12.02,
      monto_Precio_Unitario: 7.88, monto_Valor_Venta: 66.78,
    });
    expect(invoice.legend[0]!.legend_Value).toBe('SON SETENTA Y OCHO CON 80/100 SOLES');
  });

  it('B: 2 × 59.00 incl. → 100.00 / 18.00 / 118.00 and its legend', () => {
    const invoice = build(boleta([line(2, '59.00')]), COMPANY);
    expect(totalsOf(invoice)).toMatchObject({ gravadas: 100, igv: 18, taxes: 18, value: 100, total: 118 });
    expect(invoice.legend).toEqual([{ legend_Code: '1000', legend_Value: 'SON CIENTO DIECIOCHO CON 00/100 SOLES' }]);
  });

  it('C: 9 × 9.70 + 6 × 6.50 taxed and 3 × 2.30 exonerated → 107.03 / 6.90 / 19.27 / 133.20', () => {
    const invoice = build(
      boleta([line(9, '9.70'), line(6, '6.50'), line(3, '2.30', { affectation: '20' })]),
      COMPANY,
    );
    // 87.30 → 73.98 + 13.32; 39.00 → 33.05 + 5.95; 6.90 exonerated.
    expect(invoice.detalle.map((l) => [l.monto_Valor_Venta, l.igv])).toEqual([[73.98, 13.32], [33.05, 5.95], [6.9, 0]]);
    expect(totalsOf(invoice)).toEqual({
      gravadas: 107.03, exoneradas: 6.9, igv: 19.27, taxes: 19.27, value: 113.93, subTotal: 133.2, total: 133.2,
    });
    expect(invoice.detalle[2]).toMatchObject({ porcentaje_Igv: 0, tip_Afe_Igv: '20', monto_Valor_Unitario: 2.3 });
    expect(invoice.legend[0]!.legend_Value).toBe('SON CIENTO TREINTA Y TRES CON 20/100 SOLES');
  });

  it('H: 2 × 100 exonerated → exoneradas 200, IGV 0, total 200', () => {
    const invoice = build(boleta([line(2, 100, { affectation: '20' })]), COMPANY);
    expect(totalsOf(invoice)).toEqual({
      gravadas: 0, exoneradas: 200, igv: 0, taxes: 0, value: 200, subTotal: 200, total: 200,
    });
    expect(invoice.detalle[0]).toMatchObject({ porcentaje_Igv: 0, igv: 0, total_Impuestos: 0, monto_Base_Igv: 200 });
  });

  it('L: 1 × 118 → 100 + 18; 3 × 118 → 300 + 54; exonerated 118 → 118', () => {
    expect(totalsOf(build(boleta([line(1, '118.00')]), COMPANY))).toMatchObject({ gravadas: 100, igv: 18, total: 118 });
    expect(totalsOf(build(boleta([line(3, '118.00')]), COMPANY))).toMatchObject({ gravadas: 300, igv: 54, total: 354 });
    expect(totalsOf(build(boleta([line(1, '118.00', { affectation: '20' })]), COMPANY))).toMatchObject({
      gravadas: 0, exoneradas: 118, igv: 0, total: 118,
    });
  });

  it('E restated with shelf prices and the 2023+ bag rate', () => {
    // Goods: 2 × 118.00 incl. → T 236.00, V 200.00, IGV 36.00.
    // Bags: 4 × 0.059 incl. → T round2(0.236) = 0.24, V round2(0.24 / 1.18 = 0.2034) = 0.20, IGV 0.04,
    //       ICBPER 4 × 0.50 = 2.00, line taxes 0.04 + 2.00 = 2.04.
    // Document: gravadas 200.20, IGV 36.04, ICBPER 2.00, taxes 38.04, total 200.20 + 38.04 = 238.24
    // (the figure docs/sunat/reference.md §1.9 E gives for the 2023+ rate).
    const invoice = build(
      boleta([line(2, '118.00'), line(4, '0.059', { code: 'BOLSA', description: 'Bolsa plástica', bag: true })]),
      COMPANY,
    );
    expect(totalsOf(invoice)).toEqual({
      gravadas: 200.2, exoneradas: undefined, igv: 36.04, taxes: 38.04, value: 200.2, subTotal: 238.24, total: 238.24,
    });
    expect(invoice.detalle[0]).not.toHaveProperty('factor_Icbper');
    expect(invoice.detalle[1]).toMatchObject({
      monto_Base_Igv: 0.2, igv: 0.04, total_Impuestos: 2.04, factor_Icbper: 0.5, monto_Precio_Unitario: 0.059,
    });
    expect(invoice.legend[0]!.legend_Value).toBe('SON DOSCIENTOS TREINTA Y OCHO CON 24/100 SOLES');
  });

  it('uses the bag rate of the issue year (2022: 0.40)', () => {
    const invoice = build(boleta([line(3, '0.10', { bag: true })], { issuedAt: '2022-06-01T09:00:00-05:00' }), COMPANY);
    // T 0.30, V round2(0.2542) = 0.25, IGV 0.05, ICBPER 3 × 0.40 = 1.20.
    expect(invoice.detalle[0]).toMatchObject({ factor_Icbper: 0.4, igv: 0.05, total_Impuestos: 1.25 });
    expect(totalsOf(invoice)).toMatchObject({ gravadas: 0.25, igv: 0.05, taxes: 1.25, total: 1.5 });
  });
});

describe('rounding', () => {
  it('rounds half up at .005 in decimal, not in binary floating point', () => {
    // 3 × 0.335 = 1.005 exactly → 1.01 (a double would give 1.00).
    const a = build(boleta([line(3, '0.335', { affectation: '20' })]), COMPANY);
    expect(a.monto_Imp_Venta).toBe(1.01);
    // 1 × 2.675 → 2.68 (2.675.toFixed(2) is "2.67").
    const b = build(boleta([line(1, 2.675, { affectation: '20' })]), COMPANY);
    expect(b.monto_Imp_Venta).toBe(2.68);
  });

  it('rounds each line, then sums: 3 lines of 1.00 → 2.55 / 0.45; one line of 3 × 1.00 → 2.54 / 0.46', () => {
    const three = build(boleta([line(1, '1.00'), line(1, '1.00'), line(1, '1.00')]), COMPANY);
    expect(totalsOf(three)).toMatchObject({ gravadas: 2.55, igv: 0.45, total: 3 });
    const one = build(boleta([line(3, '1.00')]), COMPANY);
    expect(totalsOf(one)).toMatchObject({ gravadas: 2.54, igv: 0.46, total: 3 });
  });

  it('handles decimal quantities: 0.755 kg × 12.90 → 9.74 = 8.25 + 1.49', () => {
    const invoice = build(boleta([line('0.755', '12.90', { unit: 'KGM' })]), COMPANY);
    expect(invoice.detalle[0]).toMatchObject({
      cantidad: 0.755, monto_Valor_Venta: 8.25, igv: 1.49, monto_Valor_Unitario: 10.9271523179, monto_Precio_Unitario: 12.9,
    });
    expect(invoice.monto_Imp_Venta).toBe(9.74);
  });
});

describe('IGV rate', () => {
  it('special regime: 10.5 % from 2026-02-13, 10 % before', () => {
    const special = { ...COMPANY, igvRegime: 'special' as const };
    const in2026 = build(boleta([line(1, '110.50')]), special);
    expect(in2026.detalle[0]).toMatchObject({ porcentaje_Igv: 10.5, monto_Valor_Venta: 100, igv: 10.5 });
    const in2025 = build(boleta([line(1, '110.00')], { issuedAt: '2025-06-01T12:00:00-05:00' }), special);
    expect(in2025.detalle[0]).toMatchObject({ porcentaje_Igv: 10, monto_Valor_Venta: 100, igv: 10 });
  });

  it('a fixed company rate overrides the dated one', () => {
    const invoice = build(boleta([line(1, '118')]), { ...COMPANY, igvRegime: 'special', igvRate: '0.18' });
    expect(invoice.detalle[0]).toMatchObject({ porcentaje_Igv: 18, igv: 18 });
  });
});

describe('document fields', () => {
  it('keeps the API doc field order, normalises the date to Lima time and the number', () => {
    const invoice = build(
      factura([line(1, '118'), line(1, '10', { affectation: '20' })], {
        number: '00000042', issuedAt: '2026-03-02T02:30:15.250Z', idBaseDato: 'c0ffee-1',
      }),
      COMPANY,
    );
    expect(Object.keys(invoice)).toEqual([
      'tipo_Operacion', 'tipo_Doc', 'serie', 'correlativo', 'tipo_Moneda', 'fecha_Emision', 'empresa_Ruc',
      'cliente_Tipo_Doc', 'cliente_Num_Doc', 'cliente_Razon_Social', 'cliente_Direccion', 'monto_Oper_Gravadas',
      'monto_Igv', 'total_Impuestos', 'valor_Venta', 'sub_Total', 'monto_Imp_Venta', 'monto_Oper_Exoneradas',
      'estado_Documento', 'manual', 'id_Base_Dato', 'detalle', 'forma_pago', 'legend',
    ]);
    expect(Object.keys(invoice.detalle[0]!)).toEqual([
      'unidad', 'cantidad', 'cod_Producto', 'descripcion', 'monto_Valor_Unitario', 'monto_Base_Igv', 'porcentaje_Igv',
      'igv', 'tip_Afe_Igv', 'total_Impuestos', 'monto_Precio_Unitario', 'monto_Valor_Venta',
    ]);
    expect(invoice).toMatchObject({
      tipo_Operacion: '0101', tipo_Doc: '01', serie: 'F001', correlativo: '42', tipo_Moneda: 'PEN',
      fecha_Emision: '2026-03-01T21:30:15-05:00', empresa_Ruc: COMPANY.ruc, cliente_Tipo_Doc: '6',
      cliente_Num_Doc: RUC_CUSTOMER.docNumber, cliente_Razon_Social: RUC_CUSTOMER.name,
      cliente_Direccion: RUC_CUSTOMER.address, estado_Documento: '0', manual: false, id_Base_Dato: 'c0ffee-1',
    });
    expect(invoice.forma_pago).toEqual([{ tipo: 'CONTADO', monto: 128, fecha_Pago: '2026-03-01T21:30:15-05:00' }]);
  });

  it('omits monto_Oper_Exoneradas and id_Base_Dato when there is nothing to put', () => {
    const invoice = build(boleta([line(1, '5')]), COMPANY);
    expect(invoice).not.toHaveProperty('monto_Oper_Exoneradas');
    expect(invoice).not.toHaveProperty('id_Base_Dato');
  });

  it('anonymous boleta → 0 / 00000000 / CLIENTES VARIOS / -', () => {
    for (const customer of [undefined, null, {}, { docType: '0', docNumber: '' }, { docType: '', docNumber: '', name: '' }]) {
      const invoice = build(boleta([line(1, '5')], { customer }), COMPANY);
      expect([invoice.cliente_Tipo_Doc, invoice.cliente_Num_Doc, invoice.cliente_Razon_Social, invoice.cliente_Direccion])
        .toEqual(['0', '00000000', 'CLIENTES VARIOS', '-']);
    }
  });

  it('identified customer with an empty address gets "-"', () => {
    const invoice = build(boleta([line(1, '5')], { customer: DNI_CUSTOMER }), COMPANY);
    expect([invoice.cliente_Tipo_Doc, invoice.cliente_Num_Doc, invoice.cliente_Razon_Social, invoice.cliente_Direccion])
      .toEqual(['1', '45678912', 'Juan Pérez', '-']);
  });

  it('credit sale: one entry per instalment, due dates at Lima midnight', () => {
    const invoice = build(
      factura([line(2, '118.00')], {
        payment: {
          method: 'CREDITO',
          installments: [{ amount: '100.13', dueDate: '2026-03-09' }, { amount: 135.87, dueDate: '2026-12-01' }],
        },
      }),
      COMPANY,
    );
    expect(invoice.forma_pago).toEqual([
      { tipo: 'CREDITO', monto: 100.13, cuota: 1, fecha_Pago: '2026-03-09T00:00:00-05:00' },
      { tipo: 'CREDITO', monto: 135.87, cuota: 2, fecha_Pago: '2026-12-01T00:00:00-05:00' },
    ]);
  });

  it('USD legend and extra legends after 1000 (a draft legend 1000 is replaced)', () => {
    const invoice = build(
      boleta([line(1, '21.50', { affectation: '20' })], {
        currency: 'USD',
        legends: [{ code: '1000', value: 'SON 21.50' }, { code: '2005', value: 'Venta realizada por emisor itinerante' }],
      }),
      COMPANY,
    );
    expect(invoice.tipo_Moneda).toBe('USD');
    expect(invoice.legend).toEqual([
      { legend_Code: '1000', legend_Value: 'SON VEINTIUNO CON 50/100 DÓLARES AMERICANOS' },
      { legend_Code: '2005', legend_Value: 'Venta realizada por emisor itinerante' },
    ]);
  });

  it('throws SaleValidationError with the field errors for an invalid draft', () => {
    let caught: unknown;
    try {
      buildInvoice(boleta([line(0, '5')]), COMPANY);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SaleValidationError);
    expect((caught as SaleValidationError).errors).toEqual([
      { path: 'lines.0.quantity', message: 'La cantidad debe ser mayor que cero' },
    ]);
  });

  it('never stores money through floats: strings and numbers give the same invoice', () => {
    const fromStrings = buildInvoice(boleta([line('0.3', '0.1', { unit: 'KGM' }), line('3', '19.99')]), COMPANY);
    const fromNumbers = buildInvoice(boleta([line(0.3, 0.1, { unit: 'KGM' }), line(3, 19.99)]), COMPANY);
    expect(JSON.stringify(fromNumbers)).toBe(JSON.stringify(fromStrings));
    expect(fromStrings.detalle[0]).toMatchObject({ cantidad: 0.3, monto_Valor_Venta: 0.03, igv: 0 });
    expect(fromStrings.monto_Imp_Venta).toBe(60.0);
  });
});
