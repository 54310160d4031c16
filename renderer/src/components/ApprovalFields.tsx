// A supervisor's consent at the till: who authorises and their PIN, asked only after the core answered
// that the action needs it (a cash out, closing another cashier's session, a large discount). The core checks role
// and PIN. All by keyboard: the only person who may approve is preselected and the cursor waits in the PIN. A name
// the prompt chose is sent as `preselected` until someone picks a name on purpose: whoever typed a wrong PIN over it
// may not be that person, so the core charges it to the till's tally instead of locking the supervisor out.
import { useEffect, useRef, useState } from 'react';
import type { Approval } from '../../../shared/bridge';
import { call } from '../pos';
import { Field, fieldAria } from './Field';

interface ApprovalFieldsProps {
  id: string;
  value: Partial<Approval>;
  onChange: (v: Partial<Approval>) => void;
  /** Shown only once something was typed in the PIN or sent: a fresh PIN field is never red. */
  error?: string;
}

export function ApprovalFields({ id, value, onChange, error }: ApprovalFieldsProps): React.JSX.Element {
  const [people, setPeople] = useState<{ id: number; name: string }[]>([]);
  const pinRef = useRef<HTMLInputElement>(null);
  const selectRef = useRef<HTMLSelectElement>(null);
  const latest = useRef({ value, onChange });
  useEffect(() => {
    latest.current = { value, onChange };
  });
  useEffect(() => {
    let alive = true;
    void call((api) => api.listCashiers({})).then((r) => {
      if (!alive || !r.ok) return;
      const approvers = r.value.filter((p) => p.approver !== null);
      setPeople(approvers.length > 0 ? approvers : r.value);
      const { value: current, onChange: change } = latest.current;
      // The only supervisor (the one on the floor), else the only one who may approve at all (the owner).
      const supervisors = approvers.filter((p) => p.approver === 'supervisor');
      const only = supervisors.length === 1 ? supervisors[0] : approvers.length === 1 ? approvers[0] : undefined;
      if (only && !current.userId) change({ ...current, userId: only.id, preselected: true });
      requestAnimationFrame(() => (only || current.userId ? pinRef.current : selectRef.current)?.focus());
    });
    return () => {
      alive = false;
    };
  }, []);
  return (
    <fieldset className="approval">
      <legend>Autorización del supervisor</legend>
      <Field id={`${id}-user`} label="Autoriza">
        <select ref={selectRef} {...fieldAria(`${id}-user`)} value={value.userId ?? ''} onChange={(e) => onChange(picked(value, Number(e.target.value) || undefined))}>
          <option value="">Elija…</option>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-pin`} label="PIN del supervisor" error={error}>
        <input
          ref={pinRef}
          {...fieldAria(`${id}-pin`, error)}
          type="password"
          inputMode="numeric"
          maxLength={6}
          autoComplete="off"
          value={value.pin ?? ''}
          onChange={(e) => onChange({ ...value, pin: e.target.value })}
        />
      </Field>
    </fieldset>
  );
}

/** A name picked in the list: no longer the prompt's own choice. */
function picked(value: Partial<Approval>, userId: number | undefined): Partial<Approval> {
  const { preselected: _chosenByPrompt, ...rest } = value;
  return { ...rest, userId };
}

/** The approval to send, when both parts were given. */
export function approvalOf(value: Partial<Approval>): Approval | undefined {
  if (!value.userId || !value.pin) return undefined;
  return { userId: value.userId, pin: value.pin, ...(value.preselected ? { preselected: true as const } : {}) };
}
