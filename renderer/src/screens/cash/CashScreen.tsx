// Caja: open the till with a float, cash in and out, the X report at any time, the count and the Z, the Z
// of past shifts to reprint, and (for a supervisor) the sales of a day or a range.
import { differenceText } from '../../../../shared/printing/report-text';
import { useCallback, useEffect, useState } from 'react';
import type { CashState } from '../../../../shared/bridge';
import type { CashReport, CashSession } from '../../../../shared/cash';
import { CashReportTicket } from '../../../print/CashReportTicket';
import { useSettings } from '../../app/settings-context';
import { Alert } from '../../components/Alert';
import { formatDateTime } from '../../format/dates';
import { formatMoney } from '../../format/money';
import { call } from '../../pos';
import { CloseCashForm } from './CloseCashForm';
import { MovementForm } from './MovementForm';
import { OpenCashForm } from './OpenCashForm';
import { PrintReportButton } from './PrintReportButton';
import { SalesReportPanel } from './SalesReportPanel';
import { AccountsPanel } from '../accounts/AccountsPanel';
import { useSession } from '../../app/session-context';
import { hasRole } from '../../../../shared/bridge';
import '../../../print/ticket.css';

export function CashScreen(): React.JSX.Element {
  const { settings } = useSettings();
  const [state, setState] = useState<CashState | null>(null);
  const [report, setReport] = useState<CashReport | null>(null);
  const [history, setHistory] = useState<CashSession[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [closed, setClosed] = useState<CashReport | null>(null);

  // Every change (open, movement, close, "Actualizar") asks for a fresh read.
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    let alive = true;
    void (async () => {
      const [s, h] = await Promise.all([call((api) => api.getCashState({})), call((api) => api.listCashSessions({}))]);
      if (!alive) return;
      if (!s.ok) {
        setError(s.error.message);
        return;
      }
      setError(null);
      setState(s.value);
      if (h.ok) setHistory(h.value.filter((x) => x.closedAt !== null));
      const x = s.value.session ? await call((api) => api.getCashReport({})) : null;
      if (alive) setReport(x?.ok ? x.value : null);
    })();
    return () => {
      alive = false;
    };
  }, [version]);

  const onClosed = (z: CashReport) => {
    setClosed(z);
    // The Z goes to the ticket printer at once; it can be printed again from the list.
    void call((api) => api.printDocument({ source: { kind: 'cashReport', sessionId: z.session.id }, action: 'print', copy: false }));
    reload();
  };

  const { session: who } = useSession();
  // Past days' sales are a supervisor's (the core refuses a cashier anyway).
  const supervisor = !who?.usersExist || (who.user !== null && hasRole(who.user.role, 'supervisor'));
  const issuer = settings?.company ?? { ruc: '', name: '', tradeName: '' };
  const session = state?.session ?? null;
  return (
    <section id="screen-cash" className="screen cash" aria-labelledby="cash-title" tabIndex={-1}>
      <div className="screen__head">
        <h1 id="cash-title">Caja</h1>
        {session ? (
          <p className="cash__status" data-testid="cash-status">
            Caja abierta n.º {session.id} · desde {formatDateTime(session.openedAt)} · {session.openedBy} · fondo {formatMoney(session.openingFloat)}
          </p>
        ) : (
          <p className="cash__status" data-testid="cash-status">
            Caja cerrada{state?.required ? ': ábrala para vender.' : '.'}
          </p>
        )}
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {closed ? (
        <div className="panel cash__closed">
          <Alert tone={closed.cash.difference !== null && closed.cash.difference !== '0.00' ? 'warning' : 'success'} title={`Caja n.º ${closed.session.id} cerrada`}>
            Esperado {formatMoney(closed.cash.expected)} · contado {formatMoney(closed.cash.counted ?? '0')} · {differenceMoney(closed.cash.difference ?? '0')}
            {closed.cash.dollars.counted !== null
              ? ` · dólares: esperado ${formatMoney(closed.cash.dollars.expected, 'USD')} · contado ${formatMoney(closed.cash.dollars.counted, 'USD')}`
              : ''}
          </Alert>
          <CashReportTicket report={closed} issuer={issuer} />
          <button type="button" onClick={() => setClosed(null)}>
            Listo
          </button>
        </div>
      ) : null}
      <div className="cash__grid">
        <div className="cash__actions">
          {state && !session ? <OpenCashForm onOpened={() => reload()} /> : null}
          {session ? <MovementForm onDone={() => reload()} /> : null}
          {session ? <CloseCashForm onClosed={onClosed} dollarsExpected={report?.cash.dollars.expected} /> : null}
        </div>
        {session && report ? (
          <div className="panel cash__report">
            <div className="cash__report-head">
              <h2>Reporte X</h2>
              <button type="button" onClick={() => reload()}>
                Actualizar
              </button>
              <PrintReportButton sessionId={session.id} label="Imprimir X" />
            </div>
            <CashReportTicket report={report} issuer={issuer} />
          </div>
        ) : null}
      </div>
      {history.length > 0 ? (
        <div className="panel">
          <h2>Cierres anteriores</h2>
          <table className="simple-table" aria-label="Cierres anteriores">
            <thead>
              <tr>
                <th scope="col">N.º</th>
                <th scope="col">Apertura</th>
                <th scope="col">Cierre</th>
                <th scope="col">Esperado</th>
                <th scope="col">Contado</th>
                <th scope="col">Diferencia</th>
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              {history.map((h) => (
                <tr key={h.id}>
                  <td>{h.id}</td>
                  <td>
                    {formatDateTime(h.openedAt)} · {h.openedBy}
                  </td>
                  <td>
                    {formatDateTime(h.closedAt)} · {h.closedBy}
                  </td>
                  <td>{formatMoney(h.expectedCash ?? '0')}</td>
                  <td>{formatMoney(h.countedCash ?? '0')}</td>
                  <td>{differenceMoney(h.difference ?? '0')}</td>
                  <td>
                    <PrintReportButton sessionId={h.id} label="Imprimir Z" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {supervisor ? <SalesReportPanel /> : null}
      {/* A collection's cash is in the drawer: the X reads again after one. */}
      <AccountsPanel onCollected={reload} />
    </section>
  );
}

/** "Faltante S/ 142.97", "Sobrante S/ 3.00" or "Cuadra": the difference as an arqueo says it, never a double negative. */
function differenceMoney(difference: string): string {
  const { label, amount } = differenceText(difference);
  return label === 'Diferencia (cuadra)' ? 'Cuadra' : `${label} ${formatMoney(amount)}`;
}
