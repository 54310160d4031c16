// A supervisor's consent at the till (issue 13): who authorises and their PIN, asked only after the core answered
// that the action needs it (a cash out, closing another cashier's session). The core checks role and PIN.
import { useEffect, useState } from 'react';
import type { Approval } from '../../../shared/bridge';
import { call } from '../pos';
import { Field, fieldAria } from './Field';

export function ApprovalFields({ id, value, onChange, error }: { id: string; value: Partial<Approval>; onChange: (v: Partial<Approval>) => void; error?: string }): React.JSX.Element {
  const [people, setPeople] = useState<{ id: number; name: string }[]>([]);
  useEffect(() => {
    void call((api) => api.listCashiers({})).then((r) => {
      if (r.ok) setPeople(r.value);
    });
  }, []);
  return (
    <fieldset className="approval">
      <legend>Autorización del supervisor</legend>
      <Field id={`${id}-user`} label="Autoriza">
        <select {...fieldAria(`${id}-user`)} value={value.userId ?? ''} onChange={(e) => onChange({ ...value, userId: Number(e.target.value) || undefined })}>
          <option value="">Elija…</option>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-pin`} label="PIN del supervisor" error={error}>
        <input {...fieldAria(`${id}-pin`, error)} type="password" inputMode="numeric" maxLength={6} autoComplete="off" value={value.pin ?? ''} onChange={(e) => onChange({ ...value, pin: e.target.value })} />
      </Field>
    </fieldset>
  );
}

/** The approval to send, when both parts were given. */
export function approvalOf(value: Partial<Approval>): Approval | undefined {
  return value.userId && value.pin ? { userId: value.userId, pin: value.pin } : undefined;
}
