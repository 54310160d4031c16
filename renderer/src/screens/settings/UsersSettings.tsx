// Usuarios: the administrator adds cashiers, supervisors and administrators, changes a PIN or a role, and
// switches a user off. The core refuses leaving the shop without an active administrator.
// "Exigir PIN de 6 dígitos", a short PIN listed as such, and "Desbloquear" for a user locked out by wrong PINs.
import { useCallback, useEffect, useState } from 'react';
import { ROLES, ROLE_LABELS, type Role, type UserListEntry } from '../../../../shared/bridge';
import { useSettings } from '../../app/settings-context';
import { Field, fieldAria } from '../../components/Field';
import { call } from '../../pos';
import type { SaveMessage } from './save-result';
import { SettingsSection } from './SettingsSection';

// adminPin: the signed-in administrator's own PIN, for the shop server to verify (never kept).
type Draft = { id?: number; name: string; role: Role; pin: string; active: boolean; adminPin: string };
const EMPTY: Draft = { name: '', role: 'cajero', pin: '', active: true, adminPin: '' };

export function UsersSettings(): React.JSX.Element {
  const [users, setUsers] = useState<UserListEntry[]>([]);
  const { settings, replace } = useSettings();
  // The box follows the click at once; the saved setting takes over when the core answered (or puts it back).
  const [asked, setAsked] = useState<boolean | null>(null);
  const sixDigits = asked ?? settings?.pins.sixDigits ?? false;
  // With a shop server, a change made here reaches the other tills only with the administrator's PIN, which the
  // server verifies; without it the server lists the change for the office.
  const shopServer = settings?.shopServer.settings.enabled === true;
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<SaveMessage>(null);
  // A recovery code just made: shown here once (the core keeps only its hash).
  const [recoveryCode, setRecoveryCode] = useState<string | null>(null);
  const load = useCallback(async () => {
    const result = await call((api) => api.listUsers({}));
    if (result.ok) setUsers(result.value);
  }, []);
  useEffect(() => {
    let alive = true;
    void call((api) => api.listUsers({})).then((result) => {
      if (alive && result.ok) setUsers(result.value);
    });
    return () => {
      alive = false;
    };
  }, []);

  const save = async () => {
    const input = {
      ...(draft.id ? { id: draft.id } : {}), name: draft.name, role: draft.role, active: draft.active, ...(draft.pin ? { pin: draft.pin } : {}),
      ...(shopServer && draft.adminPin ? { adminPin: draft.adminPin } : {}),
    };
    const result = await call((api) => api.saveUser(input));
    if (result.ok) {
      const server = result.value.server;
      setMessage(server
        ? { tone: server.applied ? 'success' : 'error', text: `Usuario guardado: ${result.value.name}. ${server.message}` }
        : { tone: 'success', text: `Usuario guardado: ${result.value.name}.` });
      setDraft(EMPTY);
      setErrors({});
      await load();
    } else {
      setErrors(Object.fromEntries((result.error.fields ?? []).map((f) => [f.path, f.message])));
      setMessage({ tone: 'error', text: result.error.message });
    }
  };

  const setSixDigits = async (on: boolean) => {
    setAsked(on);
    const result = await call((api) => api.saveSettings({ pins: { sixDigits: on } }));
    setAsked(null);
    if (result.ok) {
      replace(result.value);
      setMessage({ tone: 'success', text: on ? 'Los PIN nuevos o cambiados deben tener 6 dígitos.' : 'Se admiten PIN de 4 a 6 dígitos.' });
    } else setMessage({ tone: 'error', text: result.error.message });
  };

  const unlock = async (user: UserListEntry) => {
    const result = await call((api) => api.unlockUser({ userId: user.id }));
    if (result.ok) {
      setMessage({ tone: 'success', text: `${user.name} fue desbloqueado.` });
      await load();
    } else setMessage({ tone: 'error', text: result.error.message });
  };

  const makeRecoveryCode = async () => {
    const result = await call((api) => api.newRecoveryCode({}));
    if (result.ok) {
      setRecoveryCode(result.value.code);
      setMessage({ tone: 'success', text: 'Código de recuperación nuevo: el anterior ya no sirve.' });
    } else setMessage({ tone: 'error', text: result.error.message });
  };

  return (
    <SettingsSection id="settings-users" title="Usuarios" message={message}>
      <label className="field field--check">
        <input type="checkbox" checked={sixDigits} onChange={(e) => void setSixDigits(e.target.checked)} /> Exigir PIN de 6 dígitos
      </label>
      <table className="installments" aria-label="Usuarios">
        <thead>
          <tr>
            <th scope="col">Nombre</th>
            <th scope="col">Rol</th>
            <th scope="col">Estado</th>
            <th scope="col">
              <span className="visually-hidden">Editar</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id}>
              <td>{u.name}</td>
              <td>{ROLE_LABELS[u.role]}</td>
              <td>
                {u.active ? 'Activo' : 'Desactivado'}
                {sixDigits && u.pinDigits !== null && u.pinDigits < 6 ? <> · PIN de {u.pinDigits} dígitos: cámbielo</> : null}
                {u.lockout ? <> · {lockoutText(u.lockout)}</> : null}
              </td>
              <td>
                {u.lockout ? (
                  <button type="button" className="button--link" onClick={() => void unlock(u)}>
                    Desbloquear {u.name}
                  </button>
                ) : null}
                <button type="button" className="button--link" onClick={() => setDraft({ id: u.id, name: u.name, role: u.role, pin: '', active: u.active, adminPin: '' })}>
                  Editar {u.name}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form
        className="settings__form settings__grid"
        noValidate
        aria-label={draft.id ? 'Editar usuario' : 'Nuevo usuario'}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Field id="user-name" label="Nombre del usuario" error={errors.name}>
          <input {...fieldAria('user-name', errors.name)} value={draft.name} maxLength={40} onChange={(e) => setDraft({ ...draft, name: e.target.value })} autoComplete="off" />
        </Field>
        <Field id="user-role" label="Rol" error={errors.role}>
          <select {...fieldAria('user-role', errors.role)} value={draft.role} onChange={(e) => setDraft({ ...draft, role: e.target.value as Role })}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="user-pin" label={draft.id ? 'Nuevo PIN (vacío: no cambia)' : sixDigits || draft.role !== 'cajero' ? 'PIN (6 dígitos)' : 'PIN (4 a 6 dígitos)'} error={errors.pin}>
          <input {...fieldAria('user-pin', errors.pin)} type="password" inputMode="numeric" maxLength={6} value={draft.pin} onChange={(e) => setDraft({ ...draft, pin: e.target.value })} autoComplete="new-password" />
        </Field>
        <label className="field field--check">
          <input type="checkbox" checked={draft.active} onChange={(e) => setDraft({ ...draft, active: e.target.checked })} /> Activo
        </label>
        {shopServer ? (
          <Field id="user-admin-pin" label="Su PIN de administrador (para aplicarlo en todas las cajas)" error={errors.adminPin}>
            <input
              {...fieldAria('user-admin-pin', errors.adminPin)}
              type="password"
              inputMode="numeric"
              maxLength={6}
              value={draft.adminPin}
              onChange={(e) => setDraft({ ...draft, adminPin: e.target.value })}
              autoComplete="off"
            />
          </Field>
        ) : null}
        <div className="settings__actions">
          <button type="submit">{draft.id ? 'Guardar usuario' : 'Agregar usuario'}</button>
          {draft.id ? (
            <button type="button" onClick={() => setDraft(EMPTY)}>
              Cancelar
            </button>
          ) : null}
        </div>
      </form>
      <div className="settings__actions" role="group" aria-label="Código de recuperación">
        <p className="muted">
          Si ningún administrador puede ingresar (PIN olvidado o bloqueado), el código de recuperación permite elegir un PIN nuevo desde la pantalla
          de ingreso. Se muestra una sola vez: anótelo y guárdelo lejos de la caja.
        </p>
        {recoveryCode ? (
          <p className="signin__recovery-code" data-testid="recovery-code">
            <strong>{recoveryCode}</strong>
          </p>
        ) : null}
        <button type="button" onClick={() => void makeRecoveryCode()}>
          Nuevo código de recuperación
        </button>
      </div>
    </SettingsSection>
  );
}

function lockoutText(lockout: NonNullable<UserListEntry['lockout']>): string {
  if (lockout.needsAdmin) return 'Bloqueado: desbloquéelo';
  if (lockout.waitSeconds > 0) return `En espera por PIN incorrectos (${Math.ceil(lockout.waitSeconds / 60)} min)`;
  return 'Tuvo PIN incorrectos';
}
