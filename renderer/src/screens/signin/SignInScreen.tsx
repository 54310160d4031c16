// The till's door (issue 13): the first run creates the administrator; afterwards a cashier picks their name and types
// their PIN. Shown over the app (which stays mounted, so a sale in progress survives the lock) until someone signs in.
import { useEffect, useRef, useState } from 'react';
import { useSession } from '../../app/session-context';
import { Field, fieldAria } from '../../components/Field';
import { call } from '../../pos';
import type { Session } from '../../../../shared/bridge';

type Errors = Partial<Record<'name' | 'pin' | 'newPin' | 'confirm' | 'userId', string>>;

function errorsOf(fields: readonly { path: string; message: string }[] | undefined): Errors {
  const out: Errors = {};
  for (const f of fields ?? []) if (f.path === 'name' || f.path === 'pin' || f.path === 'newPin' || f.path === 'userId') out[f.path] ??= f.message;
  return out;
}

/** Who signed in last on this till: the lock screen preselects them (issue 26), the cashier who stepped away. */
const LAST_USER_KEY = 'caja.lastSignedIn';

function rememberSignedIn(session: Session): void {
  try {
    if (session.user) localStorage.setItem(LAST_USER_KEY, String(session.user.id));
  } catch {
    // no storage (private mode): the first name is preselected, as before
  }
}

function lastSignedIn(): number | null {
  try {
    const id = Number(localStorage.getItem(LAST_USER_KEY));
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

function FirstAdmin(): React.JSX.Element {
  const { replace } = useSession();
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
      rememberSignedIn(result.value);
      replace(result.value);
    }
    else setErrors(errorsOf(result.error.fields));
  };
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

function Login(): React.JSX.Element {
  const { replace } = useSession();
  const [cashiers, setCashiers] = useState<{ id: number; name: string }[]>([]);
  const [userId, setUserId] = useState<number | null>(null);
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const pinRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    void call((api) => api.listCashiers({})).then((result) => {
      if (!result.ok) return;
      setCashiers(result.value);
      const last = lastSignedIn();
      const preselected = result.value.find((c) => c.id === last) ?? result.value[0];
      setUserId((current) => current ?? preselected?.id ?? null);
      requestAnimationFrame(() => pinRef.current?.focus());
    });
  }, []);
  const submit = async () => {
    if (userId === null) {
      setErrors({ userId: 'Elija su nombre' });
      return;
    }
    const result = await call((api) => api.login({ userId, pin }));
    setPin('');
    if (result.ok) {
      rememberSignedIn(result.value);
      replace(result.value);
    }
    else {
      setErrors({ pin: result.error.message, ...errorsOf((result.error.fields ?? []).filter((f) => f.path !== 'pin')) });
      pinRef.current?.focus();
    }
  };
  return (
    <form className="signin__form" noValidate aria-label="Ingresar" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <h1>Caja bloqueada</h1>
      <p className="muted">Elija su nombre e ingrese su PIN.</p>
      <Field id="signin-user" label="Usuario" error={errors.userId}>
        <select {...fieldAria('signin-user', errors.userId)} value={userId ?? ''} onChange={(e) => setUserId(Number(e.target.value))}>
          {cashiers.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id="signin-pin" label="PIN" error={errors.pin}>
        <input {...fieldAria('signin-pin', errors.pin)} ref={pinRef} type="password" inputMode="numeric" maxLength={6} value={pin} onChange={(e) => setPin(e.target.value)} />
      </Field>
      <button type="submit" className="button--primary">Ingresar</button>
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
      {session.usersExist ? <Login /> : <FirstAdmin />}
    </div>
  );
}
