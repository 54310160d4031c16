// First run: the shop's company (RUC lookup fills name and address), its series, the invoicing API with
// "Probar conexión", the printer, then "Empezar a vender". Demo mode is one choice here, not a silent default; it
// lives in its own database, so nothing done in demo touches the real till. It asks what an owner can answer, in the
// owner's words; what only a technician knows (the API's addresses and names, a second token) waits under "Avanzado".
// A field's red message goes as soon as the field is right, also when the RUC lookup is what filled it.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { API_PRESETS, RUC_CHECK_DIGIT_MESSAGE, SetupInputSchema } from '../../../../shared/bridge';
import { isValidRuc } from '../../../../shared/ids';
import { Alert } from '../../components/Alert';
import { ConnectionTest } from '../../components/ConnectionTest';
import { Field, fieldAria } from '../../components/Field';
import { IGV_REGIME_FIELD_LABEL, IGV_REGIMES } from '../../components/igv-regimes';
import { call } from '../../pos';
import { CarryFromDemo } from './CarryFromDemo';

const RealSchema = SetupInputSchema.options[1];
type Values = z.input<typeof RealSchema>;

const DEFAULTS: Values = {
  mode: 'real',
  company: { ruc: '', name: '', tradeName: '', address: '', igvRegime: 'general' },
  series: { boleta: 'B001', factura: 'F001' },
  api: { billingBaseUrl: API_PRESETS[0].billingBaseUrl, queryBaseUrl: API_PRESETS[0].queryBaseUrl, provider: 'factiliza' },
  printer: { deviceName: '', paper: '80mm' },
};

interface SetupWizardProps {
  /** Opened from Ajustes in demo mode: no demo choice, a way back instead. */
  goingLive?: { onCancel: () => void };
}

export function SetupWizard({ goingLive }: SetupWizardProps = {}): React.JSX.Element {
  // Going live offers to carry what was built in demo: all of it unless the owner unticks it.
  const defaultValues: Values = goingLive ? { ...DEFAULTS, carry: { products: true, paymentMethods: true, staff: true } } : DEFAULTS;
  const form = useForm<Values, unknown, z.output<typeof RealSchema>>({ defaultValues, resolver: zodResolver(RealSchema) });
  const { register, handleSubmit, formState, setValue, getValues, setError, clearErrors, control } = form;
  const e = formState.errors;
  const [token, setToken] = useState('');
  const [queryToken, setQueryToken] = useState('');
  const [note, setNote] = useState<{ tone: 'error' | 'info' | 'success' | 'warning'; text: string } | null>(null);
  const [restarting, setRestarting] = useState(false);
  const [billing, query, provider] = useWatch({ control, name: ['api.billingBaseUrl', 'api.queryBaseUrl', 'api.provider'] });
  const preset = API_PRESETS.find((p) => p.billingBaseUrl === billing && p.queryBaseUrl === query && p.provider === provider)?.id ?? 'custom';
  const [advancedOpen, setAdvancedOpen] = useState(false);
  // Addresses of its own, or a message on one of them: "Avanzado" stays open, nothing red is hidden.
  const advanced = advancedOpen || preset === 'custom' || e.api !== undefined;

  // A field that shows an error is checked again at every change of its value, typed or filled by the lookup, so a
  // message never stays under a field that is right (before the first submit too: those errors came from a button).
  const { subscribe, getFieldState, trigger } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          const field = name as Parameters<typeof getFieldState>[0] | undefined;
          if (field && getFieldState(field).error) void trigger(field);
        },
      }),
    [subscribe, getFieldState, trigger],
  );

  const lookupRuc = async () => {
    const ruc = getValues('company.ruc').trim();
    if (!isValidRuc(ruc)) {
      setError('company.ruc', { message: /^\d{11}$/.test(ruc) ? RUC_CHECK_DIGIT_MESSAGE : 'El RUC tiene 11 dígitos' });
      return;
    }
    clearErrors('company.ruc');
    const result = await call((api) => api.lookupCustomer({ docType: '6', docNumber: ruc }));
    if (result.ok && result.value.customer) {
      setValue('company.name', result.value.customer.name, { shouldDirty: true });
      setValue('company.address', result.value.customer.address, { shouldDirty: true });
      setNote(result.value.warning ? { tone: 'warning', text: result.value.warning } : { tone: 'success', text: 'Datos obtenidos de SUNAT.' });
    } else setNote({ tone: 'info', text: result.ok ? (result.value.note ?? 'Ingrese los datos a mano.') : result.error.message });
  };

  /** Saves the API and token where "Probar conexión" reads them (demo's file; the real one gets them at the end). */
  const saveApi = async (): Promise<boolean> => {
    const api = RealSchema.shape.api.safeParse(getValues('api'));
    if (!api.success) {
      setNote({ tone: 'error', text: 'Revise las direcciones de la API.' });
      return false;
    }
    if (token.trim()) {
      const saved = await call((bridge) => bridge.setToken({ token: token.trim() }));
      if (!saved.ok) {
        setNote({ tone: 'error', text: saved.error.message });
        return false;
      }
      setToken('');
    }
    if (queryToken.trim()) {
      const saved = await call((bridge) => bridge.setToken({ token: queryToken.trim(), target: 'query' }));
      if (!saved.ok) {
        setNote({ tone: 'error', text: saved.error.message });
        return false;
      }
      setQueryToken('');
    }
    const result = await call((bridge) => bridge.saveSettings({ api: api.data }));
    if (!result.ok) setNote({ tone: 'error', text: result.error.message });
    return result.ok;
  };

  const finish = async (input: { mode: 'demo' } | z.output<typeof RealSchema>) => {
    setNote(null);
    if (input.mode === 'real' && !(await saveApi())) return;
    const result = await call((api) => api.completeSetup(input));
    if (result.ok) setRestarting(true);
    else {
      for (const f of result.error.fields ?? []) setError(f.path as Parameters<typeof setError>[0], { message: f.message });
      setNote({ tone: 'error', text: result.error.message });
    }
  };

  if (restarting) return <p className="setup__restarting" role="status">Listo. Caja se reinicia con su configuración…</p>;
  return (
    <main className="setup" aria-labelledby="setup-title">
      <h1 id="setup-title">{goingLive ? 'Empezar a vender' : 'Bienvenido a Caja'}</h1>
      <p>
        {goingLive
          ? 'Configure su negocio para emitir boletas y facturas reales. Lo hecho en modo demo queda en su propio archivo y no se declara.'
          : 'Configure su negocio para emitir boletas y facturas, o pruebe Caja en modo demo (nada se declara a SUNAT).'}
      </p>
      {note ? <Alert tone={note.tone}>{note.text}</Alert> : null}
      <form noValidate onSubmit={handleSubmit((values) => void finish(values))} aria-label="Configuración inicial">
        <fieldset className="setup__step">
          <legend>1. Su empresa</legend>
          <Field id="setup-ruc" label="RUC" error={e.company?.ruc?.message}>
            <input {...fieldAria('setup-ruc', e.company?.ruc?.message)} {...register('company.ruc')} inputMode="numeric" autoComplete="off" />
          </Field>
          <button type="button" onClick={() => void lookupRuc()}>Buscar RUC</button>
          <Field id="setup-name" label="Razón social" error={e.company?.name?.message}>
            <input {...fieldAria('setup-name', e.company?.name?.message)} {...register('company.name')} autoComplete="off" />
          </Field>
          <Field id="setup-trade" label="Nombre comercial">
            <input {...fieldAria('setup-trade')} {...register('company.tradeName')} autoComplete="off" />
          </Field>
          <Field id="setup-address" label="Dirección fiscal" error={e.company?.address?.message}>
            <input {...fieldAria('setup-address', e.company?.address?.message)} {...register('company.address')} autoComplete="off" />
          </Field>
          <Field id="setup-regime" label={IGV_REGIME_FIELD_LABEL}>
            <select {...fieldAria('setup-regime')} {...register('company.igvRegime')}>
              {IGV_REGIMES.map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </select>
          </Field>
        </fieldset>
        <fieldset className="setup__step">
          <legend>2. Series de esta caja</legend>
          <Field id="setup-boleta" label="Serie de boletas" error={e.series?.boleta?.message}>
            <input {...fieldAria('setup-boleta', e.series?.boleta?.message)} {...register('series.boleta')} autoComplete="off" />
          </Field>
          <Field id="setup-factura" label="Serie de facturas" error={e.series?.factura?.message}>
            <input {...fieldAria('setup-factura', e.series?.factura?.message)} {...register('series.factura')} autoComplete="off" />
          </Field>
          <p className="muted">Si es su única caja, déjelas como están. Cada caja usa sus propias series: dos cajas con la misma serie repetirían números.</p>
        </fieldset>
        <fieldset className="setup__step">
          <legend>3. Facturación electrónica</legend>
          <Field id="setup-preset" label="Proveedor de facturación electrónica" hint="La empresa que envía sus boletas y facturas a SUNAT.">
            <select
              {...fieldAria('setup-preset', undefined, 'La empresa que envía sus boletas y facturas a SUNAT.')}
              value={preset}
              onChange={(event) => {
                if (event.target.value === 'custom') setAdvancedOpen(true);
                const chosen = API_PRESETS.find((p) => p.id === event.target.value);
                if (!chosen) return;
                setValue('api.billingBaseUrl', chosen.billingBaseUrl);
                setValue('api.queryBaseUrl', chosen.queryBaseUrl);
                setValue('api.provider', chosen.provider);
              }}
            >
              {API_PRESETS.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
              <option value="custom">Otro (lo configura un técnico)</option>
            </select>
          </Field>
          <Field id="setup-token" label="Token de acceso" hint="Se lo da su proveedor. Se guarda cifrado y no se vuelve a mostrar.">
            <input
              {...fieldAria('setup-token', undefined, 'Se lo da su proveedor. Se guarda cifrado y no se vuelve a mostrar.')}
              type="password"
              value={token}
              onChange={(event) => setToken(event.target.value)}
              autoComplete="off"
            />
          </Field>
          <details className="setup__advanced" open={advanced} onToggle={(event) => setAdvancedOpen(event.currentTarget.open)}>
            <summary>Avanzado (solo si su proveedor se lo pide)</summary>
            <Field id="setup-billing" label="Dirección de envío" error={e.api?.billingBaseUrl?.message}>
              <input {...fieldAria('setup-billing', e.api?.billingBaseUrl?.message)} {...register('api.billingBaseUrl')} type="url" autoComplete="off" />
            </Field>
            <Field id="setup-query" label="Dirección de consultas" error={e.api?.queryBaseUrl?.message}>
              <input {...fieldAria('setup-query', e.api?.queryBaseUrl?.message)} {...register('api.queryBaseUrl')} type="url" autoComplete="off" />
            </Field>
            {preset === 'custom' ? (
              <Field id="setup-provider" label="Nombres que usa el servidor">
                <select {...fieldAria('setup-provider')} {...register('api.provider')}>
                  <option value="factiliza">Los de Factiliza</option>
                  <option value="document">Los del documento de la API</option>
                </select>
              </Field>
            ) : null}
            <Field id="setup-query-token" label="Token de consultas (opcional)" hint="Solo si su proveedor le dio otro token para DNI y RUC.">
              <input
                {...fieldAria('setup-query-token', undefined, 'Solo si su proveedor le dio otro token para DNI y RUC.')}
                type="password"
                value={queryToken}
                onChange={(event) => setQueryToken(event.target.value)}
                autoComplete="off"
              />
            </Field>
          </details>
          <ConnectionTest before={saveApi} />
        </fieldset>
        <fieldset className="setup__step">
          <legend>4. Impresora</legend>
          <Field id="setup-printer" label="Impresora (vacío: elegir al imprimir)">
            <input {...fieldAria('setup-printer')} {...register('printer.deviceName')} autoComplete="off" />
          </Field>
          <Field id="setup-paper" label="Papel">
            <select {...fieldAria('setup-paper')} {...register('printer.paper')}>
              <option value="80mm">Ticket 80 mm</option>
              <option value="58mm">Ticket 58 mm</option>
              <option value="A4">Hoja A4</option>
            </select>
          </Field>
        </fieldset>
        {goingLive ? <CarryFromDemo register={register} /> : null}
        <div className="setup__actions">
          {goingLive ? (
            <button type="button" onClick={goingLive.onCancel}>
              Volver (Esc)
            </button>
          ) : (
            <button type="button" onClick={() => void finish({ mode: 'demo' })}>
              Probar en modo demo
            </button>
          )}
          <button type="submit" className="button--primary">
            Empezar a vender
          </button>
        </div>
      </form>
    </main>
  );
}
