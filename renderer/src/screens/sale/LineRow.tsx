// One line of the sale. It subscribes only to its own fields, so typing in another line never re-renders it.
import { memo } from 'react';
import { useFormState, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { AFFECTATIONS, UNITS } from '../../../../shared/catalog';
import { formatAmount } from '../../format/money';
import type { SaleFormValues } from './form-values';
import { lineAmountText } from './line-amount';

export const LINE_COLUMNS = ['code', 'description', 'unit', 'quantity', 'unitPrice', 'affectation', 'bag'] as const;
export type LineColumn = (typeof LINE_COLUMNS)[number];

const LABELS: Record<LineColumn, string> = {
  code: 'Código',
  description: 'Descripción',
  unit: 'Unidad',
  quantity: 'Cantidad',
  unitPrice: 'Precio con IGV',
  affectation: 'Afectación',
  bag: 'Bolsa plástica (ICBPER)',
};

const SHORT_AFFECTATION: Record<string, string> = { '10': 'Gravado', '20': 'Exonerado' };

interface LineRowProps {
  index: number;
  control: Control<SaleFormValues>;
  register: UseFormRegister<SaleFormValues>;
  onRemove: (index: number) => void;
}

export const lineInputId = (index: number, column: LineColumn) => `line-${index}-${column}`;

function LineRowView({ index, control, register, onRemove }: LineRowProps): React.JSX.Element {
  const n = index + 1;
  const name = (column: LineColumn) => `lines.${index}.${column}` as const;
  const amount = useWatch({
    control,
    name: [name('quantity'), name('unitPrice'), name('affectation'), name('bag')],
    exact: true,
    compute: lineAmountText,
  });
  const { errors } = useFormState({ control, name: LINE_COLUMNS.map(name), exact: true });
  const lineErrors = errors.lines?.[index];

  const cell = (column: LineColumn, render: (aria: Record<string, unknown>) => React.JSX.Element) => {
    const error = lineErrors?.[column]?.message;
    const id = lineInputId(index, column);
    return (
      <td className={`lines__cell lines__cell--${column}${error ? ' lines__cell--error' : ''}`}>
        {render({
          id,
          'aria-label': `${LABELS[column]}, línea ${n}`,
          'aria-invalid': Boolean(error),
          'aria-describedby': error ? `${id}-error` : undefined,
          'data-line': index,
          'data-col': column,
        })}
        {error ? (
          <span id={`${id}-error`} className="lines__error" role="alert">
            {error}
          </span>
        ) : null}
      </td>
    );
  };

  return (
    <tr className="lines__row">
      <th scope="row" className="lines__n">
        {n}
      </th>
      {cell('code', (aria) => <input {...aria} {...register(name('code'))} autoComplete="off" spellCheck={false} />)}
      {cell('description', (aria) => <input {...aria} {...register(name('description'))} autoComplete="off" />)}
      {cell('unit', (aria) => (
        <select {...aria} {...register(name('unit'))}>
          {UNITS.map((u) => (
            <option key={u.code} value={u.code} title={u.code}>
              {u.label}
            </option>
          ))}
        </select>
      ))}
      {cell('quantity', (aria) => <input {...aria} {...register(name('quantity'))} inputMode="decimal" autoComplete="off" />)}
      {cell('unitPrice', (aria) => <input {...aria} {...register(name('unitPrice'))} inputMode="decimal" autoComplete="off" />)}
      {cell('affectation', (aria) => (
        <select {...aria} {...register(name('affectation'))}>
          {AFFECTATIONS.map((a) => (
            <option key={a.code} value={a.code} title={a.label}>
              {SHORT_AFFECTATION[a.code] ?? a.label}
            </option>
          ))}
        </select>
      ))}
      {cell('bag', (aria) => <input {...aria} {...register(name('bag'))} type="checkbox" />)}
      <td className="lines__amount" aria-label={`Importe, línea ${n}`}>
        {amount ? formatAmount(amount) : '—'}
      </td>
      <td className="lines__actions">
        <button type="button" className="button--icon" aria-label={`Eliminar línea ${n}`} title="Eliminar línea (Ctrl+Supr)" onClick={() => onRemove(index)}>
          ×
        </button>
      </td>
    </tr>
  );
}

export const LineRow = memo(LineRowView);
