// Registro de ventas (SIRE): the month's register in the layout of the file that replaces SUNAT's proposal, and its
// check against the proposal file SIRE gives (docs/sunat/sire-rvie.md).
import { useState } from 'react';
import { SirePeriodSchema, type RegisterDifference, type SalesRegisterComparison } from '../../../../shared/bridge';
import { Alert } from '../../components/Alert';
import { downloadLatin1 } from '../../components/download';
import { Field, fieldAria } from '../../components/Field';
import { todayLima } from '../../format/dates';
import { call } from '../../pos';

type Message = { tone: 'success' | 'error'; text: string } | null;

/** The proposal as SIRE gives it: UTF-8 when it reads as such, else ISO-8859-1. */
async function proposalText(file: File): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('iso-8859-1').decode(bytes);
  }
}

function DifferenceList({ title, items }: { title: string; items: RegisterDifference[] }): React.JSX.Element {
  return (
    <section aria-label={title}>
      <h3>
        {title} ({items.length})
      </h3>
      {items.length === 0 ? (
        <p className="muted">Ninguno.</p>
      ) : (
        <ul>
          {items.map((d) => (
            <li key={`${d.docType}-${d.series}-${d.number}`}>
              <strong>
                {d.docType} {d.series}-{d.number}
              </strong>
              : {d.what}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function SalesRegister(): React.JSX.Element {
  const [period, setPeriod] = useState(todayLima().slice(0, 7));
  const [periodError, setPeriodError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [comparison, setComparison] = useState<SalesRegisterComparison | null>(null);

  const checkedPeriod = (): string | null => {
    const parsed = SirePeriodSchema.safeParse(period);
    setPeriodError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    return parsed.success ? parsed.data : null;
  };

  const download = async () => {
    const valid = checkedPeriod();
    if (!valid) return;
    setBusy(true);
    const result = await call((api) => api.exportSalesRegister({ period: valid }));
    setBusy(false);
    if (!result.ok) {
      setMessage({ tone: 'error', text: result.error.message });
      return;
    }
    const { fileName, text, documents, totals } = result.value;
    downloadLatin1(text, fileName);
    setMessage({
      tone: 'success',
      text: `Descargado: ${fileName} (${documents} comprobantes). En soles: gravado ${totals.gravado}, exonerado ${totals.exonerado}, inafecto ${totals.inafecto}, IGV ${totals.igv}, ICBPER ${totals.icbper}, total ${totals.total}.`,
    });
  };

  const compare = async (file: File | undefined) => {
    const valid = checkedPeriod();
    if (!valid || !file) return;
    setBusy(true);
    const proposal = await proposalText(file);
    const result = await call((api) => api.compareSalesRegister({ period: valid, proposal }));
    setBusy(false);
    if (!result.ok) {
      setComparison(null);
      setMessage({ tone: 'error', text: result.error.message });
      return;
    }
    setComparison(result.value);
    const { onlyInSunat, onlyInCaja, different } = result.value;
    const same = onlyInSunat.length + onlyInCaja.length + different.length === 0;
    setMessage(same ? { tone: 'success', text: 'La propuesta de SUNAT coincide con los comprobantes de esta caja.' } : null);
  };

  return (
    <div className="lookup">
      <p className="lookup__note">
        Registro de Ventas e Ingresos (RVIE) del mes, en el formato con el que SIRE reemplaza su propuesta, y su comparación con
        la propuesta que SIRE le da.
      </p>
      <form
        className="lookup__form lookup__form--wrap"
        noValidate
        aria-label="Registro de ventas SIRE"
        onSubmit={(event) => {
          event.preventDefault();
          void download();
        }}
      >
        <Field id="sire-period" label="Periodo" error={periodError}>
          <input {...fieldAria('sire-period', periodError)} type="month" value={period} onChange={(e) => setPeriod(e.target.value)} />
        </Field>
        <button type="submit" className="button--primary" disabled={busy} aria-busy={busy}>
          Descargar registro (SIRE)
        </button>
        <Field id="sire-proposal" label="Comparar con la propuesta de SUNAT (archivo .txt)">
          <input
            {...fieldAria('sire-proposal', undefined)}
            type="file"
            accept=".txt,.csv,text/plain"
            disabled={busy}
            onChange={(e) => {
              void compare(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </Field>
      </form>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      {comparison ? (
        <div>
          <DifferenceList title="Solo en SUNAT" items={comparison.onlyInSunat} />
          <DifferenceList title="Solo en Caja" items={comparison.onlyInCaja} />
          <DifferenceList title="Distintos" items={comparison.different} />
        </div>
      ) : null}
    </div>
  );
}
