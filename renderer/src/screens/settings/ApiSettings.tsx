// API base URLs and the token. The token is write-only: the page shows whether it is set and its last 4
// characters; the input is never filled from the core and is cleared after saving.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SettingsUpdateSchema, TokenInputSchema, type SettingsView } from '../../../../shared/bridge';
import { useSettings } from '../../app/settings-context';
import { Field, fieldAria } from '../../components/Field';
import { call } from '../../pos';
import { handleSave, type SaveMessage } from './save-result';
import { SettingsSection } from './SettingsSection';

const UrlsSchema = SettingsUpdateSchema.shape.api.unwrap();
type Urls = z.input<typeof UrlsSchema>;
type Token = z.input<typeof TokenInputSchema>;

function TokenForm({ settings }: { settings: SettingsView }): React.JSX.Element {
  const { reload } = useSettings();
  const { register, handleSubmit, formState, reset, setError } = useForm<Token, unknown, z.output<typeof TokenInputSchema>>({
    defaultValues: { token: '' },
    resolver: zodResolver(TokenInputSchema),
  });
  const [message, setMessage] = useState<SaveMessage>(null);
  const e = formState.errors;

  const save = async (input: z.output<typeof TokenInputSchema>) => {
    const result = await call((api) => api.setToken(input));
    reset({ token: '' });
    if (result.ok) {
      setMessage({ tone: 'success', text: `Token guardado (termina en ${result.value.tokenLast4 ?? '—'}).` });
      void reload();
    } else {
      setError('token', { type: 'server', message: result.error.message });
      setMessage(null);
    }
  };

  const status = settings.api.tokenSet ? `Configurado: termina en ${settings.api.tokenLast4 ?? '····'}` : 'No configurado';
  return (
    <form className="settings__form" noValidate onSubmit={handleSubmit(save)} aria-label="Token de la API">
      <p className="settings__token-status" data-testid="token-status">
        Token de acceso: <strong>{status}</strong>
      </p>
      <Field id="api-token" label="Nuevo token" error={e.token?.message} hint="Se guarda cifrado y no se vuelve a mostrar.">
        <input {...fieldAria('api-token', e.token?.message, 'Se guarda cifrado y no se vuelve a mostrar.')} {...register('token')} type="password" autoComplete="off" spellCheck={false} />
      </Field>
      <button type="submit">Guardar token</button>
      {message ? <p className="save-ok" role="status">{message.text}</p> : null}
    </form>
  );
}

export function ApiSettings({ settings }: { settings: SettingsView }): React.JSX.Element {
  const { replace } = useSettings();
  const { register, handleSubmit, formState, setError } = useForm<Urls, unknown, z.output<typeof UrlsSchema>>({
    defaultValues: { billingBaseUrl: settings.api.billingBaseUrl, queryBaseUrl: settings.api.queryBaseUrl },
    resolver: zodResolver(UrlsSchema),
  });
  const [message, setMessage] = useState<SaveMessage>(null);
  const e = formState.errors;

  const save = async (api: z.output<typeof UrlsSchema>) => {
    const result = await call((bridge) => bridge.saveSettings({ api }));
    setMessage(handleSave(result, 'api', setError, replace));
  };

  return (
    <SettingsSection id="settings-api" title="API de facturación" message={message}>
      <form className="settings__form" noValidate onSubmit={handleSubmit(save)} aria-label="Direcciones de la API">
        <Field id="api-billing" label="Dirección de envío (billing base URL)" error={e.billingBaseUrl?.message}>
          <input {...fieldAria('api-billing', e.billingBaseUrl?.message)} {...register('billingBaseUrl')} type="url" autoComplete="off" placeholder="https://…/api/v1" />
        </Field>
        <Field id="api-query" label="Dirección de consultas (query base URL)" error={e.queryBaseUrl?.message}>
          <input {...fieldAria('api-query', e.queryBaseUrl?.message)} {...register('queryBaseUrl')} type="url" autoComplete="off" placeholder="https://…" />
        </Field>
        <button type="submit">Guardar direcciones</button>
      </form>
      <TokenForm settings={settings} />
    </SettingsSection>
  );
}
