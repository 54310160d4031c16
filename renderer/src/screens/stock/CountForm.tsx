// A physical count: scan a code (each scan adds one) or type how many; the core compares each product with its stock
// at that moment. The differences become adjustments when a supervisor approves them, with a reason.
import { useRef, useState } from 'react';
import { Dec } from '../../../../shared/billing/decimal';
import type { StockCount } from '../../../../shared/bridge';
import { Alert } from '../../components/Alert';
import { Field } from '../../components/Field';
import { useIntentKey } from '../../intent-key';
import { call } from '../../pos';

export function CountForm({ onClose, onApproved }: { onClose: () => void; onApproved: (message: string) => void }): React.JSX.Element {
  const key = useIntentKey();
  // Each line keeps when it was last counted: the core compares it with the stock of that moment.
  const [counted, setCounted] = useState<{ code: string; counted: string; at: string }[]>([]);
  const [scan, setScan] = useState('');
  const [count, setCount] = useState<StockCount | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const scanRef = useRef<HTMLInputElement>(null);

  /** A scanned or typed code adds one to its line. */
  const addOne = (event: React.FormEvent) => {
    event.preventDefault();
    const code = scan.trim().toUpperCase();
    if (!code) return;
    const now = new Date().toISOString();
    setCounted((all) => {
      const at = all.findIndex((l) => l.code === code);
      if (at < 0) return [...all, { code, counted: '1', at: now }];
      return all.map((l, i) => (i === at ? { ...l, at: now, counted: (/^\d{1,9}(\.\d{1,6})?$/.test(l.counted) ? new Dec(l.counted) : new Dec(0)).plus(1).toString() } : l));
    });
    setScan('');
    scanRef.current?.focus();
  };

  const record = async () => {
    setError(null);
    const result = await call((api) => api.recordStockCount({ clientKey: key.current(), lines: counted }));
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    key.done();
    setCount(result.value);
  };

  const approve = async () => {
    if (!count) return;
    setError(null);
    const result = await call((api) => api.approveStockCount({ id: count.id, ...(reason.trim() ? { reason: reason.trim() } : {}) }));
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    setCount(result.value);
    onApproved(`Conteo ${result.value.id} aprobado: las diferencias se ajustaron.`);
  };

  return (
    <aside className="products__editor" aria-labelledby="count-title">
      <h2 id="count-title">Conteo físico</h2>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {count === null ? (
        <>
          <form onSubmit={addOne}>
            <Field id="count-scan" label="Escanee o escriba el código (cada lectura suma uno)">
              <input id="count-scan" ref={scanRef} value={scan} onChange={(e) => setScan(e.target.value)} autoComplete="off" />
            </Field>
          </form>
          {counted.map((l, i) => (
            <Field key={l.code} id={`count-line-${i}`} label={`Contado de ${l.code}`}>
              <input
                id={`count-line-${i}`}
                value={l.counted}
                inputMode="decimal"
                onChange={(e) => setCounted((all) => all.map((x, k) => (k === i ? { ...x, counted: e.target.value, at: new Date().toISOString() } : x)))}
              />
            </Field>
          ))}
          <div className="products__editor-actions">
            <button type="button" className="button--primary" disabled={counted.length === 0} onClick={() => void record()}>
              Comparar con el stock
            </button>
            <button type="button" onClick={onClose}>
              Cancelar
            </button>
          </div>
        </>
      ) : (
        <>
          <table className="simple-table" data-testid="count-table">
            <caption className="visually-hidden">Diferencias del conteo {count.id}</caption>
            <thead>
              <tr>
                <th scope="col">Código</th>
                <th scope="col" className="num">Contado</th>
                <th scope="col" className="num">En stock</th>
                <th scope="col" className="num">Diferencia</th>
              </tr>
            </thead>
            <tbody>
              {count.lines.map((l) => (
                <tr key={l.code}>
                  <td className="mono">{l.code}</td>
                  <td className="num">{l.counted}</td>
                  <td className="num">{l.expected}</td>
                  <td className="num">{l.difference}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {count.status === 'pending' ? (
            <>
              <Field id="count-reason" label="Motivo del ajuste">
                <input id="count-reason" value={reason} onChange={(e) => setReason(e.target.value)} placeholder="Merma, error de conteo…" />
              </Field>
              <div className="products__editor-actions">
                <button type="button" className="button--primary" onClick={() => void approve()}>
                  Aprobar ajuste (supervisor)
                </button>
                <button type="button" onClick={onClose}>
                  Cerrar
                </button>
              </div>
            </>
          ) : (
            <button type="button" onClick={onClose}>
              Cerrar
            </button>
          )}
        </>
      )}
    </aside>
  );
}
