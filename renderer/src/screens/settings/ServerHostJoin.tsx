// Ajustes → Servidor de la tienda → "Unir esta caja con un código": the address the server PC shows
// (typed, or found on the network by mDNS) and its one-time code; the core registers this till and fills in the
// connection (its own user and password, TLS with the shop's certificate).
import { useState } from 'react';
import { JoinShopServerInputSchema, type FoundServer, type SettingsView } from '../../../../shared/bridge';
import { useSettings } from '../../app/settings-context';
import { Alert } from '../../components/Alert';
import { Field, fieldAria } from '../../components/Field';
import { call } from '../../pos';
import type { SaveMessage } from './save-result';

export function ServerHostJoin({ settings, onJoined }: { settings: SettingsView; onJoined: (view: SettingsView) => void }): React.JSX.Element {
  const { replace } = useSettings();
  const [host, setHost] = useState('');
  const [port, setPort] = useState('5432');
  const [code, setCode] = useState('');
  const [terminalName, setTerminalName] = useState(settings.shopServer.settings.terminalName);
  const [found, setFound] = useState<FoundServer[] | null>(null);
  const [busy, setBusy] = useState<'search' | 'join' | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<SaveMessage>(null);

  const search = async () => {
    setBusy('search');
    const r = await call((api) => api.discoverShopServers({}));
    setBusy(null);
    if (r.ok) setFound(r.value);
    else setMessage({ tone: 'error', text: r.error.message });
  };

  const join = async () => {
    const checked = JoinShopServerInputSchema.safeParse({ host, port: Number(port), code, terminalName });
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path.at(-1)), i.message])));
      return;
    }
    setErrors({});
    setBusy('join');
    const r = await call((api) => api.joinShopServer(checked.data));
    setBusy(null);
    if (!r.ok) {
      setMessage({ tone: 'error', text: r.error.message });
      return;
    }
    replace(r.value);
    onJoined(r.value);
    setCode('');
    setMessage({ tone: 'success', text: 'Esta caja quedó unida al servidor de la tienda.' });
  };

  return (
    <form className="settings__form" noValidate aria-label="Unir esta caja con un código" onSubmit={(e) => { e.preventDefault(); void join(); }}>
      <h3>Unir esta caja con un código</h3>
      <p className="muted">En el servidor de la tienda: Ajustes → Servidor de la tienda → «Generar código para una caja».</p>
      <div className="settings__inline">
        <button type="button" disabled={busy !== null} onClick={() => void search()}>
          {busy === 'search' ? 'Buscando…' : 'Buscar en la red'}
        </button>
        {found?.length === 0 && <span className="muted">No se encontró ningún servidor: escriba la dirección.</span>}
        {found?.map((f) => (
          <button key={`${f.name}:${f.port}`} type="button" onClick={() => { setHost(f.addresses[0] ?? ''); setPort(String(f.port)); }}>
            {f.shop ?? f.name} ({f.addresses[0] ?? '?'}:{f.port})
          </button>
        ))}
      </div>
      <div className="settings__inline">
        <Field id="join-host" label="Dirección del servidor" error={errors.host}>
          <input {...fieldAria('join-host', errors.host)} autoComplete="off" value={host} onChange={(e) => setHost(e.target.value)} />
        </Field>
        <Field id="join-port" label="Puerto" error={errors.port}>
          <input {...fieldAria('join-port', errors.port)} inputMode="numeric" value={port} onChange={(e) => setPort(e.target.value)} />
        </Field>
      </div>
      <div className="settings__inline">
        <Field id="join-code" label="Código" error={errors.code}>
          <input {...fieldAria('join-code', errors.code)} autoComplete="off" spellCheck={false} value={code} onChange={(e) => setCode(e.target.value)} />
        </Field>
        <Field id="join-terminalName" label="Nombre de esta caja" error={errors.terminalName}>
          <input {...fieldAria('join-terminalName', errors.terminalName)} value={terminalName} onChange={(e) => setTerminalName(e.target.value)} />
        </Field>
      </div>
      <button type="submit" disabled={busy !== null}>
        {busy === 'join' ? 'Uniendo…' : 'Unir esta caja'}
      </button>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
    </form>
  );
}
