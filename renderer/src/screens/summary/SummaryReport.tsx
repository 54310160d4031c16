// The owner's view as a page: the headline figures (each against the period before) and the charts. The screen and
// the print window (A4, PDF) draw this same component.
import type { BusinessSummary, SummaryTotals } from '../../../../shared/bridge';
import { formatMoney } from '../../format/money';
import { changeText, rangeText } from './periods';
import { SummaryCharts } from './SummaryCharts';

const NONE: SummaryTotals = {
  currency: 'PEN', sales: '0.00', documents: 0, averageTicket: '0.00', returns: '0.00', returnCount: 0, debitNotes: '0.00',
  debitCount: 0, voided: '0.00', voidedCount: 0, notDeclaredCount: 0, net: '0.00',
};

function Figure({ label, value, now, before, beforeText }: { label: string; value: string; now: string | number; before: string | number; beforeText: string }): React.JSX.Element {
  const change = changeText(now, before);
  return (
    <div className="summary-figure">
      <span className="summary-figure__label">{label}</span>
      <strong className="summary-figure__value">{value}</strong>
      <span className={`summary-figure__change summary-figure__change--${change?.tone ?? 'none'}`}>
        {change ? `${change.text} vs ${beforeText}` : `Sin ventas ${beforeText} para comparar`}
      </span>
    </div>
  );
}

export function SummaryReport({ summary, title, beforeText, chartWidth }: { summary: BusinessSummary; title: string; beforeText: string; chartWidth: number }): React.JSX.Element {
  const { current, previous } = summary;
  const now = current.totals.find((t) => t.currency === 'PEN') ?? NONE;
  const then = previous.totals.find((t) => t.currency === 'PEN') ?? NONE;
  const dollars = current.totals.find((t) => t.currency === 'USD');
  const empty = current.totals.every((t) => t.documents === 0 && t.returnCount === 0 && t.voidedCount === 0 && t.notDeclaredCount === 0);
  const where = summary.source === 'shop' ? 'todas las cajas' : 'esta caja';
  return (
    <section className="summary-report" aria-label="Resumen del negocio">
      <h2 className="summary-report__title">
        {title} <span className="summary-report__range">{rangeText(current.from, current.to)} · {where}</span>
      </h2>
      {empty ? (
        <p className="summary-report__empty" role="status">
          No hay ventas {title === 'Hoy' ? 'hoy' : 'en este periodo'} en {where}. Cuando se emitan boletas o facturas, sus cifras y gráficos aparecerán aquí.
        </p>
      ) : (
        <>
          <div className="summary-figures">
            <Figure label="Total vendido" value={formatMoney(now.sales)} now={now.sales} before={then.sales} beforeText={beforeText} />
            <Figure label="Comprobantes" value={String(now.documents)} now={now.documents} before={then.documents} beforeText={beforeText} />
            <Figure label="Ticket promedio" value={formatMoney(now.averageTicket)} now={now.averageTicket} before={then.averageTicket} beforeText={beforeText} />
          </div>
          <dl className="summary-extras">
            <div><dt>Devoluciones (notas de crédito)</dt><dd>{formatMoney(now.returns)} · {now.returnCount}</dd></div>
            <div><dt>Anulados</dt><dd>{formatMoney(now.voided)} · {now.voidedCount}</dd></div>
            <div><dt>Rechazados o no aceptados</dt><dd>{now.notDeclaredCount}</dd></div>
            <div><dt>Venta neta</dt><dd>{formatMoney(now.net)}</dd></div>
            {dollars ? <div><dt>Ventas en dólares</dt><dd>{formatMoney(dollars.sales, 'USD')} · {dollars.documents}</dd></div> : null}
          </dl>
          <SummaryCharts figures={current} width={chartWidth} />
        </>
      )}
    </section>
  );
}
