// The shift's report on ticket paper: the X during the shift, the Z that closes it. The same component is
// the on-screen view of Caja, so what the cashier reads is what prints.
import { CASH_MOVEMENT_LABELS, denominationLabel, PEN_DENOMINATIONS, type CashReport } from '../../shared/cash';
import { Dec } from '../../shared/billing/decimal';
import { formatDateTime } from '../src/format/dates';
import { differenceText } from '../../shared/printing/report-text';
import { ReportHeader, Section, SalesSections, sunatSummaryLine, type ReportIssuer } from './report-parts';

export type { ReportIssuer };

/** Sobrante (more cash than expected) or faltante (less): how a Peruvian arqueo names the difference. */
export function differenceLabel(difference: string): string {
  return differenceText(difference).label;
}

export function CashReportTicket({ report, issuer, paper = '80mm' }: { report: CashReport; issuer: ReportIssuer; paper?: '80mm' | '58mm' }): React.JSX.Element {
  const { session, cash } = report;
  const title = report.kind === 'Z' ? 'CIERRE DE CAJA (Z)' : 'REPORTE X (CAJA ABIERTA)';
  const counted = report.denominations
    ? PEN_DENOMINATIONS.filter((d) => (report.denominations?.[d] ?? 0) > 0).map((d) => ({
        label: `${report.denominations?.[d] ?? 0} x ${denominationLabel(d)}`,
        amount: new Dec(d).times(report.denominations?.[d] ?? 0).toFixed(2),
      }))
    : [];
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
      <Section
        title="Movimientos de caja"
        empty="Sin movimientos"
        rows={report.movements.map((m) => ({
          label: `${CASH_MOVEMENT_LABELS[m.kind]}: ${m.reason} (${m.userName}${m.approvedBy ? `, autorizó ${m.approvedBy}` : ''})`,
          amount: m.kind === 'out' ? `-${m.amount}` : m.amount,
        }))}
      />
      <Section
        title="Efectivo en caja (S/)"
        rows={[
          { label: 'Fondo inicial', amount: cash.openingFloat },
          { label: '+ Ventas en efectivo', amount: cash.cashSales },
          ...(cash.cashRefunds !== '0.00' ? [{ label: '- Devoluciones en efectivo', amount: cash.cashRefunds }] : []),
          { label: '+ Ingresos', amount: cash.cashIn },
          { label: '- Retiros', amount: cash.cashOut },
          ...(cash.changeInSoles !== '0.00' ? [{ label: '- Vuelto en soles de ventas en dólares', amount: cash.changeInSoles }] : []),
          { label: 'Efectivo esperado', amount: cash.expected, strong: true },
          ...(cash.counted !== null ? [{ label: 'Efectivo contado', amount: cash.counted, strong: true }] : []),
          // "Faltante S/ 142.97", never "Faltante S/ -142.97".
          ...(cash.difference !== null ? [differenceText(cash.difference)] : []),
        ]}
      />
      {cash.dollars.cashSales !== '0.00' || cash.dollars.cashRefunds !== '0.00' ? (
        <Section
          title="Dólares en caja (US$)"
          rows={[
            { label: '+ Ventas en efectivo en dólares', amount: cash.dollars.cashSales, currency: 'USD' },
            ...(cash.dollars.cashRefunds !== '0.00' ? [{ label: '- Devoluciones en dólares', amount: cash.dollars.cashRefunds, currency: 'USD' }] : []),
            { label: 'Dólares esperados', amount: cash.dollars.expected, currency: 'USD', strong: true },
            ...(cash.dollars.counted !== null ? [{ label: 'Dólares contados', amount: cash.dollars.counted, currency: 'USD', strong: true }] : []),
            ...(cash.dollars.difference !== null ? [{ ...differenceText(cash.dollars.difference), currency: 'USD' }] : []),
          ]}
        />
      ) : null}
      {counted.length > 0 ? <Section title="Conteo por denominación" rows={counted} /> : null}
      <p className="cash-report__pending">
        {sunatSummaryLine(report, 'turno')}
      </p>
      {report.kind === 'Z' ? <p className="cash-report__signature">Firma del cajero: ______________________</p> : null}
    </article>
  );
}
