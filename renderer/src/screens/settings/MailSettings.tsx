// Ajustes → Correo: the shop's mail account, to send documents to customers. A preset fills in what the common
// providers ask; the password is write-only (the core keeps it in the secret store and only says whether one is set).
import { useEffect, useState } from 'react';
import {
  MAIL_PRESET_VALUES, MAIL_PRESETS, MailSettingsSchema,
  type MailPreset, type MailSecurity, type MailSettings as Settings,
} from '../../../../shared/bridge';
import { Field, fieldAria } from '../../components/Field';
import { call } from '../../pos';
import type { SaveMessage } from './save-result';
import { SettingsSection } from './SettingsSection';

const EMPTY: Settings = { preset: 'gmail', ...presetFields('gmail'), user: '', from: '', shopName: '', sendOnIssue: false };

function presetFields(preset: MailPreset): Pick<Settings, 'host' | 'port' | 'security'> {
  if (preset === 'custom') return { host: '', port: 587, security: 'starttls' };
  const { host, port, security } = MAIL_PRESET_VALUES[preset];
  return { host, port, security };
}

const SECURITY_LABELS: Record<MailSecurity, string> = {
  tls: 'TLS (puerto 465)',
  starttls: 'STARTTLS (puerto 587)',
  none: 'Sin cifrado (solo un servidor local)',
};

export function MailSettings(): React.JSX.Element {
  const [form, setForm] = useState<Settings>(EMPTY);
  const [password, setPassword] = useState('');
  const [passwordSet, setPasswordSet] = useState(false);
  const [testTo, setTestTo] = useState('');
  const [message, setMessage] = useState<SaveMessage>(null);

  useEffect(() => {
    void call((api) => api.getMailSettings({})).then((result) => {
      if (!result.ok) return setMessage({ tone: 'error', text: result.error.message });
      if (result.value.settings) setForm(result.value.settings);
      setPasswordSet(result.value.passwordSet);
    });
  }, []);

  const set = <K extends keyof Settings>(key: K, value: Settings[K]) => setForm((f) => ({ ...f, [key]: value }));

  const save = async () => {
    const checked = MailSettingsSchema.safeParse(form);
    if (!checked.success) return setMessage({ tone: 'error', text: checked.error.issues[0]?.message ?? 'Revise los datos del correo.' });
    const result = await call((api) => api.saveMailSettings({ settings: checked.data, ...(password ? { password } : {}) }));
    if (!result.ok) return setMessage({ tone: 'error', text: result.error.message });
    setPassword('');
    setPasswordSet(result.value.passwordSet);
    setMessage({ tone: 'success', text: 'Cambios guardados.' });
  };

  const test = async () => {
    setMessage(null);
    const result = await call((api) => api.sendTestEmail({ to: testTo.trim() }));
    if (!result.ok) return setMessage({ tone: 'error', text: result.error.message });
    setMessage({ tone: result.value.ok ? 'success' : 'error', text: result.value.message });
  };

  return (
    <SettingsSection id="settings-mail" title="Correo" message={message}>
      <form
        className="settings__form settings__grid"
        noValidate
        aria-label="Cuenta de correo"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Field id="mail-preset" label="Proveedor">
          <select
            {...fieldAria('mail-preset')}
            value={form.preset}
            onChange={(e) => {
              const preset = e.target.value as MailPreset;
              setForm((f) => ({ ...f, preset, ...presetFields(preset) }));
            }}
          >
            {MAIL_PRESETS.map((p) => (
              <option key={p} value={p}>{p === 'custom' ? 'Otro servidor' : MAIL_PRESET_VALUES[p].label}</option>
            ))}
          </select>
        </Field>
        <Field id="mail-host" label="Servidor SMTP">
          <input {...fieldAria('mail-host')} value={form.host} onChange={(e) => set('host', e.target.value)} disabled={form.preset !== 'custom'} />
        </Field>
        <Field id="mail-port" label="Puerto">
          <input {...fieldAria('mail-port')} inputMode="numeric" className="input--short" value={String(form.port)} onChange={(e) => set('port', Number(e.target.value) || 0)} disabled={form.preset !== 'custom'} />
        </Field>
        <Field id="mail-security" label="Seguridad">
          <select {...fieldAria('mail-security')} value={form.security} onChange={(e) => set('security', e.target.value as MailSecurity)} disabled={form.preset !== 'custom'}>
            {(Object.keys(SECURITY_LABELS) as MailSecurity[]).map((s) => (
              <option key={s} value={s}>{SECURITY_LABELS[s]}</option>
            ))}
          </select>
        </Field>
        <Field id="mail-user" label="Usuario">
          <input {...fieldAria('mail-user')} autoComplete="off" value={form.user} onChange={(e) => set('user', e.target.value)} />
        </Field>
        <Field id="mail-password" label="Contraseña" hint={passwordSet ? 'Guardada: escriba otra solo para cambiarla' : 'Gmail y Yahoo piden una contraseña de aplicación'}>
          <input {...fieldAria('mail-password')} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <Field id="mail-from" label="Correo del remitente">
          <input {...fieldAria('mail-from')} type="email" value={form.from} onChange={(e) => set('from', e.target.value)} />
        </Field>
        <Field id="mail-shop-name" label="Nombre que ve el cliente" hint="Vacío: el nombre comercial de la empresa">
          <input {...fieldAria('mail-shop-name')} value={form.shopName} onChange={(e) => set('shopName', e.target.value)} />
        </Field>
        <label className="field field--check settings__wide">
          <input type="checkbox" checked={form.sendOnIssue} onChange={(e) => set('sendOnIssue', e.target.checked)} /> Enviar cada venta al correo del
          cliente registrado, al emitirla
        </label>
        <div className="settings__wide">
          <button type="submit">Guardar correo</button>
        </div>
      </form>
      <form
        className="settings__form settings__grid"
        noValidate
        aria-label="Correo de prueba"
        onSubmit={(e) => {
          e.preventDefault();
          void test();
        }}
      >
        <Field id="mail-test-to" label="Enviar una prueba a">
          <input {...fieldAria('mail-test-to')} type="email" value={testTo} onChange={(e) => setTestTo(e.target.value)} />
        </Field>
        <div className="settings__wide">
          <button type="submit">Enviar prueba</button>
        </div>
      </form>
    </SettingsSection>
  );
}
