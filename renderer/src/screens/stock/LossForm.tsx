// "Registrar merma": goods that left the shelf without a sale (humedad, rotura, vencimiento, robo), written off by a
// supervisor with the reason. They leave the kardex at the average cost; the core keeps it as an approved count.
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { Field } from '../../components/Field';
import { useIntentKey } from '../../intent-key';
import { call } from '../../pos';

interface LossLine {
  code: string;
  quantity: string;
}

const emptyLine = (): LossLine => ({ code: '', quantity: '' });

export function LossForm({ onCancel, onSaved }: { onCancel: () => void; onSaved: (message: string) => void }): React.JSX.Element {
  const key = useIntentKey();
  const [lines, setLines] = useState<LossLine[]>([emptyLine()]);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const setLine = (i: number, change: Partial<LossLine>) => setLines((all) => all.map((l, j) => (j === i ? { ...l, ...change } : l)));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const filled = lines.filter((l) => l.code.trim() !== '' || l.quantity.trim() !== '');
    setBusy(true);
    const result = await call((api) => api.recordStockLoss({ clientKey: key.current(), lines: filled, reason }));
    setBusy(false);
    if (!result.ok) {
      const fields = result.error.code === 'validation' ? (result.error.fields ?? []) : [];
      setError(fields.length > 0 ? `${result.error.message} ${fields.map((f) => f.message).join('; ')}` : result.error.message);
      return;
    }
    key.done();
    const what = result.value.lines.map((l) => `${l.code} ${l.difference.replace('-', '')}`).join(', ');
    onSaved(`Merma registrada: ${what}.`);
  };

  return (
    <aside className="products__editor" aria-labelledby="loss-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id="loss-title">Registrar merma</h2>
        <p className="muted">Productos que salieron sin venta (rotura, humedad, vencimiento, robo). Lo registra un supervisor.</p>
        {error ? <Alert tone="error">{error}</Alert> : null}
        {lines.map((l, i) => (
          <div key={i} className="purchase__line" data-testid={`loss-line-${i}`}>
            <Field id={`loss-code-${i}`} label="Código">
              <input id={`loss-code-${i}`} value={l.code} onChange={(e) => setLine(i, { code: e.target.value })} autoComplete="off" />
            </Field>
            <Field id={`loss-quantity-${i}`} label="Cantidad perdida">
              <input id={`loss-quantity-${i}`} value={l.quantity} onChange={(e) => setLine(i, { quantity: e.target.value })} inputMode="decimal" />
            </Field>
          </div>
        ))}
        <button type="button" className="button--link" onClick={() => setLines((all) => [...all, emptyLine()])}>
          Agregar producto
        </button>
        <Field id="loss-reason" label="Motivo">
          <input id="loss-reason" value={reason} onChange={(e) => setReason(e.target.value)} autoComplete="off" placeholder="Bolsas rotas por humedad" />
        </Field>
        <div className="products__editor-actions">
          <button type="submit" className="button--primary" disabled={busy}>
            Guardar merma
          </button>
          <button type="button" onClick={onCancel}>
            Cancelar
          </button>
        </div>
      </form>
    </aside>
  );
}
