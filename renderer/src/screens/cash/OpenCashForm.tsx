// Opening the till: the float the shift starts with.
import { useState } from 'react';
import type { CashSession } from '../../../../shared/cash';
import { Alert } from '../../components/Alert';
import { Field, fieldAria } from '../../components/Field';
import { useIntentKey } from '../../intent-key';
import { call } from '../../pos';
import { fieldErrorsOf, type FieldErrors } from './fields';

export function OpenCashForm({ onOpened }: { onOpened: (session: CashSession) => void }): React.JSX.Element {
  const [openingFloat, setOpeningFloat] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  // Opening retried after an error answers the session it opened (the same key), never "la caja ya está abierta".
  const intent = useIntentKey();
  const submit = async () => {
    const result = await call((api) => api.openCashSession({ openingFloat: openingFloat.trim().replace(',', '.'), clientKey: intent.current() }));
    if (result.ok) {
      intent.done();
      onOpened(result.value);
    } else {
      setErrors(fieldErrorsOf(result.error));
      setMessage(result.error.fields?.length ? null : result.error.message);
    }
  };
  return (
    <form className="panel cash__form" noValidate aria-label="Abrir caja" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <h2>Abrir caja</h2>
      <p className="muted">Cuente el sencillo con el que empieza el turno.</p>
      <Field id="cash-float" label="Fondo de caja (S/)" error={errors.openingFloat}>
        <input {...fieldAria('cash-float', errors.openingFloat)} inputMode="decimal" autoComplete="off" autoFocus value={openingFloat} onChange={(e) => setOpeningFloat(e.target.value)} placeholder="0.00" />
      </Field>
      <button type="submit" className="button--primary">Abrir caja</button>
      {message ? <Alert tone="error">{message}</Alert> : null}
    </form>
  );
}
