// What a ticket shows, independent of where it comes from: a local document (its stored Invoice payload) or a
// receipt record looked up through the API (§2.8). The printed representation with QR grows from here.
import Decimal from 'decimal.js';
import type { Invoice, ReceiptRecord } from '../../shared/api';
import type { DocStatus, DocumentDetail, SettingsView } from '../../shared/bridge';
import { IDENTITY_DOC_TYPES } from '../../shared/catalog';

export interface TicketLine {
  quantity: string;
  unit: string;
  code: string;
  description: string;
  /** Unit price including IGV, 2+ decimals. */
  unitPrice: string;
  /** quantity × price, rounded: what the line costs the customer. */
  total: string;
  bag: boolean;
}

export interface TicketData {
  issuer: { ruc: string; name: string; tradeName: string; address: string };
  docType: '01' | '03';
  /** 'BOLETA DE VENTA ELECTRÓNICA' or 'FACTURA ELECTRÓNICA'. */
  docName: string;
  /** 'B001-00000001'. */
  seriesNumber: string;
  /** Issue date and time as text to print. */
  issuedAt: string;
  currency: string;
  /** null for an anonymous buyer. */
  customer: { docLabel: string; docNumber: string; name: string; address: string } | null;
  lines: TicketLine[];
  totals: { gravadas: string; exoneradas: string; igv: string; icbper: string; total: string };
  words: string;
  legends: { code: string; value: string }[];
  payment: { method: 'CONTADO' | 'CREDITO'; installments: { number: number; amount: string; dueDate: string }[] };
  hash: string | null;
  /** A copy: prints "REIMPRESIÓN". */
  copy: boolean;
  reprints: number;
  demo: boolean;
  status?: DocStatus;
}

const money = (n: number | string | Decimal) => new Decimal(n).toFixed(2);
const docName = (type: '01' | '03') => (type === '01' ? 'FACTURA ELECTRÓNICA' : 'BOLETA DE VENTA ELECTRÓNICA');
const pad = (series: string, number: string | number) => `${series}-${String(number).padStart(8, '0')}`;

function docLabel(code: string): string {
  if (code === '0' || code === '-') return 'S/D';
  return IDENTITY_DOC_TYPES.find((d) => d.code === code)?.short ?? code;
}

/** '2026-03-01T10:30:00-05:00' → '01/03/2026 10:30:00' (the time as written, Lima). */
function printedDateTime(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2}:\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}` : iso;
}

function anonymous(docType: string, docNumber: string): boolean {
  return (docType === '0' || docType === '-') && (docNumber === '00000000' || docNumber === '' || docNumber === '-');
}

/** A local document: its payload is the Invoice exactly as sent. */
export function ticketFromDocument(detail: DocumentDetail, company: SettingsView['company'], copy: boolean): TicketData {
  const invoice = JSON.parse(detail.payload) as Invoice;
  const words = invoice.legend.find((l) => l.legend_Code === '1000')?.legend_Value ?? '';
  const icbper = new Decimal(invoice.total_Impuestos).minus(invoice.monto_Igv);
  return {
    issuer: { ruc: invoice.empresa_Ruc, name: company.name, tradeName: company.tradeName, address: company.address },
    docType: invoice.tipo_Doc,
    docName: docName(invoice.tipo_Doc),
    seriesNumber: pad(invoice.serie, invoice.correlativo),
    issuedAt: printedDateTime(invoice.fecha_Emision),
    currency: invoice.tipo_Moneda,
    customer: anonymous(invoice.cliente_Tipo_Doc, invoice.cliente_Num_Doc)
      ? null
      : {
          docLabel: docLabel(invoice.cliente_Tipo_Doc),
          docNumber: invoice.cliente_Num_Doc,
          name: invoice.cliente_Razon_Social,
          address: invoice.cliente_Direccion === '-' ? '' : invoice.cliente_Direccion,
        },
    lines: invoice.detalle.map((l) => ({
      quantity: String(l.cantidad),
      unit: l.unidad,
      code: l.cod_Producto,
      description: l.descripcion,
      unitPrice: money(l.monto_Precio_Unitario),
      total: money(new Decimal(l.monto_Valor_Venta).plus(l.igv)),
      bag: l.factor_Icbper !== undefined,
    })),
    totals: {
      gravadas: money(invoice.monto_Oper_Gravadas),
      exoneradas: money(invoice.monto_Oper_Exoneradas ?? 0),
      igv: money(invoice.monto_Igv),
      icbper: icbper.toFixed(2),
      total: money(invoice.monto_Imp_Venta),
    },
    words,
    legends: invoice.legend.filter((l) => l.legend_Code !== '1000').map((l) => ({ code: l.legend_Code, value: l.legend_Value })),
    payment: {
      method: invoice.forma_pago.some((p) => p.tipo === 'CREDITO') ? 'CREDITO' : 'CONTADO',
      installments: invoice.forma_pago
        .filter((p) => p.tipo === 'CREDITO')
        .map((p, i) => ({ number: p.cuota ?? i + 1, amount: money(p.monto), dueDate: p.fecha_Pago.slice(0, 10) })),
    },
    hash: detail.hash,
    copy,
    reprints: detail.reprints,
    demo: detail.demo,
    status: detail.status,
  };
}

/** A record from the boleta/factura lookup: reprinting a document this till may never have held. */
export function ticketFromRecord(record: ReceiptRecord): TicketData {
  const address = [record.nombreCalle, record.nombreDistrito, record.nombreProvincia, record.nombreDepartamento]
    .filter((p) => p && p !== '-')
    .join(', ');
  const [d = '', m = '', y = ''] = record.fechaEmision.split('/');
  return {
    issuer: { ruc: record.numeroRuc, name: record.razonSocial, tradeName: record.razonComercial === '-' ? '' : record.razonComercial, address },
    docType: record.tipoComprobante,
    docName: docName(record.tipoComprobante),
    seriesNumber: pad(record.serieComprobante, record.numeroComprobante),
    issuedAt: record.fechaEmision === '-' ? '—' : `${d}/${m}/${y}`,
    currency: record.codigoMoneda,
    customer: anonymous(record.tipoDocumentoCliente, record.numeroDocumentoCliente)
      ? null
      : {
          docLabel: docLabel(record.tipoDocumentoCliente),
          docNumber: record.numeroDocumentoCliente,
          name: record.nombreCliente,
          address: '',
        },
    lines: record.detalleComprobanteBean.map((l) => ({
      quantity: l.cantidad,
      unit: l.codigoUnidadMedida,
      code: l.codigoItem,
      description: l.descripcion,
      unitPrice: money(l.precioUnitario),
      total: new Decimal(l.cantidad).times(l.precioUnitario).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
      bag: false,
    })),
    totals: {
      gravadas: money(record.totalGravOner),
      exoneradas: money(record.totalValorVentaExonerado),
      igv: money(record.totalIGV),
      icbper: money(record.totalOtrosTributos),
      total: money(record.montoTotalGeneral),
    },
    words: record.montoTotalTexto === '-' ? '' : record.montoTotalTexto,
    legends: [],
    payment: { method: record.fechaVencimiento !== '-' ? 'CREDITO' : 'CONTADO', installments: [] },
    hash: null,
    copy: true,
    reprints: 0,
    demo: false,
  };
}
