// A CONTADO sale's payment: cash received with quick amounts, and other payments (card, Yape, Plin,
// transfer) with their operation number, split as the customer pays. Change comes only from cash; a shortfall shows
// in red and the core refuses to issue it. Decimal arithmetic only.
import Decimal from 'decimal.js';
import { useEffect, useRef } from 'react';
import { useFieldArray, useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import { OPERATION_NUMBER_KINDS, type PaymentMethod } from '../../../../shared/payments';
import { dollarChangeInSoles } from '../../../../shared/cash/dollars';
import { useSettings } from '../../app/settings-context';
import { Field, fieldAria } from '../../components/Field';
import { formatAmount, formatMoney, parseMoney } from '../../format/money';
import type { SaleFormValues } from './form-values';
import { useTotals } from './totals-context';

const QUICK_CASH = ['10', '20', '50', '100', '200'];

/** F10 then a letter adds that payment for what is left. Shown by KeyHints. */
export const PAYMENT_KEY = 'F10';
const named = (m: PaymentMethod, word: RegExp) => word.test(m.code) || word.test(m.label);
/** D and C tell the two cards apart: on the card row F10+T made, one more key picks debit or credit. */
const CARD_LETTERS: Record<string, (m: PaymentMethod) => boolean> = {
  d: (m) => m.kind === 'card' && named(m, /d[eé]bito/i),
  c: (m) => m.kind === 'card' && named(m, /cr[eé]dito/i),
};
const BY_LETTER: Record<string, (m: PaymentMethod) => boolean> = {
  y: (m) => named(m, /yape/i),
  p: (m) => named(m, /plin/i),
  t: (m) => m.kind === 'card',
  r: (m) => m.kind === 'transfer',
  ...CARD_LETTERS,
};

/** The method a letter after F10 picks among the active ones, or null. */
export function methodForLetter(methods: readonly PaymentMethod[], letter: string): PaymentMethod | null {
  const match = BY_LETTER[letter.toLowerCase()];
  return match ? (methods.find(match) ?? null) : null;
}

/** The card D (debit) or C (credit) picks, typed on a card payment's amount; null for any other key. */
export function cardForLetter(methods: readonly PaymentMethod[], letter: string): PaymentMethod | null {
  const match = CARD_LETTERS[letter.toLowerCase()];
  return match ? (methods.find(match) ?? null) : null;
}

/** What is still due, or the change, from the total and what has been typed. */
function balanceOf(total: string, others: readonly { amount: string }[], cash: string) {
  const otherSum = others.reduce((sum, o) => sum.plus(parseMoney(o.amount) ?? 0), new Decimal(0));
  const received = parseMoney(cash);
  const typed = received !== null || others.some((o) => o.amount.trim() !== '');
  const paid = otherSum.plus(received ?? 0);
  return { typed, otherSum, remainingForCash: Decimal.max(0, new Decimal(total).minus(otherSum)), difference: paid.minus(total) };
}

export function CashPayment({ form }: { form: UseFormReturn<SaleFormValues> }): React.JSX.Element {
  const { register, control, setValue, setFocus } = form;
  const { settings } = useSettings();
  const { fields, append, remove } = useFieldArray({ control, name: 'payment.others' });
  const [cash, others, currency] = useWatch({ control, name: ['payment.cashReceived', 'payment.others', 'currency'] });
  const { errors } = useFormState({ control, name: ['payment.cashReceived', 'payment.others'] });
  const totals = useTotals();
  const methods: PaymentMethod[] = (settings?.paymentMethods ?? []).filter((m) => m.active && m.kind !== 'cash');
  const balance = balanceOf(totals.total, others, cash);
  const short = balance.typed && balance.difference.isNegative();
  // A dollar sale paid in dollars gives its change in soles, at the day's rate (as the core records it).
  const dollarChange = currency === 'USD' && totals.exchangeRate && balance.typed && balance.difference.greaterThan(0)
    ? dollarChangeInSoles(balance.difference.toFixed(2), totals.exchangeRate)
    : null;
  const cashError = errors.payment?.cashReceived?.message;
  // Yape, Plin and transfers ask for it unless Ajustes → Venta made it optional; cards never do.
  const needsNumber = (code: string) => settings?.sale.requireOperationNumber !== false && OPERATION_NUMBER_KINDS.has(methods.find((m) => m.code === code)?.kind ?? 'other');

  // F10, then Y (Yape), P (Plin), T (tarjeta), D or C (the debit or the credit card) or R (transferencia): a payment
  // row for what is left, its amount selected so that digits typed replace it.
  const live = useRef({ total: totals.total, others, methods });
  useEffect(() => {
    live.current = { total: totals.total, others, methods };
  });
  useEffect(() => {
    let armed = false;
    const onKey = (event: KeyboardEvent) => {
      if (document.querySelector('dialog[open]') || document.getElementById('screen-sale')?.hidden) return;
      if (event.key === PAYMENT_KEY && !event.ctrlKey && !event.altKey && !event.metaKey) {
        event.preventDefault();
        armed = true;
        return;
      }
      if (!armed || ['Shift', 'CapsLock'].includes(event.key)) return;
      armed = false;
      const { total, others: typed, methods: active } = live.current;
      const method = methodForLetter(active, event.key);
      if (!method || event.ctrlKey || event.altKey || event.metaKey) return;
      event.preventDefault();
      const rest = balanceOf(total, typed, '').remainingForCash;
      const index = typed.length;
      append({ method: method.code, amount: rest.greaterThan(0) ? rest.toFixed(2) : '', reference: '' }, { shouldFocus: false });
      requestAnimationFrame(() => {
        const input = document.getElementById(`payment-other-${index}-amount`);
        if (input instanceof HTMLInputElement) {
          input.focus();
          input.select();
        }
      });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [append]);

  const setCash = (amount: string) => {
    setValue('payment.cashReceived', amount, { shouldDirty: true });
    setFocus('payment.cashReceived');
  };

  return (
    <div className="payment__contado">
      {fields.length > 0 ? (
        <table className="installments payment__others" aria-label="Otros medios de pago">
          <thead>
            <tr>
              <th scope="col">Medio</th>
              <th scope="col">Monto</th>
              <th scope="col">N.° de operación</th>
              <th scope="col">
                <span className="visually-hidden">Quitar</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field, index) => {
              const e = errors.payment?.others?.[index];
              return (
                <tr key={field.id}>
                  <td>
                    <select aria-label={`Medio de pago ${index + 1}`} {...register(`payment.others.${index}.method`)}>
                      {methods.map((m) => (
                        <option key={m.code} value={m.code}>
                          {m.label}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <input
                      id={`payment-other-${index}-amount`}
                      aria-label={`Monto del pago ${index + 1}`}
                      {...register(`payment.others.${index}.amount`)}
                      inputMode="decimal"
                      autoComplete="off"
                      onKeyDown={(event) => {
                        // An amount holds no letters: on a card's row, D or C switches it to the debit or credit card.
                        if (event.ctrlKey || event.altKey || event.metaKey) return;
                        const card = cardForLetter(methods, event.key);
                        const current = methods.find((m) => m.code === others[index]?.method);
                        if (!card || current?.kind !== 'card') return;
                        event.preventDefault();
                        setValue(`payment.others.${index}.method`, card.code, { shouldDirty: true });
                      }}
                    />
                  </td>
                  <td>
                    <input
                      {...fieldAria(`payment-other-${index}-reference`, e?.reference?.message)}
                      aria-label={`Operación del pago ${index + 1}`}
                      {...register(`payment.others.${index}.reference`)}
                      autoComplete="off"
                      placeholder={needsNumber(others[index]?.method ?? '') ? 'Obligatorio' : 'Opcional'}
                    />
                    {e?.reference ? (
                      <span id={`payment-other-${index}-reference-error`} className="lines__error" role="alert">
                        {e.reference.message}
                      </span>
                    ) : null}
                  </td>
                  <td>
                    <button type="button" className="button--icon" aria-label={`Quitar pago ${index + 1}`} onClick={() => remove(index)}>
                      ×
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {methods.length > 0 ? (
        <button
          type="button"
          className="button--link"
          onClick={() => {
            const rest = balanceOf(totals.total, others, '').remainingForCash;
            append({ method: methods[0]!.code, amount: rest.greaterThan(0) ? rest.toFixed(2) : '', reference: '' });
          }}
        >
          + Tarjeta, Yape u otro medio (F10)
        </button>
      ) : null}
      <div className="payment__cash">
        <Field id="payment-cash" label="Efectivo recibido (F8)" error={cashError} hint="Vacío: pago exacto en efectivo">
          <input
            {...fieldAria('payment-cash', cashError, 'Vacío: pago exacto en efectivo')}
            {...register('payment.cashReceived')}
            inputMode="decimal"
            autoComplete="off"
          />
        </Field>
        <p className={`payment__change${short ? ' payment__change--short' : ''}`}>
          <span id="payment-change-label">{short ? 'Falta' : 'Vuelto'}</span>
          <output aria-labelledby="payment-change-label" data-testid="payment-change">
            {!balance.typed ? '—' : dollarChange ? `S/ ${formatAmount(dollarChange)}` : formatMoney(balance.difference.abs(), currency)}
          </output>
          {dollarChange ? <span className="payment__change-note">({formatMoney(balance.difference, 'USD')} a {totals.exchangeRate})</span> : null}
        </p>
      </div>
      <div className="payment__quick" role="group" aria-label="Efectivo rápido">
        <button type="button" onClick={() => setCash(balance.remainingForCash.toFixed(2))}>
          Exacto
        </button>
        {QUICK_CASH.map((amount) => (
          <button key={amount} type="button" onClick={() => setCash(amount)} aria-label={`Recibí ${amount} soles`}>
            {amount}
          </button>
        ))}
      </div>
    </div>
  );
}
