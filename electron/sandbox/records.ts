// An accepted invoice payload -> the receipt/invoice record of the lookups (docs/api/invoicing-api.md §2.8).
// Dates as dd/mm/yyyy ('-' when absent), line amounts as strings, montoTotalTexto from legend 1000.
// Choices where the doc says nothing: subTipoComprobante '-', indicadorEstado '1' (accepted), observacion/glosa '-',
// documentoRelacionadoBean [], fechaVencimiento = last CREDITO instalment date or '-'.
import Decimal from 'decimal.js';
import type { Invoice, ReceiptRecord } from '../../shared/api';
import type { Taxpayer } from './types';
import type { DescriptionForm, Variation } from './variations';

const IDENTITY_DOC_LABELS: Record<string, string> = {
  '0': 'DOC.TRIB.NO.DOM.SIN.RUC',
  '1': 'DNI',
  '4': 'CARNET DE EXTRANJERIA',
  '6': 'RUC',
  '7': 'PASAPORTE',
  A: 'CED. DIPLOMATICA DE IDENTIDAD',
};

const UNIT_LABELS: Record<string, string> = {
  NIU: 'UNIDAD',
  ZZ: 'UNIDAD (SERVICIOS)',
  KGM: 'KILOGRAMO',
  LTR: 'LITRO',
  MTR: 'METRO',
  BX: 'CAJA',
  GLL: 'GALON',
  PK: 'PAQUETE',
};

const CURRENCY_SYMBOLS: Record<string, string> = { PEN: 'S/', USD: 'US$' };

/** '2025-03-10T09:15:00-05:00' -> '10/03/2025' (the date as written, i.e. in the issuer's offset). */
export function toDayMonthYear(isoDateTime: string | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDateTime ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '-';
}

function amountText(value: number, minDecimals = 2): string {
  const d = new Decimal(value).toDecimalPlaces(10);
  return d.decimalPlaces() < minDecimals ? d.toFixed(minDecimals) : d.toFixed();
}

function money(value: Decimal | number): number {
  return new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
}

export function invoiceToRecord(invoice: Invoice, issuer: Taxpayer): ReceiptRecord {
  const lines = invoice.detalle;
  const sumWhere = (pred: (affectation: string) => boolean): number =>
    money(lines.filter((l) => pred(l.tip_Afe_Igv)).reduce((acc, l) => acc.plus(l.monto_Valor_Venta), new Decimal(0)));
  const credit = invoice.forma_pago.filter((p) => p.tipo.toUpperCase() === 'CREDITO' && p.cuota !== undefined);
  const lastDue = credit.map((p) => p.fecha_Pago).sort().at(-1);
  const words = invoice.legend.find((l) => l.legend_Code === '1000')?.legend_Value;

  return {
    numeroRuc: invoice.empresa_Ruc,
    razonSocial: issuer.razonSocial,
    razonComercial: issuer.razonComercial,
    tipoComprobante: invoice.tipo_Doc,
    serieComprobante: invoice.serie.toUpperCase(),
    numeroComprobante: Number.parseInt(invoice.correlativo, 10),
    subTipoComprobante: '-',
    nombreCalle: issuer.nombreCalle,
    nombreDistrito: issuer.nombreDistrito,
    nombreProvincia: issuer.nombreProvincia,
    nombreDepartamento: issuer.nombreDepartamento,
    codigoMoneda: invoice.tipo_Moneda,
    simboloMoneda: CURRENCY_SYMBOLS[invoice.tipo_Moneda] ?? invoice.tipo_Moneda,
    fechaEmision: toDayMonthYear(invoice.fecha_Emision),
    fechaVencimiento: toDayMonthYear(lastDue),
    tipoDocumentoCliente: invoice.cliente_Tipo_Doc,
    desTipoDocumentoCliente: IDENTITY_DOC_LABELS[invoice.cliente_Tipo_Doc] ?? '-',
    numeroDocumentoCliente: invoice.cliente_Num_Doc,
    nombreCliente: invoice.cliente_Razon_Social,
    observacion: '-',
    glosa: '-',
    montoTotalGeneral: money(invoice.monto_Imp_Venta),
    montoTotalTexto: words ?? '-',
    totalDescuentos: 0,
    totalAnticipos: 0,
    totalISC: 0,
    totalIGV: money(invoice.monto_Igv),
    totalOtrosCargos: 0,
    totalOtrosTributos: money(new Decimal(invoice.total_Impuestos).minus(invoice.monto_Igv)),
    totalValorVenta: money(invoice.valor_Venta),
    totalValorVentaExonerado: money(invoice.monto_Oper_Exoneradas ?? sumWhere((a) => a === '20')),
    totalInafOner: sumWhere((a) => a === '30'),
    totalGravOner: money(invoice.monto_Oper_Gravadas),
    totalValorVentaOperaGratuitas: 0,
    indicadorEstado: '1',
    documentoRelacionadoBean: [],
    detalleComprobanteBean: lines.map((l, i) => ({
      identificador: i + 1,
      descripcion: l.descripcion,
      cantidad: amountText(l.cantidad, 0),
      precioUnitario: amountText(l.monto_Precio_Unitario),
      codigoItem: l.cod_Producto,
      codigoUnidadMedida: l.unidad,
      unidadMedidaDesc: UNIT_LABELS[l.unidad] ?? l.unidad,
      valorVtaUnitario: amountText(l.monto_Valor_Unitario),
    })),
  };
}

/** An exact amount text at the precision a peer chose: 2 decimals rounded half up (10.1695 -> '10.17'), or 10. */
function atDecimals(exact: string, decimals: 2 | 10): string {
  return new Decimal(exact).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).toFixed(decimals);
}

function rewrite(text: string, form: DescriptionForm): string {
  if (form === 'upper') return text.toLocaleUpperCase('es-PE');
  if (form === 'respaced') return `${text.split(' ').join('  ')} `;
  return text;
}

/**
 * A record as another peer may write it (docs/api/invoicing-api.md §2.8, docs/api/variations.md): each date or '-', the line amounts at 2 or
 * 10 decimals, descriptions upper-cased or re-spaced. Totals stay numbers; the other fields stay as they are.
 */
export function varyRecord(record: ReceiptRecord, v: Variation): ReceiptRecord {
  const date = (text: string) => (v.recordDate() === 'dash' ? '-' : text);
  const decimals = v.amountDecimals();
  return {
    ...record,
    fechaEmision: date(record.fechaEmision),
    fechaVencimiento: date(record.fechaVencimiento),
    detalleComprobanteBean: record.detalleComprobanteBean.map((l) => ({
      ...l,
      descripcion: rewrite(l.descripcion, v.description()),
      cantidad: atDecimals(l.cantidad, decimals),
      precioUnitario: atDecimals(l.precioUnitario, decimals),
      valorVtaUnitario: atDecimals(l.valorVtaUnitario, decimals),
    })),
  };
}

export function recordKey(record: Pick<ReceiptRecord, 'numeroRuc' | 'tipoComprobante' | 'serieComprobante' | 'numeroComprobante'>): string {
  return `${record.numeroRuc}-${record.tipoComprobante}-${record.serieComprobante.toUpperCase()}-${record.numeroComprobante}`;
}
