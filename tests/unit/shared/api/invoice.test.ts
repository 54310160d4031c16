import { describe, expect, it } from 'vitest';
import { InvoiceLineSchema, InvoiceSchema, LegendSchema, PaymentSchema } from '../../../../shared/api';
import { boletaInvoice, facturaCreditInvoice } from './fixtures';

type Json = Record<string, unknown>;

/** Deep copy of a fixture as a plain JSON object, so a test can break it freely. */
const copy = <T>(value: T): Json => JSON.parse(JSON.stringify(value)) as Json;
const firstOf = (invoice: Json, key: string): Json => (invoice[key] as Json[])[0] as Json;

function issuesOf(body: unknown) {
  const result = InvoiceSchema.safeParse(body);
  expect(result.success).toBe(false);
  return result.error?.issues ?? [];
}

const REQUIRED_TOP_LEVEL = [
  'tipo_Operacion', 'tipo_Doc', 'serie', 'correlativo', 'tipo_Moneda', 'fecha_Emision', 'empresa_Ruc',
  'cliente_Tipo_Doc', 'cliente_Num_Doc', 'cliente_Razon_Social', 'cliente_Direccion', 'monto_Oper_Gravadas',
  'monto_Igv', 'total_Impuestos', 'valor_Venta', 'sub_Total', 'monto_Imp_Venta', 'detalle', 'forma_pago', 'legend',
];
const OPTIONAL_TOP_LEVEL = ['monto_Oper_Exoneradas', 'estado_Documento', 'manual', 'id_Base_Dato'];
const REQUIRED_LINE = [
  'unidad', 'cantidad', 'cod_Producto', 'descripcion', 'monto_Valor_Unitario', 'monto_Base_Igv', 'porcentaje_Igv',
  'igv', 'tip_Afe_Igv', 'total_Impuestos', 'monto_Precio_Unitario', 'monto_Valor_Venta',
];

describe('InvoiceSchema: valid documents', () => {
  it('accepts the boleta fixture (gravado, exonerado and bag lines) unchanged', () => {
    expect(InvoiceSchema.parse(copy(boletaInvoice))).toEqual(boletaInvoice);
  });

  it('accepts the credit factura fixture unchanged', () => {
    expect(InvoiceSchema.parse(copy(facturaCreditInvoice))).toEqual(facturaCreditInvoice);
  });

  it('the schema knows exactly the documented top-level fields', () => {
    expect(Object.keys(InvoiceSchema.shape).sort()).toEqual([...REQUIRED_TOP_LEVEL, ...OPTIONAL_TOP_LEVEL].sort());
    expect(Object.keys(InvoiceLineSchema.shape).sort()).toEqual([...REQUIRED_LINE, 'factor_Icbper'].sort());
    expect(Object.keys(PaymentSchema.shape).sort()).toEqual(['cuota', 'fecha_Pago', 'monto', 'tipo']);
    expect(Object.keys(LegendSchema.shape).sort()).toEqual(['legend_Code', 'legend_Value']);
  });

  it.each(OPTIONAL_TOP_LEVEL)('accepts a document without the optional field %s', (field) => {
    const body = copy(boletaInvoice);
    delete body[field];
    expect(InvoiceSchema.safeParse(body).success).toBe(true);
  });

  it('accepts a line without factor_Icbper and a payment without cuota', () => {
    const body = copy(boletaInvoice);
    delete firstOf(body, 'detalle').factor_Icbper;
    delete firstOf(body, 'forma_pago').cuota;
    expect(InvoiceSchema.safeParse(body).success).toBe(true);
  });

  it('accepts Z as the offset and fractional seconds', () => {
    const body = copy(boletaInvoice);
    body.fecha_Emision = '2026-03-02T15:15:00.250Z';
    expect(InvoiceSchema.safeParse(body).success).toBe(true);
  });

  it('accepts a unit value with 10 decimals and a fractional quantity with 10 decimals', () => {
    const body = copy(boletaInvoice);
    firstOf(body, 'detalle').monto_Valor_Unitario = 8.0508474576;
    firstOf(body, 'detalle').cantidad = 1.0000000001;
    expect(InvoiceSchema.safeParse(body).success).toBe(true);
  });

  it('accepts an anonymous customer with an empty address', () => {
    const body = copy(boletaInvoice);
    Object.assign(body, { cliente_Tipo_Doc: '0', cliente_Num_Doc: '00000000', cliente_Razon_Social: 'CLIENTES VARIOS', cliente_Direccion: '' });
    expect(InvoiceSchema.safeParse(body).success).toBe(true);
  });
});

describe('InvoiceSchema: rejected documents', () => {
  it.each(REQUIRED_TOP_LEVEL)('rejects a document without %s', (field) => {
    const body = copy(boletaInvoice);
    delete body[field];
    const issues = issuesOf(body);
    expect(issues.some((issue) => issue.path.join('.') === field)).toBe(true);
  });

  it.each(REQUIRED_LINE)('rejects a line without %s', (field) => {
    const body = copy(boletaInvoice);
    delete firstOf(body, 'detalle')[field];
    expect(issuesOf(body).some((issue) => issue.path.join('.') === `detalle.0.${field}`)).toBe(true);
  });

  it.each(['tipo', 'monto', 'fecha_Pago'])('rejects a payment without %s', (field) => {
    const body = copy(boletaInvoice);
    delete firstOf(body, 'forma_pago')[field];
    expect(issuesOf(body).some((issue) => issue.path.join('.') === `forma_pago.0.${field}`)).toBe(true);
  });

  it.each(['legend_Code', 'legend_Value'])('rejects a legend without %s', (field) => {
    const body = copy(boletaInvoice);
    delete firstOf(body, 'legend')[field];
    expect(issuesOf(body).some((issue) => issue.path.join('.') === `legend.0.${field}`)).toBe(true);
  });

  it.each([
    ['top level', (body: Json) => body, ''],
    ['a line', (body: Json) => firstOf(body, 'detalle'), 'detalle.0'],
    ['a payment', (body: Json) => firstOf(body, 'forma_pago'), 'forma_pago.0'],
    ['a legend', (body: Json) => firstOf(body, 'legend'), 'legend.0'],
  ] as const)('rejects an unknown property at %s', (_where, target, path) => {
    const body = copy(boletaInvoice);
    target(body).observaciones = 'entregar por la tarde';
    const issues = issuesOf(body);
    expect(issues).toHaveLength(1);
    expect(issues[0]?.code).toBe('unrecognized_keys');
    expect(issues[0]?.path.join('.')).toBe(path);
  });

  it.each([
    ['without offset', '2026-03-02T10:15:00'],
    ['as a plain date', '2026-03-02'],
    ['with a compact offset', '2026-03-02T10:15:00-0500'],
    ['without seconds', '2026-03-02T10:15-05:00'],
    ['as free text', '02/03/2026 10:15'],
  ])('rejects fecha_Emision %s', (_label, value) => {
    const body = copy(boletaInvoice);
    body.fecha_Emision = value;
    expect(issuesOf(body).map((issue) => issue.path.join('.'))).toEqual(['fecha_Emision']);
  });

  it('rejects fecha_Pago without offset', () => {
    const body = copy(facturaCreditInvoice);
    firstOf(body, 'forma_pago').fecha_Pago = '2026-03-17T00:00:00';
    expect(issuesOf(body).map((issue) => issue.path.join('.'))).toEqual(['forma_pago.0.fecha_Pago']);
  });

  it.each([
    ['3 decimals', 2.931],
    ['float noise (0.1 + 0.2)', 0.1 + 0.2],
    ['exponent notation 1e-7', 1e-7],
    ['a negative amount', -2.93],
    ['13 integer digits', 1e12],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['a numeric string', '2.93'],
  ])('rejects a money field with %s', (_label, value) => {
    const body = copy(boletaInvoice);
    body.monto_Igv = value;
    expect(issuesOf(body).map((issue) => issue.path.join('.'))).toEqual(['monto_Igv']);
  });

  it('rejects money with 3 decimals inside a line and a payment', () => {
    const body = copy(boletaInvoice);
    firstOf(body, 'detalle').igv = 2.905;
    firstOf(body, 'forma_pago').monto = 26.505;
    expect(issuesOf(body).map((issue) => issue.path.join('.')).sort()).toEqual(['detalle.0.igv', 'forma_pago.0.monto']);
  });

  it('rejects a unit value with 11 decimals', () => {
    const body = copy(boletaInvoice);
    firstOf(body, 'detalle').monto_Valor_Unitario = 8.05084745762;
    expect(issuesOf(body).map((issue) => issue.path.join('.'))).toEqual(['detalle.0.monto_Valor_Unitario']);
  });

  it.each([0, -1, 1.00000000001])('rejects quantity %s', (value) => {
    const body = copy(boletaInvoice);
    firstOf(body, 'detalle').cantidad = value;
    expect(issuesOf(body).map((issue) => issue.path.join('.'))).toEqual(['detalle.0.cantidad']);
  });

  it.each(['07', '1', '', 3])('rejects tipo_Doc %j', (value) => {
    const body = copy(boletaInvoice);
    body.tipo_Doc = value;
    expect(issuesOf(body).map((issue) => issue.path.join('.'))).toEqual(['tipo_Doc']);
  });

  it.each(['Contado', 'EFECTIVO', ''])('rejects payment tipo %j', (value) => {
    const body = copy(boletaInvoice);
    firstOf(body, 'forma_pago').tipo = value;
    expect(issuesOf(body).map((issue) => issue.path.join('.'))).toEqual(['forma_pago.0.tipo']);
  });

  it.each(['detalle', 'forma_pago', 'legend'])('rejects an empty %s array', (field) => {
    const body = copy(boletaInvoice);
    body[field] = [];
    expect(issuesOf(body).map((issue) => issue.path.join('.'))).toEqual([field]);
  });

  it('rejects manual true', () => {
    const body = copy(boletaInvoice);
    body.manual = true;
    expect(issuesOf(body).map((issue) => issue.path.join('.'))).toEqual(['manual']);
  });

  it.each(['1', '', 0])('rejects estado_Documento %j', (value) => {
    const body = copy(boletaInvoice);
    body.estado_Documento = value;
    expect(issuesOf(body).map((issue) => issue.path.join('.'))).toEqual(['estado_Documento']);
  });

  it.each([
    ['serie', 'B01'],
    ['serie', 'b001'],
    ['correlativo', '123456789'],
    ['correlativo', 125],
    ['empresa_Ruc', '2060482713'],
    ['tipo_Moneda', 'soles'],
    ['tipo_Operacion', '101'],
    ['cliente_Num_Doc', ''],
    ['cliente_Razon_Social', ''],
  ])('rejects %s = %j', (field, value) => {
    const body = copy(boletaInvoice);
    body[field] = value;
    expect(issuesOf(body).map((issue) => issue.path.join('.'))).toEqual([field]);
  });

  it('rejects a legend text with a line break or longer than 200 characters', () => {
    const body = copy(boletaInvoice);
    firstOf(body, 'legend').legend_Value = 'SON VEINTISEIS\nCON 50/100 SOLES';
    expect(issuesOf(body).map((issue) => issue.path.join('.'))).toEqual(['legend.0.legend_Value']);
    firstOf(body, 'legend').legend_Value = 'X'.repeat(201);
    expect(issuesOf(body).map((issue) => issue.path.join('.'))).toEqual(['legend.0.legend_Value']);
  });

  it('rejects a non-integer or negative cuota', () => {
    const body = copy(facturaCreditInvoice);
    firstOf(body, 'forma_pago').cuota = 1.5;
    expect(issuesOf(body).map((issue) => issue.path.join('.'))).toEqual(['forma_pago.0.cuota']);
    firstOf(body, 'forma_pago').cuota = -1;
    expect(issuesOf(body).map((issue) => issue.path.join('.'))).toEqual(['forma_pago.0.cuota']);
  });

  it('rejects something that is not an object', () => {
    expect(InvoiceSchema.safeParse(null).success).toBe(false);
    expect(InvoiceSchema.safeParse([boletaInvoice]).success).toBe(false);
  });
});
