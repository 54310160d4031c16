// Is the record SUNAT holds for a number the document we sent? Compared field by field against our payload:
// type, series and number, issue date, customer, total and every line (code, description, quantity, unit price).
import Decimal from 'decimal.js';
import type { Invoice, ReceiptRecord } from '../../../shared/api';

/** '2025-03-10T09:15:00-05:00' -> '10/03/2025': the issue date as the record writes it. */
function dayMonthYear(isoDateTime: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDateTime);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : isoDateTime;
}

function sameAmount(a: string | number, b: string | number): boolean {
  try {
    return new Decimal(a).equals(new Decimal(b));
  } catch {
    return false;
  }
}

/** Whitespace and case do not make a different product name (the record may come upper-cased or re-spaced). */
function sameText(a: string, b: string): boolean {
  const norm = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleUpperCase('es-PE');
  return norm(a) === norm(b);
}

/** The differences between the record and our payload, in Spanish; empty when the record is ours. */
export function recordDifferences(record: ReceiptRecord, invoice: Invoice): string[] {
  const diffs: string[] = [];
  if (record.tipoComprobante !== invoice.tipo_Doc) diffs.push('tipo de comprobante');
  if (record.serieComprobante.toUpperCase() !== invoice.serie.toUpperCase()) diffs.push('serie');
  if (record.numeroComprobante !== Number.parseInt(invoice.correlativo, 10)) diffs.push('número');
  if (record.fechaEmision !== dayMonthYear(invoice.fecha_Emision)) diffs.push('fecha de emisión');
  if (record.numeroDocumentoCliente.trim() !== invoice.cliente_Num_Doc.trim()) diffs.push('cliente');
  if (!sameAmount(record.montoTotalGeneral, invoice.monto_Imp_Venta)) diffs.push('importe total');
  const theirs = record.detalleComprobanteBean;
  const ours = invoice.detalle;
  if (theirs.length !== ours.length) {
    diffs.push(`número de líneas (${theirs.length} en SUNAT, ${ours.length} en la venta)`);
    return diffs;
  }
  ours.forEach((line, i) => {
    const other = theirs[i];
    if (!other) return;
    const same =
      other.codigoItem.trim() === line.cod_Producto.trim() &&
      sameText(other.descripcion, line.descripcion) &&
      sameAmount(other.cantidad, line.cantidad) &&
      sameAmount(other.precioUnitario, line.monto_Precio_Unitario);
    if (!same) diffs.push(`línea ${i + 1}`);
  });
  return diffs;
}
