// The close (Z) of the shift: the cashier counts the cash, optionally by denomination; the core records
// the difference against what was expected, keeps the Z and the session is final.
import { useState } from 'react';
import type { Approval } from '../../../../shared/bridge';
import { denominationLabel, PEN_DENOMINATIONS, totalOfCount, type CashReport, type DenominationCount } from '../../../../shared/cash';
import { Alert } from '../../components/Alert';
import { ApprovalFields, approvalOf } from '../../components/ApprovalFields';
import { Field, fieldAria } from '../../components/Field';
import { formatMoney } from '../../format/money';
import { useIntentKey } from '../../intent-key';
import { call } from '../../pos';
import { fieldErrorsOf, type FieldErrors } from './fields';

/** The typed quantities as a count (blank is zero); null when one is not a whole number. */
function countOf(typed: Record<string, string>): DenominationCount | null {
  const count: DenominationCount = {};
  for (const d of PEN_DENOMINATIONS) {
    const text = (typed[d] ?? '').trim();
    if (text === '') continue;
    if (!/^\d{1,6}$/.test(text)) return null;
    count[d] = Number(text);
  }
  return count;
}

/** `dollarsExpected`: the dollars dollar sales put in the drawer (from the X); when any, they are counted apart. */
export function CloseCashForm({ onClosed, dollarsExpected }: { onClosed: (report: CashReport) => void; dollarsExpected?: string | undefined }): React.JSX.Element {
  const [counted, setCounted] = useState('');
  const [countedDollars, setCountedDollars] = useState('');
  const withDollars = dollarsExpected !== undefined && dollarsExpected !== '0.00';
  const [byDenomination, setByDenomination] = useState(false);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [approval, setApproval] = useState<Partial<Approval> | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  const count = byDenomination ? countOf(typed) : null;
  // The close retried after an error answers the Z it made (the same key), never "la caja ya está cerrada".
  const intent = useIntentKey();

  const submit = async () => {
    if (byDenomination && !count) {
      setMessage({ tone: 'error', text: 'Las cantidades del conteo son números enteros.' });
      return;
    }
    if (!window.confirm('¿Cerrar la caja? El cierre (Z) no se puede modificar.')) return;
    const given = approval ? approvalOf(approval) : undefined;
    const soles = byDenomination && count ? { denominations: count } : { countedCash: counted.trim().replace(',', '.') };
    const dollars = withDollars && countedDollars.trim() !== '' ? { countedDollars: countedDollars.trim().replace(',', '.') } : {};
    const input = { ...soles, ...dollars };
    const result = await call((api) => api.closeCashSession({ ...input, ...(given ? { approval: given } : {}), clientKey: intent.current() }));
    if (result.ok) {
      intent.done();
      onClosed(result.value);
      return;
    }
    if (result.error.code === 'approval_required') setApproval((a) => a ?? {});
    setErrors(fieldErrorsOf(result.error));
    setMessage({ tone: result.error.code === 'approval_required' ? 'info' : 'error', text: result.error.message });
  };

  return (
    <form className="panel cash__form" noValidate aria-label="Cerrar caja" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <h2>Cerrar caja (Z)</h2>
      <label className="field field--check">
        <input type="checkbox" checked={byDenomination} onChange={(e) => setByDenomination(e.target.checked)} /> Contar por billetes y monedas
      </label>
      {byDenomination ? (
        <table className="cash__count" aria-label="Conteo por denominación">
          <tbody>
            {PEN_DENOMINATIONS.map((d) => (
              <tr key={d}>
                <th scope="row">
                  <label htmlFor={`count-${d}`}>{denominationLabel(d)}</label>
                </th>
                <td>
                  <input id={`count-${d}`} inputMode="numeric" autoComplete="off" value={typed[d] ?? ''} onChange={(e) => setTyped((t) => ({ ...t, [d]: e.target.value }))} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total contado</th>
              <td data-testid="count-total">{count ? formatMoney(totalOfCount(count)) : '—'}</td>
            </tr>
          </tfoot>
        </table>
      ) : (
        <Field id="cash-counted" label="Efectivo contado (S/)" error={errors.countedCash}>
          <input {...fieldAria('cash-counted', errors.countedCash)} inputMode="decimal" autoComplete="off" value={counted} onChange={(e) => setCounted(e.target.value)} />
        </Field>
      )}
      {withDollars ? (
        <Field id="cash-counted-dollars" label={`Dólares contados (US$), esperados ${dollarsExpected}`} error={errors.countedDollars}>
          <input {...fieldAria('cash-counted-dollars', errors.countedDollars)} inputMode="decimal" autoComplete="off" value={countedDollars} onChange={(e) => setCountedDollars(e.target.value)} />
        </Field>
      ) : null}
      {approval ? <ApprovalFields id="cash-close-approval" value={approval} onChange={setApproval} error={errors.pin ?? errors.approval} /> : null}
      <button type="submit" className="button--primary">Cerrar caja e imprimir Z</button>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
    </form>
  );
}
