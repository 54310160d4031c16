// The till's door: the first run creates the administrator; afterwards a cashier picks their name and types
// their PIN. Shown over the app (which stays mounted, so a sale in progress survives the lock) until someone signs in.
import { useEffect, useRef, useState } from 'react';
import { useSession } from '../../app/session-context';
import { Field, fieldAria } from '../../components/Field';
import { call } from '../../pos';
import type { Session } from '../../../../shared/bridge';

type Errors = Partial<Record<'name' | 'pin' | 'newPin' | 'confirm' | 'userId' | 'code', string>>;

function errorsOf(fields: readonly { path: string; message: string }[] | undefined): Errors {
  const out: Errors = {};
  for (const f of fields ?? []) {
    if (f.path === 'name' || f.path === 'pin' || f.path === 'newPin' || f.path === 'userId' || f.path === 'code') out[f.path] ??= f.message;
  }
  return out;
}

/**
 * The till's recovery code, shown once (the core keeps only its hash): the owner writes it down or prints this
 * screen, and keeps it away from the till. The session it came with is taken only once they say so.
 */
function RecoveryCodeNotice({ code, session }: { code: string; session: Session }): React.JSX.Element {
  const { replace } = useSession();
  return (
    <div className="signin__form" role="group" aria-label="Código de recuperación">
      <h1>Guarde su código de recuperación</h1>
      <p className="muted">
        Si nadie puede ingresar como administrador (PIN olvidado o bloqueado), este código le permite elegir un PIN nuevo
        desde esta pantalla. Se muestra una sola vez: anótelo o imprímalo y guárdelo lejos de la caja.
      </p>
      <p className="signin__recovery-code" data-testid="recovery-code">
        <strong>{code}</strong>
      </p>
      <button type="button" onClick={() => window.print()}>Imprimir</button>
      <button type="button" className="button--primary" autoFocus onClick={() => replace(session)}>Ya lo guardé: entrar</button>
    </div>
  );
}

function FirstAdmin(): React.JSX.Element {
  const [created, setCreated] = useState<{ code: string; session: Session } | null>(null);
  const [name, setName] = useState('');
  const [pin, setPin] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const submit = async () => {
    if (pin !== confirm) {
      setErrors({ confirm: 'Los PIN no coinciden' });
      return;
    }
    const result = await call((api) => api.createFirstAdmin({ name, pin }));
    if (result.ok) {
      const { recoveryCode, ...session } = result.value;
      setCreated({ code: recoveryCode, session });
    } else setErrors(errorsOf(result.error.fields));
  };
  if (created) return <RecoveryCodeNotice code={created.code} session={created.session} />;
  return (
    <form className="signin__form" noValidate aria-label="Crear administrador" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <h1>Cree el usuario administrador</h1>
      <p className="muted">Es quien cambia Ajustes, el token, los productos, las copias y los usuarios. Su PIN tiene 6 dígitos.</p>
      <Field id="admin-name" label="Nombre" error={errors.name}>
        <input {...fieldAria('admin-name', errors.name)} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" autoFocus />
      </Field>
      <Field id="admin-pin" label="PIN" error={errors.pin}>
        <input {...fieldAria('admin-pin', errors.pin)} type="password" inputMode="numeric" maxLength={6} value={pin} onChange={(e) => setPin(e.target.value)} />
      </Field>
      <Field id="admin-confirm" label="Repita el PIN" error={errors.confirm}>
        <input {...fieldAria('admin-confirm', errors.confirm)} type="password" inputMode="numeric" maxLength={6} value={confirm} onChange={(e) => setConfirm(e.target.value)} />
      </Field>
      <button type="submit" className="button--primary">Crear y entrar</button>
    </form>
  );
}

/** Names that hold every word typed, in any case and without accents ("ana" finds "Ana", "jose" finds "José"). */
function matches(name: string, filter: string): boolean {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const words = fold(filter).split(/\s+/).filter(Boolean);
  const folded = fold(name);
  return words.every((w) => folded.split(/\s+/).some((part) => part.startsWith(w)));
}

/**
 * The cashier's name is chosen on purpose, never by a stray key: the screen starts on the last cashier of this till
 * (the core's choice, listCashiers' lastHere); a letter typed (on the name or in the PIN, where letters never belong)
 * filters the names and leaves nobody chosen until Enter takes the first match, so a PIN is never tried against a
 * person picked by the first letter of another name. A PIN typed over the name the screen started on is sent as
 * `preselected`: someone else who walks up and types their own PIN is not charged to the person shown (the core
 * counts it against the till); a name picked on purpose counts against that person.
 */
function Login({ onRecover }: { onRecover: () => void }): React.JSX.Element {
  const { replace } = useSession();
  const [cashiers, setCashiers] = useState<{ id: number; name: string }[]>([]);
  const [userId, setUserId] = useState<number | null>(null);
  // True once the cashier chose the name (a click, the arrows, Enter on the filter); false while it is the screen's.
  const [picked, setPicked] = useState(false);
  const [filter, setFilter] = useState('');
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const pinRef = useRef<HTMLInputElement>(null);
  const userRef = useRef<HTMLSelectElement>(null);
  // Where the cursor goes once the choice is rendered (the PIN field is disabled until someone is chosen).
  const focusNext = useRef<'pin' | 'user' | null>(null);
  useEffect(() => {
    const where = focusNext.current;
    if (!where || (where === 'pin' && userId === null)) return;
    focusNext.current = null;
    (where === 'pin' ? pinRef.current : userRef.current)?.focus();
  }, [userId, cashiers]);
  useEffect(() => {
    void call((api) => api.listCashiers({})).then((result) => {
      if (!result.ok) return;
      setCashiers(result.value);
      const preselected = result.value.find((c) => c.lastHere === true);
      focusNext.current = preselected ? 'pin' : 'user';
      setUserId((current) => current ?? preselected?.id ?? null);
    });
  }, []);
  const shown = filter === '' ? cashiers : cashiers.filter((c) => matches(c.name, filter));

  /** A letter or a space: it goes to the name filter; nobody stays chosen until Enter. True when the key was taken. */
  const filterKey = (event: React.KeyboardEvent): boolean => {
    if (event.ctrlKey || event.altKey || event.metaKey) return false;
    if (event.key.length === 1 && /\p{L}|\s/u.test(event.key) && (event.key !== ' ' || filter !== '')) {
      event.preventDefault();
      setFilter((f) => f + event.key);
      setUserId(null);
      setPin('');
      setErrors({});
      userRef.current?.focus();
      return true;
    }
    if (event.key === 'Backspace' && filter !== '' && event.currentTarget === userRef.current) {
      event.preventDefault();
      setFilter((f) => f.slice(0, -1));
      return true;
    }
    return false;
  };

  const pick = (id: number) => {
    setUserId(id);
    setPicked(true);
    setFilter('');
    setErrors({});
    focusNext.current = 'pin';
  };

  const submit = async () => {
    if (userId === null) {
      setErrors({ userId: 'Elija su nombre' });
      return;
    }
    const result = await call((api) => api.login({ userId, pin, ...(picked ? {} : { preselected: true as const }) }));
    setPin('');
    if (result.ok) replace(result.value);
    else {
      setErrors({ pin: result.error.message, ...errorsOf((result.error.fields ?? []).filter((f) => f.path !== 'pin')) });
      pinRef.current?.focus();
    }
  };
  const chosen = cashiers.find((c) => c.id === userId);
  return (
    <form className="signin__form" noValidate aria-label="Ingresar" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <h1>Caja bloqueada</h1>
      <p className="muted">Elija su nombre (escriba para buscarlo y pulse Enter) e ingrese su PIN.</p>
      <Field id="signin-user" label="Usuario" error={errors.userId}>
        <select
          {...fieldAria('signin-user', errors.userId)}
          ref={userRef}
          value={userId ?? ''}
          onChange={(e) => {
            const id = Number(e.target.value);
            if (id > 0) pick(id);
          }}
          onKeyDown={(event) => {
            if (filterKey(event)) return;
            if (event.key === 'Enter' && userId === null) {
              event.preventDefault();
              const first = shown[0];
              if (first) pick(first.id);
              else setErrors({ userId: 'Ningún nombre coincide' });
            } else if (event.key === 'Escape' && filter !== '') {
              event.preventDefault();
              setFilter('');
            }
          }}
        >
          {userId === null ? <option value="">{filter === '' ? '— Elija su nombre —' : `${shown.length === 0 ? 'Ningún nombre' : shown[0]?.name} (Enter)`}</option> : null}
          {shown.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </Field>
      {filter !== '' ? (
        <p className="muted" data-testid="signin-filter">
          Buscando «{filter}»: {shown.length === 0 ? 'ningún nombre coincide (Retroceso para corregir).' : `${shown.map((c) => c.name).join(', ')}. Enter elige ${shown[0]?.name ?? ''}.`}
        </p>
      ) : null}
      <Field id="signin-pin" label="PIN" error={errors.pin}>
        <input
          {...fieldAria('signin-pin', errors.pin)}
          ref={pinRef}
          type="password"
          inputMode="numeric"
          maxLength={6}
          value={pin}
          disabled={userId === null}
          placeholder={chosen ? `PIN de ${chosen.name}` : undefined}
          onKeyDown={(event) => void filterKey(event)}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
        />
      </Field>
      <button type="submit" className="button--primary">Ingresar</button>
      <button type="button" className="button--link" onClick={onRecover}>¿Olvidó el PIN del administrador? Código de recuperación</button>
    </form>
  );
}

/**
 * The owner's way back in when no administrator can sign in: the recovery code, an administrator's name and a new PIN.
 * The code is spent; the new one is shown once before the till opens.
 */
function Recover({ onCancel }: { onCancel: () => void }): React.JSX.Element {
  const [admins, setAdmins] = useState<{ id: number; name: string }[]>([]);
  const [userId, setUserId] = useState<number | null>(null);
  const [code, setCode] = useState('');
  const [newPin, setNewPin] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [recovered, setRecovered] = useState<{ code: string; session: Session } | null>(null);
  useEffect(() => {
    void call((api) => api.listCashiers({})).then((result) => {
      if (!result.ok) return;
      const found = result.value.filter((c) => c.approver === 'administrador');
      setAdmins(found);
      if (found.length === 1) setUserId(found[0]?.id ?? null);
    });
  }, []);
  const submit = async () => {
    if (userId === null) {
      setErrors({ userId: 'Elija un administrador' });
      return;
    }
    if (newPin !== confirm) {
      setErrors({ confirm: 'Los PIN no coinciden' });
      return;
    }
    const result = await call((api) => api.recoverAdmin({ userId, code, newPin }));
    if (result.ok) {
      const { recoveryCode, ...session } = result.value;
      setRecovered({ code: recoveryCode, session });
    } else {
      const fields = errorsOf(result.error.fields);
      setErrors(Object.keys(fields).length > 0 ? fields : { code: result.error.message });
    }
  };
  if (recovered) return <RecoveryCodeNotice code={recovered.code} session={recovered.session} />;
  return (
    <form className="signin__form" noValidate aria-label="Recuperar acceso" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <h1>Recuperar acceso</h1>
      <p className="muted">Con el código de recuperación que se mostró al crear el administrador, elija un PIN nuevo. El código se gasta y se le mostrará uno nuevo.</p>
      <Field id="recover-user" label="Administrador" error={errors.userId}>
        <select {...fieldAria('recover-user', errors.userId)} value={userId ?? ''} onChange={(e) => setUserId(Number(e.target.value) || null)}>
          <option value="">— Elija —</option>
          {admins.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id="recover-code" label="Código de recuperación" error={errors.code}>
        <input {...fieldAria('recover-code', errors.code)} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" spellCheck={false} autoFocus />
      </Field>
      <Field id="recover-new-pin" label="PIN nuevo (6 dígitos)" error={errors.newPin}>
        <input {...fieldAria('recover-new-pin', errors.newPin)} type="password" inputMode="numeric" maxLength={6} value={newPin} onChange={(e) => setNewPin(e.target.value)} />
      </Field>
      <Field id="recover-confirm" label="Repita el PIN nuevo" error={errors.confirm}>
        <input {...fieldAria('recover-confirm', errors.confirm)} type="password" inputMode="numeric" maxLength={6} value={confirm} onChange={(e) => setConfirm(e.target.value)} />
      </Field>
      <button type="submit" className="button--primary">Cambiar PIN y entrar</button>
      <button type="button" onClick={onCancel}>Volver</button>
    </form>
  );
}

/**
 * A supervisor or administrator signed in with a PIN shorter than their role's 6 digits: the core refuses everything
 * else until the sign-in is repeated with a new PIN (or the till is locked again).
 */
function ChangePin({ userId, name }: { userId: number; name: string }): React.JSX.Element {
  const { replace, lock } = useSession();
  const [pin, setPin] = useState('');
  const [newPin, setNewPin] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const submit = async () => {
    if (newPin !== confirm) {
      setErrors({ confirm: 'Los PIN no coinciden' });
      return;
    }
    const result = await call((api) => api.login({ userId, pin, newPin }));
    if (result.ok) replace(result.value);
    else setErrors({ pin: result.error.message, ...errorsOf((result.error.fields ?? []).filter((f) => f.path !== 'pin')) });
  };
  return (
    <form className="signin__form" noValidate aria-label="Cambiar PIN" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <h1>Cambie su PIN</h1>
      <p className="muted">{name}: un supervisor o administrador usa un PIN de 6 dígitos. Elija uno nuevo para seguir.</p>
      <Field id="change-pin" label="PIN actual" error={errors.pin}>
        <input {...fieldAria('change-pin', errors.pin)} type="password" inputMode="numeric" maxLength={6} value={pin} onChange={(e) => setPin(e.target.value)} autoFocus />
      </Field>
      <Field id="change-new-pin" label="PIN nuevo (6 dígitos)" error={errors.newPin}>
        <input {...fieldAria('change-new-pin', errors.newPin)} type="password" inputMode="numeric" maxLength={6} value={newPin} onChange={(e) => setNewPin(e.target.value)} />
      </Field>
      <Field id="change-confirm" label="Repita el PIN nuevo" error={errors.confirm}>
        <input {...fieldAria('change-confirm', errors.confirm)} type="password" inputMode="numeric" maxLength={6} value={confirm} onChange={(e) => setConfirm(e.target.value)} />
      </Field>
      <button type="submit" className="button--primary">Cambiar y entrar</button>
      <button type="button" onClick={() => void lock()}>Salir</button>
    </form>
  );
}

export function SignInScreen(): React.JSX.Element | null {
  const { session } = useSession();
  const [recovering, setRecovering] = useState(false);
  if (!session) return null;
  if (session.user && session.mustChangePin) {
    return (
      <div className="signin" role="dialog" aria-modal="true" aria-label="Cambiar PIN">
        <ChangePin userId={session.user.id} name={session.user.name} />
      </div>
    );
  }
  return (
    <div className="signin" role="dialog" aria-modal="true" aria-label={session.usersExist ? 'Ingresar a la caja' : 'Crear administrador'}>
      {!session.usersExist ? <FirstAdmin /> : recovering ? <Recover onCancel={() => setRecovering(false)} /> : <Login onRecover={() => setRecovering(true)} />}
    </div>
  );
}
