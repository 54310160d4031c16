// The sales report as CSV for the accountant (issue 13): one row per figure, grouped, RFC 4180 (export/csv.ts),
// with a UTF-8 BOM so that Excel opens the accents right.
import type { SalesReport } from '../../../shared/cash';
import { csvLine } from '../export/csv';

const dayText = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export function salesReportCsv(report: SalesReport): string {
  const rows: (string | number)[][] = [['grupo', 'detalle', 'moneda', 'cantidad', 'total']];
  for (const r of report.sales) rows.push(['total', 'Ventas', r.currency, r.count, r.total]);
  for (const r of report.byMethod) rows.push(['medio de pago', r.label, r.currency, r.count, r.total]);
  for (const r of report.byDocType) rows.push(['tipo', r.label, r.currency, r.count, r.total]);
  for (const r of report.byStatus) rows.push(['estado SUNAT', r.label, r.currency, r.count, r.total]);
  for (const r of report.byCashier) rows.push(['cajero', r.name, r.currency, r.count, r.total]);
  for (const r of report.bySession) rows.push(['caja', r.label, r.currency, r.count, r.total]);
  for (const r of report.discounts) rows.push(['descuentos', 'Ventas con descuento', r.currency, r.count, r.total]);
  const title = csvLine([report.scope === 'shop' ? 'Reporte de ventas de todas las cajas' : 'Reporte de ventas', `del ${dayText(report.from)} al ${dayText(report.to)}`, '', '', '']);
  return `\uFEFF${title}${rows.map(csvLine).join('')}`;
}

export function salesReportFileName(report: Pick<SalesReport, 'from' | 'to' | 'scope'>): string {
  const prefix = report.scope === 'shop' ? 'ventas-tienda' : 'ventas';
  return report.from === report.to ? `${prefix}-${report.from}.csv` : `${prefix}-${report.from}-al-${report.to}.csv`;
}
