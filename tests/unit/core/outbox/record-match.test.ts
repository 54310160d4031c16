import { describe, expect, it } from 'vitest';
import { receiptStateOf } from '../../../../electron/core/outbox/receipt-state';
import { compareAmount, compareRecord, recordDifferences } from '../../../../electron/core/outbox/record-match';
import { invoiceToRecord } from '../../../../electron/sandbox/records';
import type { Invoice } from '../../../../shared/api';
import { buildInvoice } from '../../../../shared/billing';
import { COMPANY, DNI_CUSTOMER, boleta, line } from '../../shared/billing/fixtures';

const issuer = {
  ruc: COMPANY.ruc,
  razonSocial: 'EMPRESA',
  razonComercial: '-',
  nombreCalle: '-',
  nombreDistrito: '-',
  nombreProvincia: '-',
  nombreDepartamento: '-',
};

function invoice(): Invoice {
  return buildInvoice(boleta([line('2', '5.90', { description: 'Arroz extra 1 kg' }), line('0.5', '4.20', { code: 'P2', unit: 'KGM' })], { customer: DNI_CUSTOMER }), COMPANY);
}

describe('recordDifferences: is the record SUNAT holds the document we sent?', () => {
  it('finds none for the record of our own payload (upper-cased descriptions too)', () => {
    const ours = invoice();
    const record = invoiceToRecord(ours, issuer);
    expect(recordDifferences(record, ours)).toEqual([]);
    record.detalleComprobanteBean[0]!.descripcion = `  ${ours.detalle[0]!.descripcion.toUpperCase()} `;
    expect(recordDifferences(record, ours)).toEqual([]);
  });

  it('tells a document of the same total and customer with other lines', () => {
    const ours = invoice();
    const theirs = structuredClone(ours);
    theirs.detalle[0]!.cod_Producto = 'OTRO';
    expect(recordDifferences(invoiceToRecord(theirs, issuer), ours)).toEqual(['línea 1']);
  });

  it('tells another issue date, customer, total or number of lines', () => {
    const ours = invoice();
    const theirs = structuredClone(ours);
    theirs.fecha_Emision = '2020-01-02T10:00:00-05:00';
    theirs.cliente_Num_Doc = '99999999';
    theirs.monto_Imp_Venta = 1;
    theirs.detalle.push(structuredClone(theirs.detalle[0]!));
    const diffs = recordDifferences(invoiceToRecord(theirs, issuer), ours);
    expect(diffs).toEqual(expect.arrayContaining(['fecha de emisión', 'cliente', 'importe total']));
    expect(diffs.join(' ')).toMatch(/número de líneas/);
  });
});

describe('receiptStateOf (SUNAT estadoCp)', () => {
  it('only 1 / ACEPTADO means accepted', () => {
    expect(receiptStateOf('1')).toBe('accepted');
    expect(receiptStateOf(' ACEPTADO ')).toBe('accepted');
    expect(receiptStateOf('0')).toBe('not_reported');
    expect(receiptStateOf('2')).toBe('voided');
    expect(receiptStateOf('')).toBe('unknown');
    expect(receiptStateOf('3')).toBe('unknown');
  });
});

describe('compareRecord: what the API document lets a record leave out or write otherwise', () => {
  const verdicts = (r: ReturnType<typeof invoiceToRecord>, ours: Invoice) => Object.fromEntries(compareRecord(r, ours).map((c) => [c.label, c.verdict]));

  it('a "-" date, a "-" customer and no lines are absent, never different', () => {
    const ours = invoice();
    const record = invoiceToRecord(ours, issuer);
    record.fechaEmision = '-';
    record.numeroDocumentoCliente = '-';
    record.detalleComprobanteBean = [];
    expect(recordDifferences(record, ours)).toEqual([]);
    expect(verdicts(record, ours)).toMatchObject({ 'fecha de emisión': 'absent', cliente: 'absent', líneas: 'absent', 'importe total': 'same' });
  });

  it('line amounts are compared at the precision the record shows (2 or 10 decimals, rounded either way)', () => {
    const ours = invoice();
    ours.detalle[0]!.monto_Precio_Unitario = 5.8999;
    const record = invoiceToRecord(ours, issuer);
    record.detalleComprobanteBean[0]!.precioUnitario = '5.90';
    expect(recordDifferences(record, ours)).toEqual([]);
    record.detalleComprobanteBean[0]!.precioUnitario = '5.8999000000';
    expect(recordDifferences(record, ours)).toEqual([]);
    record.detalleComprobanteBean[0]!.precioUnitario = '5.91';
    expect(recordDifferences(record, ours)).toEqual(['línea 1']);
  });

  it('a date written with one digit or with accents and punctuation in descriptions is the same', () => {
    const ours = invoice();
    const record = invoiceToRecord(ours, issuer);
    const [y, m, d] = ours.fecha_Emision.slice(0, 10).split('-');
    record.fechaEmision = `${Number(d)}/${Number(m)}/${y}`;
    record.detalleComprobanteBean[0]!.descripcion = 'ARROZ  EXTRA, 1 KG';
    expect(recordDifferences(record, ours)).toEqual([]);
  });

  it('compareAmount: a total written as a number keeps two decimals', () => {
    expect(compareAmount(12, '12.40', 2)).toBe('different');
    expect(compareAmount(12.4, '12.40', 2)).toBe('same');
    expect(compareAmount('-', '12.40')).toBe('absent');
    expect(compareAmount(null, '1')).toBe('absent');
  });
});
