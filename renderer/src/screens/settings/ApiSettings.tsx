// API base URLs and the token. The token is write-only: the page shows whether it is set and its last 4
// characters; the input is never filled from the core and is cleared after saving.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { API_PRESETS, SettingsUpdateSchema, TokenInputSchema, type SettingsView } from '../../../../shared/bridge';
import { useSettings } from '../../app/settings-context';
import { ConnectionTest } from '../../components/ConnectionTest';
import { Field, fieldAria } from '../../components/Field';
import { call } from '../../pos';
import { handleSave, type SaveMessage } from './save-result';
import { useDirtyGuard } from '../../app/unsaved';
import { SettingsSection } from './SettingsSection';

const UrlsSchema = SettingsUpdateSchema.shape.api.unwrap();
type Urls = z.input<typeof UrlsSchema>;
type Token = z.input<typeof TokenInputSchema>;

function TokenForm({ settings, target }: { settings: SettingsView; target: 'billing' | 'query' }): React.JSX.Element {
  const { reload } = useSettings();
  const { register, handleSubmit, formState, reset, setError } = useForm<Token, unknown, z.output<typeof TokenInputSchema>>({
    defaultValues: { token: '', target },
    resolver: zodResolver(TokenInputSchema),
  });
  const id = target === 'query' ? 'api-query-token' : 'api-token';
  const [message, setMessage] = useState<SaveMessage>(null);
  const e = formState.errors;

  const save = async (input: z.output<typeof TokenInputSchema>) => {
    const result = await call((api) => api.setToken(input));
    reset({ token: '', target });
    if (result.ok) {
      setMessage({ tone: 'success', text: `Token guardado (termina en ${result.value.tokenLast4 ?? '—'}).` });
      void reload();
    } else {
      setError('token', { type: 'server', message: result.error.message });
      setMessage(null);
    }
  };

  const status =
    target === 'query'
      ? settings.api.queryTokenSet
        ? `Propio: termina en ${settings.api.queryTokenLast4 ?? '····'}`
        : 'El mismo token de envío'
      : settings.api.tokenSet
        ? `Configurado: termina en ${settings.api.tokenLast4 ?? '····'}`
        : 'No configurado';
  const hint = 'Se guarda cifrado y no se vuelve a mostrar.';
  return (
    <form className="settings__form" noValidate onSubmit={handleSubmit(save)} aria-label={target === 'query' ? 'Token de consultas' : 'Token de la API'}>
      <p className="settings__token-status" data-testid={target === 'query' ? 'query-token-status' : 'token-status'}>
        {target === 'query' ? 'Token de consultas (opcional)' : 'Token de acceso'}: <strong>{status}</strong>
      </p>
      <Field id={id} label={target === 'query' ? 'Token propio de consultas' : 'Nuevo token'} error={e.token?.message} hint={hint}>
        <input {...fieldAria(id, e.token?.message, hint)} {...register('token')} type="password" autoComplete="off" spellCheck={false} />
      </Field>
      <button type="submit">{target === 'query' ? 'Guardar token de consultas' : 'Guardar token'}</button>
      {message ? <p className="save-ok" role="status">{message.text}</p> : null}
    </form>
  );
}

export function ApiSettings({ settings }: { settings: SettingsView }): React.JSX.Element {
  const { replace } = useSettings();
  const form = useForm<Urls, unknown, z.output<typeof UrlsSchema>>({
    defaultValues: { billingBaseUrl: settings.api.billingBaseUrl, queryBaseUrl: settings.api.queryBaseUrl, provider: settings.api.provider },
    resolver: zodResolver(UrlsSchema),
  });
  const { register, handleSubmit, formState, setError, setValue, control, reset, getValues } = form;
  useDirtyGuard('api', formState.isDirty);
  const [billing, query, provider] = useWatch({ control, name: ['billingBaseUrl', 'queryBaseUrl', 'provider'] });
  const preset = API_PRESETS.find((p) => p.billingBaseUrl === billing && p.queryBaseUrl === query && p.provider === provider)?.id ?? 'custom';
  const choosePreset = (id: string) => {
    const chosen = API_PRESETS.find((p) => p.id === id);
    if (!chosen) return;
    setValue('billingBaseUrl', chosen.billingBaseUrl, { shouldDirty: true });
    setValue('queryBaseUrl', chosen.queryBaseUrl, { shouldDirty: true });
    setValue('provider', chosen.provider, { shouldDirty: true });
  };
  const [message, setMessage] = useState<SaveMessage>(null);
  const e = formState.errors;

  const save = async (api: z.output<typeof UrlsSchema>) => {
    const result = await call((bridge) => bridge.saveSettings({ api }));
    setMessage(handleSave(result, 'api', setError, replace));
    if (result.ok) reset(getValues()); // saved: nothing unsaved any more
  };

  return (
    <SettingsSection id="settings-api" title="API de facturación" message={message}>
      <form className="settings__form" noValidate onSubmit={handleSubmit(save)} aria-label="Direcciones de la API">
        <Field id="api-preset" label="Proveedor" hint="Llena las direcciones; «Personalizado» para otra dirección.">
          <select {...fieldAria('api-preset', undefined, 'Llena las direcciones; «Personalizado» para otra dirección.')} value={preset} onChange={(e) => choosePreset(e.target.value)}>
            {API_PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
            <option value="custom">Personalizado</option>
          </select>
        </Field>
        {preset === 'custom' ? (
          <Field id="api-provider" label="Nombres que usa el servidor">
            <select {...fieldAria('api-provider')} {...register('provider')}>
              <option value="factiliza">Los de Factiliza</option>
              <option value="document">Los del documento de la API</option>
            </select>
          </Field>
        ) : null}
        <Field id="api-billing" label="Dirección de envío" error={e.billingBaseUrl?.message}>
          <input {...fieldAria('api-billing', e.billingBaseUrl?.message)} {...register('billingBaseUrl')} type="url" autoComplete="off" placeholder="https://…/api/v1" />
        </Field>
        <Field id="api-query" label="Dirección de consultas" error={e.queryBaseUrl?.message}>
          <input {...fieldAria('api-query', e.queryBaseUrl?.message)} {...register('queryBaseUrl')} type="url" autoComplete="off" placeholder="https://…" />
        </Field>
        <button type="submit">Guardar direcciones</button>
      </form>
      <TokenForm settings={settings} target="billing" />
      <TokenForm settings={settings} target="query" />
      <ConnectionTest />
    </SettingsSection>
  );
}
