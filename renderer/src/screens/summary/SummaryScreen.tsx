// Resumen: the owner's view of the day, the week or the month (sales by hour, by day, products, cashiers, payments,
// returns and voids, against the period before), of this till or, with a shop server, of every till. Printable on A4
// and as PDF through the app's print window. A supervisor's (the core refuses a cashier).
import { useEffect, useMemo, useState } from 'react';
import type { BusinessSummary, PrintSource } from '../../../../shared/bridge';
import { useSettings } from '../../app/settings-context';
import { Alert } from '../../components/Alert';
import { call } from '../../pos';
import { usePrint } from '../../print/usePrint';
import { PERIODS, rangeOf, type PeriodId } from './periods';
import { SummaryReport } from './SummaryReport';
import './summary.css';

export default function SummaryScreen(): React.JSX.Element {
  const { settings } = useSettings();
  const shopLinked = settings?.shopServer.settings.enabled === true && !settings.demo;
  const [period, setPeriod] = useState<PeriodId>('day');
  const [scope, setScope] = useState<'till' | 'shop'>('till');
  const [summary, setSummary] = useState<BusinessSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const range = useMemo(() => rangeOf(period), [period]);
  const source = useMemo<PrintSource>(() => ({ kind: 'summary', ...range, scope }), [range, scope]);
  const { busy, outcome, run } = usePrint({ source, copy: false });
  const meta = PERIODS.find((p) => p.id === period) ?? PERIODS[0]!;

  useEffect(() => {
    let alive = true;
    void call((api) => api.getBusinessSummary({ ...range, scope })).then((result) => {
      if (!alive) return;
      setSummary(result.ok ? result.value : null);
      setError(result.ok ? null : result.error.message);
    });
    return () => {
      alive = false;
    };
  }, [range, scope]);

  return (
    <section id="screen-summary" className="screen summary-screen" tabIndex={-1} aria-labelledby="summary-title">
      <header className="summary-screen__bar">
        <h1 id="summary-title">Resumen</h1>
        <div className="summary-screen__choice" role="group" aria-label="Periodo">
          {PERIODS.map((p) => (
            <button key={p.id} type="button" aria-pressed={period === p.id} onClick={() => setPeriod(p.id)}>
              {p.label}
            </button>
          ))}
        </div>
        {shopLinked ? (
          <div className="summary-screen__choice" role="group" aria-label="Cajas">
            <button type="button" aria-pressed={scope === 'till'} onClick={() => setScope('till')}>Esta caja</button>
            <button type="button" aria-pressed={scope === 'shop'} onClick={() => setScope('shop')}>Toda la tienda</button>
          </div>
        ) : null}
        <div className="summary-screen__print">
          <button type="button" disabled={busy !== null || !summary} onClick={() => void run('print', 'A4')}>
            {busy === 'print' ? 'Imprimiendo…' : 'Imprimir'}
          </button>
          <button type="button" disabled={busy !== null || !summary} onClick={() => void run('pdf', 'A4')}>
            {busy === 'pdf' ? 'Guardando…' : 'Guardar PDF'}
          </button>
        </div>
      </header>
      {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {summary?.notice ? <Alert tone="info">{summary.notice}</Alert> : null}
      {summary ? <SummaryReport summary={summary} title={meta.label} beforeText={meta.before} chartWidth={620} /> : error ? null : <p aria-busy="true">Cargando el resumen…</p>}
    </section>
  );
}
