// Cash in or out of the drawer during the shift, with its reason. A cashier's cash out asks for a
// supervisor's PIN once the core says so.
import { useState } from 'react';
import type { Approval } from '../../../../shared/bridge';
import { CASH_MOVEMENT_LABELS } from '../../../../shared/cash';
import { Alert } from '../../components/Alert';
import { ApprovalFields, approvalOf } from '../../components/ApprovalFields';
import { Field, fieldAria } from '../../components/Field';
import { formatMoney } from '../../format/money';
import { useIntentKey } from '../../intent-key';
import { call } from '../../pos';
import { fieldErrorsOf, type FieldErrors } from './fields';

export function MovementForm({ onDone }: { onDone: () => void }): React.JSX.Element {
  const [kind, setKind] = useState<'in' | 'out'>('out');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [approval, setApproval] = useState<Partial<Approval> | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ tone: 'success' | 'error' | 'info'; text: string } | null>(null);
  // A movement retried after an error (the core restarted after recording it) carries the same key and is recorded
  // once; the next movement, after this one succeeded, gets a new key.
  const intent = useIntentKey();

  const submit = async () => {
    const given = approval ? approvalOf(approval) : undefined;
    const result = await call((api) => api.addCashMovement({ kind, amount: amount.trim().replace(',', '.'), reason, ...(given ? { approval: given } : {}), clientKey: intent.current() }));
    if (result.ok) {
      intent.done();
      setAmount('');
      setReason('');
      setApproval(null);
      setErrors({});
      setMessage({ tone: 'success', text: `${CASH_MOVEMENT_LABELS[result.value.kind]} registrado: ${formatMoney(result.value.amount)} (${result.value.reason}).` });
      onDone();
      return;
    }
    if (result.error.code === 'approval_required') setApproval((a) => a ?? {});
    setErrors(fieldErrorsOf(result.error));
    setMessage({ tone: result.error.code === 'approval_required' ? 'info' : 'error', text: result.error.message });
  };

  return (
    <form className="panel cash__form" noValidate aria-label="Movimiento de efectivo" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <h2>Ingreso o retiro de efectivo</h2>
      <div className="cash__row">
        <Field id="cash-move-kind" label="Tipo">
          <select {...fieldAria('cash-move-kind')} value={kind} onChange={(e) => setKind(e.target.value as 'in' | 'out')}>
            <option value="out">Retiro</option>
            <option value="in">Ingreso</option>
          </select>
        </Field>
        <Field id="cash-move-amount" label="Monto (S/)" error={errors.amount}>
          <input {...fieldAria('cash-move-amount', errors.amount)} inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </Field>
        <Field id="cash-move-reason" label="Motivo" error={errors.reason}>
          <input {...fieldAria('cash-move-reason', errors.reason)} maxLength={80} autoComplete="off" value={reason} onChange={(e) => setReason(e.target.value)} placeholder="Ej. pago a proveedor" />
        </Field>
      </div>
      {approval ? <ApprovalFields id="cash-move-approval" value={approval} onChange={setApproval} error={errors.pin ?? errors.approval} /> : null}
      <button type="submit">Registrar {kind === 'out' ? 'retiro' : 'ingreso'}</button>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
    </form>
  );
}
