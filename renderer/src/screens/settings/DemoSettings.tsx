// Demo mode: documents go to the local sandbox and are never declared. Leaving it needs the API and the token.
import { useState } from 'react';
import type { SettingsView } from '../../../../shared/bridge';
import { useSettings } from '../../app/settings-context';
import { CheckboxField } from '../../components/Field';
import { call } from '../../pos';
import type { SaveMessage } from './save-result';
import { SettingsSection } from './SettingsSection';

export function DemoSettings({ settings }: { settings: SettingsView }): React.JSX.Element {
  const { replace } = useSettings();
  const [demo, setDemo] = useState(settings.demo);
  const [message, setMessage] = useState<SaveMessage>(null);

  const save = async () => {
    const result = await call((api) => api.saveSettings({ demo }));
    if (result.ok) {
      replace(result.value);
      setMessage({ tone: 'success', text: demo ? 'Modo demo activado.' : 'Modo demo desactivado: los documentos se declaran a SUNAT.' });
    } else {
      setDemo(settings.demo);
      const detail = result.error.fields?.map((f) => f.message).join(' ') ?? '';
      setMessage({ tone: 'error', text: `${result.error.message} ${detail}`.trim() });
    }
  };

  return (
    <SettingsSection id="settings-demo" title="Modo demo" message={message}>
      <form
        className="settings__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <CheckboxField id="settings-demo-mode" label="Modo demo (los documentos no se declaran a SUNAT)">
          <input id="settings-demo-mode" type="checkbox" checked={demo} onChange={(event) => setDemo(event.target.checked)} />
        </CheckboxField>
        <button type="submit">Guardar modo</button>
      </form>
    </SettingsSection>
  );
}
