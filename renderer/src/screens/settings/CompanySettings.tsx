// The issuer: RUC (check digit verified), razón social, nombre comercial, dirección fiscal, IGV regime.
import { IGV_REGIME_FIELD_LABEL, IGV_REGIMES } from '../../components/igv-regimes';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SettingsUpdateSchema, type SettingsView } from '../../../../shared/bridge';
import { isValidRuc } from '../../../../shared/ids';
import { useSettings } from '../../app/settings-context';
import { Field, fieldAria } from '../../components/Field';
import { call } from '../../pos';
import { handleSave, type SaveMessage } from './save-result';
import { useDirtyGuard } from '../../app/unsaved';
import { SettingsSection } from './SettingsSection';

const CompanyFormSchema = SettingsUpdateSchema.shape.company
  .unwrap()
  .refine((c) => isValidRuc(c.ruc), { path: ['ruc'], message: 'El RUC no es válido (revise el dígito verificador)' });
type CompanyForm = z.input<typeof CompanyFormSchema>;

export function CompanySettings({ settings }: { settings: SettingsView }): React.JSX.Element {
  const { replace } = useSettings();
  const { register, handleSubmit, formState, setError, reset, getValues } = useForm<CompanyForm, unknown, z.output<typeof CompanyFormSchema>>({
    defaultValues: settings.company,
    resolver: zodResolver(CompanyFormSchema),
  });
  const [message, setMessage] = useState<SaveMessage>(null);
  const e = formState.errors;
  useDirtyGuard('company', formState.isDirty);

  const save = async (company: z.output<typeof CompanyFormSchema>) => {
    const result = await call((api) => api.saveSettings({ company }));
    setMessage(handleSave(result, 'company', setError, replace));
    if (result.ok) reset(getValues()); // saved: nothing unsaved any more
  };

  return (
    <SettingsSection id="settings-company" title="Empresa" message={message}>
      <form className="settings__form settings__grid" noValidate onSubmit={handleSubmit(save)} aria-label="Datos de la empresa">
        <Field id="company-ruc" label="RUC" error={e.ruc?.message}>
          <input {...fieldAria('company-ruc', e.ruc?.message)} {...register('ruc')} inputMode="numeric" autoComplete="off" />
        </Field>
        <Field id="company-name" label="Razón social" error={e.name?.message} className="settings__wide">
          <input {...fieldAria('company-name', e.name?.message)} {...register('name')} autoComplete="off" />
        </Field>
        <Field id="company-tradeName" label="Nombre comercial" error={e.tradeName?.message} className="settings__wide">
          <input {...fieldAria('company-tradeName', e.tradeName?.message)} {...register('tradeName')} autoComplete="off" />
        </Field>
        <Field id="company-address" label="Dirección fiscal" error={e.address?.message} className="settings__wide">
          <input {...fieldAria('company-address', e.address?.message)} {...register('address')} autoComplete="off" />
        </Field>
        <Field id="company-igvRegime" label={IGV_REGIME_FIELD_LABEL}>
          <select id="company-igvRegime" {...register('igvRegime')}>
            {IGV_REGIMES.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </Field>
        <div className="settings__actions">
          <button type="submit">Guardar empresa</button>
        </div>
      </form>
    </SettingsSection>
  );
}
