// The fixtures are reused by the sandbox server: check they are internally consistent.
import { describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import type { Invoice } from '../../../../shared/api';
import {
  boletaInvoice,
  cdrQueryRequest,
  CUSTOMER_RUC,
  facturaCreditInvoice,
  guideResponse,
  ISSUER_RUC,
  receiptRecordResponse,
  SUPPLIER_RUC,
} from './fixtures';

const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
function hasValidCheckDigit(ruc: string): boolean {
  const sum = WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(ruc[i]), 0);
  return /^\d{11}$/.test(ruc) && (11 - (sum % 11)) % 10 === Number(ruc[10]);
}

const sum = (values: number[]) => values.reduce((acc, v) => acc.plus(v), new Decimal(0));

function checkTotals(invoice: Invoice) {
  const lines = invoice.detalle;
  const gravado = lines.filter((line) => line.tip_Afe_Igv === '10');
  const exonerado = lines.filter((line) => line.tip_Afe_Igv === '20');
  const icbper = sum(lines.map((line) => new Decimal(line.cantidad).times(line.factor_Icbper ?? 0).toNumber()));
  for (const line of lines) {
    const lineIcbper = new Decimal(line.cantidad).times(line.factor_Icbper ?? 0);
    expect(new Decimal(line.igv).plus(lineIcbper).toNumber()).toBe(line.total_Impuestos);
    expect(new Decimal(line.monto_Valor_Unitario).times(line.cantidad).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber())
      .toBe(line.monto_Valor_Venta);
  }
  expect(sum(gravado.map((line) => line.monto_Valor_Venta)).toNumber()).toBe(invoice.monto_Oper_Gravadas);
  expect(sum(exonerado.map((line) => line.monto_Valor_Venta)).toNumber()).toBe(invoice.monto_Oper_Exoneradas ?? 0);
  expect(sum(lines.map((line) => line.igv)).toNumber()).toBe(invoice.monto_Igv);
  expect(new Decimal(invoice.monto_Igv).plus(icbper).toNumber()).toBe(invoice.total_Impuestos);
  expect(sum(lines.map((line) => line.monto_Valor_Venta)).toNumber()).toBe(invoice.valor_Venta);
  expect(new Decimal(invoice.valor_Venta).plus(invoice.total_Impuestos).toNumber()).toBe(invoice.sub_Total);
  expect(invoice.monto_Imp_Venta).toBe(invoice.sub_Total);
  expect(sum(invoice.forma_pago.map((payment) => payment.monto)).toNumber()).toBe(invoice.monto_Imp_Venta);
}

describe('fixtures', () => {
  it('use RUCs with valid check digits', () => {
    for (const ruc of [ISSUER_RUC, CUSTOMER_RUC, SUPPLIER_RUC, cdrQueryRequest.proveedor]) {
      expect(hasValidCheckDigit(ruc), ruc).toBe(true);
    }
    expect(hasValidCheckDigit('20131312954')).toBe(false);
  });

  it('boleta totals add up (gravado + exonerado + ICBPER bag line)', () => {
    checkTotals(boletaInvoice);
    expect(boletaInvoice.detalle.map((line) => line.tip_Afe_Igv)).toEqual(['10', '20', '10']);
    expect(boletaInvoice.detalle[2]?.factor_Icbper).toBe(0.5);
  });

  it('factura totals add up and its instalments fall after the issue date', () => {
    checkTotals(facturaCreditInvoice);
    const issued = Date.parse(facturaCreditInvoice.fecha_Emision);
    for (const payment of facturaCreditInvoice.forma_pago) {
      expect(payment.tipo).toBe('CREDITO');
      expect(Date.parse(payment.fecha_Pago)).toBeGreaterThan(issued);
    }
  });

  it('the receipt record describes the boleta fixture', () => {
    const record = receiptRecordResponse.data;
    expect(record.numeroRuc).toBe(boletaInvoice.empresa_Ruc);
    expect(`${record.serieComprobante}-${record.numeroComprobante}`).toBe(`${boletaInvoice.serie}-${boletaInvoice.correlativo}`);
    expect(record.montoTotalGeneral).toBe(boletaInvoice.monto_Imp_Venta);
    expect(record.detalleComprobanteBean).toHaveLength(boletaInvoice.detalle.length);
  });

  it('the guide is a cancelled guide with one item, one vehicle and one driver', () => {
    const guide = guideResponse.data;
    expect([guide.codEstado, guide.desEstado]).toEqual(['02', 'Baja']);
    expect(guide.baja).toBeTruthy();
    expect(guide.traslado.bien).toHaveLength(1);
    expect(guide.traslado.vehiculo).toHaveLength(1);
    expect(guide.traslado.conductor).toHaveLength(1);
    expect(hasValidCheckDigit(guide.numRuc)).toBe(true);
  });
});
