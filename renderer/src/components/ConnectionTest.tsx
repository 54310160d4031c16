// "Probar conexión": asks the core to check the configured API's addresses and tokens (nothing is declared) and shows,
// per API, what answered. Reused by Ajustes (and by a first-run setup when there is one).
import { useState } from 'react';
import type { ConnectionTest as Result } from '../../../shared/bridge';
import { call } from '../pos';

function Line({ label, probe }: { label: string; probe: Result['billing'] }): React.JSX.Element {
  return (
    <li className={probe.ok ? 'probe probe--ok' : 'probe probe--fail'}>
      <strong>{label}:</strong> {probe.ok ? '✓ ' : '✗ '}
      {probe.message}
    </li>
  );
}

/** `before`: what to save first (the setup wizard saves the addresses and token it holds); false stops the test. */
export function ConnectionTest({ before }: { before?: () => Promise<boolean> } = {}): React.JSX.Element {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    if (before && !(await before())) {
      setBusy(false);
      return;
    }
    const answer = await call((api) => api.testConnection({}));
    setBusy(false);
    if (answer.ok) setResult(answer.value);
    else setError(answer.error.message);
  };
  return (
    <div className="connection-test" role="group" aria-label="Probar conexión">
      <button type="button" onClick={() => void run()} disabled={busy} aria-busy={busy}>
        {busy ? 'Probando…' : 'Probar conexión'}
      </button>
      <span className="muted"> Comprueba direcciones y tokens sin declarar nada.</span>
      {error ? <p role="alert">{error}</p> : null}
      {result ? (
        <ul className="connection-test__result" data-testid="connection-result" aria-live="polite">
          <Line label="Envío de comprobantes" probe={result.billing} />
          <Line label="Consultas (DNI, RUC, comprobantes)" probe={result.query} />
        </ul>
      ) : null}
    </div>
  );
}
