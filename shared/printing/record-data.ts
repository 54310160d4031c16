// A boleta/factura record from the API's lookups (docs/api/invoicing-api.md §2.8) as TicketData: reprinting a document this till may never
// have held. Line amounts come as strings, dates as dd/mm/yyyy ('-' when absent), the amount in words as
// montoTotalTexto; a record carries no hash and no payment form.
import Decimal from 'decimal.js';
import type { ReceiptRecord } from '../api';
import { anonymous, currencyOf, docLabel, docNameOf, money, padded, unitName, unitPriceText } from './format';
import { qrText } from './qr-text';
import type { TicketData } from './ticket-data';

const present = (s: string) => s.trim() !== '' && s.trim() !== '-';

/** '05/03/2026' → '2026-03-05'; '' for a dash or anything else. */
export function isoFromDayMonthYear(text: string): string {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  return m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : '';
}

function dayMonthYear(iso: string): string {
  return iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '—';
}

export function ticketFromRecord(record: ReceiptRecord): TicketData {
  const address = [record.nombreCalle, record.nombreDistrito, record.nombreProvincia, record.nombreDepartamento].filter(present).join(', ');
  const issueDate = isoFromDayMonthYear(record.fechaEmision);
  const due = isoFromDayMonthYear(record.fechaVencimiento);
  const currency = currencyOf(record.codigoMoneda);
  const identified = !anonymous(record.tipoDocumentoCliente, record.numeroDocumentoCliente);
  return {
    issuer: { ruc: record.numeroRuc, name: record.razonSocial, tradeName: present(record.razonComercial) ? record.razonComercial : '', address },
    docType: record.tipoComprobante,
    docName: docNameOf(record.tipoComprobante),
    series: record.serieComprobante,
    number: String(record.numeroComprobante),
    seriesNumber: padded(record.serieComprobante, record.numeroComprobante),
    issuedAt: dayMonthYear(issueDate),
    issueDate,
    dueDate: due ? dayMonthYear(due) : null,
    currency: record.codigoMoneda,
    currencySymbol: present(record.simboloMoneda) ? record.simboloMoneda : currency.symbol,
    currencyWords: currency.words,
    customer: identified
      ? {
          docType: record.tipoDocumentoCliente,
          docLabel: docLabel(record.tipoDocumentoCliente),
          docNumber: record.numeroDocumentoCliente,
          name: record.nombreCliente,
          address: '',
        }
      : null,
    lines: record.detalleComprobanteBean.map((l) => ({
      quantity: new Decimal(l.cantidad).toString(),
      unit: l.codigoUnidadMedida,
      unitName: unitName(l.codigoUnidadMedida),
      code: l.codigoItem,
      description: l.descripcion,
      unitPrice: unitPriceText(l.precioUnitario),
      exonerated: false,
      total: money(new Decimal(l.cantidad).times(l.precioUnitario)),
      bag: false,
    })),
    totals: {
      gravadas: money(record.totalGravOner),
      exoneradas: money(record.totalValorVentaExonerado),
      igv: money(record.totalIGV),
      icbper: money(record.totalOtrosTributos),
      total: money(record.montoTotalGeneral),
      igvRate: null,
    },
    words: present(record.montoTotalTexto) ? record.montoTotalTexto : '',
    legends: present(record.observacion) ? [{ code: 'OBS', value: record.observacion }] : [],
    payment: { method: null, installments: [], cash: null, tenders: [], change: null },
    hash: null,
    qr: qrText({
      ruc: record.numeroRuc,
      docType: record.tipoComprobante,
      series: record.serieComprobante,
      number: record.numeroComprobante,
      igv: record.totalIGV,
      total: record.montoTotalGeneral,
      issueDate,
      customerDocType: record.tipoDocumentoCliente,
      customerDocNumber: record.numeroDocumentoCliente,
      hash: null,
    }),
    copy: true,
    copyNumber: null,
    cashier: null,
    discountTotal: null,
    demo: false,
  };
}
