// Ajustes → Servidor de la tienda → "Registrar como caja nueva": offered only while the shop server refuses
// this till because another till holds its identity (a data folder copied from it). This till takes a new identity;
// its documents stay and go up under it; it then needs series of its own.
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { useAppStatus } from '../../app/useAppStatus';
import { call } from '../../pos';

export function NewTillIdentity(): React.JSX.Element | null {
  const status = useAppStatus();
  const [asked, setAsked] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const server = status?.shopServer;
  if (!result && (!server || server.state !== 'conflict' || !/misma identidad/.test(server.message ?? ''))) return null;

  const register = async () => {
    const r = await call((api) => api.registerAsNewTill({}));
    setAsked(false);
    setResult(r.ok ? { tone: 'success', text: 'Esta caja tiene ahora una identidad nueva. Elija series propias en Ajustes → Esta caja y guarde.' } : { tone: 'error', text: r.error.message });
  };

  return (
    <div className="settings__form" role="group" aria-label="Identidad de esta caja">
      {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
      {!result && !asked ? (
        <button type="button" onClick={() => setAsked(true)}>
          Registrar como caja nueva
        </button>
      ) : null}
      {asked ? (
        <>
          <p>
            Esta caja dejará la identidad que comparte con la otra y tomará una nueva. Sus comprobantes no se pierden: suben con la identidad nueva (los que
            tengan un número que la otra caja ya usó quedan apartados, con el motivo). Después elija series propias para esta caja.
          </p>
          <div className="settings__inline">
            <button type="button" onClick={() => void register()}>
              Sí, registrar como caja nueva
            </button>
            <button type="button" onClick={() => setAsked(false)}>
              No, volver
            </button>
          </div>
        </>
      ) : null}
    </div>
  );
}
