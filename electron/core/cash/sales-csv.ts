// The sales report as CSV for the accountant: one row per figure, grouped, RFC 4180 (export/csv.ts),
// with a UTF-8 BOM so that Excel opens the accents right. Cashier and till names come from other tills (the shop
// report): the writer neutralises them against formula injection; totals are amounts and stay numbers.
import type { SalesReport } from '../../../shared/cash';
import { csvAmount, csvLine, type CsvCell } from '../export/csv';

const dayText = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export function salesReportCsv(report: SalesReport): string {
  const rows: CsvCell[][] = [['grupo', 'detalle', 'moneda', 'cantidad', 'total']];
  for (const r of report.sales) rows.push(['total', 'Ventas', r.currency, r.count, csvAmount(r.total)]);
  for (const r of report.byMethod) rows.push(['medio de pago', r.label, r.currency, r.count, csvAmount(r.total)]);
  for (const r of report.byDocType) rows.push(['tipo', r.label, r.currency, r.count, csvAmount(r.total)]);
  for (const r of report.byStatus) rows.push(['estado SUNAT', r.label, r.currency, r.count, csvAmount(r.total)]);
  for (const r of report.byCashier) rows.push(['cajero', r.name, r.currency, r.count, csvAmount(r.total)]);
  for (const r of report.bySession) rows.push(['caja', r.label, r.currency, r.count, csvAmount(r.total)]);
  for (const r of report.discounts) rows.push(['descuentos', 'Ventas con descuento', r.currency, r.count, csvAmount(r.total)]);
  // Rejected and invalid documents (not re-issued) are no declared sale: apart, with the cash they brought.
  for (const r of report.notDeclared) {
    rows.push(['no declarados a SUNAT (rechazados / inválidos)', `${r.label}: necesitan un comprobante reemitido`, r.currency, r.count, csvAmount(r.total)]);
    if (r.cash !== '0.00') rows.push(['no declarados a SUNAT (rechazados / inválidos)', `${r.label}: cobrado en efectivo (está en caja)`, r.currency, '', csvAmount(r.cash)]);
  }
  for (const r of report.returnsByMethod) rows.push(['devoluciones', r.label, r.currency, r.count, csvAmount(`-${r.total}`)]);
  for (const r of report.returns) rows.push(['devoluciones', 'Total devoluciones (IGV incluido)', r.currency, r.count, csvAmount(`-${r.total}`)], ['devoluciones', 'IGV devuelto', r.currency, '', csvAmount(`-${r.igv}`)]);
  for (const r of report.debitNotes) rows.push(['notas de débito', 'Notas de débito', r.currency, r.count, csvAmount(r.total)]);
  for (const r of report.net) rows.push(['neto', 'Ventas - devoluciones + notas de débito', r.currency, '', csvAmount(r.total)]);
  for (const r of report.voided) rows.push(['anulados', 'Anulados (anulación aceptada por SUNAT): no se reemiten', r.currency, r.count, csvAmount(r.total)]);
  const title = csvLine([report.scope === 'shop' ? 'Reporte de ventas de todas las cajas' : 'Reporte de ventas', `del ${dayText(report.from)} al ${dayText(report.to)}`, '', '', '']);
  return `\uFEFF${title}${rows.map(csvLine).join('')}${operationsCsv(report)}`;
}

/**
 * The payments by app or transfer, one per row with its own header after a blank line, so that each can be matched by
 * its operation number with the wallet's or the bank's statement. Nothing when there were none.
 */
function operationsCsv(report: SalesReport): string {
  if (report.operations.length === 0) return '';
  const header = ['Pagos por app o transferencia', 'n.º de operación', 'monto', 'moneda', 'comprobante', 'fecha', 'hora', ...(report.scope === 'shop' ? ['caja'] : [])];
  const rows = report.operations.map((o) => [
    o.label, o.reference, csvAmount(o.amount), o.currency, o.document, dayText(o.issuedAt.slice(0, 10)), o.issuedAt.slice(11, 16),
    ...(report.scope === 'shop' ? [o.terminal ?? ''] : []),
  ]);
  return `\r\n${[header, ...rows].map(csvLine).join('')}`;
}

export function salesReportFileName(report: Pick<SalesReport, 'from' | 'to' | 'scope'>): string {
  const prefix = report.scope === 'shop' ? 'ventas-tienda' : 'ventas';
  return report.from === report.to ? `${prefix}-${report.from}.csv` : `${prefix}-${report.from}-al-${report.to}.csv`;
}
