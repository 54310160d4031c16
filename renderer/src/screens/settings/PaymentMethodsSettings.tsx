// Medios de pago: the methods the till offers, renamed, switched off or added by the owner. Checked with
// the shared schema (an active cash method, unique codes) before saving; a method's past sales keep its old name.
import { useState } from 'react';
import type { SettingsView } from '../../../../shared/bridge';
import { PAYMENT_KINDS, PAYMENT_KIND_LABELS, PaymentMethodsSchema, methodCodeFor, type PaymentKind, type PaymentMethod } from '../../../../shared/payments';
import { useSettings } from '../../app/settings-context';
import { useDirtyGuard } from '../../app/unsaved';
import { call } from '../../pos';
import type { SaveMessage } from './save-result';
import { SettingsSection } from './SettingsSection';

export function PaymentMethodsSettings({ settings }: { settings: SettingsView }): React.JSX.Element {
  const { replace } = useSettings();
  const [methods, setMethods] = useState<PaymentMethod[]>(settings.paymentMethods);
  const [newLabel, setNewLabel] = useState('');
  const [newKind, setNewKind] = useState<PaymentKind>('card');
  const [message, setMessage] = useState<SaveMessage>(null);
  useDirtyGuard('payment-methods', JSON.stringify(methods) !== JSON.stringify(settings.paymentMethods));

  const change = (index: number, patch: Partial<PaymentMethod>) =>
    setMethods((list) => list.map((m, i) => (i === index ? { ...m, ...patch } : m)));

  const add = () => {
    const label = newLabel.trim();
    if (label === '') {
      setMessage({ tone: 'error', text: 'Escriba el nombre del nuevo medio de pago.' });
      return;
    }
    setMethods((list) => [...list, { code: methodCodeFor(label, new Set(list.map((m) => m.code))), label, kind: newKind, active: true }]);
    setNewLabel('');
    setMessage(null);
  };

  const save = async () => {
    const checked = PaymentMethodsSchema.safeParse(methods);
    if (!checked.success) {
      setMessage({ tone: 'error', text: checked.error.issues[0]?.message ?? 'Revise los medios de pago.' });
      return;
    }
    const result = await call((api) => api.saveSettings({ paymentMethods: checked.data }));
    if (result.ok) {
      replace(result.value);
      setMethods(result.value.paymentMethods);
      setMessage({ tone: 'success', text: 'Cambios guardados.' });
    } else setMessage({ tone: 'error', text: result.error.message });
  };

  return (
    <SettingsSection id="settings-payments" title="Medios de pago" message={message}>
      <form
        className="settings__form"
        noValidate
        aria-label="Medios de pago"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <table className="installments">
          <thead>
            <tr>
              <th scope="col">Nombre</th>
              <th scope="col">Tipo</th>
              <th scope="col">Activo</th>
            </tr>
          </thead>
          <tbody>
            {methods.map((method, index) => (
              <tr key={method.code}>
                <td>
                  <input aria-label={`Nombre del medio ${method.code}`} value={method.label} maxLength={30} onChange={(e) => change(index, { label: e.target.value })} />
                </td>
                <td>
                  <select aria-label={`Tipo del medio ${method.code}`} value={method.kind} onChange={(e) => change(index, { kind: e.target.value as PaymentKind })}>
                    {PAYMENT_KINDS.map((kind) => (
                      <option key={kind} value={kind}>
                        {PAYMENT_KIND_LABELS[kind]}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <input type="checkbox" aria-label={`${method.label} activo`} checked={method.active} onChange={(e) => change(index, { active: e.target.checked })} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="settings__inline">
          <input aria-label="Nuevo medio de pago" placeholder="Ej. Tarjeta Ripley" value={newLabel} maxLength={30} onChange={(e) => setNewLabel(e.target.value)} />
          <select aria-label="Tipo del nuevo medio" value={newKind} onChange={(e) => setNewKind(e.target.value as PaymentKind)}>
            {PAYMENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {PAYMENT_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
          <button type="button" onClick={add}>
            Agregar
          </button>
        </div>
        <button type="submit">Guardar medios de pago</button>
      </form>
    </SettingsSection>
  );
}
