// The shift's X and Z, the sales report and a customer account's papers as ESC/POS jobs: the sections and their rows
// come from shared/printing/report-sections.ts and account-papers.ts, as the HTML tickets' do
// (renderer/print/CashReportTicket.tsx, report-parts.tsx, AccountPaperTicket.tsx); this file only lays them out.
import Decimal from 'decimal.js';
import { seriesRangeText, type CashReport, type SalesReport, type SalesSummary } from '../../../../shared/cash';
import { dateTimeText, dayText, moneyText } from '../../../../shared/printing/printed-text';
import type { AccountPaper } from '../../../../shared/printing/account-papers';
import { bySessionSection, cashSections, salesSections, type ReportSection } from '../../../../shared/printing/report-sections';
import { sunatSummaryLine, voidedNote, voidedRows } from '../../../../shared/printing/report-text';
import type { TicketLogo } from '../../../../shared/printing/settings';
import { logoCommand } from './logo';
import { TicketWriter, type JobFormat } from './writer';

export interface ReportIssuer {
  ruc: string;
  name: string;
  tradeName: string;
}

function section(w: TicketWriter, { title, rows, empty = 'Ninguno' }: ReportSection): void {
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

function printSalesSections(w: TicketWriter, s: SalesSummary): void {
  for (const part of salesSections(s)) section(w, part);
  if (s.notDeclared.length > 0) {
    section(w, { title: 'No declarados a SUNAT', rows: s.notDeclared.map((r) => ({ label: r.label, count: r.count, amount: r.total, currency: r.currency })) });
    const cash = s.notDeclared.reduce((acc, r) => acc.plus(r.cash), new Decimal(0));
    w.text(`No cuentan en las ventas de arriba: cada una necesita un comprobante reemitido (Documentos → Reemitir).${cash.isZero() ? '' : ` Su efectivo (${moneyText(cash.toFixed(2))}) sí está en caja y cuenta en las ventas en efectivo.`}`);
  }
  if (s.voided.length > 0) {
    section(w, { title: 'Anulados', rows: voidedRows(s) });
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
  const { session } = report;
  issuerHeader(w, issuer);
  w.center(report.kind === 'Z' ? 'CIERRE DE CAJA (Z)' : 'REPORTE X (CAJA ABIERTA)', { bold: true }).center(`N° ${session.id}`, { bold: true, tall: true }).rule();
  w.text(`Caja: ${session.terminal}`).text(`Apertura: ${dateTimeText(session.openedAt)} · ${session.openedBy}`);
  if (session.closedAt) w.text(`Cierre: ${dateTimeText(session.closedAt)} · ${session.closedBy ?? ''}`);
  else w.text(`Emitido: ${dateTimeText(report.generatedAt)}`);
  printSalesSections(w, report);
  for (const part of cashSections(report)) section(w, part);
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
  printSalesSections(w, report);
  section(w, bySessionSection(report));
  w.blank().text(sunatSummaryLine(report, 'periodo'));
  return w.cut().bytes();
}

/** A customer account's paper (a collection's constancia, a statement), as shared/printing/account-papers.ts builds it. */
export function accountPaperJob(paper: AccountPaper, issuer: ReportIssuer, format: JobFormat, logo?: TicketLogo | null): Uint8Array {
  const w = start(format, logo);
  issuerHeader(w, issuer);
  w.center(paper.title, { bold: true }).rule();
  for (const [label, value] of paper.meta) w.text(`${label}: ${value}`);
  for (const part of paper.sections) section(w, part);
  for (const line of paper.footer) w.blank().text(line);
  return w.cut().bytes();
}
