// The owner's view on A4 (printed or saved as PDF by the app's print window): the shop's name, then the same page as
// on screen, charts in one column sized to the sheet.
import type { BusinessSummary } from '../../../../shared/bridge';
import { PERIODS } from './periods';
import { SummaryReport } from './SummaryReport';
import './summary.css';

/** The period's name from its length (Hoy, Semana, Mes), or 'Resumen' for any other range. */
function periodOf(summary: BusinessSummary) {
  const days = (Date.parse(`${summary.current.to}T00:00:00Z`) - Date.parse(`${summary.current.from}T00:00:00Z`)) / 86_400_000 + 1;
  return PERIODS.find((p) => p.days === days) ?? { label: 'Resumen', before: 'el periodo anterior' };
}

export default function SummaryPrint({ summary, issuer }: { summary: BusinessSummary; issuer: { name: string; ruc: string } }): React.JSX.Element {
  const period = periodOf(summary);
  return (
    <article className="summary-print">
      <header>
        <strong>{issuer.name}</strong> · RUC {issuer.ruc}
      </header>
      <SummaryReport summary={summary} title={period.label} beforeText={period.before} chartWidth={600} />
    </article>
  );
}
