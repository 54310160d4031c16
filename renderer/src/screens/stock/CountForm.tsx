// A physical count: scan a code (each scan adds one) or type how many; the core compares each product with its stock
// at that moment. The differences become adjustments when a supervisor approves them, with a reason.
import { useEffect, useRef, useState } from 'react';
import { Dec } from '../../../../shared/billing/decimal';
import type { StockCount } from '../../../../shared/bridge';
import { Alert } from '../../components/Alert';
import { Field } from '../../components/Field';
import { useIntentKey } from '../../intent-key';
import { call } from '../../pos';
import { categoryLabel } from './by-category';

interface CountLine {
  code: string;
  counted: string;
  /** Absent: not counted yet (a category's product not found is 0, compared when the count is recorded). */
  at?: string;
}

/**
 * `category` (not null): a count of that category only ('' is "Sin categoría"). Its products are the lines expected,
 * each at 0 until counted, and a code of another category is refused.
 */
export function CountForm({ category, onClose, onApproved }: {
  category: string | null;
  onClose: () => void;
  onApproved: (message: string) => void;
}): React.JSX.Element {
  const key = useIntentKey();
  // Each line keeps when it was last counted: the core compares it with the stock of that moment.
  const [counted, setCounted] = useState<CountLine[]>([]);
  const [expected, setExpected] = useState<ReadonlySet<string> | null>(null);
  const [scan, setScan] = useState('');
  const [count, setCount] = useState<StockCount | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const scanRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (category === null) return;
    let live = true;
    void call((api) => api.getStock({})).then((result) => {
      if (!live) return;
      if (!result.ok) {
        setError(result.error.message);
        return;
      }
      const codes = result.value.filter((r) => r.category === category).map((r) => r.code);
      setExpected(new Set(codes.map((c) => c.toUpperCase())));
      setCounted(codes.map((code) => ({ code, counted: '0' })));
    });
    return () => {
      live = false;
    };
  }, [category]);

  /** A scanned or typed code adds one to its line. */
  const addOne = (event: React.FormEvent) => {
    event.preventDefault();
    const code = scan.trim().toUpperCase();
    if (!code) return;
    if (category !== null && expected && !expected.has(code)) {
      setError(`El producto ${code} no es de la categoría ${categoryLabel(category)}: este conteo es solo de esa categoría.`);
      setScan('');
      return;
    }
    setError(null);
    const now = new Date().toISOString();
    setCounted((all) => {
      const at = all.findIndex((l) => l.code.toUpperCase() === code);
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
      <h2 id="count-title">Conteo físico{category === null ? '' : ` · ${categoryLabel(category)}`}</h2>
      {category !== null ? (
        <p className="field__hint">Solo los productos de esta categoría; los que no cuente se comparan como 0.</p>
      ) : null}
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
