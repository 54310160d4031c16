// Exportar para el contador: the documents of a range of issue dates as CSV or as a zip (JSON + CDR + CSV).
import { useState } from 'react';
import { ExportInputSchema, type ExportFormat } from '../../../../shared/bridge';
import { Alert } from '../../components/Alert';
import { DayInput } from '../../components/DayInput';
import { Field, fieldAria } from '../../components/Field';
import { todayLima } from '../../format/dates';
import { call } from '../../pos';

type Errors = { from?: string; to?: string };
type Message = { tone: 'success' | 'error'; text: string } | null;

export function ExportSettings(): React.JSX.Element {
  const today = todayLima();
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);

  const exportNow = async () => {
    setMessage(null);
    const parsed = ExportInputSchema.safeParse({ from, to, format });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'from' ? 'from' : 'to';
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    const result = await call((api) => api.exportDocuments(parsed.data));
    setBusy(false);
    if (result.ok) {
      const { saved, fileName, documents } = result.value;
      setMessage(saved ? { tone: 'success', text: `Archivo guardado: ${fileName ?? ''} (${documents} comprobantes)` } : null);
    } else {
      const next: Errors = {};
      for (const f of result.error.fields ?? []) if (f.path === 'from' || f.path === 'to') next[f.path] = f.message;
      setErrors(next);
      setMessage({ tone: 'error', text: result.error.message });
    }
  };

  return (
    <section className="panel settings__section" aria-labelledby="settings-export-title">
      <h2 id="settings-export-title">Exportar para el contador</h2>
      <p className="muted">Comprobantes emitidos entre dos fechas (ambas incluidas), con sus importes y estado en SUNAT.</p>
      <form
        className="settings__form settings__grid"
        noValidate
        aria-label="Exportar comprobantes"
        onSubmit={(event) => {
          event.preventDefault();
          void exportNow();
        }}
      >
        <Field id="export-from" label="Desde" error={errors.from}>
          <DayInput {...fieldAria('export-from', errors.from)} value={from} onChange={setFrom} />
        </Field>
        <Field id="export-to" label="Hasta" error={errors.to}>
          <DayInput {...fieldAria('export-to', errors.to)} value={to} onChange={setTo} />
        </Field>
        <fieldset className="export__format settings__wide">
          <legend>Formato</legend>
          <label>
            <input type="radio" name="export-format" value="csv" checked={format === 'csv'} onChange={() => setFormat('csv')} /> CSV
            (hoja de cálculo)
          </label>
          <label>
            <input type="radio" name="export-format" value="zip" checked={format === 'zip'} onChange={() => setFormat('zip')} /> ZIP
            (JSON, CDR y CSV)
          </label>
        </fieldset>
        <div className="settings__actions">
          <button type="submit" className="button--primary" disabled={busy} aria-busy={busy}>
            {busy ? 'Exportando…' : 'Exportar'}
          </button>
        </div>
      </form>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
    </section>
  );
}
