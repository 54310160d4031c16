// How the till sells: whether the price and IGV affectation of a catalogue product may be changed on the line, and
// whether payments by app or transfer must carry their operation number.
// Stored by the core, so every cashier of this machine gets the same till.
import { useState } from 'react';
import { Field } from '../../components/Field';
import type { SettingsView } from '../../../../shared/bridge';
import { useSettings } from '../../app/settings-context';
import { useDirtyGuard } from '../../app/unsaved';
import { CheckboxField } from '../../components/Field';
import { call } from '../../pos';
import type { SaveMessage } from './save-result';
import { SettingsSection } from './SettingsSection';

const HINT = 'Si está desactivado, el precio y la afectación del IGV de un producto del catálogo no se pueden cambiar en la línea.';

export function SaleSettings({ settings }: { settings: SettingsView }): React.JSX.Element {
  const { replace } = useSettings();
  const [allow, setAllow] = useState(settings.sale.allowPriceChange);
  const [printOnIssue, setPrintOnIssue] = useState(settings.sale.printOnIssue);
  const [scaleMode, setScaleMode] = useState(settings.sale.scale.mode);
  const [operationNumber, setOperationNumber] = useState(settings.sale.requireOperationNumber);
  const [message, setMessage] = useState<SaveMessage>(null);
  // Leaving Ajustes with a changed box or option asks first; a saved choice is the settings' own value.
  const saved = settings.sale;
  useDirtyGuard('sale', allow !== saved.allowPriceChange || printOnIssue !== saved.printOnIssue || scaleMode !== saved.scale.mode || operationNumber !== saved.requireOperationNumber);

  const save = async () => {
    const result = await call((api) => api.saveSettings({ sale: { allowPriceChange: allow, printOnIssue, scale: { mode: scaleMode, itemDigits: settings.sale.scale.itemDigits }, requireOperationNumber: operationNumber } }));
    if (result.ok) {
      replace(result.value);
      setMessage({ tone: 'success', text: 'Cambios guardados.' });
    } else {
      setAllow(settings.sale.allowPriceChange);
      setPrintOnIssue(settings.sale.printOnIssue);
      setScaleMode(settings.sale.scale.mode);
      setOperationNumber(settings.sale.requireOperationNumber);
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
        <CheckboxField id="settings-print-on-issue" label="Imprimir al emitir">
          <input
            id="settings-print-on-issue"
            type="checkbox"
            checked={printOnIssue}
            aria-describedby="settings-print-on-issue-hint"
            onChange={(event) => setPrintOnIssue(event.target.checked)}
          />
        </CheckboxField>
        <p id="settings-print-on-issue-hint" className="field__hint settings__check-hint">
          Con esta opción, Enter en el comprobante recién emitido lo imprime y empieza la siguiente venta.
        </p>
        <CheckboxField id="settings-require-operation-number" label="Pedir el número de operación en Yape, Plin y transferencias">
          <input
            id="settings-require-operation-number"
            type="checkbox"
            checked={operationNumber}
            aria-describedby="settings-require-operation-number-hint"
            onChange={(event) => setOperationNumber(event.target.checked)}
          />
        </CheckboxField>
        <p id="settings-require-operation-number-hint" className="field__hint settings__check-hint">
          Con el número de operación puede cuadrar cada pago con el estado de cuenta de su billetera o banco (Caja → Reporte de ventas).
        </p>
        <Field id="settings-scale-mode" label="Etiquetas de balanza (EAN-13 que empieza con 20–29)">
          <select id="settings-scale-mode" value={scaleMode} onChange={(event) => setScaleMode(event.target.value as typeof scaleMode)}>
            <option value="off">No usar</option>
            <option value="weight">Código del producto (5 dígitos) + peso en gramos</option>
            <option value="price">Código del producto (5 dígitos) + precio en céntimos</option>
          </select>
        </Field>
        <button type="submit">Guardar venta</button>
      </form>
    </SettingsSection>
  );
}
