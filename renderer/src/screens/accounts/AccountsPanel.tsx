// Cuentas por cobrar, in Caja: the balances past due with their days late, a customer's account (balance, limit,
// open cuotas and the estado de cuenta, printable), "Cobrar", and the credit limit a supervisor sets.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ACCOUNT_ENTRY_LABELS, hasRole, type AccountCustomer, type CustomerAccount, type OverdueRow, type PrintSource } from '../../../../shared/bridge';
import { useSession } from '../../app/session-context';
import { useSettings } from '../../app/settings-context';
import { Alert } from '../../components/Alert';
import { Field } from '../../components/Field';
import { useIntentKey } from '../../intent-key';
import { call } from '../../pos';
import { usePrint } from '../../print/usePrint';
import { accountLineText, dayText, limaDay } from './account-text';
import { CollectForm } from './CollectForm';
import './accounts.css';

export function AccountsPanel({ onCollected }: { onCollected?: () => void }): React.JSX.Element {
  const [docType, setDocType] = useState('1');
  const [docNumber, setDocNumber] = useState('');
  const [customer, setCustomer] = useState<AccountCustomer | null>(null);
  const [account, setAccount] = useState<CustomerAccount | null>(null);
  const [overdue, setOverdue] = useState<OverdueRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => {
    setVersion((v) => v + 1);
    onCollected?.();
  }, [onCollected]);

  useEffect(() => {
    let current = true;
    void call((api) => api.listOverdueAccounts({})).then((r) => current && r.ok && setOverdue(r.value));
    if (customer) {
      void call((api) => api.getCustomerAccount({ customer })).then((r) => {
        if (!current) return;
        if (r.ok) {
          setAccount(r.value);
          setError(null);
        } else setError(r.error.message);
      });
    }
    return () => {
      current = false;
    };
  }, [customer, version]);

  const show = (event: React.FormEvent) => {
    event.preventDefault();
    setCustomer({ docType, docNumber: docNumber.trim() });
  };

  return (
    <section className="panel accounts" aria-labelledby="accounts-title">
      <h2 id="accounts-title">Cuentas por cobrar</h2>
      <form className="accounts__search" onSubmit={show}>
        <Field id="account-docType" label="Documento">
          <select id="account-docType" value={docType} onChange={(e) => setDocType(e.target.value)}>
            <option value="1">DNI</option>
            <option value="6">RUC</option>
            <option value="4">Carné de extranjería</option>
            <option value="7">Pasaporte</option>
          </select>
        </Field>
        <Field id="account-docNumber" label="Número">
          <input id="account-docNumber" autoComplete="off" value={docNumber} onChange={(e) => setDocNumber(e.target.value)} />
        </Field>
        <button type="submit">Ver cuenta</button>
      </form>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {account && customer ? <AccountView account={account} onChange={reload} /> : null}
      <OverdueList rows={overdue} onPick={(c) => {
        setDocType(c.docType);
        setDocNumber(c.docNumber);
        setCustomer({ docType: c.docType, docNumber: c.docNumber });
      }} />
    </section>
  );
}

function AccountView({ account, onChange }: { account: CustomerAccount; onChange: () => void }): React.JSX.Element {
  const { customer } = account;
  const { settings } = useSettings();
  const source = useMemo<PrintSource>(() => ({ kind: 'accountStatement', customer: { docType: customer.docType, docNumber: customer.docNumber } }), [customer.docType, customer.docNumber]);
  const { busy, outcome, run } = usePrint({ source, copy: false });
  const paper = settings?.printer.paper === '58mm' ? '58mm' : '80mm';
  return (
    <div className="accounts__account" data-testid="account-view">
      <h3>
        {customer.name || 'Cliente'} · {customer.docType === '6' ? 'RUC' : 'Doc.'} {customer.docNumber}
      </h3>
      <p className="accounts__line" role="status" data-testid="account-line">
        {accountLineText(account) ?? 'Sin cuenta todavía: debe S/ 0.00'}
      </p>
      <div className="accounts__columns">
        <div>
          <h4>Cuotas pendientes</h4>
          {account.dues.length === 0 ? (
            <p className="empty">No tiene cuotas pendientes.</p>
          ) : (
            <table className="simple-table" data-testid="account-dues">
              <thead>
                <tr>
                  <th scope="col">Documento</th>
                  <th scope="col">Cuota</th>
                  <th scope="col">Vence</th>
                  <th scope="col" className="num">Pendiente</th>
                  <th scope="col" className="num">Días de atraso</th>
                </tr>
              </thead>
              <tbody>
                {account.dues.map((d) => (
                  <tr key={`${d.document}-${d.cuota}`}>
                    <td className="mono">{d.document}</td>
                    <td>{d.cuota}</td>
                    <td>{dayText(d.dueDate)}</td>
                    <td className="num">{d.open}</td>
                    <td className="num">{d.daysLate > 0 ? d.daysLate : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {account.dues.length > 0 ? <CollectForm account={account} onDone={onChange} /> : null}
        </div>
        <div>
          <h4>Estado de cuenta</h4>
          <table className="simple-table" data-testid="account-entries">
            <thead>
              <tr>
                <th scope="col">Fecha</th>
                <th scope="col">Movimiento</th>
                <th scope="col">Documento</th>
                <th scope="col" className="num">Importe</th>
                <th scope="col" className="num">Saldo</th>
              </tr>
            </thead>
            <tbody>
              {account.entries.map((e, i) => (
                <tr key={i}>
                  <td>{limaDay(e.at)}</td>
                  <td>
                    {ACCOUNT_ENTRY_LABELS[e.kind]}
                    {e.method ? ` (${e.method})` : ''}
                  </td>
                  <td className="mono">{e.document ?? '—'}</td>
                  <td className="num">{e.amount}</td>
                  <td className="num">{e.balance}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="accounts__actions">
            <button type="button" disabled={busy !== null} onClick={() => void run('print', paper)}>
              {busy === 'print' ? 'Imprimiendo…' : 'Imprimir estado de cuenta'}
            </button>
            <button type="button" disabled={busy !== null} onClick={() => void run('pdf', paper)}>
              {busy === 'pdf' ? 'Guardando…' : 'Guardar PDF'}
            </button>
          </div>
          {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}
          <LimitForm account={account} onSaved={onChange} />
        </div>
      </div>
    </div>
  );
}

/** The credit limit: a supervisor's (the core refuses anyone else). */
function LimitForm({ account, onSaved }: { account: CustomerAccount; onSaved: () => void }): React.JSX.Element | null {
  const { session } = useSession();
  const key = useIntentKey();
  const [limit, setLimit] = useState(account.limit ?? '');
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  if (session?.user && !hasRole(session.user.role, 'supervisor')) return null;
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const { docType, docNumber } = account.customer;
    const result = await call((api) => api.setCreditLimit({ clientKey: key.current(), customer: { docType, docNumber }, limit: limit.trim() }));
    if (!result.ok) {
      setMessage({ tone: 'error', text: result.error.message });
      return;
    }
    key.done();
    setMessage({ tone: 'success', text: `Límite de crédito: S/ ${result.value.limit ?? ''}.` });
    onSaved();
  };
  return (
    <form className="accounts__limit" onSubmit={(event) => void save(event)}>
      <Field id="account-limit" label="Límite de crédito (S/)">
        <input id="account-limit" inputMode="decimal" autoComplete="off" value={limit} onChange={(e) => setLimit(e.target.value)} />
      </Field>
      <button type="submit">Guardar límite</button>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
    </form>
  );
}

function OverdueList({ rows, onPick }: { rows: OverdueRow[] | null; onPick: (c: AccountCustomer) => void }): React.JSX.Element {
  return (
    <div className="accounts__overdue">
      <h3>Saldos vencidos</h3>
      {rows === null ? <p aria-busy="true">Cargando…</p> : rows.length === 0 ? <p className="empty">Ningún cliente tiene saldos vencidos.</p> : (
        <table className="simple-table" data-testid="overdue-table">
          <thead>
            <tr>
              <th scope="col">Cliente</th>
              <th scope="col" className="num">Vencido</th>
              <th scope="col" className="num">Debe</th>
              <th scope="col" className="num">Días de atraso</th>
              <th scope="col"><span className="visually-hidden">Acciones</span></th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.customer.docType}-${r.customer.docNumber}`}>
                <th scope="row">
                  {r.customer.name || r.customer.docNumber} <span className="mono">({r.customer.docNumber})</span>
                </th>
                <td className="num">{r.overdue}</td>
                <td className="num">{r.balance}</td>
                <td className="num">{r.daysLate}</td>
                <td>
                  <button type="button" className="button--link" onClick={() => onPick(r.customer)}>
                    Ver cuenta
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
