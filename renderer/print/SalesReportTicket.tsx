// The sales of a day or a range on ticket paper; also the on-screen view of Caja → Reporte de ventas.
import type { SalesReport } from '../../shared/cash';
import { bySessionSection } from '../../shared/printing/report-sections';
import { formatDateTime, formatDay } from '../src/format/dates';
import { ReportHeader, SalesSections, Section, sunatSummaryLine, type ReportIssuer } from './report-parts';

export function SalesReportTicket({ report, issuer, paper = '80mm' }: { report: SalesReport; issuer: ReportIssuer; paper?: '80mm' | '58mm' }): React.JSX.Element {
  const period = report.from === report.to ? formatDay(report.from) : `${formatDay(report.from)} al ${formatDay(report.to)}`;
  return (
    <article className={`ticket ticket--${paper} cash-report`} aria-label="REPORTE DE VENTAS" data-print-template="sales-report">
      <ReportHeader issuer={issuer} />
      <h2 className="ticket__doc">
        {report.scope === 'shop' ? 'VENTAS DE TODAS LAS CAJAS' : 'REPORTE DE VENTAS'} <span className="ticket__number">{period}</span>
      </h2>
      <dl className="ticket__meta">
        <dt>Emitido</dt>
        <dd>{formatDateTime(report.generatedAt)}</dd>
      </dl>
      <SalesSections summary={report} />
      <Section {...bySessionSection(report)} />
      <p className="cash-report__pending">
        {sunatSummaryLine(report, 'periodo')}
      </p>
    </article>
  );
}
