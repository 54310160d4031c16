// Caja: whether selling needs an open cash session, the discount a cashier may give alone, and how the
// drawer opens, with "Probar cajón".
import { useState } from 'react';
import type { SettingsView } from '../../../../shared/bridge';
import { DRAWER_MODE_LABELS, DRAWER_MODES, ShiftSettingsSchema, type ShiftSettings } from '../../../../shared/cash';
import { useSettings } from '../../app/settings-context';
import { useDirtyGuard } from '../../app/unsaved';
import { Field, fieldAria } from '../../components/Field';
import { call } from '../../pos';
import type { SaveMessage } from './save-result';
import { SettingsSection } from './SettingsSection';

export function CashSettings({ settings }: { settings: SettingsView }): React.JSX.Element {
  const { replace } = useSettings();
  const [shift, setShift] = useState<ShiftSettings>(settings.shift);
  const [port, setPort] = useState(String(settings.shift.drawer.port));
  const [message, setMessage] = useState<SaveMessage>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const edited = { ...shift, drawer: { ...shift.drawer, port: Number(port) } };
  useDirtyGuard('cash-settings', JSON.stringify(edited) !== JSON.stringify(settings.shift));

  const save = async (): Promise<boolean> => {
    const checked = ShiftSettingsSchema.safeParse(edited);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path.at(-1)), i.message])));
      setMessage({ tone: 'error', text: 'Revise los datos del cajón.' });
      return false;
    }
    setErrors({});
    const result = await call((api) => api.saveSettings({ shift: checked.data }));
    if (!result.ok) {
      setMessage({ tone: 'error', text: result.error.message });
      return false;
    }
    replace(result.value);
    setShift(result.value.shift);
    setMessage({ tone: 'success', text: 'Cambios guardados.' });
    return true;
  };

  const test = async () => {
    if (!(await save())) return;
    const result = await call((api) => api.openCashDrawer({}));
    setMessage(result.ok ? { tone: result.value.opened ? 'success' : 'error', text: result.value.message } : { tone: 'error', text: result.error.message });
  };

  return (
    <SettingsSection id="settings-cash" title="Caja y cajón" message={message}>
      <form className="settings__form" noValidate aria-label="Caja y cajón" onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <label className="field field--check">
          <input type="checkbox" checked={shift.requireSession} onChange={(e) => setShift({ ...shift, requireSession: e.target.checked })} /> Exigir caja abierta para vender
        </label>
        <Field id="discount-limit" label="Descuento máximo sin autorización (%)" error={errors.discountLimit} hint="Un descuento mayor pide el PIN de un supervisor.">
          <input {...fieldAria('discount-limit', errors.discountLimit, 'Un descuento mayor pide el PIN de un supervisor.')} inputMode="decimal" value={shift.discountLimit} onChange={(e) => setShift({ ...shift, discountLimit: e.target.value })} />
        </Field>
        <Field id="drawer-mode" label="Cajón de dinero">
          <select {...fieldAria('drawer-mode')} value={shift.drawer.mode} onChange={(e) => setShift({ ...shift, drawer: { ...shift.drawer, mode: e.target.value as ShiftSettings['drawer']['mode'] } })}>
            {DRAWER_MODES.map((m) => (
              <option key={m} value={m}>
                {DRAWER_MODE_LABELS[m]}
              </option>
            ))}
          </select>
        </Field>
        {shift.drawer.mode === 'driver' ? (
          <p className="muted">Active «Abrir cajón» en las preferencias del controlador de la impresora: el cajón se abrirá con cada ticket impreso.</p>
        ) : null}
        {shift.drawer.mode === 'network' ? (
          <div className="settings__inline">
            <Field id="drawer-host" label="IP de la impresora" error={errors.host}>
              <input {...fieldAria('drawer-host', errors.host)} value={shift.drawer.host} placeholder="192.168.1.50" onChange={(e) => setShift({ ...shift, drawer: { ...shift.drawer, host: e.target.value } })} />
            </Field>
            <Field id="drawer-port" label="Puerto" error={errors.port}>
              <input {...fieldAria('drawer-port', errors.port)} inputMode="numeric" value={port} onChange={(e) => setPort(e.target.value)} />
            </Field>
          </div>
        ) : null}
        <div className="settings__inline">
          <button type="submit">Guardar ajustes de caja</button>
          {shift.drawer.mode === 'network' ? (
            <button type="button" onClick={() => void test()}>
              Probar cajón
            </button>
          ) : null}
        </div>
      </form>
    </SettingsSection>
  );
}
