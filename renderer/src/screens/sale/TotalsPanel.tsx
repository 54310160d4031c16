// Live totals of the sale and the amount in words (legend 1000).
import { useWatch, type Control } from 'react-hook-form';
import { formatMoney } from '../../format/money';
import type { SaleFormValues } from './form-values';
import { useTotals } from './totals-context';

export function TotalsPanel({ control }: { control: Control<SaleFormValues> }): React.JSX.Element {
  const totals = useTotals();
  const currency = useWatch({ control, name: 'currency' });
  const row = (label: string, value: string, id: string, strong = false) => (
    <div className={`totals__row${strong ? ' totals__row--total' : ''}`}>
      <dt id={`${id}-label`}>{label}</dt>
      <dd aria-labelledby={`${id}-label`} data-testid={id}>
        {formatMoney(value, currency)}
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
        {row('Total', totals.total, 'total-total', true)}
      </dl>
      <p className="totals__words" data-testid="total-words">
        {totals.total === '0.00' ? '' : totals.words}
      </p>
    </section>
  );
}
