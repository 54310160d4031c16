// Contado (cash and other payments, change due: CashPayment.tsx) or crédito (instalments that must add up to the total). Decimal arithmetic only.
import { Controller, useFieldArray, useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import { DayInput } from '../../components/DayInput';
import { CashPayment } from './CashPayment';
import { fieldAria } from '../../components/Field';
import { addDays, todayLima } from '../../format/dates';
import { formatMoney, parseMoney, toMoney } from '../../format/money';
import type { SaleFormValues } from './form-values';
import { useTotals } from './totals-context';


function Installments({ form }: { form: UseFormReturn<SaleFormValues> }): React.JSX.Element {
  const { register, control } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'payment.installments' });
  const [installments, currency] = useWatch({ control, name: ['payment.installments', 'currency'] });
  const { errors } = useFormState({ control, name: 'payment.installments' });
  const totals = useTotals();
  const sum = installments.reduce((acc, i) => acc.plus(parseMoney(i.amount) ?? 0), toMoney(0));
  const difference = toMoney(totals.total).minus(sum);
  const rootError = errors.payment?.installments?.root?.message ?? errors.payment?.installments?.message;

  const add = () => {
    const last = installments.at(-1)?.dueDate;
    const dueDate = addDays(last && /^\d{4}-\d{2}-\d{2}$/.test(last) ? last : todayLima(), 30);
    const amount = difference.isPositive() && !difference.isZero() ? difference.toFixed(2) : '';
    append({ amount, dueDate }, { shouldFocus: true, focusName: `payment.installments.${installments.length}.amount` });
  };

  return (
    <div className="payment__credit">
      <table className="installments">
        <thead>
          <tr>
            <th scope="col">Cuota</th>
            <th scope="col">Monto</th>
            <th scope="col">Vencimiento</th>
            <th scope="col">
              <span className="visually-hidden">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field, index) => {
            const e = errors.payment?.installments?.[index];
            const amountId = `installment-${index}-amount`;
            const dueId = `installment-${index}-dueDate`;
            return (
              <tr key={field.id}>
                <th scope="row">{index + 1}</th>
                <td>
                  <input
                    {...fieldAria(amountId, e?.amount?.message)}
                    aria-label={`Monto de la cuota ${index + 1}`}
                    {...register(`payment.installments.${index}.amount`)}
                    inputMode="decimal"
                    autoComplete="off"
                  />
                  {e?.amount ? <span id={`${amountId}-error`} className="lines__error" role="alert">{e.amount.message}</span> : null}
                </td>
                <td>
                  <Controller
                    control={control}
                    name={`payment.installments.${index}.dueDate`}
                    render={({ field: f }) => (
                      <DayInput {...fieldAria(dueId, e?.dueDate?.message)} aria-label={`Vencimiento de la cuota ${index + 1}`} ref={f.ref} value={f.value} onChange={f.onChange} onBlur={f.onBlur} />
                    )}
                  />
                  {e?.dueDate ? <span id={`${dueId}-error`} className="lines__error" role="alert">{e.dueDate.message}</span> : null}
                </td>
                <td>
                  <button type="button" className="button--icon" aria-label={`Eliminar cuota ${index + 1}`} onClick={() => remove(index)}>
                    ×
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <button type="button" className="button--link" onClick={add}>
        + Agregar cuota
      </button>
      <dl className="payment__sums">
        <dt>Suma de cuotas</dt>
        <dd data-testid="installments-sum">{formatMoney(sum, currency)}</dd>
        <dt>Diferencia con el total</dt>
        <dd data-testid="installments-difference" className={difference.isZero() ? 'ok' : 'warn'}>
          {formatMoney(difference, currency)}
        </dd>
      </dl>
      {rootError ? (
        <p className="form-error" role="alert">
          {rootError}
        </p>
      ) : null}
    </div>
  );
}

export function PaymentSection({ form }: { form: UseFormReturn<SaleFormValues> }): React.JSX.Element {
  const { register, control, getValues, setValue } = form;
  const method = useWatch({ control, name: 'payment.method' });
  const saleType = useWatch({ control, name: 'docType' });
  const totals = useTotals();
  const methodField = register('payment.method', {
    onChange: (event: { target: { value: string } }) => {
      // Starting a credit sale: one instalment for the whole total, due in 30 days.
      if (event.target.value === 'CREDITO' && getValues('payment.installments').length === 0 && totals.total !== '0.00') {
        setValue('payment.installments', [{ amount: totals.total, dueDate: addDays(todayLima(), 30) }]);
      }
    },
  });
  return (
    <section className="panel payment" aria-labelledby="payment-title">
      <h2 id="payment-title">Pago</h2>
      <fieldset className="doc-switch">
        <legend className="visually-hidden">Forma de pago</legend>
        <label className="doc-switch__option">
          <input type="radio" value="CONTADO" {...methodField} />
          Contado
        </label>
        <label className="doc-switch__option">
          <input type="radio" value="CREDITO" {...methodField} />
          Crédito
        </label>
        {saleType === '03' ? (
          <label className="doc-switch__option">
            <input type="radio" value="CUENTA" {...methodField} />
            A cuenta
          </label>
        ) : null}
      </fieldset>
      {method === 'CREDITO' ? (
        <Installments form={form} />
      ) : method === 'CUENTA' ? (
        <p className="panel__hint" data-testid="on-account-hint">
          Se carga a la cuenta del cliente (identificado con DNI o RUC) y se cobra después en Caja → Cuentas por cobrar.
        </p>
      ) : (
        <CashPayment form={form} />
      )}
    </section>
  );
}
