import { describe, expect, it } from 'vitest';
import { ReceiptRecordLineSchema, ReceiptRecordResponseSchema, ReceiptRecordSchema } from '../../../../shared/api';
import { receiptRecordResponse } from './fixtures';

type Json = Record<string, unknown>;
const copy = (value: unknown): Json => JSON.parse(JSON.stringify(value)) as Json;
const dataOf = (body: Json) => body.data as Json;
const lineOf = (body: Json) => (dataOf(body).detalleComprobanteBean as Json[])[0] as Json;
const pathsOf = (body: unknown) =>
  ReceiptRecordResponseSchema.safeParse(body).error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('ReceiptRecordResponseSchema: accepted', () => {
  it('accepts the boleta record', () => {
    expect(ReceiptRecordResponseSchema.parse(copy(receiptRecordResponse))).toEqual(receiptRecordResponse);
  });

  it('accepts an envelope without success', () => {
    const body = copy(receiptRecordResponse);
    delete body.success;
    expect(ReceiptRecordResponseSchema.safeParse(body).success).toBe(true);
  });

  it('accepts a factura record with a due date and related documents of unknown shape', () => {
    const body = copy(receiptRecordResponse);
    Object.assign(dataOf(body), {
      tipoComprobante: '01',
      serieComprobante: 'F001',
      fechaVencimiento: '01/04/2026',
      documentoRelacionadoBean: [{ tipo: '09', numero: 'T001-348' }, 'otro'],
    });
    expect(ReceiptRecordResponseSchema.safeParse(body).success).toBe(true);
  });
});

describe('ReceiptRecordResponseSchema: rejected', () => {
  it.each(Object.keys(ReceiptRecordSchema.shape))('rejects a record without %s', (field) => {
    const body = copy(receiptRecordResponse);
    delete dataOf(body)[field];
    expect(pathsOf(body)).toEqual([`data.${field}`]);
  });

  it.each(Object.keys(ReceiptRecordLineSchema.shape))('rejects a line without %s', (field) => {
    const body = copy(receiptRecordResponse);
    delete lineOf(body)[field];
    expect(pathsOf(body)).toEqual([`data.detalleComprobanteBean.0.${field}`]);
  });

  it.each([
    ['numeroComprobante', 125.5],
    ['numeroComprobante', '125'],
    ['fechaEmision', '2026-03-02'],
    ['fechaEmision', ''],
    ['fechaVencimiento', null],
    ['montoTotalGeneral', '26.50'],
    ['totalIGV', null],
    ['tipoComprobante', '07'],
    ['documentoRelacionadoBean', null],
  ])('rejects data.%s = %j', (field, value) => {
    const body = copy(receiptRecordResponse);
    dataOf(body)[field] = value;
    expect(pathsOf(body)).toEqual([`data.${field}`]);
  });

  it.each([
    ['cantidad', 2],
    ['cantidad', 'dos'],
    ['precioUnitario', '9,50'],
    ['valorVtaUnitario', ''],
    ['identificador', '1'],
  ])('rejects line %s = %j', (field, value) => {
    const body = copy(receiptRecordResponse);
    lineOf(body)[field] = value;
    expect(pathsOf(body)).toEqual([`data.detalleComprobanteBean.0.${field}`]);
  });

  it('rejects a non-boolean success', () => {
    expect(pathsOf({ ...receiptRecordResponse, success: 'true' })).toEqual(['success']);
  });
});
