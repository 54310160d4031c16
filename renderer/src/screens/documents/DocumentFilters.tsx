// Filters of the documents list: dates, type, series, number, customer search, status. Checked with the bridge's
// own filter schema (zodResolver), so a bad value is reported on its field before any call.
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { DOC_STATUSES, DOC_STATUS_LABELS, DocumentFilterSchema, NEEDS_ATTENTION_FILTER, type DocumentFilter } from '../../../../shared/bridge';
import { parseDocumentRef } from '../../../../shared/ids';
import { DayInput } from '../../components/DayInput';
import { Field, fieldAria } from '../../components/Field';

const FilterFormSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    docType: z.enum(['', '01', '03']),
    series: z.string().trim().max(4, 'La serie tiene como máximo 4 caracteres (ej. B001)'),
    // The number as printed ('B001-00000002', 'B001-2') or alone ('2'); a series typed here fills the series filter.
    number: z
      .string()
      .trim()
      .refine((v) => v === '' || parseDocumentRef(v) !== undefined, 'Escriba el número (ej. 2) o serie y número (ej. B001-2)'),
    customer: z.string(),
    status: z.enum(['', NEEDS_ATTENTION_FILTER, ...DOC_STATUSES]),
  })
  .transform((values) => {
    const ref = values.number ? parseDocumentRef(values.number) : undefined;
    const withRef = { ...values, number: ref ? String(ref.number) : '', series: ref?.series ?? values.series };
    return Object.fromEntries(Object.entries(withRef).filter(([, v]) => v.trim() !== '')) as z.input<typeof DocumentFilterSchema>;
  })
  .pipe(DocumentFilterSchema);

type FilterFormValues = z.input<typeof FilterFormSchema>;

const EMPTY: FilterFormValues = { from: '', to: '', docType: '', series: '', number: '', customer: '', status: '' };

export function DocumentFilters({ onApply }: { onApply: (filter: DocumentFilter) => void }): React.JSX.Element {
  const { register, control, handleSubmit, reset, formState } = useForm<FilterFormValues, unknown, DocumentFilter>({
    defaultValues: EMPTY,
    resolver: zodResolver(FilterFormSchema),
  });
  const e = formState.errors;
  return (
    <form className="filters" role="search" aria-label="Filtrar documentos" noValidate onSubmit={handleSubmit(onApply)}>
      <Field id="filter-from" label="Desde" error={e.from?.message}>
        <Controller
          control={control}
          name="from"
          render={({ field }) => <DayInput {...fieldAria('filter-from', e.from?.message)} ref={field.ref} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />}
        />
      </Field>
      <Field id="filter-to" label="Hasta" error={e.to?.message}>
        <Controller
          control={control}
          name="to"
          render={({ field }) => <DayInput {...fieldAria('filter-to', e.to?.message)} ref={field.ref} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />}
        />
      </Field>
      <Field id="filter-docType" label="Tipo">
        <select id="filter-docType" {...register('docType')}>
          <option value="">Todos</option>
          <option value="03">Boleta</option>
          <option value="01">Factura</option>
        </select>
      </Field>
      <Field id="filter-series" label="Serie" error={e.series?.message}>
        <input {...fieldAria('filter-series', e.series?.message)} {...register('series')} autoComplete="off" className="input--short" />
      </Field>
      <Field id="filter-number" label="Número" error={e.number?.message}>
        <input {...fieldAria('filter-number', e.number?.message)} {...register('number')} inputMode="numeric" autoComplete="off" className="input--short" />
      </Field>
      <Field id="filter-customer" label="Cliente (nombre o documento)" error={e.customer?.message} className="filters__wide">
        <input type="search" {...fieldAria('filter-customer', e.customer?.message)} {...register('customer')} autoComplete="off" />
      </Field>
      <Field id="filter-status" label="Estado">
        <select id="filter-status" {...register('status')}>
          <option value="">Todos</option>
          {/* Every document that needs a person (rejected, not accepted by the API, number taken, unclear
              answer), until it is re-issued. */}
          <option value={NEEDS_ATTENTION_FILTER}>Requiere atención</option>
          <optgroup label="Un solo estado">
            {DOC_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s === 'attention' ? 'Respuesta por aclarar (requiere atención)' : DOC_STATUS_LABELS[s]}
              </option>
            ))}
          </optgroup>
        </select>
      </Field>
      <div className="filters__actions">
        <button type="submit" className="button--primary">
          Buscar
        </button>
        <button
          type="button"
          onClick={() => {
            reset(EMPTY);
            onApply({});
          }}
        >
          Limpiar
        </button>
      </div>
    </form>
  );
}
