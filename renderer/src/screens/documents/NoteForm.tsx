// A credit or debit note on a document, from its detail: every reason of catálogo 09 (credit) or 10
// (debit); the whole document, some lines and quantities, or an amount, as the reason asks. The input is checked by
// the bridge's own schema (NoteInputSchema); the core checks what is left after earlier notes before a number is spent.
import { useState } from 'react';
import type { Invoice } from '../../../../shared/api';
import { NoteInputSchema, type DocumentDetail, type DocumentSummary, type NoteInput } from '../../../../shared/bridge';
import type { NoteDocType } from '../../../../shared/catalog';
import { offeredNoteReasons } from '../../../../shared/catalog/note-reasons';
import { Alert } from '../../components/Alert';
import { useIntentKey } from '../../intent-key';
import { call } from '../../pos';

interface NoteFormProps {
  detail: DocumentDetail;
  type: NoteDocType;
  onDone: (summary: DocumentSummary) => void;
  onCancel: () => void;
}

export function NoteForm({ detail, type, onDone, onCancel }: NoteFormProps): React.JSX.Element {
  // Only the reasons Caja can build: exports, IVAP and payment-term corrections need what a shop's sale never has.
  const reasons = offeredNoteReasons(type);
  const [reason, setReason] = useState(reasons[0]?.code ?? '01');
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per opening of the form, sent again on every retry of its submission: a note whose answer was lost (the
  // core died after the commit) is answered again, never issued twice.
  const intent = useIntentKey();
  const lines = (JSON.parse(detail.payload) as Invoice).detalle ?? [];
  const chosen = reasons.find((r) => r.code === reason);
  const mode = chosen?.mode ?? 'amount';
  const boletaNotice = detail.docType === '03' ? chosen?.onBoleta : undefined;
  const title = type === '07' ? 'Nota de crédito' : 'Nota de débito';

  const submit = async () => {
    const input: NoteInput = {
      of: detail.id,
      type,
      reason,
      description: description || (reasons.find((r) => r.code === reason)?.label ?? ''),
      ...(mode === 'lines'
        ? { lines: Object.entries(quantities).filter(([, q]) => q.trim() !== '' && Number(q) > 0).map(([l, q]) => ({ line: Number(l), quantity: q.trim() })) }
        : {}),
      ...(mode === 'amount' ? { amount: amount.trim() } : {}),
      clientKey: intent.current(),
    };
    const checked = NoteInputSchema.safeParse(input);
    if (!checked.success) {
      setMessage(checked.error.issues[0]?.message ?? 'Revise los datos de la nota.');
      return;
    }
    setBusy(true);
    const result = await call((api) => api.issueNote(input));
    setBusy(false);
    if (result.ok) {
      intent.done();
      onDone(result.value);
    } else setMessage(result.error.message);
  };

  return (
    <section className="note-form" aria-label={title} data-testid={`note-form-${type}`}>
      <h3>{title}</h3>
      {message ? <Alert tone="error">{message}</Alert> : null}
      <label>
        Motivo
        <select value={reason} onChange={(e) => setReason(e.target.value)} data-testid="note-reason">
          {reasons.map((r) => (
            <option key={r.code} value={r.code}>
              {r.code} {r.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Descripción del motivo
        <input value={description} maxLength={250} onChange={(e) => setDescription(e.target.value)} data-testid="note-description" />
      </label>
      {boletaNotice ? (
        <p className="muted" data-testid="note-reason-notice">
          {boletaNotice}
        </p>
      ) : null}
      {mode === 'whole' ? <p className="muted">La nota toma el comprobante completo.</p> : null}
      {mode === 'lines' ? (
        <table className="history">
          <thead>
            <tr>
              <th scope="col">Producto</th>
              <th scope="col" className="num">Vendido</th>
              <th scope="col" className="num">Cantidad</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l, i) => (
              <tr key={i}>
                <td>{l.descripcion}</td>
                <td className="num">{String(l.cantidad)}</td>
                <td className="num">
                  <input
                    aria-label={`Cantidad de ${l.descripcion}`}
                    inputMode="decimal"
                    value={quantities[i + 1] ?? ''}
                    onChange={(e) => setQuantities((q) => ({ ...q, [i + 1]: e.target.value }))}
                    data-testid={`note-line-${i + 1}`}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {mode === 'amount' ? (
        <label>
          Monto (IGV incluido)
          <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} data-testid="note-amount" />
        </label>
      ) : null}
      <div className="detail__actions">
        <button type="button" onClick={() => void submit()} disabled={busy} data-testid="note-submit">
          Emitir {title.toLowerCase()}
        </button>
        <button type="button" onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </section>
  );
}
