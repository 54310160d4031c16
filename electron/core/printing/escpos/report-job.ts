// The shift's X and Z and the sales report as ESC/POS jobs, with the sections and wording of the HTML
// tickets (renderer/print/CashReportTicket.tsx, SalesReportTicket.tsx, report-parts.tsx), from the same report objects
// and row helpers (shared/cash: taxes by kind, numbering per series; shared/printing/report-text.ts).
import Decimal from 'decimal.js';
import { CASH_MOVEMENT_LABELS, denominationLabel, PEN_DENOMINATIONS, seriesRangeText, taxRows, type CashReport, type SalesReport, type SalesSummary } from '../../../../shared/cash';
import { dateTimeText, dayText, moneyText } from '../../../../shared/printing/printed-text';
import { differenceText, netRows, returnsRows, sunatSummaryLine, voidedNote, voidedRows } from '../../../../shared/printing/report-text';
import type { TicketLogo } from '../../../../shared/printing/settings';
import { logoCommand } from './logo';
import { TicketWriter, type JobFormat } from './writer';

export interface ReportIssuer {
  ruc: string;
  name: string;
  tradeName: string;
}

interface Row {
  label: string;
  count?: number;
  amount: string;
  currency?: string;
  strong?: boolean;
}

function section(w: TicketWriter, title: string, rows: Row[], empty = 'Ninguno'): void {
  w.blank().text(title, { bold: true });
  if (rows.length === 0) {
    w.text(empty);
    return;
  }
  for (const r of rows) w.pair(`${r.label}${r.count !== undefined ? ` (${r.count})` : ''}`, moneyText(r.amount, r.currency), { bold: r.strong ?? false });
}

function issuerHeader(w: TicketWriter, issuer: ReportIssuer): void {
  if (issuer.tradeName) w.center(issuer.tradeName, { bold: true, tall: true });
  w.center(issuer.name, { bold: true }).center(`R.U.C. ${issuer.ruc}`).rule();
}

function salesSections(w: TicketWriter, s: SalesSummary): void {
  section(w, 'Ventas', [
    ...s.byDocType.map((r) => ({ label: r.label, count: r.count, amount: r.total, currency: r.currency })),
    ...s.sales.map((r) => ({ label: 'Total', count: r.count, amount: r.total, currency: r.currency, strong: true })),
  ], 'Sin ventas');
  for (const t of s.taxes) section(w, s.taxes.length > 1 ? `Impuestos (${t.currency})` : 'Impuestos', taxRows(t).map((r) => ({ ...r, currency: t.currency })));
  if (s.returns.length > 0) section(w, 'Devoluciones', returnsRows(s));
  if (s.returns.length > 0 || s.debitNotes.length > 0) section(w, 'Neto', netRows(s));
  section(w, 'Por medio de pago', s.byMethod.map((r) => ({ label: r.label, count: r.count, amount: r.total, currency: r.currency })), 'Sin ventas');
  if (s.discounts.length > 0) section(w, 'Descuentos', s.discounts.map((r) => ({ label: 'Ventas con descuento', count: r.count, amount: `-${r.total}`, currency: r.currency })));
  section(w, 'Por cajero', s.byCashier.map((r) => ({ label: r.name, count: r.count, amount: r.total, currency: r.currency })), 'Sin ventas');
  section(w, 'Por estado en SUNAT', s.byStatus.map((r) => ({ label: r.label, count: r.count, amount: r.total, currency: r.currency })), 'Sin ventas');
  if (s.notDeclared.length > 0) {
    section(w, 'No declarados a SUNAT', s.notDeclared.map((r) => ({ label: r.label, count: r.count, amount: r.total, currency: r.currency })));
    const cash = s.notDeclared.reduce((acc, r) => acc.plus(r.cash), new Decimal(0));
    w.text(`No cuentan en las ventas de arriba: cada una necesita un comprobante reemitido (Documentos → Reemitir).${cash.isZero() ? '' : ` Su efectivo (${moneyText(cash.toFixed(2))}) sí está en caja y cuenta en las ventas en efectivo.`}`);
  }
  if (s.voided.length > 0) {
    section(w, 'Anulados', voidedRows(s));
    w.text(voidedNote(s));
  }
  if (s.series.length > 0) {
    w.blank().text('Numeración', { bold: true });
    for (const r of s.series) w.text(seriesRangeText(r));
  }
}

function start(format: JobFormat, logo: TicketLogo | null | undefined): TicketWriter {
  const w = new TicketWriter(format);
  if (logo) w.raw(logoCommand(logo, format.width));
  return w;
}

export function cashReportJob(report: CashReport, issuer: ReportIssuer, format: JobFormat, logo?: TicketLogo | null): Uint8Array {
  const w = start(format, logo);
  const { session, cash } = report;
  issuerHeader(w, issuer);
  w.center(report.kind === 'Z' ? 'CIERRE DE CAJA (Z)' : 'REPORTE X (CAJA ABIERTA)', { bold: true }).center(`N° ${session.id}`, { bold: true, tall: true }).rule();
  w.text(`Caja: ${session.terminal}`).text(`Apertura: ${dateTimeText(session.openedAt)} · ${session.openedBy}`);
  if (session.closedAt) w.text(`Cierre: ${dateTimeText(session.closedAt)} · ${session.closedBy ?? ''}`);
  else w.text(`Emitido: ${dateTimeText(report.generatedAt)}`);
  salesSections(w, report);
  section(w, 'Movimientos de caja', report.movements.map((m) => ({
    label: `${CASH_MOVEMENT_LABELS[m.kind]}: ${m.reason} (${m.userName}${m.approvedBy ? `, autorizó ${m.approvedBy}` : ''})`,
    amount: m.kind === 'out' ? `-${m.amount}` : m.amount,
  })), 'Sin movimientos');
  section(w, 'Efectivo en caja (S/)', [
    { label: 'Fondo inicial', amount: cash.openingFloat },
    { label: '+ Ventas en efectivo', amount: cash.cashSales },
    ...(cash.cashRefunds !== '0.00' ? [{ label: '- Devoluciones en efectivo', amount: cash.cashRefunds }] : []),
    { label: '+ Ingresos', amount: cash.cashIn },
    { label: '- Retiros', amount: cash.cashOut },
    ...(cash.changeInSoles !== '0.00' ? [{ label: '- Vuelto en soles de ventas en dólares', amount: cash.changeInSoles }] : []),
    { label: 'Efectivo esperado', amount: cash.expected, strong: true },
    ...(cash.counted !== null ? [{ label: 'Efectivo contado', amount: cash.counted, strong: true }] : []),
    ...(cash.difference !== null ? [differenceText(cash.difference)] : []),
  ]);
  if (cash.dollars.cashSales !== '0.00' || cash.dollars.cashRefunds !== '0.00') {
    section(w, 'Dólares en caja (US$)', [
      { label: '+ Ventas en efectivo en dólares', amount: cash.dollars.cashSales, currency: 'USD' },
      ...(cash.dollars.cashRefunds !== '0.00' ? [{ label: '- Devoluciones en dólares', amount: cash.dollars.cashRefunds, currency: 'USD' }] : []),
      { label: 'Dólares esperados', amount: cash.dollars.expected, currency: 'USD', strong: true },
      ...(cash.dollars.counted !== null ? [{ label: 'Dólares contados', amount: cash.dollars.counted, currency: 'USD', strong: true }] : []),
      ...(cash.dollars.difference !== null ? [{ ...differenceText(cash.dollars.difference), currency: 'USD' }] : []),
    ]);
  }
  const counted = report.denominations
    ? PEN_DENOMINATIONS.filter((d) => (report.denominations?.[d] ?? 0) > 0).map((d) => ({
        label: `${report.denominations?.[d] ?? 0} x ${denominationLabel(d)}`,
        amount: new Decimal(d).times(report.denominations?.[d] ?? 0).toFixed(2),
      }))
    : [];
  if (counted.length > 0) section(w, 'Conteo por denominación', counted);
  w.blank().text(sunatSummaryLine(report, 'turno'));
  if (report.kind === 'Z') w.blank().blank().text('Firma del cajero: ______________________');
  return w.cut().bytes();
}

export function salesReportJob(report: SalesReport, issuer: ReportIssuer, format: JobFormat, logo?: TicketLogo | null): Uint8Array {
  const w = start(format, logo);
  const period = report.from === report.to ? dayText(report.from) : `${dayText(report.from)} al ${dayText(report.to)}`;
  issuerHeader(w, issuer);
  w.center(report.scope === 'shop' ? 'VENTAS DE TODAS LAS CAJAS' : 'REPORTE DE VENTAS', { bold: true }).center(period, { bold: true }).rule();
  w.text(`Emitido: ${dateTimeText(report.generatedAt)}`);
  salesSections(w, report);
  section(w, report.scope === 'shop' ? 'Por caja (servidor de la tienda)' : 'Por caja', report.bySession.map((r) => ({ label: r.label, count: r.count, amount: r.total, currency: r.currency })), 'Sin ventas');
  w.blank().text(sunatSummaryLine(report, 'periodo'));
  return w.cut().bytes();
}
