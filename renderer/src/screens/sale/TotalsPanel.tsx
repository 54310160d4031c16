// Live totals of the sale, its discount on the whole and the amount in words (legend 1000).
import { useFormState, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { Field, fieldAria } from '../../components/Field';
import { formatMoney } from '../../format/money';
import { exchangeRateText } from '../../../../shared/printing/format';
import type { SaleFormValues } from './form-values';
import { useTotals } from './totals-context';

export function TotalsPanel({ control, register }: { control: Control<SaleFormValues>; register: UseFormRegister<SaleFormValues> }): React.JSX.Element {
  const totals = useTotals();
  const { errors } = useFormState({ control, name: 'saleDiscount' });
  const discountError = errors.saleDiscount?.message;
  const currency = useWatch({ control, name: 'currency' });
  const row = (label: string, value: string, id: string, strong = false) => (
    <div className={`totals__row${strong ? ' totals__row--total' : ''}`}>
      <dt id={`${id}-label`}>{label}</dt>
      <dd aria-labelledby={`${id}-label`} data-testid={id}>
        {formatMoney(value, currency)}
      </dd>
    </div>
  );
  // Discounts are typed and taken in soles, also in a dollar sale (its lines are the catalogue's soles).
  const discountRow = (value: string) => (
    <div className="totals__row">
      <dt id="total-discount-label">Descuentos</dt>
      <dd aria-labelledby="total-discount-label" data-testid="total-discount">
        {formatMoney(`-${value}`, 'PEN')}
      </dd>
    </div>
  );
  return (
    <section className="panel totals" aria-labelledby="totals-title">
      <h2 id="totals-title" className="visually-hidden">
        Totales
      </h2>
      <dl className="totals__list">
        {row('Op. gravadas', totals.gravadas, 'total-gravadas')}
        {row('Op. exoneradas', totals.exoneradas, 'total-exoneradas')}
        {row(`IGV (${totals.igvPercent} %)`, totals.igv, 'total-igv')}
        {row('ICBPER', totals.icbper, 'total-icbper')}
        {totals.discount !== '0.00' ? discountRow(totals.discount) : null}
        {row('Total', totals.total, 'total-total', true)}
      </dl>
      {currency === 'USD' ? (
        <p className="totals__rate" data-testid="total-rate">
          {totals.exchangeRate
            ? `Precios en soles convertidos a ${exchangeRateText(totals.exchangeRate)}`
            : 'Falta el tipo de cambio de hoy: ingréselo arriba para vender en dólares.'}
        </p>
      ) : null}
      <Field id="sale-discount" label="Descuento a toda la venta" error={discountError} className="totals__discount">
        <input {...fieldAria('sale-discount', discountError)} {...register('saleDiscount')} inputMode="decimal" autoComplete="off" placeholder="10% o 5.00" />
      </Field>
      <p className="totals__words" data-testid="total-words">
        {totals.total === '0.00' ? '' : totals.words}
      </p>
    </section>
  );
}
