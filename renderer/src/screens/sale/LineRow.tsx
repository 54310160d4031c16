// One line of the sale. It subscribes only to its own fields, so typing in another line never re-renders it.
// The description is a combobox (search the catalogue as you type); price and affectation of a catalogue product
// are read-only unless Ajustes allows changing them.
import { memo, useMemo } from 'react';
import { useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { AFFECTATIONS, UNITS } from '../../../../shared/catalog';
import { formatAmount } from '../../format/money';
import type { SaleFormValues } from './form-values';
import { lineAmountText } from './line-amount';
import { PRODUCT_LISTBOX_ID } from './ProductListbox';

const BAG_HINT = 'Lo marca el producto del catálogo (Productos: «bolsa plástica»); no se marca a mano.';

export const LINE_COLUMNS = ['code', 'description', 'unit', 'quantity', 'unitPrice', 'discount', 'affectation', 'bag'] as const;
export type LineColumn = (typeof LINE_COLUMNS)[number];

const LABELS: Record<LineColumn, string> = {
  code: 'Código',
  description: 'Descripción',
  unit: 'Unidad',
  quantity: 'Cantidad',
  unitPrice: 'Precio con IGV',
  discount: 'Descuento',
  affectation: 'Afectación',
  bag: 'Bolsa plástica (ICBPER)',
};

const SHORT_AFFECTATION: Record<string, string> = { '10': 'Gravado', '20': 'Exonerado' };

// Built once: every row shares these elements, so a row that re-renders skips its options at once.
const UNIT_OPTIONS = UNITS.map((u) => (
  <option key={u.code} value={u.code} title={u.code}>
    {u.label}
  </option>
));
const AFFECTATION_OPTIONS = AFFECTATIONS.map((a) => (
  <option key={a.code} value={a.code} title={a.label}>
    {SHORT_AFFECTATION[a.code] ?? a.label}
  </option>
));

/** The combobox state of the line whose matches are shown (only that line gets it, so only it re-renders). */
export interface LineCombobox {
  activeOptionId: string;
}

interface LineRowProps {
  index: number;
  control: Control<SaleFormValues>;
  register: UseFormRegister<SaleFormValues>;
  onRemove: (index: number) => void;
  /** Ajustes › Venta: price and affectation of a catalogue product may be changed on the line. */
  allowPriceChange: boolean;
  combobox?: LineCombobox | undefined;
  /** lineErrorsKey() of this line's errors. */
  errors: string;
}

export const lineInputId = (index: number, column: LineColumn) => `line-${index}-${column}`;

const ERROR_SEPARATOR = '\u0000';

/**
 * A line's error messages in one string (column order), for the row's props: the table reads the errors once for
 * all lines, and a row re-renders only when its own messages change. react-hook-form changes error objects in
 * place, so comparing them by identity would miss a new message.
 */
export function lineErrorsKey(errors: Partial<Record<LineColumn, { message?: string | undefined } | undefined>> | undefined): string {
  return errors ? LINE_COLUMNS.map((column) => errors[column]?.message ?? '').join(ERROR_SEPARATOR) : '';
}

const isCatalogueLine = (productCode: unknown) => typeof productCode === 'string' && productCode !== '';

const LOCKED_HINT = 'Precio del catálogo: para cambiarlo en la venta, actívelo en Ajustes';

function LineRowView({ index, control, register, onRemove, allowPriceChange, combobox, errors }: LineRowProps): React.JSX.Element {
  const n = index + 1;
  const name = (column: LineColumn) => `lines.${index}.${column}` as const;
  // The same array from render to render: react-hook-form re-subscribes (and re-reads the form) in a layout effect
  // whenever the `name` it is given is a new array.
  const amountNames = useMemo(
    () => [`lines.${index}.quantity`, `lines.${index}.unitPrice`, `lines.${index}.affectation`, `lines.${index}.bag`, `lines.${index}.discount`] as const,
    [index],
  );
  const amount = useWatch({ control, name: amountNames, exact: true, compute: lineAmountText });
  const fromCatalogue = useWatch({ control, name: `lines.${index}.productCode`, exact: true, compute: isCatalogueLine });
  const description = useWatch({ control, name: `lines.${index}.description`, exact: true });
  const locked = !allowPriceChange && fromCatalogue;
  const messages = errors === '' ? [] : errors.split(ERROR_SEPARATOR);

  const cell = (column: LineColumn, render: (aria: Record<string, unknown>) => React.JSX.Element) => {
    const error = messages[LINE_COLUMNS.indexOf(column)] || undefined;
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
      {/* A name longer than the column wraps onto more lines instead of being cut: the whole name is drawn over the
          field, which shows its own text only while the cashier types in it. */}
      {cell('description', (aria) => (
        <div className="lines__wrap">
          <span className="lines__wrap-text" aria-hidden="true" data-testid={`line-${index}-name`}>
            {description}
          </span>
          <input
            {...aria}
            {...register(name('description'))}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={combobox !== undefined}
            aria-controls={combobox ? PRODUCT_LISTBOX_ID : undefined}
            aria-activedescendant={combobox?.activeOptionId}
            autoComplete="off"
          />
        </div>
      ))}
      {cell('unit', (aria) => (
        <select {...aria} {...register(name('unit'))}>
          {UNIT_OPTIONS}
        </select>
      ))}
      {cell('quantity', (aria) => <input {...aria} {...register(name('quantity'))} inputMode="decimal" autoComplete="off" />)}
      {cell('unitPrice', (aria) => (
        <input {...aria} {...register(name('unitPrice'))} inputMode="decimal" autoComplete="off" readOnly={locked} title={locked ? LOCKED_HINT : undefined} />
      ))}
      {/* '10%' or an amount ('1.50'): the line is declared at its net price. */}
      {cell('discount', (aria) => <input {...aria} {...register(name('discount'))} inputMode="decimal" autoComplete="off" placeholder="% o S/" title="Descuento: 10% o un monto (1.50)" />)}
      {cell('affectation', (aria) => (
        <select {...aria} {...register(name('affectation'))} disabled={locked} title={locked ? LOCKED_HINT : undefined}>
          {AFFECTATION_OPTIONS}
        </select>
      ))}
      {/* The bag (ICBPER) comes only from the catalogue's flag: never a free tick on any line. */}
      {cell('bag', (aria) => <input {...aria} {...register(name('bag'))} type="checkbox" disabled title={BAG_HINT} />)}
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
