// The shift's report on ticket paper: the X during the shift, the Z that closes it. The same component is
// the on-screen view of Caja, so what the cashier reads is what prints; its rows come from
// shared/printing/report-sections.ts, as the receipt printer's do.
import type { CashReport } from '../../shared/cash';
import { formatDateTime } from '../src/format/dates';
import { cashSections } from '../../shared/printing/report-sections';
import { ReportHeader, Section, SalesSections, sunatSummaryLine, type ReportIssuer } from './report-parts';

export type { ReportIssuer };

export function CashReportTicket({ report, issuer, paper = '80mm' }: { report: CashReport; issuer: ReportIssuer; paper?: '80mm' | '58mm' }): React.JSX.Element {
  const { session } = report;
  const title = report.kind === 'Z' ? 'CIERRE DE CAJA (Z)' : 'REPORTE X (CAJA ABIERTA)';
  return (
    <article className={`ticket ticket--${paper} cash-report`} aria-label={title} data-print-template="cash-report">
      <ReportHeader issuer={issuer} />
      <h2 className="ticket__doc">
        {title} <span className="ticket__number">N° {session.id}</span>
      </h2>
      <dl className="ticket__meta">
        <dt>Caja</dt>
        <dd>{session.terminal}</dd>
        <dt>Apertura</dt>
        <dd>
          {formatDateTime(session.openedAt)} · {session.openedBy}
        </dd>
        {session.closedAt ? (
          <>
            <dt>Cierre</dt>
            <dd>
              {formatDateTime(session.closedAt)} · {session.closedBy}
            </dd>
          </>
        ) : (
          <>
            <dt>Emitido</dt>
            <dd>{formatDateTime(report.generatedAt)}</dd>
          </>
        )}
      </dl>
      <SalesSections summary={report} />
      {cashSections(report).map((part) => (
        <Section key={part.title} {...part} />
      ))}
      <p className="cash-report__pending">
        {sunatSummaryLine(report, 'turno')}
      </p>
      {report.kind === 'Z' ? <p className="cash-report__signature">Firma del cajero: ______________________</p> : null}
    </article>
  );
}
