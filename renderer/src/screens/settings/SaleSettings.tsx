// How the till sells: whether the price and IGV affectation of a catalogue product may be changed on the line.
// Stored by the core, so every cashier of this machine gets the same till.
import { useState } from 'react';
import type { SettingsView } from '../../../../shared/bridge';
import { useSettings } from '../../app/settings-context';
import { CheckboxField } from '../../components/Field';
import { call } from '../../pos';
import type { SaveMessage } from './save-result';
import { SettingsSection } from './SettingsSection';

const HINT = 'Si está desactivado, el precio y la afectación del IGV de un producto del catálogo no se pueden cambiar en la línea.';

export function SaleSettings({ settings }: { settings: SettingsView }): React.JSX.Element {
  const { replace } = useSettings();
  const [allow, setAllow] = useState(settings.sale.allowPriceChange);
  const [message, setMessage] = useState<SaveMessage>(null);

  const save = async () => {
    const result = await call((api) => api.saveSettings({ sale: { allowPriceChange: allow } }));
    if (result.ok) {
      replace(result.value);
      setMessage({ tone: 'success', text: 'Cambios guardados.' });
    } else {
      setAllow(settings.sale.allowPriceChange);
      setMessage({ tone: 'error', text: result.error.message });
    }
  };

  return (
    <SettingsSection id="settings-sale" title="Venta" message={message}>
      <form
        className="settings__form"
        noValidate
        aria-label="Ajustes de la venta"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <CheckboxField id="settings-allow-price-change" label="Permitir cambiar precio en la venta">
          <input
            id="settings-allow-price-change"
            type="checkbox"
            checked={allow}
            aria-describedby="settings-allow-price-change-hint"
            onChange={(event) => setAllow(event.target.checked)}
          />
        </CheckboxField>
        <p id="settings-allow-price-change-hint" className="field__hint settings__check-hint">
          {HINT}
        </p>
        <button type="submit">Guardar venta</button>
      </form>
    </SettingsSection>
  );
}
