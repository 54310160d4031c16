// Demo mode: documents go to the local sandbox and are never declared. Leaving it needs the API and the token:
// "Empezar a vender" opens the first-run wizard right here, which writes the real store and restarts.
import { useEffect, useRef, useState } from 'react';
import { SetupWizard } from '../setup/SetupWizard';
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
  const [wizard, setWizard] = useState(false);

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
      {settings.demo ? (
        <p className="settings__go-live">
          Para emitir comprobantes reales configure su empresa, sus series y la API.{' '}
          <button type="button" className="button--primary" onClick={() => setWizard(true)}>
            Empezar a vender…
          </button>
        </p>
      ) : null}
      {wizard ? <GoLiveDialog onClose={() => setWizard(false)} /> : null}
    </SettingsSection>
  );
}

/** The first-run wizard over Ajustes, for a till that started in demo mode. Esc closes it; nothing is written. */
function GoLiveDialog({ onClose }: { onClose: () => void }): React.JSX.Element {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="go-live-dialog"
      aria-label="Empezar a vender"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <SetupWizard goingLive={{ onCancel: onClose }} />
    </dialog>
  );
}
