// A purchase (compra) as the supplier's document shows it: the supplier (the RUC lookup fills the name), the
// document's type, series, number and date, and its lines with quantity and cost, with or without IGV, by the unit or
// by the pack. The core refuses the same supplier document twice.
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { Field } from '../../components/Field';
import { useIntentKey } from '../../intent-key';
import { call } from '../../pos';

interface Line {
  code: string;
  quantity: string;
  unitCost: string;
  costIncludesIgv: boolean;
  pack: string;
}

const emptyLine = (): Line => ({ code: '', quantity: '', unitCost: '', costIncludesIgv: true, pack: '' });
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Lima' });

export function PurchaseForm({ onCancel, onSaved }: { onCancel: () => void; onSaved: (message: string) => void }): React.JSX.Element {
  const key = useIntentKey();
  const [ruc, setRuc] = useState('');
  const [name, setName] = useState('');
  const [docType, setDocType] = useState('01');
  const [series, setSeries] = useState('');
  const [number, setNumber] = useState('');
  const [date, setDate] = useState(today());
  const [lines, setLines] = useState<Line[]>([emptyLine()]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const setLine = (i: number, change: Partial<Line>) => setLines((all) => all.map((l, k) => (k === i ? { ...l, ...change } : l)));

  const lookup = async () => {
    const result = await call((api) => api.lookupCustomer({ docType: '6', docNumber: ruc.trim() }));
    if (!result.ok) setError(result.error.message);
    else if (result.value.customer) setName(result.value.customer.name);
    else setError(result.value.note ?? 'No se encontró el RUC: escriba el nombre.');
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await call((api) =>
      api.recordPurchase({
        clientKey: key.current(),
        supplier: { docType: '6', docNumber: ruc.trim(), name: name.trim() },
        document: { type: docType, series: series.trim(), number: number.trim(), date },
        lines: lines
          .filter((l) => l.code.trim() !== '')
          .map((l) => ({
            code: l.code.trim(),
            quantity: l.quantity.trim(),
            unitCost: l.unitCost.trim(),
            costIncludesIgv: l.costIncludesIgv,
            ...(l.pack.trim() ? { pack: l.pack.trim() } : {}),
          })),
      }),
    );
    setBusy(false);
    if (!result.ok) {
      const fields = result.error.code === 'validation' ? (result.error.fields ?? []) : [];
      setError(fields.length > 0 ? `${result.error.message} ${fields.map((f) => f.message).join('; ')}` : result.error.message);
      return;
    }
    key.done();
    onSaved(`Compra registrada: ${series.trim().toUpperCase()}-${number.trim()} de ${name.trim()}.`);
  };

  return (
    <aside className="products__editor" aria-labelledby="purchase-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id="purchase-title">Registrar compra</h2>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <Field id="purchase-ruc" label="RUC del proveedor">
          <input id="purchase-ruc" value={ruc} onChange={(e) => setRuc(e.target.value)} inputMode="numeric" autoComplete="off" />
        </Field>
        <button type="button" className="button--link" onClick={() => void lookup()}>
          Buscar RUC
        </button>
        <Field id="purchase-name" label="Proveedor">
          <input id="purchase-name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
        </Field>
        <Field id="purchase-type" label="Comprobante">
          <select id="purchase-type" value={docType} onChange={(e) => setDocType(e.target.value)}>
            <option value="01">Factura</option>
            <option value="03">Boleta</option>
            <option value="09">Guía de remisión</option>
          </select>
        </Field>
        <Field id="purchase-series" label="Serie">
          <input id="purchase-series" value={series} onChange={(e) => setSeries(e.target.value)} autoComplete="off" />
        </Field>
        <Field id="purchase-number" label="Número">
          <input id="purchase-number" value={number} onChange={(e) => setNumber(e.target.value)} inputMode="numeric" autoComplete="off" />
        </Field>
        <Field id="purchase-date" label="Fecha">
          <input id="purchase-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </Field>
        <fieldset>
          <legend>Productos</legend>
          {lines.map((l, i) => (
            <div key={i} className="purchase__line" data-testid={`purchase-line-${i}`}>
              <Field id={`purchase-code-${i}`} label="Código">
                <input id={`purchase-code-${i}`} value={l.code} onChange={(e) => setLine(i, { code: e.target.value })} autoComplete="off" />
              </Field>
              <Field id={`purchase-quantity-${i}`} label="Cantidad">
                <input id={`purchase-quantity-${i}`} value={l.quantity} onChange={(e) => setLine(i, { quantity: e.target.value })} inputMode="decimal" />
              </Field>
              <Field id={`purchase-cost-${i}`} label="Costo unitario">
                <input id={`purchase-cost-${i}`} value={l.unitCost} onChange={(e) => setLine(i, { unitCost: e.target.value })} inputMode="decimal" />
              </Field>
              <Field id={`purchase-pack-${i}`} label="Unidades por paquete" hint="Vacío: se compra por unidad">
                <input id={`purchase-pack-${i}`} value={l.pack} onChange={(e) => setLine(i, { pack: e.target.value })} inputMode="numeric" />
              </Field>
              <label>
                <input type="checkbox" checked={l.costIncludesIgv} onChange={(e) => setLine(i, { costIncludesIgv: e.target.checked })} /> El costo incluye IGV
              </label>
            </div>
          ))}
          <button type="button" className="button--link" onClick={() => setLines((all) => [...all, emptyLine()])}>
            Agregar producto
          </button>
        </fieldset>
        <div className="products__editor-actions">
          <button type="submit" className="button--primary" disabled={busy}>
            Guardar compra
          </button>
          <button type="button" onClick={onCancel}>
            Cancelar
          </button>
        </div>
      </form>
    </aside>
  );
}
