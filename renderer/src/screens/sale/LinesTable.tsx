// The lines of the sale, driven from the keyboard: Enter commits the line and moves to a new empty line (a barcode
// scanner types a code and Enter), arrows move between lines, Ctrl+Supr removes the line.
import { useCallback, useRef, type KeyboardEvent } from 'react';
import { useFieldArray, useFormState, type UseFormReturn } from 'react-hook-form';
import { emptyLine, isBlankLine, type LineValues, type SaleFormValues } from './form-values';
import { LINE_COLUMNS, LineRow, lineInputId, type LineColumn } from './LineRow';
import { noProductLookup, type ProductLookup } from './product-lookup';

const HEADINGS: Record<LineColumn, string> = {
  code: 'Código',
  description: 'Descripción',
  unit: 'Unidad',
  quantity: 'Cant.',
  unitPrice: 'Precio c/IGV',
  affectation: 'IGV',
  bag: 'Bolsa',
};

interface LinesTableProps {
  form: UseFormReturn<SaleFormValues>;
  productLookup?: ProductLookup;
}

function LinesError({ form }: { form: UseFormReturn<SaleFormValues> }): React.JSX.Element | null {
  const { errors } = useFormState({ control: form.control, name: 'lines' });
  const message = errors.lines?.root?.message ?? errors.lines?.message;
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}

function focusCell(index: number, column: LineColumn): void {
  const el = document.getElementById(lineInputId(index, column));
  if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement) {
    el.focus();
    if (el instanceof HTMLInputElement && el.type === 'text') el.select();
  }
}

export function LinesTable({ form, productLookup = noProductLookup }: LinesTableProps): React.JSX.Element {
  const { control, register, getValues, setValue } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const busy = useRef(false);

  /** Focus the trailing empty line, creating it when the last line already has data. */
  const goToNewLine = useCallback(
    (from: number) => {
      const lines = getValues('lines');
      const last = lines.length - 1;
      const lastLine = lines[last];
      if (lastLine && last !== from && isBlankLine(lastLine)) focusCell(last, 'code');
      else append(emptyLine(), { shouldFocus: true, focusName: `lines.${lines.length}.code` });
    },
    [append, getValues],
  );

  const commit = useCallback(
    async (index: number, column: LineColumn) => {
      const line = getValues(`lines.${index}`);
      if (!line || isBlankLine(line)) return;
      if (column === 'code' && line.code.trim() !== '') {
        const found = await productLookup(line.code.trim());
        if (found) {
          for (const [key, value] of Object.entries(found) as [keyof LineValues, string | boolean][]) {
            setValue(`lines.${index}.${key}`, value as never, { shouldDirty: true });
          }
        }
      }
      goToNewLine(index);
    },
    [getValues, goToNewLine, productLookup, setValue],
  );

  const removeLine = useCallback(
    (index: number) => {
      const count = getValues('lines').length;
      if (count <= 1) {
        remove(0);
        append(emptyLine(), { shouldFocus: true, focusName: 'lines.0.code' });
        return;
      }
      remove(index);
      // Focus only if it was lost with the removed row: never steal it from where the cashier (or a scanner)
      // is already typing.
      requestAnimationFrame(() => {
        const active = document.activeElement;
        if (!active || active === document.body || !active.isConnected) focusCell(Math.min(index, count - 2), 'code');
      });
    },
    [append, getValues, remove],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    const target = event.target as HTMLElement;
    const index = Number(target.dataset['line']);
    const column = target.dataset['col'] as LineColumn | undefined;
    if (!column || !Number.isInteger(index)) return;
    if (event.key === 'Enter' && !event.ctrlKey && !event.altKey && !event.metaKey && !event.shiftKey) {
      event.preventDefault();
      if (busy.current) return;
      busy.current = true;
      void commit(index, column).finally(() => {
        busy.current = false;
      });
    } else if (event.key === 'Delete' && event.ctrlKey) {
      event.preventDefault();
      removeLine(index);
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && target instanceof HTMLInputElement && target.type === 'text') {
      const next = index + (event.key === 'ArrowDown' ? 1 : -1);
      if (next >= 0 && next < getValues('lines').length) {
        event.preventDefault();
        focusCell(next, column);
      }
    }
  };

  return (
    <section className="panel lines" aria-labelledby="lines-title">
      <div className="panel__head">
        <h2 id="lines-title">Productos</h2>
        <p className="panel__hint">Enter: siguiente línea · ↑↓: cambiar de línea · Ctrl+Supr: eliminar línea</p>
      </div>
      <div className="lines__scroll">
        <table className="lines__table">
          <thead>
            <tr>
              <th scope="col">#</th>
              {LINE_COLUMNS.map((c) => (
                <th key={c} scope="col" className={`lines__head--${c}`}>
                  {HEADINGS[c]}
                </th>
              ))}
              <th scope="col">Importe</th>
              <th scope="col">
                <span className="visually-hidden">Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody onKeyDown={onKeyDown}>
            {fields.map((field, index) => (
              <LineRow key={field.id} index={index} control={control} register={register} onRemove={removeLine} />
            ))}
          </tbody>
        </table>
      </div>
      <LinesError form={form} />
      <button type="button" className="button--link" onClick={() => goToNewLine(-1)}>
        + Agregar línea
      </button>
    </section>
  );
}
