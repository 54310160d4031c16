// Transport guide by RUC, type, series and number (docs/api/invoicing-api.md §2.6): its main fields and a download of its XML.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Guide } from '../../../../shared/api';
import { GuideLookupInputSchema, type GuideLookupInput } from '../../../../shared/bridge';
import { useSettings } from '../../app/settings-context';
import { Alert } from '../../components/Alert';
import { downloadText } from '../../components/download';
import { Field, fieldAria } from '../../components/Field';
import { call } from '../../pos';
import { GuideView } from './GuideView';

type FormValues = z.input<typeof GuideLookupInputSchema>;

export function GuideLookup(): React.JSX.Element {
  const { settings } = useSettings();
  const { register, handleSubmit, formState } = useForm<FormValues, unknown, GuideLookupInput>({
    defaultValues: { ruc: settings?.company.ruc ?? '', type: '09', series: '', number: '' },
    resolver: zodResolver(GuideLookupInputSchema),
  });
  const [guide, setGuide] = useState<{ input: GuideLookupInput; data: Guide } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const e = formState.errors;

  const search = async (input: GuideLookupInput) => {
    setBusy(true);
    const result = await call((api) => api.lookupGuide(input));
    setBusy(false);
    if (result.ok) {
      setGuide({ input, data: result.value });
      setError(null);
    } else {
      setGuide(null);
      setError(result.error.message);
    }
  };

  const downloadXml = async () => {
    if (!guide) return;
    const result = await call((api) => api.downloadGuideXml(guide.input));
    if (result.ok) downloadText(result.value.xml, result.value.fileName);
    else setError(result.error.message);
  };

  return (
    <div className="lookup">
      <form className="lookup__form" noValidate onSubmit={handleSubmit(search)} aria-label="Consultar guía de remisión">
        <Field id="guide-ruc" label="RUC del emisor" error={e.ruc?.message}>
          <input {...fieldAria('guide-ruc', e.ruc?.message)} {...register('ruc')} inputMode="numeric" autoComplete="off" />
        </Field>
        <Field id="guide-type" label="Tipo de guía">
          <select id="guide-type" {...register('type')}>
            <option value="09">09 · Remitente</option>
            <option value="31">31 · Transportista</option>
          </select>
        </Field>
        <Field id="guide-series" label="Serie" error={e.series?.message}>
          <input {...fieldAria('guide-series', e.series?.message)} {...register('series')} autoComplete="off" className="input--short" />
        </Field>
        <Field id="guide-number" label="Número" error={e.number?.message}>
          <input {...fieldAria('guide-number', e.number?.message)} {...register('number')} inputMode="numeric" autoComplete="off" className="input--short" />
        </Field>
        <button type="submit" className="button--primary" disabled={busy}>
          {busy ? 'Consultando…' : 'Consultar'}
        </button>
      </form>
      {error ? <Alert tone="error" title="No se pudo consultar la guía">{error}</Alert> : null}
      {guide ? (
        <>
          <GuideView guide={guide.data} />
          <button type="button" onClick={() => void downloadXml()}>
            Descargar XML
          </button>
        </>
      ) : null}
    </div>
  );
}
