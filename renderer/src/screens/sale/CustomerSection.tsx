// Who buys: identity document, number, name and address, with DNI/RUC autofill.
import { useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import { isValidRuc } from '../../../../shared/ids';
import { Field, fieldAria } from '../../components/Field';
import type { SaleFormValues } from './form-values';
import { useCustomerLookup } from './useCustomerLookup';
import { AccountLine } from '../accounts/AccountLine';

/** The identity documents a till offers (catalogue 06), in the cashier's order. */
export const CUSTOMER_DOC_TYPES = [
  { code: '1', label: 'DNI' },
  { code: '6', label: 'RUC' },
  { code: '4', label: 'Carné de extranjería' },
  { code: '7', label: 'Pasaporte' },
  { code: '0', label: 'Sin documento' },
] as const;

export function CustomerSection({ form }: { form: UseFormReturn<SaleFormValues> }): React.JSX.Element {
  const { register, control, setValue } = form;
  const { errors } = useFormState({ control, name: ['customer', 'emailTo'] });
  const emailError = errors.emailTo?.message;
  const [docType, docNumber, saleType] = useWatch({ control, name: ['customer.docType', 'customer.docNumber', 'docType'] });
  const lookup = useCustomerLookup(form);
  const e = errors.customer;
  const numberError = e?.docNumber?.message ?? (lookup.status === 'invalid' ? lookup.message : undefined);
  const anonymous = docType === '0';
  const hint = lookup.status === 'searching' || lookup.status === 'found' ? lookup.message : undefined;
  const suggestFactura = saleType === '03' && docType === '6' && isValidRuc(docNumber.trim());

  return (
    <section className="panel customer" aria-labelledby="customer-title">
      <div className="panel__head">
        <h2 id="customer-title">Cliente</h2>
        {anonymous ? <p className="panel__hint">Sin documento: se emite a «CLIENTES VARIOS».</p> : null}
      </div>
      <div className="customer__grid">
        <Field id="customer-docType" label="Tipo de documento" error={e?.docType?.message}>
          <select {...fieldAria('customer-docType', e?.docType?.message)} {...register('customer.docType')}>
            {CUSTOMER_DOC_TYPES.map((t) => (
              <option key={t.code} value={t.code}>
                {t.label}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="customer-docNumber"
          label="Número de documento"
          error={numberError}
          hint={hint}
        >
          <input
            {...fieldAria('customer-docNumber', numberError, hint)}
            {...register('customer.docNumber', {
              // Ctrl+D then the number: 8 digits are a DNI, 11 a RUC, whatever the type said (a CE or a
              // passport, chosen on purpose, stays).
              onChange: (event: { target: { value: string } }) => {
                const typed = event.target.value.trim();
                const current = form.getValues('customer.docType');
                if (current !== '0' && current !== '1' && current !== '6') return;
                const wanted = /^\d{8}$/.test(typed) ? '1' : /^\d{11}$/.test(typed) ? '6' : null;
                if (wanted && wanted !== current) setValue('customer.docType', wanted, { shouldDirty: true });
              },
            })}
            inputMode={docType === '1' || docType === '6' ? 'numeric' : 'text'}
            autoComplete="off"
            aria-keyshortcuts="Control+D"
          />
        </Field>
        <Field id="customer-name" label={docType === '6' ? 'Razón social' : 'Nombre'} error={e?.name?.message} className="customer__wide">
          <input {...fieldAria('customer-name', e?.name?.message)} {...register('customer.name')} autoComplete="off" />
        </Field>
        <Field id="customer-address" label="Dirección" error={e?.address?.message} className="customer__wide">
          <input {...fieldAria('customer-address', e?.address?.message)} {...register('customer.address')} autoComplete="off" />
        </Field>
        <Field id="customer-email" label="Enviar por correo a (opcional)" error={emailError} className="customer__email">
          <input {...fieldAria('customer-email', emailError)} {...register('emailTo')} type="email" autoComplete="off" placeholder="cliente@correo.pe" />
        </Field>
      </div>
      {anonymous ? null : <AccountLine docType={docType} docNumber={docNumber} />}
      {lookup.warning ? (
        <p className="note note--warning" role="alert" data-testid="taxpayer-warning">
          {lookup.warning}
        </p>
      ) : null}
      {lookup.status === 'note' ? (
        <p className="note" role="status">
          {lookup.message}
        </p>
      ) : null}
      {suggestFactura ? (
        <p className="suggestion" role="status">
          El cliente tiene RUC: ¿emitir factura?{' '}
          <button type="button" className="button--link" onClick={() => setValue('docType', '01', { shouldDirty: true })}>
            Cambiar a factura
          </button>
        </p>
      ) : null}
    </section>
  );
}
