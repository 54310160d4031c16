// Ajustes → Servidor de la tienda: where this till pushes its documents so that every till and the office
// share one history. Off by default. The password is write-only: the page only learns whether one is set.
// This PC may be the server itself (ServerHostSettings), and a till joins one with a code (ServerHostJoin).
import { NewTillIdentity } from './NewTillIdentity';
import { useState } from 'react';
import type { SettingsView } from '../../../../shared/bridge';
import { ShopServerSettingsSchema, type ShopServerSettings as ServerSettings } from '../../../../shared/server/settings';
import { useSettings } from '../../app/settings-context';
import { useDirtyGuard } from '../../app/unsaved';
import { Field, fieldAria } from '../../components/Field';
import { call } from '../../pos';
import type { SaveMessage } from './save-result';
import { ServerHostJoin } from './ServerHostJoin';
import { ServerHostSettings } from './ServerHostSettings';
import { SettingsSection } from './SettingsSection';

const CA_HINT = 'Opcional: péguelo si el servidor usa un certificado propio de la tienda (texto que empieza con -----BEGIN CERTIFICATE-----).';

export function ShopServerSettings({ settings }: { settings: SettingsView }): React.JSX.Element {
  const { replace } = useSettings();
  const saved = settings.shopServer.settings;
  const [form, setForm] = useState<ServerSettings>(saved);
  const [port, setPort] = useState(String(saved.port));
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<SaveMessage>(null);
  const edited = { ...form, port: Number(port) };
  useDirtyGuard('shop-server', JSON.stringify(edited) !== JSON.stringify(saved) || password !== '');
  const set = (patch: Partial<ServerSettings>) => setForm((f) => ({ ...f, ...patch }));

  const save = async (): Promise<boolean> => {
    const checked = ShopServerSettingsSchema.safeParse(edited);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path.at(-1)), i.message])));
      setMessage({ tone: 'error', text: 'Revise los datos del servidor.' });
      return false;
    }
    setErrors({});
    if (password !== '') {
      const pw = await call((api) => api.setShopServerPassword({ password }));
      if (!pw.ok) {
        setMessage({ tone: 'error', text: pw.error.message });
        return false;
      }
      setPassword('');
    }
    const result = await call((api) => api.saveSettings({ shopServer: checked.data }));
    if (!result.ok) {
      setMessage({ tone: 'error', text: result.error.message });
      return false;
    }
    replace(result.value);
    setForm(result.value.shopServer.settings);
    setMessage({ tone: 'success', text: 'Cambios guardados.' });
    return true;
  };

  const test = async () => {
    if (!(await save())) return;
    const result = await call((api) => api.testShopServer({}));
    setMessage(result.ok ? { tone: result.value.ok ? 'success' : 'error', text: result.value.message } : { tone: 'error', text: result.error.message });
  };

  const text = (id: keyof ServerSettings, label: string, hint?: string) => (
    <Field id={`server-${id}`} label={label} error={errors[id]} hint={hint}>
      <input {...fieldAria(`server-${id}`, errors[id], hint)} autoComplete="off" value={String(form[id])} onChange={(e) => set({ [id]: e.target.value })} />
    </Field>
  );

  return (
    <SettingsSection id="settings-server" title="Servidor de la tienda" message={message}>
      <form className="settings__form" noValidate aria-label="Servidor de la tienda" onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <p className="muted">Para varias cajas: cada una sigue vendiendo sola y sube sus comprobantes a una base PostgreSQL de la tienda.</p>
        {settings.demo && <p className="muted">En modo demo esta caja no usa el servidor: las ventas de prueba no son de la tienda.</p>}
        <label className="field field--check">
          <input type="checkbox" checked={form.enabled} onChange={(e) => set({ enabled: e.target.checked })} /> Usar el servidor de la tienda
        </label>
        {text('terminalName', 'Nombre de esta caja', 'Así la ven las demás cajas (ej. Caja 2).')}
        <div className="settings__inline">
          {text('host', 'Servidor (IP o nombre)')}
          <Field id="server-port" label="Puerto" error={errors.port}>
            <input {...fieldAria('server-port', errors.port)} inputMode="numeric" value={port} onChange={(e) => setPort(e.target.value)} />
          </Field>
        </div>
        <div className="settings__inline">
          {text('database', 'Base de datos')}
          {text('user', 'Usuario')}
          <Field id="server-password" label={settings.shopServer.passwordSet ? 'Contraseña (guardada; escriba para cambiarla)' : 'Contraseña'}>
            <input {...fieldAria('server-password')} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
        </div>
        <Field id="server-tls" label="Conexión cifrada (TLS)">
          <select {...fieldAria('server-tls')} value={form.tls} onChange={(e) => set({ tls: e.target.value as ServerSettings['tls'] })}>
            <option value="on">Sí, con certificado verificado (recomendado)</option>
            <option value="off">No: sin cifrar, inseguro (la contraseña y los PIN viajan legibles por la red)</option>
          </select>
        </Field>
        {form.tls === 'on' && (
          <Field
            id="server-caCert"
            label="Certificado de la autoridad (CA) del servidor"
            error={errors.caCert}
            hint={CA_HINT}
          >
            <textarea
              {...fieldAria('server-caCert', errors.caCert, CA_HINT)}
              rows={4}
              spellCheck={false}
              value={form.caCert}
              onChange={(e) => set({ caCert: e.target.value })}
            />
          </Field>
        )}
        <div className="settings__inline">
          <button type="submit">Guardar servidor</button>
          <button type="button" onClick={() => void test()}>
            Verificar servidor
          </button>
        </div>
      </form>
      <NewTillIdentity />
      <ServerHostSettings />
      <ServerHostJoin
        settings={settings}
        onJoined={(view) => {
          setForm(view.shopServer.settings);
          setPort(String(view.shopServer.settings.port));
        }}
      />
    </SettingsSection>
  );
}
