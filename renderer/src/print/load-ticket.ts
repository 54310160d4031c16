// The data of a print job, through the bridge: a local document (its detail and the issuer's names from Ajustes),
// a boleta/factura record from the lookups, a cash session's or a range's sales report, or a customer account's paper.
import type { BusinessSummary } from '../../../shared/bridge';
import type SummaryPrint from '../screens/summary/SummaryPrint';
import type { CashReport, SalesReport } from '../../../shared/cash';
import type { PrintView } from '../../print/print-job';
import type { ReportIssuer } from '../../print/CashReportTicket';
import { ticketFromDocument, ticketFromRecord, type TicketData } from '../../print/ticket-data';
import { collectionPaper, statementPaper, type AccountPaper } from '../../../shared/printing/account-papers';
import { call } from '../pos';

export type Printable =
  | { kind: 'ticket'; data: TicketData }
  | { kind: 'cashReport'; report: CashReport; issuer: ReportIssuer }
  | { kind: 'salesReport'; report: SalesReport; issuer: ReportIssuer }
  | { kind: 'summary'; summary: BusinessSummary; issuer: ReportIssuer; Page: typeof SummaryPrint }
  | { kind: 'accountPaper'; paper: AccountPaper; issuer: ReportIssuer; name: string };

export async function loadPrintable(view: PrintView): Promise<{ ok: true; printable: Printable } | { ok: false; error: string }> {
  const { source } = view;
  if (source.kind === 'record') {
    const record = await call((api) => api.lookupReceipt(source.lookup));
    return record.ok ? { ok: true, printable: { kind: 'ticket', data: ticketFromRecord(record.value) } } : { ok: false, error: record.error.message };
  }
  const settings = await call((api) => api.getSettings({}));
  if (!settings.ok) return { ok: false, error: settings.error.message };
  if (source.kind === 'cashReport') {
    const report = await call((api) => api.getCashReport({ sessionId: source.sessionId }));
    return report.ok ? { ok: true, printable: { kind: 'cashReport', report: report.value, issuer: settings.value.company } } : { ok: false, error: report.error.message };
  }
  if (source.kind === 'salesReport') {
    const report = await call((api) => api.getSalesReport({ from: source.from, to: source.to, scope: source.scope ?? 'till' }));
    return report.ok ? { ok: true, printable: { kind: 'salesReport', report: report.value, issuer: settings.value.company } } : { ok: false, error: report.error.message };
  }
  if (source.kind === 'collection') {
    const c = await call((api) => api.getCollection({ id: source.id }));
    if (!c.ok) return { ok: false, error: c.error.message };
    return { ok: true, printable: { kind: 'accountPaper', paper: collectionPaper(c.value), issuer: settings.value.company, name: `${settings.value.company.ruc}-COBRANZA-${c.value.id}` } };
  }
  if (source.kind === 'accountStatement') {
    const a = await call((api) => api.getCustomerAccount({ customer: source.customer }));
    if (!a.ok) return { ok: false, error: a.error.message };
    const name = `${settings.value.company.ruc}-CUENTA-${source.customer.docNumber}`;
    return { ok: true, printable: { kind: 'accountPaper', paper: statementPaper(a.value, new Date().toISOString()), issuer: settings.value.company, name } };
  }
  if (source.kind === 'summary') {
    const summary = await call((api) => api.getBusinessSummary({ from: source.from, to: source.to, scope: source.scope }));
    if (!summary.ok) return { ok: false, error: summary.error.message };
    // The charting library comes with the page, loaded before the page says it is ready to print.
    const { default: Page } = await import('../screens/summary/SummaryPrint');
    return { ok: true, printable: { kind: 'summary', summary: summary.value, issuer: settings.value.company, Page } };
  }
  // A document of another till, from the shop server.
  const detail = source.kind === 'shopDocument' ? await call((api) => api.getShopDocument({ idBaseDato: source.idBaseDato })) : await call((api) => api.getDocument({ id: source.id }));
  if (!detail.ok) return { ok: false, error: detail.error.message };
  const options = { copy: view.copy, ...(view.cashReceived ? { cashReceived: view.cashReceived } : {}) };
  return { ok: true, printable: { kind: 'ticket', data: ticketFromDocument(detail.value, settings.value.company, options) } };
}

/** The PDF's default name: RUC-TT-SERIE-NUMERO, or RUC-CAJA-X|Z-<session>. */
export function printName(printable: Printable): string {
  if (printable.kind === 'cashReport') return `${printable.issuer.ruc}-CAJA-${printable.report.kind}-${printable.report.session.id}`;
  if (printable.kind === 'accountPaper') return printable.name;
  if (printable.kind === 'salesReport') return `${printable.issuer.ruc}-VENTAS-${printable.report.from}-${printable.report.to}`;
  if (printable.kind === 'summary') return `${printable.issuer.ruc}-RESUMEN-${printable.summary.current.from}-${printable.summary.current.to}`;
  const { data } = printable;
  return `${data.issuer.ruc}-${data.docType}-${data.series}-${data.number}`;
}
