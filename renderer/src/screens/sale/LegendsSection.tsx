// Legends: 1000 (amount in words) is automatic; others can be added from catalogue 52.
import { useFieldArray, useFormState, type UseFormReturn } from 'react-hook-form';
import { AMOUNT_IN_WORDS_LEGEND, LEGENDS } from '../../../../shared/catalog';
import type { SaleFormValues } from './form-values';
import { useTotals } from './totals-context';

const OPTIONAL_LEGENDS = LEGENDS.filter((l) => l.code !== AMOUNT_IN_WORDS_LEGEND);

function AutomaticLegend(): React.JSX.Element {
  const totals = useTotals();
  return (
    <li className="legends__auto">
      <span className="legends__code">1000</span> {totals.total === '0.00' ? '—' : totals.words || '—'} <span className="panel__hint">(automática)</span>
    </li>
  );
}

export function LegendsSection({ form }: { form: UseFormReturn<SaleFormValues> }): React.JSX.Element {
  const { control, register, getValues, setValue } = form;
  // Changing the code replaces a text that was just the previous legend's standard wording.
  const onCodeChange = (index: number, code: string) => {
    const value = getValues(`legends.${index}.value`).trim();
    const standard = LEGENDS.some((l) => l.label.toUpperCase() === value);
    const next = LEGENDS.find((l) => l.code === code);
    if (next && (value === '' || standard)) setValue(`legends.${index}.value`, next.label.toUpperCase());
  };
  const { fields, append, remove } = useFieldArray({ control, name: 'legends' });
  const { errors } = useFormState({ control, name: 'legends' });
  return (
    <section className="panel legends" aria-labelledby="legends-title">
      <h2 id="legends-title">Leyendas</h2>
      <ul className="legends__list">
        <AutomaticLegend />
        {fields.map((field, index) => {
          const e = errors.legends?.[index];
          return (
            <li key={field.id} className="legends__item">
              <select aria-label={`Código de la leyenda ${index + 1}`} aria-invalid={Boolean(e?.code)} {...register(`legends.${index}.code`, { onChange: (ev: { target: { value: string } }) => onCodeChange(index, ev.target.value) })}>
                {OPTIONAL_LEGENDS.map((l) => (
                  <option key={l.code} value={l.code}>
                    {l.code} · {l.label}
                  </option>
                ))}
              </select>
              <input aria-label={`Texto de la leyenda ${index + 1}`} aria-invalid={Boolean(e?.value)} {...register(`legends.${index}.value`)} autoComplete="off" />
              <button type="button" className="button--icon" aria-label={`Quitar leyenda ${index + 1}`} onClick={() => remove(index)}>
                ×
              </button>
              {e?.code || e?.value ? (
                <span className="lines__error" role="alert">
                  {e.code?.message ?? e.value?.message}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="button--link"
        onClick={() => {
          const first = OPTIONAL_LEGENDS[0];
          if (first) append({ code: first.code, value: first.label.toUpperCase() }, { shouldFocus: true, focusName: `legends.${fields.length}.code` });
        }}
      >
        + Agregar leyenda
      </button>
    </section>
  );
}
