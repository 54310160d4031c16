// Boleta or factura, the series and next number of this till, the currency (and, in dollars, the day's rate).
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { SettingsView } from '../../../../shared/bridge';
import { documentNumber } from '../../format/dates';
import { ExchangeRateField } from './ExchangeRateField';
import type { SaleFormValues } from './form-values';

interface SaleHeaderProps {
  form: UseFormReturn<SaleFormValues>;
  series: SettingsView['series'] | null;
}

export function SaleHeader({ form, series }: SaleHeaderProps): React.JSX.Element {
  const { register, control, setValue, getValues } = form;
  const docType = useWatch({ control, name: 'docType' });
  const currency = useWatch({ control, name: 'currency' });
  const next = series ? (docType === '01' ? series.factura : series.boleta) : null;

  // A factura needs a RUC customer: start the customer on RUC when it had no document.
  const docTypeField = register('docType', {
    onChange: (event: { target: { value: string } }) => {
      if (event.target.value === '01' && getValues('customer.docType') === '0') setValue('customer.docType', '6');
    },
  });

  return (
    <section className="panel sale-header" aria-label="Comprobante">
      <fieldset className="doc-switch">
        <legend>Comprobante</legend>
        <label className="doc-switch__option">
          <input type="radio" value="03" {...docTypeField} />
          Boleta
        </label>
        <label className="doc-switch__option">
          <input type="radio" value="01" {...docTypeField} />
          Factura
        </label>
      </fieldset>
      <p className="sale-header__number" aria-live="polite">
        <span className="sale-header__label">Serie y número</span>
        <output data-testid="next-number">{next ? documentNumber(next.series, next.nextNumber) : '—'}</output>
      </p>
      <div className="field sale-header__currency">
        <label htmlFor="sale-currency">Moneda</label>
        <select id="sale-currency" {...register('currency')}>
          <option value="PEN">Soles (S/)</option>
          <option value="USD">Dólares ($)</option>
        </select>
      </div>
      {currency === 'USD' ? <ExchangeRateField form={form} /> : null}
    </section>
  );
}
