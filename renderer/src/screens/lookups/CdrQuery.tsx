// CDR query (docs/api/invoicing-api.md §2.5): RUC, usuario and clave SOL, type, series, number. A CDR of one of our own documents is
// attached to it by the core. The password never stays in the form after a query.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CdrQueryInputSchema, type CdrQueryInput, type CdrQueryResult } from '../../../../shared/bridge';
import { useSettings } from '../../app/settings-context';
import { Alert } from '../../components/Alert';
import { CheckboxField, Field, fieldAria } from '../../components/Field';
import { documentNumber } from '../../format/dates';
import { call } from '../../pos';

type FormValues = z.input<typeof CdrQueryInputSchema>;

export function CdrQuery(): React.JSX.Element {
  const { settings, reload } = useSettings();
  const remembered = settings?.portal.remembered ? settings.portal.usuario : undefined;
  const { register, handleSubmit, formState, setValue } = useForm<FormValues, unknown, CdrQueryInput>({
    defaultValues: { ruc: settings?.company.ruc ?? '', usuario: '', password: '', tipo_doc: '03', serie: '', correlativo: '', remember: false },
    resolver: zodResolver(CdrQueryInputSchema),
  });
  const [result, setResult] = useState<{ input: CdrQueryInput; cdr: CdrQueryResult } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const e = formState.errors;

  const query = async (input: CdrQueryInput) => {
    setBusy(true);
    const answer = await call((api) => api.queryCdr(input));
    setBusy(false);
    setValue('password', '');
    if (answer.ok) {
      setResult({ input, cdr: answer.value });
      setError(null);
      if (input.remember) void reload();
    } else {
      setResult(null);
      setError(answer.error.message);
    }
  };

  const hint = remembered ? `Credenciales recordadas (${remembered}): deje usuario y clave vacíos para usarlas.` : undefined;
  return (
    <div className="lookup">
      {hint ? (
        <p id="cdr-usuario-hint" className="lookup__note">
          {hint}
        </p>
      ) : null}
      <form className="lookup__form lookup__form--wrap" noValidate onSubmit={handleSubmit(query)} aria-label="Consultar CDR">
        <Field id="cdr-ruc" label="RUC" error={e.ruc?.message}>
          <input {...fieldAria('cdr-ruc', e.ruc?.message)} {...register('ruc')} inputMode="numeric" autoComplete="off" />
        </Field>
        <Field id="cdr-usuario" label="Usuario SOL" error={e.usuario?.message}>
          <input {...fieldAria('cdr-usuario', e.usuario?.message, hint)} {...register('usuario')} autoComplete="off" />
        </Field>
        <Field id="cdr-password" label="Clave SOL" error={e.password?.message}>
          <input {...fieldAria('cdr-password', e.password?.message)} {...register('password')} type="password" autoComplete="off" />
        </Field>
        <Field id="cdr-tipo" label="Tipo">
          <select id="cdr-tipo" {...register('tipo_doc')}>
            <option value="03">03 · Boleta</option>
            <option value="01">01 · Factura</option>
          </select>
        </Field>
        <Field id="cdr-serie" label="Serie" error={e.serie?.message}>
          <input {...fieldAria('cdr-serie', e.serie?.message)} {...register('serie')} autoComplete="off" className="input--short" />
        </Field>
        <Field id="cdr-correlativo" label="Número" error={e.correlativo?.message}>
          <input {...fieldAria('cdr-correlativo', e.correlativo?.message)} {...register('correlativo')} inputMode="numeric" autoComplete="off" className="input--short" />
        </Field>
        <CheckboxField id="cdr-remember" label="Recordar credenciales">
          <input id="cdr-remember" type="checkbox" {...register('remember')} />
        </CheckboxField>
        <button type="submit" className="button--primary" disabled={busy}>
          {busy ? 'Consultando…' : 'Consultar CDR'}
        </button>
      </form>
      {error ? <Alert tone="error" title="No se obtuvo el CDR">{error}</Alert> : null}
      {result ? (
        <article className="record" aria-labelledby="cdr-title">
          <h2 id="cdr-title">CDR de {documentNumber(result.input.serie, result.input.correlativo)}</h2>
          {result.cdr.attachedToDocumentId !== undefined ? (
            <Alert tone="success">Adjuntado al documento {documentNumber(result.input.serie, result.input.correlativo)}</Alert>
          ) : null}
          {result.cdr.remarks.map((remark) => (
            <Alert key={remark} tone="info">
              {remark}
            </Alert>
          ))}
          <dl className="facts">
            <dt>Código</dt>
            <dd data-testid="cdr-code">{result.cdr.code}</dd>
            <dt>Descripción</dt>
            <dd>{result.cdr.description}</dd>
            <dt>Observaciones</dt>
            <dd>{result.cdr.notes.length ? result.cdr.notes.join('; ') : '—'}</dd>
          </dl>
          <details className="detail__raw">
            <summary>XML del CDR</summary>
            <pre className="code">{result.cdr.xml}</pre>
          </details>
        </article>
      ) : null}
    </div>
  );
}
